package html

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// sharedStacksReport is a report of k rebuilt packages whose one spec
// each is in the same m stacks, one list the loader shares (a lockfile's
// roots above a hub), and of m root packages, each rebuilt in its own.
func sharedStacksReport(k, m int) *diff.Report {
	shared := make([]string, m)
	for i := range shared {
		shared[i] = fmt.Sprintf("r%d", i)
	}
	r := &diff.Report{}
	pkg := func(name string, stacks []string) {
		r.Packages = append(r.Packages, diff.Package{Name: name, Status: diff.Changed,
			Specs: diff.SpecChanges{Rebuilt: []diff.Pair{{New: &diff.Spec{Stacks: stacks}}}}})
	}
	for j := range k {
		pkg(fmt.Sprintf("p%d", j), shared)
	}
	for i := range m {
		pkg(shared[i], shared[i:i+1])
	}
	return r
}

// TestStackChangesReadOncePerList (209th adversarial pass): the chart of
// changes per stack counted each changed spec in each of its stacks. A
// lockfile's stacks are its roots, so k packages rebuilt under the same
// m roots read the m roots k times: the page of a hub of n packages
// under n roots cost 8.5x the CPU for 4x the nodes. Specs are counted in
// their list, and a list read once: 4x the packages and roots read at
// most 4.4x the stacks, with the same tallies.
func TestStackChangesReadOncePerList(t *testing.T) {
	read := func(n int) int {
		var strs int
		stacksRead = func(l int) { strs += l }
		defer func() { stacksRead = nil }()
		got := stackChanges(sharedStacksReport(n, n))
		if len(got) != n {
			t.Fatalf("%d packages under %d roots: %d stacks tallied, want %d", n, n, len(got), n)
		}
		for _, s := range got {
			if s.N != [4]int{0, 0, n + 1, 0} {
				t.Fatalf("%d packages under %d roots: stack %s tallies %v, want %d rebuilt", n, n, s.Name, s.N, n+1)
			}
		}
		return strs
	}
	const n = 200
	small, large := read(n), read(4*n)
	t.Logf("stacks read: %d for %d packages and roots, %d for %d", small, n, large, 4*n)
	if float64(large) > 4.4*float64(small) {
		t.Errorf("%d packages under %d roots read %d stacks, %d under %d read %d: want at most 4.4x", n, n, small, 4*n, 4*n, large)
	}
}
