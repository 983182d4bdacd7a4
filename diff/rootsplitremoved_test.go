package diff_test

import (
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestRootSplitWithOneRemoved (issue 35 class b): roots hdf5 for A
// (1.0), B and C (2.0), now hdf5@1.0 for A and hdf5@2.0 for B, C gone:
// the old spelling is split, A and B renamed each into the spelling of
// its hash, and C, removed, keeps hdf5, its stack counted on the old
// side alone. The laws refused that report (a root renamed out of hdf5
// while the report counts specs in stack hdf5), so render refused the
// tool's own JSON; the other way round (C added) rendered.
func TestRootSplitWithOneRemoved(t *testing.T) {
	dir := t.TempDir()
	o := splitLocks(t, dir, "o", []splitRoot{{"rhel", "a", "1.0", "hdf5"}, {"rhel", "b", "2.0", "hdf5"}, {"rhel", "c", "2.0", "hdf5"}})
	n := splitLocks(t, dir, "n", []splitRoot{{"rhel", "a", "1.0", "hdf5@1.0"}, {"rhel", "b", "2.0", "hdf5@2.0"}})
	for _, mirror := range []bool{false, true} {
		a, b := o, n
		if mirror {
			a, b = n, o
		}
		r, err := diff.CompareWith(a, b, diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.CheckLaws(); err != nil {
			t.Errorf("mirror %v: %v", mirror, err)
		}
		removed, added, changed := rootLetters(r.Causes.Roots)
		var renamed []string
		for _, x := range r.Causes.Roots.Renamed {
			renamed = append(renamed, x.Old.Hash[:1]+":"+x.Old.Root+">"+x.Root)
		}
		slices.Sort(renamed)
		wantRemoved, wantAdded := []string{"c"}, []string(nil)
		wantRenamed := []string{"a:hdf5>hdf5@1.0", "b:hdf5>hdf5@2.0"}
		if mirror {
			wantRemoved, wantAdded = nil, []string{"c"}
			wantRenamed = []string{"a:hdf5@1.0>hdf5", "b:hdf5@2.0>hdf5"}
		}
		if !slices.Equal(removed, wantRemoved) || !slices.Equal(added, wantAdded) || len(changed) > 0 || !slices.Equal(renamed, wantRenamed) {
			t.Errorf("mirror %v: removed %v, added %v, changed %v, renamed %v; want %v, %v, none, %v",
				mirror, removed, added, changed, renamed, wantRemoved, wantAdded, wantRenamed)
		}
	}
}

// Roots hdf5 of ubuntu for C (2.0) and A (1.0), now hdf5@=2.0 for H (C
// rebuilt) and hdf5@2.0.1 for D (A updated), beside rhel8's hdf5@3.0
// for W, removed: the split spelling's roots take both new spellings,
// and W's hdf5@3.0, which no root pairs in its environment, takes none.
// By name alone it took hdf5@2.0.1 whole: its stack was renamed while
// its root was said removed (the laws failed: render refused the
// report).
func TestRootSplitBesideOneRemoved(t *testing.T) {
	dir := t.TempDir()
	o := splitLocks(t, dir, "old", []splitRoot{{"rhel", "w", "3.0", "hdf5@3.0"}, {"ubuntu", "c", "2.0", "hdf5"}, {"ubuntu", "a", "1.0", "hdf5"}})
	n := splitLocks(t, dir, "new", []splitRoot{{"ubuntu", "h", "2.0", "hdf5@=2.0"}, {"ubuntu", "d", "2.0.1", "hdf5@2.0.1"}})
	rootsBothWays(t, "hdf5", o, n, []string{"changed a>d hdf5>hdf5@2.0.1", "changed c>h hdf5>hdf5@=2.0", "removed w hdf5@3.0"}, nil)
}
