package text

import (
	"runtime"
	"strings"
	"testing"
)

// TestWrapLinear: a word wider than a line is broken line by line, and
// each line's rest was measured again whole (cells), n²/width for a word
// of n cells: a variant of 320,000 characters took 13 s in --format
// text, 4x fewer 0.8 s. And a group glued around an arrow that is wider
// than a line was split into its words by copying the whole list of
// words, once per such group. Four times the word, or the groups, cost at
// most ~4.4x the cells measured and the bytes allocated.
func TestWrapLinear(t *testing.T) {
	scanned := func(n int) int {
		total := 0
		cellsScanned = func(k int) { total += k }
		defer func() { cellsScanned = nil }()
		lines := wrapText("x="+strings.Repeat("v", n), 80, "  ", "    ")
		if got := strings.Join(lines, ""); strings.Count(got, "v") != n {
			t.Fatalf("a word of %d cells wrapped into %d of them", n, strings.Count(got, "v"))
		}
		return total
	}
	a, b := scanned(20000), scanned(80000)
	t.Logf("one long word: %d → %d bytes measured (%.2fx)", a, b, float64(b)/float64(a))
	if float64(b) > 4.4*float64(a) {
		t.Errorf("4x the word measures %.2fx the bytes (%d → %d), want at most 4.4x", float64(b)/float64(a), a, b)
	}

	allocated := func(n int) uint64 {
		s := strings.Repeat(strings.Repeat("a", 50)+" → "+strings.Repeat("b", 50)+" ", n)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		lines := wrapText(s, 80, "", "  ")
		runtime.ReadMemStats(&after)
		if len(lines) < n {
			t.Fatalf("%d glued groups wider than a line in %d lines", n, len(lines))
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	c, d := allocated(2000), allocated(8000)
	t.Logf("glued groups: %d → %d bytes allocated (%.2fx)", c, d, float64(d)/float64(c))
	if float64(d) > 4.4*float64(c) {
		t.Errorf("4x the glued groups allocates %.2fx the bytes (%d → %d), want at most 4.4x", float64(d)/float64(c), c, d)
	}
}
