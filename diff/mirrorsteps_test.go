package diff_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// A class of many builds of b@1 alike, each over zlib, 2n old against
// n new: half the old specs are left removed. Whether the pairing by
// edges and its mirror pair the same specs looked each unpaired old
// spec up in the mirror's pairs, unpaired times paired steps (n = 200:
// 40,400 steps, 641,600 at 4n, 15.9x); counted, it reads each pairing
// once: 4x the specs cost at most 4.4x the steps.
func TestSamePairingLinear(t *testing.T) {
	measure := func(n int) int {
		var sides [2][]symSpec
		for s, count := range [2]int{2 * n, n} {
			p := "on"[s : s+1]
			sides[s] = append(sides[s], symSpec{name: "zlib", id: p + "z"})
			for i := range count {
				sides[s] = append(sides[s], symSpec{name: "b", id: fmt.Sprint(p, i), deps: [][2]string{{"zlib", p + "z"}}})
			}
		}
		rng := rand.New(rand.NewPCG(uint64(n), 7600))
		id := map[string]string{}
		dir := t.TempDir()
		o := loadWritten(t, filepath.Join(dir, "old", "index.json"), labelledIndex(t, rng, sides[0], map[string]string{}, id), false)
		nw := loadWritten(t, filepath.Join(dir, "new", "index.json"), labelledIndex(t, rng, sides[1], map[string]string{}, id), false)
		steps, calls := 0, 0
		diff.SetSamePairingHook(func(s int) { steps, calls = steps+s, calls+1 })
		defer diff.SetSamePairingHook(nil)
		r := compareLawful(t, o, nw, diff.Filter{})
		if calls == 0 {
			t.Fatalf("n %d: the pairings were never compared", n)
		}
		if s := r.Summary.Specs; s.Removed != n || s.Rebuilt != n+1 {
			t.Fatalf("n %d: %d removed and %d rebuilt, want %d and %d (zlib too)", n, s.Removed, s.Rebuilt, n, n+1)
		}
		return steps
	}
	small, big := measure(200), measure(800)
	t.Logf("steps %d → %d", small, big)
	if small < 3*200 {
		t.Fatalf("%d steps for 600 specs: the class was not compared whole", small)
	}
	if r := float64(big) / float64(small); r > 4.4 {
		t.Errorf("4x the specs: %.2fx the steps (%d → %d), want at most 4.4x", r, small, big)
	}
}
