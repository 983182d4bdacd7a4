package html

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/cutmark"
	"github.com/cachediff/cachediff/internal/memo"
	"github.com/cachediff/cachediff/report"
)

// The page's charts (issue 32), drawn here as inline SVG: no chart
// library, no script. A chart is data for html.tmpl: integer coordinates,
// CSS classes of its own and strings (labels, a <title> per mark) that
// the template escapes. Each has axis labels, a legend, a <title> per
// mark and a table with its numbers (the text equivalent).
//
// The numbers drawn are the report's own (TestHTMLNumbers checks them
// against the JSON): for a pair, the changed specs per stack (a spec
// counts in each of its stacks: an added or removed spec in the stacks
// it has, a rebuilt or updated one in its new spec's; a spec in no stack
// in noStack); for a log, the specs of each stack in each snapshot (the
// steps' stack rows) and the changed specs of each step; and the runs of
// snapshots in which each version of a package whose versions changed was
// in the cache.

const (
	// htmlTopStacks is how many stacks the bars of a pair name, those
	// with the most changes; the rest are one bar, "other stacks".
	htmlTopStacks = 12
	// htmlTopLines is how many stacks the lines of a log draw, those with
	// the most specs; the rest are one line, "other stacks".
	htmlTopLines = 6
	// htmlGanttPackages is how many packages the version timeline draws,
	// and htmlGanttRows how many rows (versions) at most: packages are
	// drawn in order while their rows fit, the first one cut to fit.
	htmlGanttPackages = 30
	htmlGanttRows     = 120
	// noStack names the stack of a spec in none.
	noStack = "(no stack)"
)

// The charts' geometry, in the units of their viewBox. Every chart is
// chartW wide; the page scales it to its width, at most 1.25 times. So
// that a chart fits a 360 px screen without scrolling and stays legible,
// the style draws its text at narrowFont units there (about 9 px at
// 360), and the layout leaves room for text of that size: labels are cut
// to fit their column (fitText), and tick labels skip ticks so as not to
// touch (tickLabels).
const (
	chartW = 600
	// narrowFont is the font size, in units, of a chart's text on a
	// narrow screen (html_style.tmpl); charW the width of a character at
	// that size, generous (a wide character counts twice).
	narrowFont = 17
	charW      = narrowFont * 65 / 100
	// labelCol is the width of the column of labels of the horizontal
	// charts (stacks, versions), plotL and plotR the plot's left and
	// right edges of the vertical ones.
	labelCol = 260
	plotL    = 80
	plotR    = 540
)

// textUnits is the width of s at narrowFont, generously: charW a
// character, twice that for a wide (East Asian) one.
func textUnits(s string) int {
	n := 0
	for _, r := range s {
		n += runeUnits(r)
	}
	return n
}

// runeUnits is the width of r at narrowFont (textUnits).
func runeUnits(r rune) int {
	if r >= 0x1100 && (r <= 0x115f || r >= 0x2e80) {
		return 2 * charW
	}
	return charW
}

// fitText cuts s to at most units wide (textUnits): to its longest
// prefix that leaves room for the cut's mark, found in one walk, since
// a prefix's width is the sum of its characters' widths (a label of
// thousands of characters is not measured again for each one it drops).
// The mark is the whole label's (report.CutMark: "…" and 8 digits of
// its digest) where the room holds it and markKeeps characters before
// it, so that two stacks or packages whose names differ past the cut
// draw their bars apart; in a narrower room, "…" alone.
//
// A label that fits but ends as one cut so ends ("…" and 8 digits,
// endsAsCut) is cut too, before that "…", with its own mark: left whole,
// the stack "ssss…1a2b3c4d" drew the label of another stack cut.
func fitText(s string, units int) string {
	digest := units >= (cutmark.Len+markKeeps)*charW
	if textUnits(s) <= units && !(digest && endsAsCut(s)) {
		return s
	}
	mark := "…"
	if digest {
		mark = report.CutMark(s)
	}
	r := []rune(s)
	if digest && endsAsCut(s) {
		r = []rune(s[:strings.LastIndex(s, "…")])
	}
	n, w := 0, 0
	for n < len(r) {
		rw := runeUnits(r[n])
		if w+rw+len([]rune(mark))*charW > units {
			break
		}
		w += rw
		n++
	}
	return cutRunes(r, n) + mark
}

// endsAsCut reports whether label s ends as one that fitText or cut
// marks with its digest: "…" and 8 hexadecimal digits.
func endsAsCut(s string) bool {
	i := strings.LastIndex(s, "…")
	if i < 0 {
		return false
	}
	d := s[i+len("…"):]
	return len(d) == cutmark.Len-1 && strings.Trim(d, "0123456789abcdef") == ""
}

// markKeeps is the fewest characters a label keeps before the mark of
// its digest (fitText, cut): in a narrower room a cut says "…" alone.
const markKeeps = 4

// cutRunes is the first n characters of r, or fewer: an escape of
// visible text (report.EscapeLen) the cut falls inside is left out
// whole ("\u0" read as another escape).
func cutRunes(r []rune, n int) string {
	s := string(r)
	return s[:report.CutBeforeEscape(s, len(string(r[:n])))]
}

// tickLabels labels the ticks at xs with texts, every tickEvery-th one
// and the last, anchored so as to stay inside the chart; a label too
// close to the last is left out.
func tickLabels(xs []int, texts []string, y int) []svgText {
	n := len(xs)
	if n == 0 {
		return nil
	}
	widest := 0
	for _, t := range texts {
		widest = max(widest, textUnits(t))
	}
	every := 1
	if n > 1 {
		// The mean spacing, as a fraction: ticks closer than a unit
		// apart still skip as many as their labels need.
		span := max(1, xs[n-1]-xs[0])
		every = max(1, ((widest+12)*(n-1)+span-1)/span)
	}
	var out []svgText
	for i := range n {
		if i != n-1 && (i%every != 0 || n-1-i < every) {
			continue
		}
		t := svgText{X: xs[i], Y: y, Text: texts[i], Anchor: "middle", Class: "tick"}
		half := textUnits(texts[i]) / 2
		switch {
		case xs[i]+half > chartW-2:
			t.X, t.Anchor = chartW-2, "end"
		case xs[i]-half < 2:
			t.X, t.Anchor = 2, "start"
		}
		out = append(out, t)
	}
	return out
}

// changeKinds are the kinds of change the bars draw, in their order.
var changeKinds = [4]string{"added", "removed", "rebuilt", "updated"}

// htmlChart is one chart.
type htmlChart struct {
	ID, Title, Desc string
	W, H            int
	Legend          []htmlLegend
	Grid            []svgLine
	Labels          []svgText
	Paths           []svgPath
	Marks           []svgMark
	Table           htmlTable
	Note            string
}

type htmlLegend struct{ Name, Class string }

type svgLine struct {
	X1, Y1, X2, Y2 int
	Class          string
}

type svgPath struct {
	Class, Points string
}

type svgText struct {
	X, Y      int
	Text      string
	Anchor    string
	Transform string
	Class     string
}

// svgMark is a rect, or a circle (Circle: X, Y its centre, W its
// radius), with its <title>.
type svgMark struct {
	Circle     bool
	X, Y, W, H int
	Class      string
	Title      string
}

// niceScale returns an axis maximum at or above m and its tick step:
// 1, 2 or 5 times a power of ten, at most five ticks.
func niceScale(m int) (top, step int) {
	if m <= 0 {
		return 1, 1
	}
	for p := 1; ; p *= 10 {
		for _, f := range [...]int{1, 2, 5} {
			s := f * p
			if (m+s-1)/s <= 5 {
				return (m + s - 1) / s * s, s
			}
		}
	}
}

// cut shortens a label to n runes, with the mark of its digest where n
// leaves markKeeps characters before it (fitText), else "…": two
// snapshots' tick labels that differ past the cut read apart.
func cut(s string, n int) string {
	digest := n >= cutmark.Len+markKeeps
	if utf8.RuneCountInString(s) <= n && !(digest && endsAsCut(s)) {
		return s
	}
	if digest {
		r := []rune(s)
		if endsAsCut(s) { // cut before its "…", as fitText cuts it
			r = []rune(s[:strings.LastIndex(s, "…")])
		}
		return cutRunes(r, min(len(r), n-cutmark.Len)) + report.CutMark(s)
	}
	return cutRunes([]rune(s), n-1) + "…"
}

// stackTally is the changes of one stack, by kind (changeKinds): of
// the stack Name, or, Own, of the specs the chart's own words Name
// stand for (noStack, "other stacks (K)").
type stackTally struct {
	Name string
	Own  bool
	N    [4]int
}

// shown is the tally's name as the chart writes it: the chart's own
// words as they are, a stack's name as stackShown writes it.
func (s stackTally) shown() string {
	if s.Own {
		return s.Name
	}
	return stackShown(s.Name)
}

// stackShown is a stack's name as the charts write it: quoted as names
// beside parentheses are (report.PartsQuoted), so that no stack reads
// as the words the charts name other specs by, "(no stack)" and "other
// stacks (K)": the stack "(no stack)" drew the bar of the specs in
// none.
func stackShown(name string) string {
	return report.ListItem(name, report.PartsQuoted([]string{name}))
}

func (s stackTally) total() int { return s.N[0] + s.N[1] + s.N[2] + s.N[3] }

// stackChanges counts the changed specs of r per stack and kind, sorted
// by most changes, then name. A lockfile's stacks are its roots, and the
// loader gives the specs under the same roots one list: the specs are
// counted in their list (by its identity, memo.List), and each list's
// counts added to its stacks once. Counted spec by spec, a hub of K
// changed packages under M roots read the M roots K times, K·M: 8.5x the
// CPU of the page for 4x the nodes.
func stackChanges(r *diff.Report) []stackTally {
	type held struct {
		stacks []string
		n      [4]int
	}
	lists := map[memo.Key]*held{}
	var order []*held // the lists, in the order first held
	count := func(stacks []string, k int) {
		key := memo.List(stacks)
		h := lists[key]
		if h == nil {
			h = &held{stacks: stacks}
			lists[key] = h
			order = append(order, h)
		}
		h.n[k]++
	}
	for i := range r.Packages {
		sp := &r.Packages[i].Specs
		for j := range sp.Added {
			count(sp.Added[j].Stacks, 0)
		}
		for j := range sp.Removed {
			count(sp.Removed[j].Stacks, 1)
		}
		for j := range sp.Rebuilt {
			count(sp.Rebuilt[j].New.Stacks, 2)
		}
		for j := range sp.Updated {
			count(sp.Updated[j].New.Stacks, 3)
		}
	}
	idx := map[stackTally]int{} // by Name and Own
	var out []stackTally
	for _, h := range order {
		stacks, own := h.stacks, false
		if len(stacks) == 0 {
			stacks, own = []string{noStack}, true
		}
		if stacksRead != nil {
			stacksRead(len(stacks))
		}
		for _, s := range stacks {
			key := stackTally{Name: s, Own: own}
			i, ok := idx[key]
			if !ok {
				i = len(out)
				idx[key] = i
				out = append(out, key)
			}
			for k := range h.n {
				out[i].N[k] += h.n[k]
			}
		}
	}
	slices.SortFunc(out, func(a, b stackTally) int {
		return cmp.Or(cmp.Compare(b.total(), a.total()), cmp.Compare(a.Name, b.Name), cmp.Compare(b.shown(), a.shown()))
	})
	return out
}

// stacksRead, when set (by tests), is called with the length of each
// list of stacks that stackChanges reads: a list that many specs share
// is read once, not once a spec.
var stacksRead func(n int)

// topStacks keeps the first n tallies and sums the rest into one,
// "other stacks (K)".
func topStacks(l []stackTally, n int) []stackTally {
	if len(l) <= n {
		return l
	}
	other := stackTally{Name: "other stacks (" + strconv.Itoa(len(l)-n) + ")", Own: true}
	for _, s := range l[n:] {
		for k := range other.N {
			other.N[k] += s.N[k]
		}
	}
	return append(slices.Clone(l[:n]), other)
}

// pairCharts are the charts of a pair: changes per stack, and the
// versions of the packages whose versions changed.
func pairCharts(r *diff.Report) []*htmlChart {
	var out []*htmlChart
	if c := stackBars(topStacks(stackChanges(r), htmlTopStacks)); c != nil {
		out = append(out, c)
	}
	var g ganttRows
	for i := range r.Packages {
		p := &r.Packages[i]
		if p.Status != diff.Changed || !p.Versions.Changed() {
			continue
		}
		g.add(versionRows(p, htmlGanttRows))
	}
	if c := gantt(g.rows, []string{"old", "new"}, []string{"old", "new"}, g.pkgs, g.more, versionsWhere(len(r.Options.Stacks) > 0)); c != nil {
		out = append(out, c)
	}
	return out
}

// versionRows are a changed package's rows of the version strip, the
// first limit of them, and how many it has: each old version (its bar
// reaching new if new still has it), then each added one. Added and
// Removed are New and Old less the other side, in their side's order
// (diff's laws hold a report to that), so a walk along Old beside
// Removed tells which old versions new still has, without a lookup: a
// package of n versions a side costs the rows drawn, not n² comparisons
// (one package of 80k specs a side, each at a version of its own, took
// 42 s to draw) nor a set of n.
func versionRows(p *diff.Package, limit int) (rows []ganttRow, total int) {
	v := &p.Versions
	total = len(v.Old) + len(v.Added)
	rows = make([]ganttRow, 0, min(total, limit))
	gone := v.Removed
	for _, o := range v.Old {
		if len(rows) == limit {
			return rows, total
		}
		to := 1
		if len(gone) > 0 && gone[0] == o {
			to, gone = 0, gone[1:]
		}
		rows = append(rows, ganttRow{p.Name, o, diff.Span{From: 0, To: to}})
	}
	for _, a := range v.Added {
		if len(rows) == limit {
			break
		}
		rows = append(rows, ganttRow{p.Name, a, diff.Span{From: 1, To: 1}})
	}
	return rows, total
}

// stackBars draws changes per stack as horizontal stacked bars.
func stackBars(l []stackTally) *htmlChart {
	if len(l) == 0 {
		return nil
	}
	const x0, x1, top, rowH = labelCol, chartW - 15, 26, 26
	c := &htmlChart{ID: "stacks", Title: "Changed specs per stack", W: chartW}
	c.H = top + len(l)*rowH + 54
	most := 0
	for _, s := range l {
		most = max(most, s.total())
	}
	axis, step := niceScale(most)
	x := func(n int) int { return x0 + n*(x1-x0)/axis }
	base := top + len(l)*rowH
	var xs []int
	var ticks []string
	for t := 0; t <= axis; t += step {
		c.Grid = append(c.Grid, svgLine{x(t), top, x(t), base, "grid"})
		xs, ticks = append(xs, x(t)), append(ticks, strconv.Itoa(t))
	}
	c.Labels = append(c.Labels, tickLabels(xs, ticks, base+24)...)
	c.Labels = append(c.Labels, svgText{X: (x0 + x1) / 2, Y: base + 46, Text: "specs changed", Anchor: "middle", Class: "axis"})
	c.Note = "A spec counts in each of its stacks."
	c.Labels = append(c.Labels, svgText{X: x0 - 6, Y: top - 8, Text: "stack", Anchor: "end", Class: "axis"})
	c.Grid = append(c.Grid, svgLine{x0, base, x1, base, "axisline"})
	for _, kind := range changeKinds {
		c.Legend = append(c.Legend, htmlLegend{kind, "k-" + kind})
	}
	c.Table = htmlTable{Caption: "Changed specs per stack", Head: []string{"stack", "added", "removed", "rebuilt", "updated"}}
	for i, s := range l {
		y := top + i*rowH
		name := PageText(s.shown())
		c.Labels = append(c.Labels, svgText{X: x0 - 6, Y: y + rowH/2 + 5, Text: fitText(name, x0-8), Anchor: "end", Class: "label"})
		cum := 0
		for k, n := range s.N {
			if n == 0 {
				continue
			}
			a, b := x(cum), x(cum+n)
			c.Marks = append(c.Marks, svgMark{X: a, Y: y + 3, W: max(1, b-a), H: rowH - 6, Class: "k-" + changeKinds[k],
				Title: name + ": " + strconv.Itoa(n) + " " + changeKinds[k]})
			cum += n
		}
		c.Table.Rows = append(c.Table.Rows, []string{name, strconv.Itoa(s.N[0]), strconv.Itoa(s.N[1]), strconv.Itoa(s.N[2]), strconv.Itoa(s.N[3])})
	}
	c.Desc = fmt.Sprintf("Horizontal bars, one per stack (%d), each split into the specs added, removed, rebuilt and updated in it; the table below has the numbers.", len(l))
	return c
}

// ganttRow is one version of a package and a run of snapshots it was in.
type ganttRow struct {
	pkg, version string
	span         diff.Span
}

// ganttRows are the rows the version strip draws, of pkgs packages, and
// the count of the packages it leaves out.
type ganttRows struct {
	rows       []ganttRow
	pkgs, more int
	full       bool
}

// add draws a package's rows, total of them (rows may hold only the
// first htmlGanttRows), if they fit the bounds (htmlGanttPackages,
// htmlGanttRows; the first package's cut to fit); once one does not,
// every later one is left out too.
func (g *ganttRows) add(rows []ganttRow, total int) {
	if g.full || g.pkgs == htmlGanttPackages || (g.pkgs > 0 && len(g.rows)+total > htmlGanttRows) {
		g.full = true
		g.more++
		return
	}
	g.pkgs++
	g.rows = append(g.rows, rows[:min(len(rows), htmlGanttRows)]...)
}

// spanText names a run of snapshots by their labels.
func spanText(s diff.Span, labels []string) string {
	if s.From == s.To {
		return labels[s.From]
	}
	return labels[s.From] + " – " + labels[s.To]
}

// versionsWhere is where the versions of the gantt chart were: in the
// cache, or under --stack (stacked) in the stacks selected, which a
// package can leave while the cache keeps it.
func versionsWhere(stacked bool) string {
	if stacked {
		return "in the stacks selected"
	}
	return "in the cache"
}

// gantt draws when each version was where (versionsWhere; labels: the
// snapshots' labels as the page writes them, PageText; runs: as a run
// names them, report.RunLabelsQuoted): a row per version of a
// package, a bar over the snapshots that had it.
func gantt(rows []ganttRow, labels, runs []string, pkgs, more int, where string) *htmlChart {
	if len(rows) == 0 {
		return nil
	}
	const x0, x1, top, rowH = labelCol, chartW - 15, 26, 24
	n := len(labels)
	c := &htmlChart{ID: "versions", Title: "Versions " + where + " (packages whose versions changed)", W: chartW}
	c.Legend = []htmlLegend{{"version " + where, "k-version"}}
	base := top + len(rows)*rowH
	c.H = base + 54
	x := func(i int) int { return x0 + i*(x1-x0)/n }
	xs, ticks := make([]int, n), make([]string, n)
	for i := 0; i < n; i++ {
		c.Grid = append(c.Grid, svgLine{x(i), top, x(i), base, "grid"})
		xs[i], ticks[i] = (x(i)+x(i+1))/2, cut(shortLabel(labels[i]), 14)
	}
	c.Labels = append(c.Labels, tickLabels(xs, ticks, base+24)...)
	c.Grid = append(c.Grid, svgLine{x0, base, x1, base, "axisline"})
	c.Labels = append(c.Labels, svgText{X: (x0 + x1) / 2, Y: base + 46, Text: "snapshot", Anchor: "middle", Class: "axis"})
	c.Labels = append(c.Labels, svgText{X: x0 - 6, Y: top - 8, Text: "package and version", Anchor: "end", Class: "axis"})
	c.Table = htmlTable{Caption: "Versions " + where, Head: []string{"package", "version", where}}
	for i, r := range rows {
		y := top + i*rowH
		// The version written as a move's side (report.MoveSide),
		// after the package's name as the news write it: the package
		// zp of the version "zq zk" read "zp zq zk", as the package
		// "zp zq" of zk.
		moved := PageText(report.MoveSide(r.version))
		version := versionLabel(moved)
		c.Labels = append(c.Labels, svgText{X: x0 - 6, Y: y + rowH/2 + 5, Text: fitText(PageText(r.pkg), x0-8-charW-textUnits(version)) + " " + version, Anchor: "end", Class: "label"})
		a, b := x(r.span.From), x(r.span.To+1)
		c.Marks = append(c.Marks, svgMark{X: a + 1, Y: y + 3, W: max(1, b-a-2), H: rowH - 6, Class: "k-version",
			Title: PageText(r.pkg) + " " + moved + ": " + spanText(r.span, runs)})
		c.Table.Rows = append(c.Table.Rows, []string{PageText(r.pkg), PageText(r.version), spanText(r.span, runs)})
	}
	c.Desc = fmt.Sprintf("A row per version of %s whose versions changed, a bar over the snapshots that had it; the table below has the same.", report.Plural(pkgs, "package"))
	if more > 0 {
		c.Note = fmt.Sprintf("The chart draws %d packages; %s more changed versions (the details and --format json have them).", pkgs, report.Plural(more, "package"))
	}
	return c
}

// versionLabel is a version as the chart of versions labels its bar:
// whole in the room of the mark of its digest and markKeeps characters,
// 13 characters, else cut to it (fitText). Cut to 8 with "…" alone,
// the versions 1.2.3.4.5 and 1.2.3.4.6 of a package drew two bars
// labelled alike, and the version "1.2.3.4…", whole, read as either of
// them cut. (A version of 8 characters or fewer is whole here: one that
// ends as a cut, "…" and 8 digits, is 9 at least.)
func versionLabel(v string) string {
	return fitText(v, (cutmark.Len+markKeeps)*charW)
}

// dateRe finds a date in a snapshot's label.
var dateRe = regexp.MustCompile(`\d{4}-\d{2}-\d{2}`)

// shortLabel is what an axis writes of a snapshot's label: the last date
// in it (weekly tags and commits are told apart by their dates), else
// its last path element.
func shortLabel(l string) string {
	if d := dateRe.FindAllString(l, -1); d != nil {
		return d[len(d)-1]
	}
	for i := len(l) - 1; i > 0; i-- {
		if l[i] == '/' && i < len(l)-1 {
			return l[i+1:]
		}
	}
	return l
}

// lineChart draws the specs of each series over the snapshots: a line
// and a point per snapshot. labels are as the page writes them
// (PageText), runs as a point's title names its snapshot after "at"
// (runLabels); names are the data's.
func lineChart(id, title, yTitle string, names []string, values [][]int, labels, runs []string) *htmlChart {
	n := len(labels)
	if n < 2 || len(names) == 0 {
		return nil
	}
	names = pageTexts(names)
	const x0, x1, top, plotH = plotL, plotR, 34, 240
	c := &htmlChart{ID: id, Title: title, W: chartW, H: top + plotH + 54}
	most := 0
	for _, v := range values {
		for _, k := range v {
			most = max(most, k)
		}
	}
	axis, step := niceScale(most)
	base := top + plotH
	y := func(v int) int { return base - v*plotH/axis }
	x := func(i int) int { return x0 + i*(x1-x0)/(n-1) }
	for t := 0; t <= axis; t += step {
		c.Grid = append(c.Grid, svgLine{x0, y(t), x1, y(t), "grid"})
		c.Labels = append(c.Labels, svgText{X: x0 - 6, Y: y(t) + 5, Text: strconv.Itoa(t), Anchor: "end", Class: "tick"})
	}
	xs, ticks := make([]int, n), make([]string, n)
	for i := 0; i < n; i++ {
		xs[i], ticks[i] = x(i), cut(shortLabel(labels[i]), 14)
	}
	c.Labels = append(c.Labels, tickLabels(xs, ticks, base+24)...)
	c.Grid = append(c.Grid, svgLine{x0, base, x1, base, "axisline"})
	c.Labels = append(c.Labels, svgText{X: (x0 + x1) / 2, Y: base + 46, Text: "snapshot", Anchor: "middle", Class: "axis"})
	c.Labels = append(c.Labels, svgText{X: 2, Y: top - 16, Text: yTitle, Anchor: "start", Class: "axis"})
	c.Table = htmlTable{Caption: title, Head: append([]string{"snapshot"}, names...)}
	for i := range labels {
		row := []string{labels[i]}
		for s := range names {
			row = append(row, strconv.Itoa(values[s][i]))
		}
		c.Table.Rows = append(c.Table.Rows, row)
	}
	for s, name := range names {
		class := "s" + strconv.Itoa(s)
		c.Legend = append(c.Legend, htmlLegend{name, class})
		pts := make([]byte, 0, 12*n)
		for i := 0; i < n; i++ {
			if i > 0 {
				pts = append(pts, ' ')
			}
			pts = strconv.AppendInt(pts, int64(x(i)), 10)
			pts = append(pts, ',')
			pts = strconv.AppendInt(pts, int64(y(values[s][i])), 10)
		}
		c.Paths = append(c.Paths, svgPath{class, string(pts)})
		for i := 0; i < n; i++ {
			c.Marks = append(c.Marks, svgMark{Circle: true, X: x(i), Y: y(values[s][i]), W: 4, Class: class,
				Title: name + " at " + runs[i] + ": " + report.Plural(values[s][i], "spec")})
		}
	}
	c.Desc = fmt.Sprintf("A line per stack (%d), its specs in each of the %d snapshots; the table below has the numbers.", len(names), n)
	return c
}

// stepBars draws the changed specs of each step as vertical stacked
// bars; titles are the steps' labels as the page writes them (quoted
// as a step's title quotes them, report.StepLabel, then PageText).
func stepBars(counts []diff.Counts, titles []string) *htmlChart {
	n := len(counts)
	if n == 0 {
		return nil
	}
	const x0, x1, top, plotH = plotL, chartW - 15, 34, 220
	c := &htmlChart{ID: "steps", Title: "Changed specs per step", W: chartW, H: top + plotH + 54}
	most := 0
	for _, k := range counts {
		most = max(most, k.Added+k.Removed+k.Rebuilt+k.Updated)
	}
	axis, step := niceScale(most)
	base := top + plotH
	y := func(v int) int { return base - v*plotH/axis }
	// Step i's band is [x0+i·(x1−x0)/n, x0+(i+1)·(x1−x0)/n): spread over
	// the axis however many the steps, bars 1 unit wide at the least.
	w := max(1, (x1-x0)*7/(10*n))
	for t := 0; t <= axis; t += step {
		c.Grid = append(c.Grid, svgLine{x0, y(t), x1, y(t), "grid"})
		c.Labels = append(c.Labels, svgText{X: x0 - 6, Y: y(t) + 5, Text: strconv.Itoa(t), Anchor: "end", Class: "tick"})
	}
	c.Grid = append(c.Grid, svgLine{x0, base, x1, base, "axisline"})
	c.Labels = append(c.Labels, svgText{X: (x0 + x1) / 2, Y: base + 46, Text: "step", Anchor: "middle", Class: "axis"})
	c.Labels = append(c.Labels, svgText{X: 2, Y: top - 16, Text: "specs changed", Anchor: "start", Class: "axis"})
	for _, kind := range changeKinds {
		c.Legend = append(c.Legend, htmlLegend{kind, "k-" + kind})
	}
	c.Table = htmlTable{Caption: "Changed specs per step", Head: []string{"step", "added", "removed", "rebuilt", "updated"}}
	xs, ticks := make([]int, n), make([]string, n)
	for i, k := range counts {
		from, to := x0+i*(x1-x0)/n, x0+(i+1)*(x1-x0)/n
		bx := min(from+max(0, to-from-w)/2, x1-w)
		xs[i], ticks[i] = bx+w/2, strconv.Itoa(i+1)
		cum := 0
		for j, v := range [4]int{k.Added, k.Removed, k.Rebuilt, k.Updated} {
			if v == 0 {
				continue
			}
			a, b := y(cum), y(cum+v)
			c.Marks = append(c.Marks, svgMark{X: bx, Y: b, W: w, H: max(1, a-b), Class: "k-" + changeKinds[j],
				Title: "step " + strconv.Itoa(i+1) + " (" + titles[i] + "): " + strconv.Itoa(v) + " " + changeKinds[j]})
			cum += v
		}
		c.Table.Rows = append(c.Table.Rows, []string{strconv.Itoa(i+1) + " · " + titles[i], strconv.Itoa(k.Added), strconv.Itoa(k.Removed), strconv.Itoa(k.Rebuilt), strconv.Itoa(k.Updated)})
	}
	c.Labels = append(c.Labels, tickLabels(xs, ticks, base+24)...)
	c.Desc = fmt.Sprintf("A bar per step (%d), split into the specs added, removed, rebuilt and updated; the table below has the numbers.", n)
	return c
}
