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

// TestEntryTitleQuotesLabel (issue 35 class a): an entry's title is its
// step's new snapshot, ": ", then the highlights, and wrote the label
// as it is: the snapshot "a: b" whose package zlib moved and the
// snapshot a whose package "b: zlib" moved were both titled "a: b: zlib
// 1.0 → 2.0 (upgraded)". A label holding ": " is quoted there, as one
// holding a parenthesis, "·" or a quote is (report.StepLabel).
func TestEntryTitleQuotesLabel(t *testing.T) {
	seen := map[string]string{}
	for _, c := range []struct{ label, pkg, want string }{
		{"a: b", "zlib", `"a: b": zlib 1.0 → 2.0 (upgraded)`},
		{"a", "b: zlib", `a: b: zlib 1.0 → 2.0 (upgraded)`},
		{"a (b", "zlib", `"a (b": zlib 1.0 → 2.0 (upgraded)`},
		{"a:b", "zlib", `a:b: zlib 1.0 → 2.0 (upgraded)`},
	} {
		v := &diff.VersionChange{Old: []string{"1.0"}, New: []string{"2.0"}, Added: []string{"2.0"}, Removed: []string{"1.0"}, Direction: diff.Upgraded}
		r := &diff.Report{Old: diff.Side{Path: "o", Tag: "o"}, New: diff.Side{Path: "n", Tag: c.label},
			Highlights: []diff.Highlight{{Kind: diff.HighlightVersion, Packages: []string{c.pkg}, Versions: v}}}
		got := stepEntry(r, "").Title.Body
		if got != c.want {
			t.Errorf("the step to %q of %q moved is titled %q, want %q", c.label, c.pkg, got, c.want)
		}
		if other, ok := seen[got]; ok {
			t.Errorf("the steps to %q and %q are titled alike: %s", c.label, other, got)
		}
		seen[got] = c.label
	}
}
