package report

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestChangeTextPartsApart (issue 35 class a): a cause's changes are
// joined with ", ", and a value was written as it is where it held
// ", ": the variants ~b → "a, recipe changed" read as the two changes
// variants ~b → a and recipe changed. A value that holds ", " is
// quoted (partSide), a list of variants word by word, its words that
// end in a comma ("a," recipe changed: three variants); a comma alone
// (cuda_arch=70,80, as Spack writes a variant of several values) is
// written as it is.
func TestChangeTextPartsApart(t *testing.T) {
	lists := [][]diff.Change{
		{{Kind: "variants", From: "~b", To: "a"}, {Kind: "recipe"}},
		{{Kind: "variants", From: "~b", To: "a, recipe changed"}},
		{{Kind: "version", From: "1.0", To: "2.0"}, {Kind: "added", To: "zlib"}},
		{{Kind: "version", From: "1.0", To: "2.0, added (zlib)"}},
		{{Kind: "compiler", From: "gcc", To: "clang"}, {Kind: "other"}},
		{{Kind: "compiler", From: "gcc", To: "clang, hash changed"}},
		{{Kind: "variants", From: "a, b", To: "c"}},
		{{Kind: "variants", From: `"a, b"`, To: "c"}},
	}
	for _, val := range []struct {
		name string
		text func([]diff.Change) string
	}{{"ChangeText", ChangeText}, {"ChangeShown", ChangeShown}} {
		read := map[string]string{}
		for _, l := range lists {
			got := val.text(l)
			what := fmt.Sprintf("%+v", l)
			if other, ok := read[got]; ok {
				t.Errorf("%s: the changes %s and %s read alike: %s", val.name, what, other, got)
			}
			read[got] = what
		}
	}
	for _, c := range []struct {
		cs   []diff.Change
		text string
	}{
		{[]diff.Change{{Kind: "variants", From: "cuda_arch=70", To: "cuda_arch=70,80"}, {Kind: "recipe"}}, "variants cuda_arch=70 → cuda_arch=70,80, recipe changed"},
		{[]diff.Change{{Kind: "variants", From: "~b", To: "a, recipe changed"}}, `variants ~b → "a," recipe changed`},
		{[]diff.Change{{Kind: "compiler", From: "gcc", To: "clang, hash changed"}}, `compiler gcc → "clang, hash changed"`},
		{[]diff.Change{{Kind: "variants", From: "~b", To: `"v=a, b" +c`}}, `variants ~b → "v=a, b" +c`},
		{[]diff.Change{{Kind: "variants", From: "~b", To: `"v=a, b`}}, `variants ~b → "\"v=a, b"`},
		{[]diff.Change{{Kind: "version", From: "1.0, 2.0", To: "∅"}}, `"1.0, 2.0" → "∅"`},
	} {
		if got := ChangeText(c.cs); got != c.text {
			t.Errorf("ChangeText(%+v) = %q, want %q", c.cs, got, c.text)
		}
	}
}
