package diff_test

import (
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestRootOfVirtualWrittenAsItsProviderIsRemovedAndAdded: a root
// written under a virtual's name on one side and its provider's on the
// other (old ubuntu's openmpi u rooted mpi, now the same u rooted
// openmpi) is not a root respelt (docs/design.md: a spelling differs
// only in its package's own version), both ways round: the old
// spelling's root removed and the new one's added, each spec
// unchanged or restacked.
func TestRootOfVirtualWrittenAsItsProviderIsRemovedAndAdded(t *testing.T) {
	u := facetRoot{"ubuntu", "openmpi", "4.1", "10", "+shared", 1, 0, "mpi"}
	old := []facetRoot{u, {"ubuntu", "cmake", "2.0", "10", "~shared", 2, 0, "cmake@2.0"}}
	u.spelling = "openmpi"
	cur := []facetRoot{u, old[1]}
	compare := lawfulCompare(t, 0, old, cur)
	o, n := loadFacetFolder(t, "old", old, nil), loadFacetFolder(t, "new", cur, nil)
	fwd, back := compare(o, n), compare(n, o)
	checkMirrored(t, 0, fwd, back, old, cur)
	h := u.hash()[:1]
	for i, c := range []struct {
		lines []string
		want  []string
	}{
		{rootLines(fwd), []string{"added " + h + " openmpi", "removed " + h + " mpi"}},
		{rootLines(back), []string{"added " + h + " mpi", "removed " + h + " openmpi"}},
	} {
		if !slices.Equal(c.lines, c.want) {
			t.Errorf("way %d: roots %q, want %q", i, c.lines, c.want)
		}
	}
	for i, r := range [2]*diff.Report{fwd, back} {
		if s := r.Summary.Specs; s.Unchanged+s.Restacked != s.Old || s.Old != s.New || s.Restacked == 0 {
			t.Errorf("way %d: specs %+v, want each unchanged or restacked (u's from stack mpi to openmpi)", i, s)
		}
	}
}
