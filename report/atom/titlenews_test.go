package atom

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestEntryTitleTellsHighlightsApart (issue 35 class a): an entry's
// title joins its step's highlights by "; ", and a highlight's values
// holding "; " were written as they are: the new package "a; removed
// package b" read as the new package a beside the package b removed,
// and likewise a root's spelling, a facet's value and a new package's
// version. A value holding ";" is quoted in a highlight's words, as a
// name holding a comma is (report.NamesQuoted).
func TestEntryTitleTellsHighlightsApart(t *testing.T) {
	pkg := func(kind, name string, versions ...string) diff.Highlight {
		h := diff.Highlight{Kind: kind, Packages: []string{name}}
		if len(versions) > 0 {
			h.Versions = &diff.VersionChange{New: versions, Old: versions}
		}
		return h
	}
	facet := func(value, of string) diff.Highlight {
		return diff.Highlight{Kind: diff.HighlightAppeared, Facet: "compiler", Value: value, Packages: []string{of}, Specs: &diff.OldToNew{New: 1}}
	}
	root := func(kind, spelling string) diff.Highlight { return diff.Highlight{Kind: kind, Value: spelling} }
	r := &diff.Report{Old: diff.Side{Path: "a"}, New: diff.Side{Path: "b"}}
	seen := map[string]string{}
	for i, hs := range [][]diff.Highlight{
		{pkg(diff.HighlightNewPackage, "a"), pkg(diff.HighlightRemovedPackage, "b")},
		{pkg(diff.HighlightNewPackage, "a; removed package b")},
		{pkg(diff.HighlightNewPackage, "a", "1.0"), pkg(diff.HighlightRemovedPackage, "b")},
		{pkg(diff.HighlightNewPackage, "a", "1.0; removed package b")},
		{root(diff.HighlightRootRemoved, "a"), pkg(diff.HighlightNewPackage, "b removed")},
		{root(diff.HighlightRootRemoved, "a removed; new package b")},
		{facet("a", "q"), facet("x", "p")},
		{facet("a: 1 spec of q; new compiler x", "p")},
	} {
		got := entryNews(r, hs)
		what := fmt.Sprintf("case %d (%q…)", i, hs[0].Packages)
		if hs[0].Value != "" {
			what = fmt.Sprintf("case %d (%q…)", i, hs[0].Value)
		}
		if other, ok := seen[got]; ok {
			t.Errorf("the highlights %s and %s read alike: %s", what, other, got)
		}
		seen[got] = what
	}
}
