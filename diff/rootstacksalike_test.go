package diff_test

import (
	"testing"
)

// TestRootStacksAlikeOtherWayMirror (class b; drawFacetFolders' seed
// 1257, shrunk): debian's i and y rooted curl@=3.0 over one libcurl and
// p rooted curl over the other, now h (i's) curl@=1.0.1 over the first,
// and p and r (y's, rebuilt over p's libcurl) curl@=1.0. Old → new, y's
// libcurl was in curl@=1.0 (y's new spelling) and curl@=1.0.1 against
// curl@=1.0.1 (restacked), p's in curl@=1.0 as on the new side
// (unchanged); new → old, h's libcurl was in curl@=3.0 as on the old side
// (i's spelling: unchanged), and p's in curl and curl@=3.0 (r's old
// spelling) against curl (restacked): each libcurl restacked one way
// round alone. A spec is restacked when its stacks differ both ways
// round (alikeOtherWay): the two are unchanged both ways.
func TestRootStacksAlikeOtherWayMirror(t *testing.T) {
	old := []facetRoot{{"debian", "curl", "3.0", "11", "~shared", 0, 0, "curl@=3.0"}, {"debian", "curl", "2.0", "11", "~shared", 3, 0, "curl@=3.0"},
		{"debian", "curl", "1.0", "11", "~shared", 0, 1, "curl"}}
	cur := []facetRoot{{"debian", "curl", "1.0.1", "11", "~shared", 0, 0, "curl@=1.0.1"}, {"debian", "curl", "1.0", "11", "~shared", 0, 1, "curl@=1.0"},
		{"debian", "curl", "2.0", "11", "~shared", 7, 1, "curl@=1.0"}}
	compare := lawfulCompare(t, 0, old, cur)
	o, n := loadFacetFolder(t, "old", old, nil), loadFacetFolder(t, "new", cur, nil)
	fwd, back := compare(o, n), compare(n, o)
	checkMirrored(t, 0, fwd, back, old, cur)
	for i, r := range [...]int{fwd.Summary.Specs.Restacked, back.Summary.Specs.Restacked} {
		if r != 0 {
			t.Errorf("mirror %v: %d specs restacked, want none (both libcurls unchanged both ways round)", i == 1, r)
		}
	}
}
