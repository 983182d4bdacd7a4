package report

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestHeadlineRootsKeyedApart (class a, lead (a) of the pass over
// 7b857354): the roots headline labels together the roots whose
// spellings read alike, and it joined a spec's spellings by NUL, so
// that the spec spelt "a" and "b" (one hash listed as two roots) read
// as the root spelt "a\x00b", which a report given to render may hold:
// beside two roots so spelt, told apart by their short hashes, it was
// labelled too, "a /aaaaaaab = b /aaaaaaab", and their labels grew to
// tell them from it, "/aaaaaaac" for "/aaaaaaa". Each spelling is
// keyed after its length now, as diff's RootsApart keys them.
func TestHeadlineRootsKeyedApart(t *testing.T) {
	h := func(p string) string { return p + strings.Repeat("0", 32-len(p)) }
	x, y, w := h("aaaaaaab"), h("aaaaaaac"), h("bbbbbbb")
	for _, c := range []struct {
		other []diff.RootSpec // roots beside the two spelt "a\x00b"
		want  string
	}{
		{[]diff.RootSpec{{Root: "a", Name: "a", Version: "1", Hash: x}, {Root: "b", Name: "a", Version: "1", Hash: x}}, "3 roots added (a\x00b /aaaaaaa, a\x00b /bbbbbbb, a = b)"},
		{[]diff.RootSpec{{Root: "a", Name: "a", Version: "1", Hash: x}}, "3 roots added (a\x00b /aaaaaaa, a\x00b /bbbbbbb, a)"},
		{nil, "2 roots added (a\x00b /aaaaaaa, a\x00b /bbbbbbb)"},
	} {
		added := append([]diff.RootSpec{{Root: "a\x00b", Name: "a", Version: "1", Hash: y}, {Root: "a\x00b", Name: "a", Version: "1", Hash: w}}, c.other...)
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Added: added, Removed: []diff.RootSpec{}, Changed: []diff.RootChange{}}}}
		if got, _ := RootsHeadline(r); got != c.want {
			t.Errorf("RootsHeadline = %q, want %q", got, c.want)
		}
	}
}
