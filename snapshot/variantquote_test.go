package snapshot

import "testing"

// TestQuotedVariantValueDistinct (issue 35 class a): the variant-quotes
// rule stripped quotes until none was left, for the catalogue's pages,
// which write a value that needs quoting in one pair (languages='c,c++').
// A lockfile's value that holds quotes read as a bare one: the string
// "\"x\"" as ["x"] (v=x), and ["a'","'b"], sorted to 'b,a', as ["a","b"].
// Values Spack tells apart read apart now; values Spack prints alike
// (["a","b"] and "a,b") still read alike.
func TestQuotedVariantValueDistinct(t *testing.T) {
	params := []any{
		[]string{"x"},
		`"x"`,
		`'x'`,
		[]string{"a'", "'b"},
		[]string{"a", "b"},
		`'a,b'`,
		`a'"b`,
		`a'\"b`,
		[]string{`a'`, `"b`},
	}
	seen := map[string]any{}
	for _, p := range params {
		v, ok := readVariantV(t, false, p)
		if !ok {
			t.Fatalf("%q: no variant v", p)
		}
		if q, dup := seen[v]; dup {
			t.Errorf("%q and %q both read %q", q, p, v)
		}
		seen[v] = p
		if again := Canonical("variant", v); again != v {
			t.Errorf("%q read %q, which canonicalizes again to %q", p, v, again)
		}
	}
	for _, same := range [][2]any{
		{[]string{"a", "b"}, "a,b"},
		{[]string{"b", "a"}, "a,b"},
		{[]string{"b'", "a'"}, []string{"a'", "b'"}},
		{[]string{`"x"`}, `"x"`},
		{[]string{"'a", "b'"}, "'a,b'"},
	} {
		a, _ := readVariantV(t, false, same[0])
		b, _ := readVariantV(t, false, same[1])
		if a != b {
			t.Errorf("%q read %q, %q read %q: Spack prints them alike", same[0], a, same[1], b)
		}
	}
	// The pages' spelling still reads bare.
	for in, want := range map[string]string{
		"languages='c,c++'": "languages=c,c++",
		`languages="c++,c"`: "languages=c,c++",
		`v='"x"'`:           `v='"x"'`,
		`cflags="-O2 -g"`:   "cflags=-O2 -g",
		"a='b','a'":         "a='b','a'",
	} {
		if got := Canonical("variant", in); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
}
