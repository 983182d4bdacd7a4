package html

import (
	"fmt"
	"testing"
	"time"

	"github.com/cachediff/cachediff/diff"
)

// manyVersionsReport is a report of one changed package of n old
// versions and n new ones, every one of them different.
func manyVersionsReport(n int) *diff.Report {
	vc := diff.VersionChange{Direction: diff.Upgraded}
	for i := range n {
		vc.Old = append(vc.Old, fmt.Sprintf("1.%d.0", i))
		vc.New = append(vc.New, fmt.Sprintf("1.%d.1", i))
	}
	vc.Added, vc.Removed = vc.New, vc.Old
	return &diff.Report{Packages: []diff.Package{{Name: "p", Status: diff.Changed, Versions: vc}}}
}

// chartCPU is the CPU time pairCharts takes for r, as the least of
// runs repeated until they took 50 ms in all.
func chartCPU(t *testing.T, r *diff.Report) (time.Duration, bool) {
	t.Helper()
	var spent time.Duration
	least := time.Duration(1 << 62)
	for runs := 0; spent < 50*time.Millisecond || runs < 3; runs++ {
		c0, ok0 := cpuTime()
		pairCharts(r)
		c1, ok1 := cpuTime()
		if !ok0 || !ok1 {
			return 0, false
		}
		spent += c1 - c0
		least = min(least, c1-c0)
	}
	return max(least, time.Microsecond), true
}

// A package of many versions (one package of 80k specs a side, each at
// a version of its own) took 42 s to draw as HTML, 2.4 s at 20k: the
// versions chart looked each old version up in the new list and each
// new one in the old, n² comparisons, for a chart that draws 120 rows.
// 4x the versions must take at most 8x the CPU time (CPU time, which
// other processes do not inflate, not wall time; the least of several
// runs).
func TestPairChartsManyVersionsScale(t *testing.T) {
	small, ok := chartCPU(t, manyVersionsReport(4000))
	if !ok {
		t.Skip("no CPU time on this system")
	}
	large, _ := chartCPU(t, manyVersionsReport(16000))
	r := float64(large) / float64(small)
	t.Logf("4,000 versions a side: %v; 16,000: %v (%.1fx)", small, large, r)
	if r > 8 {
		t.Errorf("4x the versions took %.1fx the CPU time (%v → %v), want at most 8x", r, small, large)
	}
}
