package builtin_test

import (
	"bytes"
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestQuotedWordControlEscapedOnce (issue 35 class a): a list quoted by
// Go word by word (listops.Word: a spec's variants, a variant with a
// space or a control character quoted; diff.JoinVersions: an updated
// pair's versions) leaves a control character for the view to escape
// once (report.Words), as a quoted label or value does (report.Quote).
// Quoted by Go, the variant "+a\nb" (a newline inside) read "+a\\nb"
// in Markdown's and HTML's rows, their line of variants every spec has,
// a cause's changes in every view's news, and Markdown's updated pairs
// and its table of updates (diff.UpdateGroup):
// the variant, then a backslash and an n. Each still reads apart from
// its twin of a backslash and an n. The versions are lists of two, as
// diff.JoinVersions quotes them, each item after ", " (report.FacetWords):
// read by the variants' separator, a space, the list read as no list.
func TestQuotedWordControlEscapedOnce(t *testing.T) {
	render := func(f report.Format, nl string) string {
		r := reporttest.OnePackage("zlib")
		p := &r.Packages[0]
		p.Specs.Rebuilt[0].New.Variants = []string{"+a" + nl + "b", "+c"}
		p.Specs.Rebuilt[0].Old.Variants = []string{"+d"}
		p.SharedVariants = []string{"+s" + nl + "t"}
		u := p.Specs.Rebuilt[0]
		u.Facet, u.From, u.To = "variants", strconv.Quote("+h"+nl+"i"), "+j" // as the engine writes them
		v := p.Specs.Rebuilt[0]
		v.Facet, v.From, v.To = "version", strconv.Quote("1,"+nl+"0")+`, "1.5"`, `"2"` // two versions, quoted as diff.JoinVersions quotes them
		p.Specs.Updated = []diff.Pair{u, v}
		r.Updates = []diff.UpdateGroup{{Facet: "variants", From: strconv.Quote("+k" + nl + "l"), To: "+m", Specs: 1, Packages: []string{"zlib"}},
			{Facet: "version", From: strconv.Quote("3,"+nl+"0") + `, "3.5"`, To: `"4"`, Specs: 1, Packages: []string{"zlib"}}}
		r.Highlights = []diff.Highlight{{Kind: diff.HighlightCause, Packages: []string{"zlib", "zz"}, Count: 2,
			Changes: []diff.Change{{Kind: "variants", From: strconv.Quote("+e" + nl + "f"), To: "+g"}}}}
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
	for _, c := range []struct {
		format string
		words  []string // each quoted, then a newline
	}{
		{"md", []string{`"+a`, `"+s`, `"+e`, `"+h`, `"1,`, `"+k`, `"3,`}},
		{"html", []string{`"+a`, `"+s`, `"+e`}},
		{"text", []string{`"+e`}},
		{"atom", []string{`"+e`}},
	} {
		f, ok := report.Lookup(c.format)
		if !ok {
			t.Fatalf("no format %s", c.format)
		}
		escaped, twice := `\n`, `\\n`
		if c.format == "md" { // a backslash escaped for Markdown
			escaped, twice = `\\n`, `\\\\n`
		}
		out := render(f, "\n")
		for _, w := range c.words {
			if !strings.Contains(out, w+escaped) || strings.Contains(out, w+twice) {
				t.Errorf("--format %s: %s and a newline not written %s%s once:\n%s", c.format, w, w, escaped, out)
			}
		}
		if out == render(f, `\n`) {
			t.Errorf("--format %s: a variant's newline and its backslash and n read alike:\n%s", c.format, out)
		}
	}
}
