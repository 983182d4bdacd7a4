package html

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/listops"
	"github.com/cachediff/cachediff/internal/testing/cputime"
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

// chartCPU is the CPU time pairCharts takes for r: the mean of runs
// repeated until they took 250 ms in all. Not the least single run: the
// kernel may count CPU time in ticks of several milliseconds, near one
// run's time at these sizes, so a single run reads 0 or a tick or two.
func chartCPU(t *testing.T, r *diff.Report) (time.Duration, bool) {
	t.Helper()
	c0, ok0 := cputime.Process()
	runs := 0
	for {
		pairCharts(r)
		runs++
		c1, ok1 := cputime.Process()
		if !ok0 || !ok1 {
			return 0, false
		}
		if spent := c1 - c0; spent >= 250*time.Millisecond && runs >= 3 {
			return max(spent/time.Duration(runs), time.Microsecond), true
		}
	}
}

// A package of many versions (one package of 80k specs a side, each at
// a version of its own) took 42 s to draw as HTML, 2.4 s at 20k: the
// versions chart looked each old version up in the new list and each
// new one in the old, n² comparisons, for a chart that draws 120 rows.
// 16x the versions must take at most 64x the CPU time (CPU time, which
// other processes do not inflate, not wall time; the mean of many
// runs). A step of 16x, not 4x, parts the two shapes beyond this
// machine's noise: the linear code takes 12-25x (maps outgrow the
// caches), the n² one some 400x; at 4x they read 4-6x and 13x.
func TestPairChartsManyVersionsScale(t *testing.T) {
	small, ok := chartCPU(t, manyVersionsReport(2000))
	if !ok {
		t.Skip("no CPU time on this system")
	}
	large, _ := chartCPU(t, manyVersionsReport(32000))
	r := float64(large) / float64(small)
	t.Logf("2,000 versions a side: %v; 32,000: %v (%.1fx)", small, large, r)
	if r > 64 {
		t.Errorf("16x the versions took %.1fx the CPU time (%v → %v), want at most 64x", r, small, large)
	}
}

// versionRows walks Old beside Removed instead of looking each version
// up: its rows must be those of the lookup, in order, cut at the limit,
// with the count of them all.
func TestVersionRowsAsLookup(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		var olds, news []string
		for v := range rng.IntN(12) {
			if rng.IntN(3) > 0 {
				olds = append(olds, fmt.Sprintf("1.%d", v))
			}
			if rng.IntN(3) > 0 {
				news = append(news, fmt.Sprintf("1.%d", v))
			}
		}
		p := &diff.Package{Name: "p", Versions: diff.VersionChange{
			Old: olds, New: news, Added: listops.Minus(news, olds, nil), Removed: listops.Minus(olds, news, nil),
		}}
		var want []ganttRow
		for _, v := range olds {
			to := 0
			if slices.Contains(news, v) {
				to = 1
			}
			want = append(want, ganttRow{"p", v, diff.Span{From: 0, To: to}})
		}
		for _, v := range news {
			if !slices.Contains(olds, v) {
				want = append(want, ganttRow{"p", v, diff.Span{From: 1, To: 1}})
			}
		}
		limit := 1 + rng.IntN(14)
		rows, total := versionRows(p, limit)
		if total != len(want) || !slices.Equal(rows, want[:min(limit, len(want))]) {
			t.Fatalf("trial %d: old %v, new %v, limit %d: rows %v of %d, want %v of %d", trial, olds, news, limit, rows, total, want[:min(limit, len(want))], len(want))
		}
	}
}
