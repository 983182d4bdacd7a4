package report

import (
	"runtime"
	"strings"
	"testing"
)

// TestQuoteLabelAllocatesLittle (issue 35 class d): a label or value
// quoted with its control characters left for the view (quoteLabel,
// Quote) allocates about its own bytes, and reading it back
// (unquoteLabel, which every check of a label quoted already makes)
// under 5x, strconv.Unquote's own 4x among them: each run between two
// control characters was quoted as a string of its own, each control
// character's escape too, and the label grown by doubling; a label of a
// newline every two letters allocated 9x its bytes, and 11x read back.
func TestQuoteLabelAllocatesLittle(t *testing.T) {
	l := strings.Repeat("ab\n", 2000)
	q := quoteLabel(l, true)
	for _, c := range []struct {
		name  string
		f     func()
		bound int
	}{
		{"quoteLabel", func() { quoteLabel(l, true) }, 2 * len(l)},
		{"unquoteLabel", func() { unquoteLabel(q) }, 5 * len(l)},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		const runs = 10
		for range runs {
			c.f()
		}
		runtime.ReadMemStats(&after)
		if got := int(after.TotalAlloc-before.TotalAlloc) / runs; got > c.bound {
			t.Errorf("%s of %d bytes allocates %d bytes, want at most %d", c.name, len(l), got, c.bound)
		}
	}
}
