package snapshot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestListVariantValueWhole (issue 35 class a): a list variant's
// values are joined with "," and the canonical order sorted the pieces
// of that string split on ",": the one value ["a, b"] read "v= b,a",
// pieces of a value Spack would write whole ("v=a, b", its values
// sorted). Where a value holds a comma or a space at an edge, or is
// empty, the pieces are no values: the lockfile reader sorts the values
// themselves and the rule keeps the string whole, so that each list
// reads as Spack writes it, whatever its order.
func TestListVariantValueWhole(t *testing.T) {
	variant := func(raw bool, vals ...string) string {
		t.Helper()
		params, _ := json.Marshal(map[string]any{"v": vals})
		lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[{"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","spec":"zlib"}],"concrete_specs":{
"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"name":"zlib","version":"1","parameters":` + string(params) + `,"dependencies":[],"hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}}`
		p := filepath.Join(t.TempDir(), "spack.lock")
		if err := os.WriteFile(p, []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Load(p, Options{Raw: raw})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range s.Packages[0].Specs[0].Variants {
			if len(v) >= 2 && v[:2] == "v=" {
				return v
			}
		}
		t.Fatalf("%q: no variant v in %q", vals, s.Packages[0].Specs[0].Variants)
		return ""
	}
	for _, c := range []struct {
		vals []string
		want string
	}{
		{[]string{"a, b"}, "v=a, b"},
		{[]string{"c", "a, b"}, "v=a, b,c"},
		{[]string{"a, b", "c"}, "v=a, b,c"},
		{[]string{"a", " b"}, "v= b,a"},
		{[]string{" b", "a"}, "v= b,a"},
		{[]string{"b ", "a"}, "v=a,b "},
		{[]string{"a", "b "}, "v=a,b "},
		{[]string{"", "a"}, "v=,a"},
		{[]string{"a", ""}, "v=,a"},
		{[]string{"b", "a"}, "v=a,b"},
		{[]string{"a,b"}, "v=a,b"},
	} {
		if got := variant(false, c.vals...); got != c.want {
			t.Errorf("%q read %q, want %q", c.vals, got, c.want)
		}
	}
	// Raw, a list is as written but where its join reads two ways.
	if got := variant(true, "b", "a"); got != "v=b,a" {
		t.Errorf(`raw ["b","a"] read %q, want "v=b,a"`, got)
	}
}
