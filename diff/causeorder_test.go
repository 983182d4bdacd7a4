package diff

import "testing"

// changeTexts are changes and their text (report.ChangeText); the groups
// of a report are ordered by it. report's TestChangeText has the same
// table.
var changeTexts = []struct {
	changes []Change
	text    string
}{
	{[]Change{{Kind: "version", From: "2.2.1", To: "2.2.3"}}, "2.2.1 → 2.2.3"},
	{[]Change{{Kind: "added", To: "zlib@1.3"}}, "added (zlib@1.3)"},
	{[]Change{{Kind: "removed", From: "zlib@1.3"}}, "removed (zlib@1.3)"},
	{[]Change{{Kind: "recipe", From: "a", To: "b"}}, "recipe changed"},
	{[]Change{{Kind: "other"}}, "hash changed"},
	{[]Change{{Kind: "other", From: "edges unknown", To: "edges unknown"}}, "hash changed"},
	{[]Change{{Kind: "other", From: "dependency zlib (build)", To: "dependency zlib (build, link)"}}, "dependency zlib (build) → dependency zlib (build, link)"},
	{[]Change{{Kind: "variants", From: "+shared", To: "~shared"}, {Kind: "provider", From: "mpich@4.1"}}, "variants +shared → ~shared, provider mpich@4.1 → (none)"},
	{nil, ""},
}

func TestChangeOrder(t *testing.T) {
	for _, c := range changeTexts {
		if got := changeOrder(c.changes); got != c.text {
			t.Errorf("changeOrder(%+v) = %q, want %q", c.changes, got, c.text)
		}
	}
}
