package diff_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// Two environments' roots spelt zlib, removed, are told apart by their
// short hashes, "/aaaaaaa" and "/bbbbbbb"; a root spelt by hand "zlib
// /aaaaaaa", added, read as the first: "2 roots removed (zlib /aaaaaaa,
// zlib /bbbbbbb); 1 root added (zlib /aaaaaaa)". The short hashes are
// said longer until none reads as a spelling of the report's roots.
func TestRootHashLabelNoSpelling(t *testing.T) {
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	for _, spelt := range []string{"zlib /aaaaaaa", "zlib /aaaaaaaaaaaaaa", "zlib /" + h('a')[:28]} {
		removed := []diff.RootSpec{{Root: "zlib", Name: "zlib", Version: "1.3", Hash: h('a')}, {Root: "zlib", Name: "zlib", Version: "1.3", Hash: h('b')}}
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{
			Removed: removed,
			Added:   []diff.RootSpec{{Root: spelt, Name: "zlib", Version: "1.3", Hash: h('c')}},
			Changed: []diff.RootChange{},
		}}}
		labels := diff.NewRootsApart(r).SpecLabels(removed, []int{0, 1})
		if len(labels) != 2 || labels[0] == labels[1] {
			t.Fatalf("%q: labels %q; want two that differ", spelt, labels)
		}
		for k, l := range labels {
			if said := removed[k].Root + " " + l; said == spelt {
				t.Errorf("removed root %s labelled %q reads as the added root %q", removed[k].Hash[:7], l, spelt)
			}
		}
	}
}
