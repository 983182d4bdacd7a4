package report

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestChangeText: the text of each kind of change. diff orders cause
// groups by the same strings (diff's TestChangeOrder has this table).
func TestChangeText(t *testing.T) {
	for _, c := range []struct {
		changes []diff.Change
		text    string
	}{
		{[]diff.Change{{Kind: "version", From: "2.2.1", To: "2.2.3"}}, "2.2.1 → 2.2.3"},
		{[]diff.Change{{Kind: "added", To: "zlib@1.3"}}, "added (zlib@1.3)"},
		{[]diff.Change{{Kind: "removed", From: "zlib@1.3"}}, "removed (zlib@1.3)"},
		{[]diff.Change{{Kind: "recipe", From: "a", To: "b"}}, "recipe changed"},
		{[]diff.Change{{Kind: "other"}}, "hash changed"},
		{[]diff.Change{{Kind: "other", From: "edges unknown", To: "edges unknown"}}, "hash changed"},
		{[]diff.Change{{Kind: "other", From: "dependency zlib (build)", To: "dependency zlib (build, link)"}}, "dependency zlib (build) → dependency zlib (build, link)"},
		{[]diff.Change{{Kind: "variants", From: "+shared", To: "~shared"}, {Kind: "provider", From: "mpich@4.1"}}, "variants +shared → ~shared, provider mpich@4.1 → (none)"},
		{nil, ""},
	} {
		if got := ChangeText(c.changes); got != c.text {
			t.Errorf("ChangeText(%+v) = %q, want %q", c.changes, got, c.text)
		}
	}
}

// TestCauseTextNameWithArrow (issue 35 class a): a cause's package name
// was written as it is, so a package "zl → ib" whose version moved read
// "zl → ib 0.9 → 2.0": two arrows, the first no change. A name holding
// an arrow, or reading as ∅, is quoted as a pair's side is (Same);
// others are written as they are.
func TestCauseTextNameWithArrow(t *testing.T) {
	moved := []diff.Change{{Kind: "version", From: "0.9", To: "2.0"}}
	for _, c := range []struct{ name, text string }{
		{"zl → ib", `"zl → ib" 0.9 → 2.0`},
		{"∅", `"∅" 0.9 → 2.0`},
		{"zlib", "zlib 0.9 → 2.0"},
	} {
		if got := CauseText(c.name, moved); got != c.text {
			t.Errorf("CauseText(%q) = %q, want %q", c.name, got, c.text)
		}
	}
}
