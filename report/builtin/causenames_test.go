package builtin_test

import (
	"bytes"
	"html"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestViewsQuoteCauseNamesAsListItems (issue 35 class a): a cause's
// package was named as it is unless it held an arrow, and the causes
// sentence joins its causes with ", " (a root's why with "; "): the
// cause of the package "a, b" read "a, b 1.0 → 2.0 (2 specs)", as the
// causes a and b 1.0 → 2.0. A cause's name is quoted as a highlight's
// is (report.NamesQuoted), in its words and in every view's sentence
// (text's cause highlight).
func TestViewsQuoteCauseNamesAsListItems(t *testing.T) {
	for _, c := range []struct{ name, words string }{
		{"a, b", `"a, b" 1.0 → 2.0`},
		{"a and 1 more", `"a and 1 more" 1.0 → 2.0`},
		{"zl → ib", `"zl → ib" 1.0 → 2.0`},
		{"zlib", `zlib 1.0 → 2.0`},
	} {
		moved := []diff.Change{{Kind: "version", From: "1.0", To: "2.0"}}
		if got := report.CauseText(c.name, moved); got != c.words {
			t.Errorf("CauseText(%q) = %q, want %q", c.name, got, c.words)
		}
		added := []diff.Change{{Kind: "added", To: c.name}}
		if got, want := report.CauseText("x", added), "new dependency "+strings.TrimSuffix(c.words, " 1.0 → 2.0"); got != want {
			t.Errorf("CauseText of the new dependency %q = %q, want %q", c.name, got, want)
		}
		lock := lockfilePair(t, c.name, "1.0", "2.0")
		r := reporttest.ComparePaths(t, lock[0], lock[1])
		for _, f := range []string{"md", "html", "text"} {
			format, _ := report.Lookup(f)
			var buf bytes.Buffer
			if err := format.Render(&buf, r, report.Options{Width: 400}); err != nil {
				t.Fatal(err)
			}
			var line string
			for _, l := range strings.Split(buf.String(), "\n") {
				if strings.Contains(l, "because of") || f == "text" && strings.Contains(l, "cause: ") {
					line = html.UnescapeString(l)
				}
			}
			if !strings.Contains(line, c.words+" (2 specs)") {
				t.Errorf("--format %s: no %q in the causes line %q", f, c.words+" (2 specs)", line)
			}
		}
	}
}
