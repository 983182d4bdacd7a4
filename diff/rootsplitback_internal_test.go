package diff

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestRespeltSplitBackLinear (class d): n packages, each of the shape of
// TestRootLeftTakesSplitBackSpelling's seed 1677 (debian11's w and
// aarch64's q written foo<i>@1.0, aarch64's p foo<i>@3.0; now w and p
// written foo<i>, aarch64's h added under it and debian11's s under
// foo<i>@1.0): each q, left over, asks whether foo<i> is split the other
// way round, and takes h. The reverse respeltRootsLeft is built once for
// all of them (splitBackProbe), so 4x the roots cost at most ~4.4x the
// allocations and the steps; built again for each root left over, it
// was n².
func TestRespeltSplitBackLinear(t *testing.T) {
	steps, built := respellProbes(t)
	node := func(pkg, h, version, target, compiler string) *GraphNode {
		return &GraphNode{Name: pkg, Spec: &snapshot.Spec{Hash: h, Versions: []string{version}, Compiler: compiler,
			OS: "debian11", Platform: "linux", Target: target}}
	}
	cost := func(n int) (float64, int) {
		o, nw := map[string][]*GraphNode{}, map[string][]*GraphNode{}
		q, h := map[string]string{}, map[string]string{}
		for i := range n {
			pkg := fmt.Sprintf("foo%d", i)
			hash := func(c byte) string { return fmt.Sprintf("%c%031d", c, i) }
			w, p := node(pkg, hash('w'), "1.0", "x86_64", "10"), node(pkg, hash('p'), "3.0", "aarch64", "10")
			o[pkg+"@1.0"] = []*GraphNode{node(pkg, hash('q'), "1.0", "aarch64", "11"), w}
			o[pkg+"@3.0"] = []*GraphNode{p}
			nw[pkg] = []*GraphNode{node(pkg, hash('h'), "2.0", "aarch64", "10"), p, w}
			nw[pkg+"@1.0"] = []*GraphNode{node(pkg, hash('s'), "1.0", "x86_64", "11")}
			q[hash('q')], h[hash('q')] = pkg, hash('h')
		}
		for _, m := range []map[string][]*GraphNode{o, nw} {
			for _, l := range m {
				slices.SortFunc(l, func(a, b *GraphNode) int { return strings.Compare(a.Hash(), b.Hash()) })
			}
		}
		var ren *respelling
		allocs := testing.AllocsPerRun(2, func() { ren = respell(o, nw) })
		mates := ren.mates()
		for x := range q {
			if mates[x] != h[x] {
				t.Fatalf("%d packages: %s of %s paired with %q, want %s", n, x, q[x], mates[x], h[x])
			}
		}
		*steps, *built = 0, 0
		respell(o, nw)
		if *built != 1 {
			t.Fatalf("%d packages: the reverse respeltRootsLeft built %d times, want once", n, *built)
		}
		return allocs, *steps
	}
	checkRespellStep(t, "roots left over taking a spelling split back", "packages", 100, cost)
}

// checkRespellStep measures cost (respell's allocations and steps) at n
// and 4n of what (roots, packages) and wants each at most 4.4x.
func checkRespellStep(t *testing.T, shape, what string, n int, cost func(int) (float64, int)) {
	t.Helper()
	a1, s1 := cost(n)
	a4, s4 := cost(4 * n)
	t.Logf("respell, %s: %.0f allocations of %d %s, %.0f of %d (%.2fx); steps %d, %d (%.2fx)", shape, a1, n, what, a4, 4*n, a4/a1, s1, s4, float64(s4)/float64(s1))
	if a4 > 4.4*a1 {
		t.Errorf("respell, %s: %.0f allocations of %d %s, %.0f of %d (%.2fx), want at most 4.4x", shape, a1, n, what, a4, 4*n, a4/a1)
	}
	if float64(s4) > 4.4*float64(s1) {
		t.Errorf("respell, %s: %d steps of %d %s, %d of %d (%.2fx), want at most 4.4x", shape, s1, n, what, s4, 4*n, float64(s4)/float64(s1))
	}
}

// respellProbes counts, until t ends, respell's steps (respellProbe) and
// its builds of the reverse respeltRootsLeft (splitBackProbe).
func respellProbes(t *testing.T) (steps, built *int) {
	steps, built = new(int), new(int)
	respellProbe = func() { *steps++ }
	splitBackProbe = func() { *built++ }
	t.Cleanup(func() { respellProbe, splitBackProbe = nil, nil })
	return steps, built
}
