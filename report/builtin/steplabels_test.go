package builtin_test

import (
	"html"
	"strings"
	"testing"
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
		out := taggedLog(t, name, "a (b", "x (from y)", "c · d")
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
