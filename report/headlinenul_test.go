package report

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestHeadlineRootsKeyedApart (class a): the roots headline joined a
// spec's spellings by NUL, which a report given to render may hold in a
// spelling: the spec spelt "a" and "b" read as the root spelt "a\x00b",
// was labelled beside two roots so spelt, "a /aaaaaaab = b /aaaaaaab",
// and their labels grew, "/aaaaaaac" for "/aaaaaaa". Lead (a) of the
// pass over 7b857354, which fixed the same in diff's RootsApart.
func TestHeadlineRootsKeyedApart(t *testing.T) {
	root := func(spelt, prefix string) diff.RootSpec {
		return diff.RootSpec{Root: spelt, Name: "a", Version: "1", Hash: prefix + strings.Repeat("0", 32-len(prefix))}
	}
	wants := map[string]string{
		"a b": "3 roots added (a\x00b /aaaaaaa, a\x00b /bbbbbbb, a = b)",
		"a":   "3 roots added (a\x00b /aaaaaaa, a\x00b /bbbbbbb, a)",
		"":    "2 roots added (a\x00b /aaaaaaa, a\x00b /bbbbbbb)",
	}
	for spellings, want := range wants {
		added := []diff.RootSpec{root("a\x00b", "aaaaaaac"), root("a\x00b", "bbbbbbb")}
		for _, s := range strings.Fields(spellings) { // one spec, "aaaaaaab", spelt so
			added = append(added, root(s, "aaaaaaab"))
		}
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Added: added, Removed: []diff.RootSpec{}, Changed: []diff.RootChange{}}}}
		if got, _ := RootsHeadline(r); got != want {
			t.Errorf("beside %q: RootsHeadline = %q, want %q", spellings, got, want)
		}
	}
}
