package lookalike

import "testing"

// TestNames: each function quotes what reads like another value and
// leaves any other as it is.
func TestNames(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Pair("bc", "bc2"), "bc"},
		{Pair("bc", "bс"), `"bc"`},
		{Pair("bс", "bc"), `"b\u0441"`},
		{Facet("ubuntu22.04", "ubuntu22.04 "), `"ubuntu22.04"`},
		{Facet("ubuntu22.04 ", "ubuntu22.04"), `"ubuntu22.04 "`},
		{Facet("gcc@12", "gсc@12"), `"gcc@12"`},
		{Facet("gcc@12", "gcc@13"), "gcc@12"},
		{Value("gcc@12"), "gcc@12"},
		{Value("gсc@12"), `"g\u0441c@12"`},
		{Value("x\ny"), `"x\ny"`},
		{Value(" x"), `" x"`},
		{Value("a\x7f"), `"a\x7f"`},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
}
