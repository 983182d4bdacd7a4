package diff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestLawMessagesQuoteInASCII (issue 35, classes a and e): a law's
// message quotes a report's value in ASCII, cut with the mark of its
// digest inside the quotes (shortValue, quotedEnum): quoted with %q, a
// path that "ends at "zlіb"" (its і Cyrillic) read as one that ends at
// its cause "zlib", and cut with "…" alone, two values alike for 60
// characters read alike.
func TestLawMessagesQuoteInASCII(t *testing.T) {
	removed := func(name, old string) Cause {
		return Cause{Name: name, OldHash: old, Changes: []Change{{Kind: "removed", From: "zlib@1"}}}
	}
	err := CheckCauseListOrder(&Report{Causes: &Causes{Table: []Cause{removed("zl\u0456b", "bbbb"), removed("zlib", "aaaa")}}})
	if want := `"zlib" "aaaa" → "" after "zl\u0456b" "bbbb" → ""`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%v; want %s", err, want)
	}
	long := strings.Repeat("x", 70)
	for _, c := range []struct {
		got, want string
	}{
		{fmt.Sprintf("%q %s", shortValue("\u0430dded"), shortValue("zl\u0456b")), `"\u0430dded" "zl\u0456b"`},
		{fmt.Sprintf("%q", shortValue(long+"1")), `"` + long[:52] + cutmark.Of(long+"1") + `"`},
		{quotedJoin([]string{"a", "b\u0430"}, " → "), `"a" → "b\u0430"`},
		{lawf("stacks[0]", "%q", shortValue("x\ny")).Error(), `stacks[0]: "x\ny"`},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
	if a, b := fmt.Sprintf("%q", shortValue(long+"1")), fmt.Sprintf("%q", shortValue(long+"2")); a == b {
		t.Errorf("two values alike for 70 characters read alike: %s", a)
	}
}

// TestNewsLawQuotesInASCII (issue 35, classes a and e): the law that
// highlights hold each new package and each facet value that appeared
// names them as the other laws do (shortValue): with %q a package
// "zl\u0456b" (its і Cyrillic) read as zlib, and a value alike to
// another for 60 characters was written whole.
func TestNewsLawQuotesInASCII(t *testing.T) {
	long := strings.Repeat("x", 70)
	pkg := &Report{Highlights: []Highlight{}, Packages: []Package{{Name: "zl\u0456b", Status: Added}}}
	facet := &Report{Highlights: []Highlight{}}
	facet.Facets.OS.Added = []string{long + "\u0430"}
	for _, c := range []struct {
		r    *Report
		want string
	}{
		{pkg, `for package "zl\u0456b"`},
		{facet, `for os "` + long[:52] + cutmark.Of(long+"\u0430") + `"`},
	} {
		if err := c.r.checkNews(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v; want %s", err, c.want)
		}
	}
}
