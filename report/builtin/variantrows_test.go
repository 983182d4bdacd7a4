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

// TestSpecRowVariantEscapedOnce (issue 35 class c): an added spec's
// variants in Markdown's and HTML's rows and in the Markdown log's one
// table of a step's specs (specTable), and a rebuilt pair's variants
// left as they were in HTML's row, are a list quoted by Go word by word
// (listops.Word) quoted again as Quote quotes it (report.Words), a
// control character left for the view to escape once, as
// TestQuotedWordControlEscapedOnce holds for the other rows: the
// variant "+p\nq" read "+p\\nq", +p then a backslash and an n.
func TestSpecRowVariantEscapedOnce(t *testing.T) {
	render := func(format string) string {
		r := reporttest.OnePackage("zlib")
		p := &r.Packages[0]
		added := *p.Specs.Rebuilt[0].New
		added.Hash, added.Variants = "cccccccccccccccccccccccccccccccc", []string{"+p\nq", "zlib"}
		p.Specs.Added = []diff.Spec{added}
		p.Counts.Added, p.Counts.New, r.Summary.Specs.Added, r.Summary.Specs.New = 1, 2, 1, 2
		p.Specs.Rebuilt[0].Old.Variants = []string{"+r\ns", "zlib"}
		p.Specs.Rebuilt[0].New.Variants = []string{"+r\ns", "zlib"}
		// A log's step writes its specs in one table (the Markdown
		// log's specTable), not a pair's rows.
		out := renderAs(t, format, r, report.Options{Width: 200})
		if strings.HasSuffix(format, " log") {
			return out
		}
		return html.UnescapeString(out)
	}
	for _, c := range []struct {
		format, escaped, twice string
		words                  []string
	}{
		{"md", `\\n`, `\\\\n`, []string{`"+p`}},
		{"md log", `\\n`, `\\\\n`, []string{`"+p`}},
		{"html", `\n`, `\\n`, []string{`"+p`, `"+r`}},
	} {
		out := render(c.format)
		for _, w := range c.words {
			if !strings.Contains(out, w+c.escaped) || strings.Contains(out, w+c.twice) {
				t.Errorf("--format %s: %s and a newline not written %s%s once:\n%s", c.format, w, w, c.escaped, out)
			}
		}
	}
}

// renderAs is r rendered in format, or, for a format named "F log", as
// the one step of a log of two snapshots written in F.
func renderAs(t *testing.T, format string, r *diff.Report, o report.Options) string {
	t.Helper()
	var b bytes.Buffer
	if log, ok := strings.CutSuffix(format, " log"); ok {
		w, err := report.NewLogWriter(log, &b, report.LogOptions{Options: o})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Step(r); err != nil {
			t.Fatal(err)
		}
		if err := w.Finish(&diff.Series{Snapshots: []diff.SnapshotInfo{{Path: "old", Tag: "a"}, {Path: "new", Tag: "b"}}, Timeline: &diff.Timeline{}}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	f, ok := report.Lookup(format)
	if !ok {
		t.Fatalf("no format %s", format)
	}
	if err := f.Render(&b, r, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
