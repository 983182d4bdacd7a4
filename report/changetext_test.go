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
