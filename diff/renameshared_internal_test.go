package diff

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/internal/memo"
	"github.com/cachediff/cachediff/snapshot"
)

// TestRenameStacksSharesLists (210th adversarial pass): a lockfile's
// stacks are its roots, and the loader gives the specs under the same
// roots one list. When every one of n roots above a hub of n packages
// changed version (r@1.0 → r@2.0), the old side is compared under the new
// names, and renameStacks made each spec its own renamed copy of the n
// roots: n² strings, and the diff of 4x the nodes took 20x the time and
// 8x the memory. A list is renamed once, and its specs share the new
// list: every spec holds the one list, renamed and sorted, and 4x the
// specs and roots allocate at most 4.4x the bytes.
func TestRenameStacksSharesLists(t *testing.T) {
	build := func(n int) (*snapshot.Snapshot, map[string]string) {
		roots := make([]string, n)
		ren := map[string]string{}
		for i := range roots {
			roots[i] = fmt.Sprintf("r%05d@1.0", i)
			ren[roots[i]] = fmt.Sprintf("r%05d@2.0", i)
		}
		s := &snapshot.Snapshot{}
		for j := range n {
			s.Packages = append(s.Packages, &snapshot.Package{Name: fmt.Sprintf("p%05d", j),
				Specs: []snapshot.Spec{{Hash: fmt.Sprintf("h%05d", j), Stacks: roots}}})
		}
		return s, ren
	}
	bytes := func(n int) uint64 {
		s, ren := build(n)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		out := renameStacks(s, ren)
		runtime.ReadMemStats(&after)
		want := make([]string, n)
		for i := range want {
			want[i] = fmt.Sprintf("r%05d@2.0", i)
		}
		first := out.Packages[0].Specs[0].Stacks
		if !slices.Equal(first, want) {
			t.Fatalf("%d roots renamed: stacks %v…, want %v…", n, first[:2], want[:2])
		}
		for _, p := range out.Packages {
			if l := p.Specs[0].Stacks; memo.List(l) != memo.List(first) {
				t.Fatalf("%d roots renamed: package %s holds its own copy of the renamed list, want the one list its specs shared", n, p.Name)
			}
		}
		if got := s.Packages[0].Specs[0].Stacks[0]; got != "r00000@1.0" {
			t.Fatalf("the loaded list was modified: %q", got)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	const n = 300
	small, large := bytes(n), bytes(4*n)
	t.Logf("bytes allocated: %d for %d packages and roots, %d for %d", small, n, large, 4*n)
	if float64(large) > 4.4*float64(small) {
		t.Errorf("%d packages under %d renamed roots allocated %d bytes, %d under %d %d: want at most 4.4x", n, n, small, 4*n, 4*n, large)
	}
}
