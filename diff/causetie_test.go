package diff

import (
	"slices"
	"testing"
)

// The engine's table of causes is sorted by name, hashes and changes,
// and the sort is not stable: two causes that compare equal stay in the
// order the engine met them, and the report's ids with them. The
// changes compared as their strings joined by NULs, and a Spack index
// may hold a NUL in a string ("\u0000" is valid JSON): a change of
// version to "2\x00variants\x00~x\x00+x" tied with one of version to 2
// and variants from ~x to +x, and so did a compiler or a variant
// carrying the next change's kind.
func TestCauseOrderKeepsNULJoinedApart(t *testing.T) {
	cause := func(ch ...Change) Cause {
		return Cause{Name: "z", OldHash: "aaaa", NewHash: "bbbb", Changes: ch}
	}
	for _, tc := range []struct{ a, b Cause }{
		{cause(Change{Kind: "version", From: "1", To: "2\x00variants\x00~x\x00+x"}),
			cause(Change{Kind: "version", From: "1", To: "2"}, Change{Kind: "variants", From: "~x", To: "+x"})},
		{cause(Change{Kind: "compiler", From: "gcc@1\x00x", To: "gcc@2"}),
			cause(Change{Kind: "compiler", From: "gcc@1", To: "x\x00gcc@2"})},
		{cause(Change{Kind: "variants", From: "+a\x00", To: "~a"}),
			cause(Change{Kind: "variants", From: "+a", To: "\x00~a"})},
	} {
		ab, ba := compareCauses(tc.a, tc.b), compareCauses(tc.b, tc.a)
		if ab == 0 || ab != -ba {
			t.Errorf("%q vs %q: compare %d and %d back, want a strict order", tc.a.Changes, tc.b.Changes, ab, ba)
		}
		// Either order in, one order out.
		one := []Cause{tc.a, tc.b}
		two := []Cause{tc.b, tc.a}
		slices.SortFunc(one, compareCauses)
		slices.SortFunc(two, compareCauses)
		if !slices.EqualFunc(one, two, func(x, y Cause) bool { return compareCauses(x, y) == 0 && slices.Equal(x.Changes, y.Changes) }) {
			t.Errorf("sorted %q, and %q from the other order", one, two)
		}
	}
	// Without NULs the order is the joined strings' order: a list before
	// the longer lists it begins, a kind before the longer kinds it begins.
	a := cause(Change{Kind: "version", From: "1", To: "2"})
	b := cause(Change{Kind: "version", From: "1", To: "2"}, Change{Kind: "variants", From: "~x", To: "+x"})
	c := cause(Change{Kind: "version", From: "1", To: "2a"})
	if compareCauses(a, b) >= 0 || compareCauses(b, c) >= 0 {
		t.Errorf("want %v < %v < %v", a.Changes, b.Changes, c.Changes)
	}
}
