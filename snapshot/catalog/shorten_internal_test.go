package catalog

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestShortenInvalidBytesKept (issue 35, class e): a value of bytes that
// start no UTF-8 character (0x80 …) was cut to nothing, "…", in a
// warning: the walk back to a character's start went past them all.
// Such bytes keep their first n; a character is still never cut inside.
func TestShortenInvalidBytesKept(t *testing.T) {
	for _, s := range []string{strings.Repeat("\x80", 100), "ab" + strings.Repeat("\xbf", 90)} {
		if got, want := shorten(s, 80), s[:80]+"…"; got != want {
			t.Errorf("shorten(%q, 80) = %q, want %q", s, got, want)
		}
	}
	if got := shorten(strings.Repeat("\x80", 79)+"é"+"xx", 80); got != strings.Repeat("\x80", 79)+"…" {
		t.Errorf("shorten cut inside é: %q", got)
	}
}

// TestMetaLookalikeQuotedInASCII (issue 35, class e): specs of the
// compiler gсc@13.3.0 (its c Cyrillic) on a page whose meta lists
// gcc@13.3.0 were warned of as `meta compilers lacks "gсc@13.3.0"` and
// `meta lists compilers "gcc@13.3.0" that no spec has`, the same text
// twice. A value not ASCII is quoted in ASCII, in the lists and in the
// counts of stacks; one cut keeps its "…" inside the quotes.
func TestMetaLookalikeQuotedInASCII(t *testing.T) {
	specs := []snapshot.Spec{{Hash: "h", Versions: []string{"1.0"}, Compiler: "g\u0441c@13.3.0", Stacks: []string{"root", "e4\u0455"}}}
	m := meta{Compilers: []string{"gcc@13.3.0"}, NumSpecsByStack: map[string]int{"root": 1, "e4\u0455": 2}}
	got := strings.Join(checkMeta(&m, specs, false), "\n")
	for _, want := range []string{`meta compilers lacks "g\u0441c@13.3.0"`, `meta lists compilers "gcc@13.3.0"`, `num_specs_by_stack["e4\u0455"] is 2`} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings %q; want %s in them", got, want)
		}
	}
	if got, want := quoteValue(strings.Repeat("\u0441", 50)), `"`+strings.Repeat(`\u0441`, 40)+`…"`; got != want {
		t.Errorf("quoteValue = %s, want %s", got, want)
	}
}
