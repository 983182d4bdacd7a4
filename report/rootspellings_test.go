package report

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestRootHighlightSpellingsQuoted (issue 35 class a): a root's
// highlight named its spellings as they are: the root "zl → ib" read
// "root zl → ib changed: 1 → 2", two arrows of which the first was no
// change, the root ∅ as a root without a name, and the root "a = b" as
// the root a spelt b too (" = " joins a root's spellings). Each
// spelling is quoted where it could read so (rootSpelling).
func TestRootHighlightSpellingsQuoted(t *testing.T) {
	for _, c := range []struct {
		h    diff.Highlight
		want string
	}{
		{diff.Highlight{Kind: diff.HighlightRootChanged, Value: "zl → ib", From: "1", To: "2"}, `root "zl → ib" changed: 1 → 2`},
		{diff.Highlight{Kind: diff.HighlightRootChanged, Value: "∅", From: "1", To: "2"}, `root "∅" changed: 1 → 2`},
		{diff.Highlight{Kind: diff.HighlightRootRemoved, Value: "a = b"}, `root "a = b" removed`},
		{diff.Highlight{Kind: diff.HighlightRootRemoved, Value: "a", Values: []string{"b"}}, `root a = b removed`},
		{diff.Highlight{Kind: diff.HighlightRootAdded, Value: "a", Values: []string{"b = c"}}, `root a = "b = c" added`},
		{diff.Highlight{Kind: diff.HighlightRootAdded, Value: "zlib@1.3"}, `root zlib@1.3 added`},
		// Its versions as a one-for-one move writes them (MoveSide), as
		// the roots headline does: "root zl changed: ib 1.0 → 2.0" there
		// read `zl "ib 1.0" → 2.0`.
		{diff.Highlight{Kind: diff.HighlightRootChanged, Value: "zl", From: "ib 1.0", To: "2.0"}, `root zl changed: "ib 1.0" → 2.0`},
	} {
		if got := NewsText(c.h, -1); got != c.want {
			t.Errorf("NewsText(%+v) = %q, want %q", c.h, got, c.want)
		}
	}
}

// TestFacetHighlightEmptyValue (issue 35 class a): a highlight of a
// facet's value named an empty value as nothing: "new OS : 1 spec of
// zlib", and "OS  gone", which a rendered view shows "OS\x20\x20gone",
// an OS of spaces. It is written ∅, as a pair's empty side (None), and
// the value ∅ stays quoted.
func TestFacetHighlightEmptyValue(t *testing.T) {
	for _, c := range []struct {
		h    diff.Highlight
		want string
	}{
		{diff.Highlight{Kind: diff.HighlightAppeared, Facet: "os", Value: "", Packages: []string{"zlib"}, Specs: &diff.OldToNew{New: 1}}, "new OS ∅: 1 spec of zlib"},
		{diff.Highlight{Kind: diff.HighlightVanished, Facet: "os", Value: "", Packages: []string{"zlib"}, Specs: &diff.OldToNew{Old: 1}}, "OS ∅ gone: it had 1 spec of zlib"},
		{diff.Highlight{Kind: diff.HighlightVanished, Facet: "os", Value: "∅", Packages: []string{"zlib"}, Specs: &diff.OldToNew{Old: 1}}, `OS "\u2205" gone: it had 1 spec of zlib`},
	} {
		if got := NewsText(c.h, -1); got != c.want {
			t.Errorf("NewsText(%+v) = %q, want %q", c.h, got, c.want)
		}
		if got, want := NewsShown(c.h, -1), c.want; got != want {
			t.Errorf("NewsShown(%+v) = %q, want %q", c.h, got, want)
		}
	}
}

// TestFacetHighlightValueColon (issue 35 class a): a facet's value is
// followed by ": " and its specs' count in a highlight, and a value
// holding ": " was written as it is: the target "a: 1 spec of b" of the
// package c and the target a of the package "b: 1 spec of c" both read
// "new target a: 1 spec of b: 1 spec of c". Such a value is quoted.
func TestFacetHighlightValueColon(t *testing.T) {
	h := func(value, pkg string) diff.Highlight {
		return diff.Highlight{Kind: diff.HighlightAppeared, Facet: "target", Value: value, Packages: []string{pkg}, Specs: &diff.OldToNew{New: 1}}
	}
	one, other := NewsText(h("a: 1 spec of b", "c"), -1), NewsText(h("a", "b: 1 spec of c"), -1)
	if one == other {
		t.Errorf("the targets \"a: 1 spec of b\" of c and a of \"b: 1 spec of c\" read alike: %s", one)
	}
	if want := `new target "a: 1 spec of b": 1 spec of c`; one != want {
		t.Errorf("NewsText = %q, want %q", one, want)
	}
}
