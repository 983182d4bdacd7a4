package diff_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestRootsAlikeKeyedApart (lead (b) of the pass over cc795530): the
// roots RootsApart labels together are those whose spellings, all of
// their key's, read alike, and it joined a key's spellings by NUL, so
// that the spec spelt both "a" and "b" (one hash listed as two roots)
// read as the root spelt "a\x00b" (a report's JSON, given to render,
// may hold one). Two roots spelt "a\x00b", told apart by their short
// hashes, were labelled to tell them from the spec of "a" and "b" too:
// "/aaaaaaac" for "/aaaaaaa", the label of a root hanging on another
// root's spellings. Each key's spellings are keyed by their lengths
// now (listKey), as rootrename's lists are.
func TestRootsAlikeKeyedApart(t *testing.T) {
	h := func(p string) string { return p + strings.Repeat("0", 32-len(p)) }
	x, y, w := h("aaaaaaab"), h("aaaaaaac"), h("bbbbbbb")
	for _, c := range []struct {
		name  string
		other []diff.RootSpec // roots beside the two spelt "a\x00b"
	}{
		{"one spec spelt a and b", []diff.RootSpec{{Root: "a", Name: "a", Version: "1", Hash: x}, {Root: "b", Name: "a", Version: "1", Hash: x}}},
		{"one spec spelt a", []diff.RootSpec{{Root: "a", Name: "a", Version: "1", Hash: x}}},
		{"none", nil},
	} {
		added := append([]diff.RootSpec{{Root: "a\x00b", Name: "a", Version: "1", Hash: y}, {Root: "a\x00b", Name: "a", Version: "1", Hash: w}}, c.other...)
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Added: added, Removed: []diff.RootSpec{}, Changed: []diff.RootChange{}}}}
		got := diff.NewRootsApart(r).SpecLabels(added, []int{0, 1})
		if want := []string{"/aaaaaaa", "/bbbbbbb"}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
			t.Errorf("%s beside them: the roots spelt \"a\\x00b\" labelled %q, want %q", c.name, got, want)
		}
	}
}
