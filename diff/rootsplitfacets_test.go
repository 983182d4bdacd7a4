package diff_test

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// variantRoot is a lockfile root of hdf5, of no dependency, on debian11:
// its hash's letter, version, variant shared (+shared or ~shared) and
// spelling.
type variantRoot struct{ letter, version, variant, spelling string }

// variantLock writes roots as one lockfile in dir/name and loads it
// (paramLock).
func variantLock(t *testing.T, dir, name string, roots []variantRoot) *snapshot.Snapshot {
	t.Helper()
	var l []paramRoot
	for _, r := range roots {
		l = append(l, paramRoot{r.letter, r.version, fmt.Sprintf(`"shared":%v`, r.variant == "+shared"), r.spelling})
	}
	return paramLock(t, dir, name, l)
}

// A spelling split across new ones, every root bumped to a version of
// its own (hdf5@1.0 for B ~shared and J +shared, now hdf5@2.0 for E
// +shared and hdf5@3.1 for Z ~shared): each root is respelt with the
// spec it pairs with (B with Z, J with E, by their variants), as the
// other way round (two spellings now one) pairs them. In hash order, B
// took hdf5@2.0 and J hdf5@3.1: the roots crossed the specs' pairs (B
// changed into E while its spec was updated into Z), the specs were
// said restacked from one new spelling into the other, and new → old
// did not mirror old → new.
func TestRootSplitFollowsFacets(t *testing.T) {
	dir := t.TempDir()
	for i, c := range [][2][]variantRoot{
		{{{"b", "1.0", "~shared", "hdf5@1.0"}, {"j", "1.0", "+shared", "hdf5@1.0"}},
			{{"e", "2.0", "+shared", "hdf5@2.0"}, {"z", "3.1", "~shared", "hdf5@3.1"}}},
		{{{"b", "1.0", "+shared", "hdf5@1.0"}, {"j", "1.0", "~shared", "hdf5@1.0"}},
			{{"e", "2.0", "+shared", "hdf5@2.0"}, {"z", "3.1", "~shared", "hdf5@3.1"}}},
	} {
		o := variantLock(t, dir, fmt.Sprint("o", i), c[0])
		n := variantLock(t, dir, fmt.Sprint("n", i), c[1])
		want := []string{"changed b>z hdf5@1.0>hdf5@3.1", "changed j>e hdf5@1.0>hdf5@2.0"}
		if c[0][0].variant == "+shared" {
			want = []string{"changed b>e hdf5@1.0>hdf5@2.0", "changed j>z hdf5@1.0>hdf5@3.1"}
		}
		rootsBothWays(t, fmt.Sprint("case ", i), o, n, want, func(where string, r *diff.Report) {
			if s := r.Summary.Specs; s.Restacked != 0 || s.Updated != 2 {
				t.Errorf("%s: specs %+v, want 2 updated, none restacked", where, s)
			}
			for _, p := range r.Packages {
				for _, x := range p.Specs.Updated {
					if len(x.StacksJoined)+len(x.StacksLeft) > 0 {
						t.Errorf("%s: %s → %s joined %q, left %q; want its root's stacks", where, x.Old.Hash[:1], x.New.Hash[:1], x.StacksJoined, x.StacksLeft)
					}
				}
			}
		})
	}
}
