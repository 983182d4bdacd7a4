package catalog

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/snapshot"
)

// TestShortenInvalidBytesKept (issue 35, class e): a value of bytes that
// start no UTF-8 character (0x80 …) was cut to nothing, "…", in a
// warning: the walk back to a character's start went past them all.
// Such bytes keep their first n; a character is still never cut inside.
func TestShortenInvalidBytesKept(t *testing.T) {
	for _, s := range []string{strings.Repeat("\x80", 100), "ab" + strings.Repeat("\xbf", 90)} {
		if got, want := shorten(s, 80), s[:80]+cutmark.Of(s); got != want {
			t.Errorf("shorten(%q, 80) = %q, want %q", s, got, want)
		}
	}
	if v := strings.Repeat("\x80", 79) + "é" + "xx"; shorten(v, 80) != strings.Repeat("\x80", 79)+cutmark.Of(v) {
		t.Errorf("shorten cut inside é: %q", shorten(v, 80))
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
	long := strings.Repeat("\u0441", 50)
	if got, want := quoteValue(long), `"`+strings.Repeat(`\u0441`, 40)+cutmark.Of(long)+`"`; got != want {
		t.Errorf("quoteValue = %s, want %s", got, want)
	}
}

// TestShortenCutsApart (issue 35, class a): a value cut for a warning
// ended with "…" alone, so two values alike for their first 80 bytes
// (a page's meta values, a key's raw JSON) read alike, in the warning
// and quoted (quoteValue). The cut ends with the mark of the whole
// value (cutmark.Of).
func TestShortenCutsApart(t *testing.T) {
	a, b := strings.Repeat("x", 90)+"1", strings.Repeat("x", 90)+"2"
	if shorten(a, 80) == shorten(b, 80) {
		t.Errorf("shorten(%q) and shorten(%q) both %q", a, b, shorten(a, 80))
	}
	if quoteValue(a) == quoteValue(b) {
		t.Errorf("quoteValue of two values differing past the cut both %s", quoteValue(a))
	}
}

// TestMetaLongValuesCutApart (lead (b) of the pass over the loaders: a
// warning that cuts a name reads it apart from one alike in its first
// bytes): quoteValue marked a cut with "…" alone, so that a page whose
// meta lists a stack of 90 x's and a 1, and whose specs are in one of 90
// x's and a 2, was warned `meta lists stacks "xx…x…" that no spec has`
// beside `meta stacks lacks "xx…x…", which specs have`, the same name
// twice. The cut is marked with cutmark.Of, the digest of the whole.
func TestMetaLongValuesCutApart(t *testing.T) {
	a, b := strings.Repeat("x", 90)+"1", strings.Repeat("x", 90)+"2"
	specs := []snapshot.Spec{{Hash: "h", Versions: []string{"1.0"}, Compiler: "gcc@13", Stacks: []string{b}}}
	m := meta{Stacks: []string{a}}
	ws := checkMeta(&m, specs, false)
	var lists, lacks string
	for _, w := range ws {
		if q, ok := strings.CutPrefix(w, "meta lists stacks "); ok {
			lists, _, _ = strings.Cut(q, " that")
		}
		if q, ok := strings.CutPrefix(w, "meta stacks lacks "); ok {
			lacks, _, _ = strings.Cut(q, ", which")
		}
	}
	if lists == "" || lacks == "" || lists == lacks || !strings.HasSuffix(lists, cutmark.Of(a)+`"`) || len(lists) > 120 {
		t.Errorf("warnings %q: the stack meta lists reads %s, the one it lacks %s; want each cut apart, marked with cutmark.Of", ws, lists, lacks)
	}
}
