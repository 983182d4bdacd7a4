package builtin_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/text"
)

// TestRootLabelsLookalikeQuoted (issue 35 class a): what tells roots of
// one spelling apart (diff.RootsApart: a facet's value of each root's
// spec) was written as it is, though a value that is not ASCII reads as
// another (lookalike): the roots zlib of the compilers gcc and gсc (its
// с Cyrillic) read "root zlib changed: 1.3 → 1.5 %gcc@1" and "root zlib
// changed: 1.3 → 1.5 %gсc@1", alike, in the news, the headline and
// text's roots line, where the news quote such a value of a coverage
// item or a package (lookalike.Value). Each line now quotes the label
// in ASCII ("%g\u0441c@1"; the headline's roots added quote their
// items whole besides), the engine's own arrows and marks aside.
func TestRootLabelsLookalikeQuoted(t *testing.T) {
	const cyrillic = "gсc" // с is U+0441
	for _, added := range []bool{false, true} {
		old := envLockfiles(t, "1.3", []string{"gcc", cyrillic})
		if added {
			old = envLockfilesOf(t, "other", "1.3", []string{"x"})
		}
		r := reporttest.ComparePaths(t, old, envLockfiles(t, "1.5", []string{"gcc", cyrillic}))
		lines := map[string]string{}
		lines["headline"], _ = report.RootsHeadline(r)
		lines["shown headline"], _ = report.RootsHeadlineShown(r)
		nd := report.NewDocument(r, report.Options{})
		doc := &text.Document{Document: &nd}
		lines["roots line"] = strings.Join(doc.TextCauses(), "\n")
		var news []string
		for _, h := range r.Highlights {
			if strings.HasPrefix(h.Kind, "root-") {
				news = append(news, report.NewsText(h, -1))
			}
		}
		lines["news"] = strings.Join(news, "; ")
		for k, l := range lines {
			if strings.Contains(l, cyrillic) || !strings.Contains(l, `u0441c@1`) {
				t.Errorf("added %v: the %s writes the label of the compiler g\\u0441c as it is, reading as gcc's: %s", added, k, l)
			}
		}
	}
	for _, c := range []struct{ label, want string }{
		{"%gcc@10", "%gcc@10"},
		{"/aaaaaaa → /ccccccc", "/aaaaaaa → /ccccccc"},
		{"∅", "∅"},
		{"hash /aaa…a", "hash /aaa…a"},
		{"os=rh\u0435l8", `"os=rh\u0435l8"`},
		{"os=rhel8 ", `"os=rhel8 "`},
	} {
		if got := report.ApartLabel(c.label); got != c.want {
			t.Errorf("ApartLabel(%q) = %s, want %s", c.label, got, c.want)
		}
	}
}
