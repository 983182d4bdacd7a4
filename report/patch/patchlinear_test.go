package patch

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// rebuiltPackage diffs one package of n specs against itself with every
// spec rebuilt (a new hash, the same facets): the shape that made
// --format patch quadratic (issue 35, item 13), where no line of the old
// listing is in the new one. Every fifth spec is kept, so that the
// listings also share lines.
func rebuiltPackage(t testing.TB, n int) *diff.Report {
	t.Helper()
	hash := func(side, i int) string { return fmt.Sprintf("%c%031d", "ab"[side], i) }
	var sides [2]*snapshot.Snapshot
	for side := range sides {
		p := &snapshot.Package{Name: "py-big", Origin: &snapshot.Origin{File: "develop/py-big/specs.md", Tag: "develop"}}
		for i := range n {
			h := hash(side, i)
			if i%5 == 0 {
				h = hash(0, i)
			}
			p.Specs = append(p.Specs, snapshot.Spec{Hash: h, Versions: []string{fmt.Sprintf("1.%d", i%7)}, Compiler: "gcc@13.2.0",
				OS: "ubuntu22.04", Platform: "linux", Target: "x86_64_v3", Variants: []string{fmt.Sprintf("+v%d", i)}, Stacks: []string{"e4s"}})
		}
		slices.SortFunc(p.Specs, func(a, b snapshot.Spec) int { return strings.Compare(a.Hash, b.Hash) })
		sides[side] = &snapshot.Snapshot{Path: fmt.Sprintf("side-%d", side), Tag: "develop", Packages: []*snapshot.Package{p}}
	}
	r, err := diff.CompareWith(sides[0], sides[1], diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Summary.Specs.Rebuilt; got != n-(n+4)/5 {
		t.Fatalf("%d specs rebuilt, want %d", got, n-(n+4)/5)
	}
	return r
}

// TestPatchLinear (issue 35, item 13): the diff of a package's listings
// ran diffmatchpatch with its timeout at 0, which made it quadratic in
// the lines that differ: 40k rebuilt specs in one package took 14.6 s.
// Four times the rebuilt specs now cost at most about four times the
// bytes allocated, and the patch still applies.
func TestPatchLinear(t *testing.T) {
	alloc := func(n int) uint64 {
		r := rebuiltPackage(t, n)
		checkPatch(t, r)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if err := renderPatch(io.Discard, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	a1, a4 := alloc(2500), alloc(10000)
	t.Logf("2,500 -> 10,000 specs: %d -> %d bytes allocated (%.2fx)", a1, a4, float64(a4)/float64(a1))
	if float64(a4) > 4.4*float64(a1) {
		t.Errorf("4x the rebuilt specs allocate %.2fx the bytes (%d -> %d), want at most 4.4x", float64(a4)/float64(a1), a1, a4)
	}
}

// TestLineOpsLinear: the line diff compares each pair of lines at most
// once, and no more pairs than the listings have lines, whatever they
// share; and it gives the patch of a minimal diff: every line the two
// listings share is kept.
func TestLineOpsLinear(t *testing.T) {
	for _, n := range []int{0, 1, 2500, 10000} {
		r := rebuiltPackage(t, n)
		for i := range r.Packages {
			before, after := listings(&r.Packages[i], report.Abbreviate(r))
			calls := 0
			ops := lineOps(before, after, func(a, b string) int { calls++; return compareLines(a, b) })
			if calls > len(before)+len(after) {
				t.Errorf("%d specs: %d comparisons for %d lines", n, calls, len(before)+len(after))
			}
			shared := map[string]bool{}
			for _, l := range before {
				shared[l] = true
			}
			want := 0
			for _, l := range after {
				if shared[l] {
					want++
				}
			}
			kept := 0
			for _, op := range ops {
				if op.op == ' ' {
					kept++
				}
			}
			if kept != want || len(ops) != len(before)+len(after)-kept {
				t.Errorf("%d specs: %d lines kept of %d shared, %d lines in all", n, kept, want, len(ops))
			}
		}
	}
}
