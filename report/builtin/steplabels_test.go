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

// TestHTMLLogNewsQuoteStepLabels (issue 35 class a): the HTML log's
// news name each highlight's step as "step N (LABEL)" before its words,
// and wrote the label as it is, where a step's title quotes it
// (report.StepLabel): the label "a) new package b (c" before the news
// "new package d" read "step 1 (a) new package b (c) new package d", as
// the label a before news of the package "b (c) new package d". The
// label is quoted as the step's title quotes it.
func TestHTMLLogNewsQuoteStepLabels(t *testing.T) {
	out := html.UnescapeString(taggedLog(t, "html", "old", "a) new package b (c"))
	if want := `<span class="step">step 1 ("a) new package b (c")</span>`; !strings.Contains(out, want) {
		t.Errorf("no news of step 1 as %s in\n%s", want, out)
	}
	if strings.Contains(out, `(a) new package b (c)</span>`) {
		t.Errorf("a step of the news names its label unquoted:\n%s", out)
	}
}

// TestHTMLStepBarsQuoteLabels (issue 35 class a): the HTML log's chart
// of changed specs titles each bar "step N (LABEL): 3 added", and wrote
// the label as it is where the news of the step and its title quote it
// (report.StepLabel): the label "a) new package b (c" read "step 1 (a)
// new package b (c): …" in the chart and "step 1 ("a) new package b
// (c")" in the news. The bars, the chart's table and the news now name
// a step alike.
func TestHTMLStepBarsQuoteLabels(t *testing.T) {
	out := html.UnescapeString(taggedLog(t, "html", "old", "a) new package b (c"))
	_, chart, ok := strings.Cut(out, `id="chart-steps"`)
	if !ok {
		t.Fatalf("no chart of steps in\n%s", out)
	}
	if want := `step 1 ("a) new package b (c"): `; !strings.Contains(chart, want) {
		t.Errorf("no bar titled %s in\n%s", want, chart)
	}
	if strings.Contains(chart, "(a) new package b (c)") || strings.Contains(chart, "1 · a) new") {
		t.Errorf("a bar of the chart names its step unquoted:\n%s", chart)
	}
}
