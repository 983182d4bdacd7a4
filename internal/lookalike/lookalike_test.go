package lookalike

import "testing"

// TestNames: each function quotes what reads like another value and
// leaves any other as it is.
func TestNames(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Pair("bc", "bc2"), "bc"},
		{Pair("bc", "bс"), `"bc"`},
		{Pair("bс", "bc"), `"b\u0441"`},
		{Pair("ubuntu22.04", "ubuntu22.04 "), `"ubuntu22.04"`},
		{Pair("ubuntu22.04 ", "ubuntu22.04"), `"ubuntu22.04 "`},
		{Pair("gcc@12", "gсc@12"), `"gcc@12"`},
		{Pair("gcc@12", "gcc@13"), "gcc@12"},
		{Pair("gcc\x01", "gcc"), `"gcc\x01"`},
		{Pair(`"g\u0441c"`, "gcc"), `"\"g\\u0441c\""`},
		{Pair(`g"cc`, "gcc"), `g"cc`},
		{Value("gcc@12"), "gcc@12"},
		{Value("gсc@12"), `"g\u0441c@12"`},
		{Value("x\ny"), `"x\ny"`},
		{Value(" x"), `" x"`},
		{Value("a\x7f"), `"a\x7f"`},
		{Value(`"x"`), `"\"x\""`},
		{Item("+a"), "+a"},
		{Item("v=x +w"), `"v=x +w"`},
		{Item(""), `""`},
		{Item(`"+a"`), `"\"+a\""`},
		{Item("+а"), `"+\u0430"`},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
}

// TestValuesReadApart (issue 35 class a): two values never read alike.
// A value that starts with a quote was written as it is while one of
// lookalike characters was quoted: a compiler spelled "g\u0441c",
// quotes and backslash its own, read as gсc, its с Cyrillic; Pair also
// wrote "gcc " as gcc and a control character raw.
func TestValuesReadApart(t *testing.T) {
	values := []string{"gcc", "gсc", `"g\u0441c"`, `"gcc"`, "gcc ", " gcc", "gcc\x01", `gcc\x01`,
		`"gcc\x01"`, "", `""`, `"`, "g\"cc", "v=x +w", `"v=x +w"`, "\"v=x +w\" +a", `\"gcc\"`}
	for _, other := range []string{"gcc", "gсc", "gcc "} {
		for name, f := range map[string]func(string) string{
			"Value": Value,
			"Item":  Item,
			"Pair":  func(v string) string { return Pair(v, other) },
		} {
			seen := map[string]string{}
			for _, v := range values {
				got := f(v)
				if w, ok := seen[got]; ok {
					t.Errorf("%s (beside %q): %q and %q both read %s", name, other, v, w, got)
				}
				seen[got] = v
			}
		}
	}
}
