package patch

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// longSpecReport diffs a package of one spec against one of another
// spec of n variants: its line in the patch is n variants long.
func longSpecReport(t testing.TB, n int) *diff.Report {
	t.Helper()
	var sides [2]*snapshot.Snapshot
	for side := range sides {
		s := snapshot.Spec{Hash: fmt.Sprintf("%c%031d", "ab"[side], 0), Versions: []string{"1.0"}, Compiler: "gcc@13.2.0",
			OS: "ubuntu22.04", Platform: "linux", Target: "x86_64_v3", Stacks: []string{"e4s"}}
		if side == 1 {
			for v := range n {
				s.Variants = append(s.Variants, fmt.Sprintf("+v%07d", v))
			}
		}
		p := &snapshot.Package{Name: "py-long", Origin: &snapshot.Origin{File: "develop/py-long/specs.md", Tag: "develop"}, Specs: []snapshot.Spec{s}}
		sides[side] = &snapshot.Snapshot{Path: fmt.Sprintf("side-%d", side), Tag: "develop", Packages: []*snapshot.Package{p}}
	}
	r, err := diff.CompareWith(sides[0], sides[1], diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestLongSpecLineAllocs (issue 35 class c): a spec's line was built in
// a strings.Builder grown by doubling, then copied into fmt's buffer,
// grown again, to write it: --format patch of a report of one spec of
// 4M variants peaked at 4.9x the report's JSON. The line is now made at
// its length and written as it is: the bytes allocated are at most
// twice the patch's, and 4x the variants allocate at most 4.4x the
// bytes.
func TestLongSpecLineAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	var allocs [2]uint64
	for k, n := range []int{50000, 200000} {
		r := longSpecReport(t, n)
		var out bytes.Buffer
		out.Grow(12*n + 4096)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if err := renderPatch(&out, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		allocs[k] = after.TotalAlloc - before.TotalAlloc
		t.Logf("%d variants: a patch of %d bytes, %d bytes allocated (%.2fx)", n, out.Len(), allocs[k], float64(allocs[k])/float64(out.Len()))
		if allocs[k] > 2*uint64(out.Len()) {
			t.Errorf("%d variants: --format patch allocated %d bytes for a patch of %d, %.2fx, want at most 2x", n, allocs[k], out.Len(), float64(allocs[k])/float64(out.Len()))
		}
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 {
		t.Errorf("4x the variants allocate %.2fx the bytes (%d -> %d), want at most 4.4x", r, allocs[0], allocs[1])
	}
}
