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

// TestViewsQuoteVersionNamesWithArrow (issue 35 class a): a highlight's
// package was named as it is, so the package "zl → ib" whose version
// moved read "zl → ib 1.0 → 2.0 (upgraded)": two arrows, the first no
// change. A cause's words quote such a name (TestCauseTextNameWithArrow);
// a highlight's names are quoted likewise where one holds an arrow or
// reads as ∅ (report.NamesQuoted), in every view, and the text view
// still paints the name it quotes.
func TestViewsQuoteVersionNamesWithArrow(t *testing.T) {
	for _, c := range []struct{ name, words string }{
		{"zl → ib", `"zl → ib" 1.0 → 2.0 (upgraded)`},
		{"∅", `"∅" 1.0 → 2.0 (upgraded)`},
		{"zlib", "zlib 1.0 → 2.0 (upgraded)"},
	} {
		r := reporttest.OnePackage(c.name)
		p := &r.Packages[0]
		p.Versions = diff.VersionChange{Old: []string{"1.0"}, New: []string{"2.0"}, Added: []string{"2.0"}, Removed: []string{"1.0"}, Direction: diff.Upgraded}
		r.Highlights = []diff.Highlight{{Kind: diff.HighlightVersion, Packages: []string{c.name}, Versions: &p.Versions}}
		if got := report.NewsText(r.Highlights[0], -1); got != c.words {
			t.Errorf("NewsText of %q = %q, want %q", c.name, got, c.words)
		}
		for _, f := range report.Formats() {
			if f.Name == "json" || f.Name == "patch" {
				continue // no words
			}
			var buf bytes.Buffer
			if err := f.Render(&buf, r, report.Options{Width: 200}); err != nil {
				t.Fatal(err)
			}
			doc := buf.String()
			if f.Name == "atom" {
				doc = html.UnescapeString(html.UnescapeString(doc))
			} else if f.Name == "html" {
				doc = html.UnescapeString(doc)
			}
			if !strings.Contains(doc, c.words) {
				t.Errorf("--format %s: no %q in\n%s", f.Name, c.words, doc)
			}
		}
		var buf bytes.Buffer
		text, _ := report.Lookup("text")
		if err := text.Render(&buf, r, report.Options{Width: 200, Color: true}); err != nil {
			t.Fatal(err)
		}
		if name, _, _ := strings.Cut(c.words, " 1.0"); !strings.Contains(buf.String(), "\x1b[1m"+name+"\x1b[0m 1.0") {
			t.Errorf("--format text --color: %s not painted in\n%q", name, buf.String())
		}
	}
}
