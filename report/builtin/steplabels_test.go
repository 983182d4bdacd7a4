package builtin_test

import (
	"bytes"
	"html"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestStepTitlesQuoteLabels (issue 35 class a): a step's title, "new ·
// subject (from old)", wrote its snapshots' labels as they are: the step
// to "x (from y)" from "a (b" read "x (from y) (from a (b)", as a step
// to x from "y) (from a (b", and the label "c · d" as the snapshot c
// with the subject d. A label holding a parenthesis, "·" or a quote is
// quoted (report.StepLabel) in every log view's step titles: Markdown's
// and HTML's table and headings, text's step heads, a feed entry's
// content.
func TestStepTitlesQuoteLabels(t *testing.T) {
	for _, name := range []string{"md", "text", "html", "atom"} {
		f, ok := report.Lookup(name)
		if !ok {
			t.Fatalf("no format %s", name)
		}
		snaps := reporttest.GenSeries(8, 20, 3)
		tags := []string{"a (b", "x (from y)", "c · d"}
		for i, s := range snaps {
			s.Tag = tags[i]
			for _, p := range s.Packages {
				p.Origin.Tag = tags[i]
			}
		}
		var buf bytes.Buffer
		l := f.Log(&buf, report.LogOptions{})
		s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
			func(i int, r *diff.Report) error { return l.Step(r) })
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Finish(s); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		for range 2 { // the feed's content is HTML escaped twice
			out = html.UnescapeString(out)
		}
		out = strings.ReplaceAll(out, "\u00a0", " ")
		out = strings.NewReplacer("<b>", "", "</b>", "", `\(`, "(", `\)`, ")").Replace(out)
		for _, want := range []string{`"x (from y)" (from "a (b")`, `"c · d" (from "x (from y)")`} {
			if !strings.Contains(out, want) {
				t.Errorf("--format %s: no step titled %s:\n%s", name, want, out)
			}
		}
		if strings.Contains(out, "x (from y) (from") || strings.Contains(out, "c · d (from") {
			t.Errorf("--format %s: a step's title writes a label unquoted:\n%s", name, out)
		}
	}
}
