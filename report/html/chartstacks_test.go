package html

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// chartText is what a chart writes of its data: its labels, its marks'
// titles, its legend and its table, one line each.
func chartText(c *htmlChart) string {
	var l []string
	for _, t := range c.Labels {
		l = append(l, "label "+t.Text)
	}
	for _, m := range c.Marks {
		l = append(l, "title "+m.Title)
	}
	for _, g := range c.Legend {
		l = append(l, "legend "+g.Name)
	}
	l = append(l, "head "+strings.Join(c.Table.Head, " | "))
	for _, r := range c.Table.Rows {
		l = append(l, "row "+strings.Join(r, " | "))
	}
	return strings.Join(l, "\n")
}

// TestChartsTellStacksFromTheirWords (issue 35 class a): the charts of
// stacks name a stack as it is, beside the names of their own making:
// "(no stack)" for the specs in none and "other stacks (K)" for those
// past the top. A spec in the stack "(no stack)" drew the bar of a spec
// in none (the chart alike), the stack "other stacks (1)" a bar of the
// stacks past the top, and on a log's lines the stack "s at a" at the snapshot b
// was titled "s at a at b: 1 spec", as the stack s at the snapshot "a
// at b". A stack is quoted as names beside parentheses are
// (report.PartsQuoted), and a snapshot after "at" as a run's ends are
// (report.RunLabelsQuoted).
func TestChartsTellStacksFromTheirWords(t *testing.T) {
	bars := func(stacks ...[]string) string {
		r := reporttest.OnePackage("zlib")
		p := &r.Packages[0]
		one := p.Specs.Rebuilt[0]
		p.Specs.Rebuilt = nil
		for i, s := range stacks {
			o, n := *one.Old, *one.New
			o.Hash, n.Hash = strings.Repeat(string(rune('a'+i%20)), 32), strings.Repeat(string(rune('a'+i%20)), 31)+"z"
			o.Stacks, n.Stacks = s, s
			p.Specs.Rebuilt = append(p.Specs.Rebuilt, diff.Pair{Old: &o, New: &n})
		}
		for _, c := range pairCharts(r) {
			if c.ID == "stacks" {
				return chartText(c)
			}
		}
		t.Fatalf("no chart of stacks for %q", stacks)
		return ""
	}
	if r, w := bars([]string{"(no stack)"}), bars(nil); r == w {
		t.Errorf("the bars of the stack \"(no stack)\" and of no stack read alike:\n%s", r)
	}
	if got := bars([]string{"(no stack)"}); !strings.Contains(got, `label "(no stack)"`) || !strings.Contains(got, `title "(no stack)": 1 rebuilt`) {
		t.Errorf("the stack \"(no stack)\" is not quoted:\n%s", got)
	}
	// Both in one report: two bars, not one of 2 rebuilt.
	if got := bars([]string{"(no stack)"}, nil); !strings.Contains(got, `row "(no stack)" | 0 | 0 | 1 | 0`) || !strings.Contains(got, "row (no stack) | 0 | 0 | 1 | 0") {
		t.Errorf("the stack \"(no stack)\" and no stack are not two bars:\n%s", got)
	}
	// The bar of the stack "other stacks (1)" read as the bar of the
	// stacks past the top (one of them).
	if got := bars([]string{"other stacks (1)"}); !strings.Contains(got, `row "other stacks (1)" | 0 | 0 | 1 | 0`) {
		t.Errorf("the stack \"other stacks (1)\" is not quoted:\n%s", got)
	}
	lines := func(stack, label string) string {
		names, values := stackLines([][]stackSpecs{{{stack, 1}}, {{stack, 1}}}, htmlTopLines)
		labels := []string{"a0", label}
		return chartText(lineChart("stack-specs", "Specs per stack", "specs", names, values, labels, runLabels(labels)))
	}
	read := map[string]string{}
	for _, c := range [][2]string{{"s at a", "b"}, {"s", "a at b"}, {"other stacks (1)", "b"}} {
		got := lines(c[0], c[1])
		for _, l := range strings.Split(got, "\n") {
			if !strings.HasPrefix(l, "title ") || strings.Contains(l, " a0: ") {
				continue
			}
			if other, ok := read[l]; ok {
				t.Errorf("the stack %q at %q and %s read alike: %s", c[0], c[1], other, l)
			}
			read[l] = strconv.Quote(c[0]) + " at " + strconv.Quote(c[1])
		}
	}
	if got := lines("other stacks (1)", "b"); !strings.Contains(got, `legend "other stacks (1)"`) {
		t.Errorf("the stack \"other stacks (1)\" is not quoted on the lines:\n%s", got)
	}
}
