package input

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestDeadCheckoutReadsOneName (class d): deadCheckout asks whether a
// folder is empty by reading one name of it: it read the folder whole
// (os.ReadDir), a folder of 5,000 files listed and sorted, 5,000
// entries made, only to be found not empty. An empty folder is still
// one, and a file is none.
func TestDeadCheckoutReadsOneName(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full")
	if err := os.Mkdir(full, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 5000 {
		if err := os.WriteFile(filepath.Join(full, strconv.Itoa(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if !emptyDir(filepath.Join(dir, "empty")) || emptyDir(full) || emptyDir(filepath.Join(dir, "file")) || emptyDir(filepath.Join(dir, "none")) {
		t.Errorf("emptyDir: want an empty folder alone told empty")
	}
	if !deadCheckout(dir, "empty") || deadCheckout(dir, "full") {
		t.Errorf("deadCheckout: want the empty folder alone told a dead checkout")
	}
	if n := testing.AllocsPerRun(3, func() { deadCheckout(dir, "full") }); n > 500 {
		t.Errorf("deadCheckout of a folder of 5,000 files: %.0f allocations; want the folder read one name at most (under 500)", n)
	}
}
