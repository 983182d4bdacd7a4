package intern_test

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/internal/intern"
)

// A Door admits a string the second time it is offered (with the same
// salt), and forgets what it was offered once a sixteenth of its bits
// are set: it stays 32 KB whatever is offered.
func TestDoor(t *testing.T) {
	var d intern.Door
	if d.String("gcc@13", 0) {
		t.Fatal("admitted the first time")
	}
	if !d.String("gcc@13", 0) || !d.Bytes([]byte("gcc@13")) {
		t.Fatal("not admitted the second time, as a string or as bytes")
	}
	if d.String("gcc@13", 7) {
		t.Error("admitted under another salt the first time")
	}
	// Strings offered once: some pass for another of their bit, one in
	// 32 on average (half of a sixteenth), whatever their number. Each
	// passed one costs its table an entry: a tree of 64 specs of 8,000
	// distinct variants each held 10 MB of them in the canonical forms'
	// cache at a door of an eighth (1 in 16 passed), 5 MB at a sixteenth.
	passed := 0
	for i := range 200000 {
		if d.String(fmt.Sprintf("once%d", i), 0) {
			passed++
		}
	}
	if passed > 200000/24 {
		t.Errorf("%d of 200000 strings offered once were admitted, want at most %d", passed, 200000/24)
	}
}
