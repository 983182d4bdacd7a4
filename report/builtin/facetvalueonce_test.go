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

// TestFacetValueControlEscapedOnce (issue 35 class a): a facet's value
// named in a highlight ("new target x: 1 spec of zlib"), quoted where
// it reads like another (lookalike.Value: a control character, a
// lookalike), leaves a control character for the view to escape once,
// as a quoted version or label does (report.Quote). Quoted by Go first,
// the target "x\n" (a newline at its end) read "x\\n" in every view's
// news, and the compiler "gсc\n" (its с Cyrillic) "g\u0441c\\n": the
// value, then a backslash and an n. Each still reads apart from its
// twin of a backslash and an n.
func TestFacetValueControlEscapedOnce(t *testing.T) {
	render := func(f report.Format, nl string) string {
		r := reporttest.OnePackage("zlib")
		r.Highlights = []diff.Highlight{
			{Kind: diff.HighlightAppeared, Facet: "target", Value: "x" + nl, Packages: []string{"zlib"}, Specs: &diff.OldToNew{New: 1}},
			{Kind: diff.HighlightVanished, Facet: "compiler", Value: "gсc" + nl, Packages: []string{"zlib"}, Specs: &diff.OldToNew{Old: 1}},
		}
		var b bytes.Buffer
		if err := f.Render(&b, r, report.Options{Width: 200}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for range 2 { // a feed's content is HTML escaped twice
			out = html.UnescapeString(out)
		}
		return out
	}
	checked := 0
	for _, f := range report.Formats() {
		if f.Name == "json" || f.Name == "patch" { // the patch names no highlight
			continue
		}
		escaped, twice := `\n"`, `\\n"`
		if f.Name == "md" { // a backslash escaped for Markdown
			escaped, twice = `\\n"`, `\\\\n"`
		}
		out := render(f, "\n")
		for _, v := range []string{`target "x`, `compiler "g\u0441c`} {
			if f.Name == "md" {
				v = strings.ReplaceAll(v, `\`, `\\`)
			}
			checked++
			if !strings.Contains(out, v+escaped) || strings.Contains(out, v+twice) {
				t.Errorf("--format %s: %s and a newline not written %s%s once:\n%s", f.Name, v, v, escaped, out)
			}
		}
		if out == render(f, `\n`) {
			t.Errorf("--format %s: a value's newline and its backslash and n read alike:\n%s", f.Name, out)
		}
	}
	if checked < 8 {
		t.Errorf("%d values checked in the views, want 8 or more (text, md, html, atom)", checked)
	}
}
