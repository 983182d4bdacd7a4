package snapshot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
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
		v, ok := readVariantV(t, raw, vals)
		if !ok {
			t.Fatalf("%q: no variant v", vals)
		}
		return v
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

// readVariantV is the variant v of a lockfile's one spec whose
// parameters hold v, param (marshalled to JSON), read raw or not; false
// when the spec has no variant v.
func readVariantV(t *testing.T, raw bool, param any) (string, bool) {
	t.Helper()
	params, err := json.Marshal(map[string]any{"v": param})
	if err != nil {
		t.Fatal(err)
	}
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
		if v == "+v" || v == "~v" || strings.HasPrefix(v, "v=") {
			return v, true
		}
	}
	return "", false
}

// TestVariantReadAsSpack (issue 35 class b): a variant reads as Spack
// reads a node's parameters (from_node_dict): the string "true" or
// "false", in any case, is a boolean variant, +v or ~v as JSON's true
// and false are, and read v=true, a change from +v where Spack sees
// none; the list of one empty value [""] is the variant v=, as "" and
// ["", ""] are, and was left out, as no variant. A list of "true" is a
// list's value, and the empty list no variant; a list's JSON true,
// false and null are Python's True, False and None, as Spack prints
// them.
func TestVariantReadAsSpack(t *testing.T) {
	for _, c := range []struct {
		param any
		want  string // "" for no variant v
	}{
		{true, "+v"}, {"true", "+v"}, {"True", "+v"}, {"TRUE", "+v"},
		{false, "~v"}, {"false", "~v"}, {"False", "~v"},
		{[]string{"true"}, "v=true"}, {"truex", "v=truex"},
		{"", "v="}, {[]string{""}, "v="}, {[]string{"", ""}, "v="},
		{[]string{}, ""},
		// A list's true, false and null are Python's to Spack, which
		// prints them True, False and None: [true] read v=true, as
		// ["true"], which Spack prints apart.
		{[]any{true}, "v=True"}, {[]any{"True"}, "v=True"},
		{[]any{false}, "v=False"}, {[]any{nil}, "v=None"},
		{[]any{true, "a"}, "v=True,a"}, {[]any{"a", "true"}, "v=a,true"},
	} {
		for _, raw := range []bool{false, true} {
			if got, _ := readVariantV(t, raw, c.param); got != c.want {
				t.Errorf("raw %v: v %#v read %q, want %q", raw, c.param, got, c.want)
			}
		}
	}
}
