package snapshot

import (
	"encoding/json"
	"fmt"
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
// them, and so is null alone (v=None, not left out).
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
		// null alone is None too, v=None as the string "None": it was
		// left out, as a node without v, which Spack prints apart.
		{nil, "v=None"}, {"None", "v=None"},
	} {
		for _, raw := range []bool{false, true} {
			if got, _ := readVariantV(t, raw, c.param); got != c.want {
				t.Errorf("raw %v: v %#v read %q, want %q", raw, c.param, got, c.want)
			}
		}
	}
}

// TestVariantNumberReadAsPython (class a): a variant's number, alone or
// in a list, is printed by Spack as str of what Python's json reads, an
// int or a float: it was read as written, and 1.00 read v=1.00 as the
// string "1.00" does, where Spack prints v=1.0 and v=1.00 (and 1e2 as
// "1e2", -0 as "-0"); 1.0 and 1.00, which Spack prints alike, read
// apart. The wants are Python's str(json.loads(x)); no two values Spack
// prints apart read alike.
func TestVariantNumberReadAsPython(t *testing.T) {
	for _, c := range []struct{ json, python string }{
		{"1.00", "1.0"}, {"1e2", "100.0"}, {"1E2", "100.0"}, {"-0", "0"}, {"-0.0", "-0.0"},
		{"1e16", "1e+16"}, {"1e15", "1000000000000000.0"}, {"1.5e-5", "1.5e-05"},
		{"0.0001", "0.0001"}, {"0.00001", "1e-05"}, {"1e400", "inf"}, {"-1e400", "-inf"},
		{"12345678901234567890123", "12345678901234567890123"},
		{"123456789012345678.5", "1.2345678901234568e+17"}, {"1e-400", "0.0"},
		{"9007199254740993.0", "9007199254740992.0"}, {"0.1", "0.1"}, {"1e22", "1e+22"},
		{"5e-324", "5e-324"}, {"100e-2", "1.0"}, {"-0e-5", "-0.0"}, {"1", "1"}, {"-12", "-12"},
		{"123456789.123456789e3", "123456789123.45679"},
	} {
		for _, form := range []string{"%s", "[%s]", `[%s, "~"]`} {
			want := "v=" + c.python
			if form == `[%s, "~"]` {
				want += ",~" // "~" sorts after any number
			}
			for _, raw := range []bool{false, true} {
				if got, _ := readVariantV(t, raw, json.RawMessage(fmt.Sprintf(form, c.json))); got != want {
					t.Errorf("raw %v: v %s read %q, want %q", raw, fmt.Sprintf(form, c.json), got, want)
				}
			}
		}
	}
	// Spack prints a number and the string of its digits apart but where
	// str gives the digits back: [1] and ["1"] alike, 1.00 and "1.00"
	// apart.
	for _, c := range []struct {
		a, b  string
		alike bool
	}{
		{"1.00", `"1.00"`, false}, {"[1.00]", `["1.00"]`, false}, {"1e2", `"1e2"`, false},
		{"[-0]", `["-0"]`, false}, {"[1]", `["1"]`, true}, {"1.0", `"1.0"`, true}, {"[1.0]", "[1.00]", true},
	} {
		a, _ := readVariantV(t, false, json.RawMessage(c.a))
		b, _ := readVariantV(t, false, json.RawMessage(c.b))
		if (a == b) != c.alike {
			t.Errorf("v %s read %q and v %s %q; want alike %v, as Spack prints them", c.a, a, c.b, b, c.alike)
		}
	}
}

// TestVariantObjectRefused (class b/e): a variant given an object, "v":
// {}, was skipped, read as a node without v and the file loaded with no
// word of it, where [{}] and [[1]] refuse the file, naming the spec and
// the variant. An object is refused as they are, in a lockfile, a spec
// file and an index alike, its message naming the file, the spec (by
// its place in the file) and the variant, and so is a compiler flag
// given one.
func TestVariantObjectRefused(t *testing.T) {
	const h = "rqh2vuf6fqwkmipzgi2wjx352mq7y7ez"
	for _, c := range []struct{ key, param, at string }{
		{"v", `{}`, "parameters.v: want a value, not an object"},
		{"v", `{"a": 1}`, "parameters.v: want a value, not an object"},
		{"cflags", `{}`, "parameters.cflags: want a list of flags, as Spack writes them, not an object"},
		{"v", `[{}]`, "parameters.v[0]: want a value, not an object"},
		{"v", `[[1]]`, "parameters.v[0]: want a value, not an array"},
	} {
		node := `{"name":"zlib","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"9"},"parameters":{"` + c.key + `":` + c.param + `},"hash":"` + h + `"}`
		for _, f := range []struct{ name, data, spec string }{
			{"spack.lock", `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[{"hash":"` + h + `","spec":"zlib"}],"concrete_specs":{"` + h + `":` + node + `}}`, "concrete_specs." + h + "."},
			{"zlib.spec.json", `{"spec":{"_meta":{"version":4},"nodes":[` + node + `]}}`, "spec.nodes[0]."},
			{"index.json", `{"database":{"version":"7","installs":{"` + h + `":{"spec":` + node + `,"ref_count":0,"in_buildcache":true}}}}`, "database.installs." + h + ".spec."},
		} {
			p := filepath.Join(t.TempDir(), f.name)
			if err := os.WriteFile(p, []byte(f.data), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Load(p, Options{})
			if err == nil || !strings.Contains(err.Error(), f.name+": ") || !strings.Contains(err.Error(), f.spec+c.at) {
				t.Errorf("%s of %q: %s: err %v; want it to name the file and %q", f.name, c.key, c.param, err, f.spec+c.at)
			}
		}
	}
}
