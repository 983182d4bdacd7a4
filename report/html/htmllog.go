package html

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/spill"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// logHTML writes the page of a log (cachediff log --format html): the
// series' highlights, each with its step, the table of steps, the charts
// (specs per stack over the snapshots, changes per step, the versions of
// the packages whose versions changed), then each step's details, newest
// first. Each step's details are rendered as it comes, within the
// bounds of a step (HTMLMaxStepRows, HTMLMaxStepPackages), and kept in a
// spill (memory, then a temporary file) until the page is written, as a
// Markdown log keeps its steps: what the page holds of a step until then
// is its row of the table of steps and its specs per stack, not the
// page's model of the step, so that its memory, and the work of the
// collector while the page is built, do not grow with the steps' details
// (TestLogRetainedPerStep).
type logHTML struct {
	// warns lists each snapshot's warnings once, under the first step
	// that reads it.
	warns  report.StepWarnings
	w      io.Writer
	o      report.LogOptions
	counts []stepCounts // a row of the steps table each
	// stacks are the specs per stack of each snapshot (len(counts)+1
	// once a step came), its stacks' names in names.
	stacks [][]stackSpecs
	names  map[string]string
	// written holds each step's details as rendered (two pieces a step:
	// htmlStep.written), buf is where they are rendered.
	written *spill.Spill
	buf     bytes.Buffer
	kept    int64
	// unknown counts the rebuilt and updated specs of catalogue pages,
	// whose cause the page says once, not once a step.
	unknown int
	// stacked: the steps were made under --stack, whose spans are of
	// the stacks selected, not of the cache (versionsWhere).
	stacked bool
}

// stackSpecs is how many specs of a snapshot are in a stack.
type stackSpecs struct {
	name  string
	specs int
}

func (l *logHTML) Kept() int64 { return l.kept + l.written.InMemory() }

func (l *logHTML) Close() error { l.written.Close(); return nil }

func (l *logHTML) Step(r *diff.Report) error {
	r = l.warns.Step(r)
	l.stacked = len(r.Options.Stacks) > 0
	l.counts = append(l.counts, stepCountsOf(r, l.o.Subjects))
	if len(l.stacks) == 0 {
		l.stacks = append(l.stacks, l.stackSpecs(r, func(c diff.OldToNew) int { return c.Old }))
	}
	l.stacks = append(l.stacks, l.stackSpecs(r, func(c diff.OldToNew) int { return c.New }))
	st := htmlDetails(r, l.o.Options, HTMLMaxStepRows, HTMLMaxStepPackages)
	st.Summary = pairSummary(r)
	st.Why, st.Unknown = htmlCauses(r)
	if st.Unknown != "" {
		st.Unknown = ""
		l.unknown += r.Causes.Pairs - r.Causes.Known
	}
	st.Notes = stepNotes(r)
	if err := l.write(st); err != nil {
		return err
	}
	l.kept += int64(len(r.Stacks))*24 + 96
	return nil
}

// stackSpecs are the specs per stack of a side of r, those with any,
// their names shared with the snapshots before (names).
func (l *logHTML) stackSpecs(r *diff.Report, side func(diff.OldToNew) int) []stackSpecs {
	var out []stackSpecs
	for _, s := range r.Stacks {
		n := side(s.Specs)
		if n <= 0 {
			continue
		}
		name, ok := l.names[s.Name]
		if !ok {
			if l.names == nil {
				l.names = map[string]string{}
			}
			name = strings.Clone(s.Name)
			l.names[name] = name
		}
		out = append(out, stackSpecs{name, n})
	}
	return out
}

// write renders st's summary line and what follows its highlights
// (html.tmpl's "html-step-summary" and "html-step-rest") into the
// spill.
func (l *logHTML) write(st *htmlStep) error {
	a, err := htmlBuiltin()
	if err != nil {
		return fmt.Errorf("built-in HTML template: %w", err)
	}
	if l.written == nil {
		l.written = spill.New(l.o.SpillAt)
	}
	for _, name := range []string{"html-step-summary", "html-step-rest"} {
		l.buf.Reset()
		if err := a.t.ExecuteTemplate(&l.buf, name, st); err != nil {
			return err
		}
		if _, err := l.written.Add(l.buf.Bytes()); err != nil {
			return err
		}
	}
	if l.buf.Cap() > 1<<20 {
		l.buf = bytes.Buffer{} // a step of many rows: not kept for the next
	}
	return nil
}

// stepNotes are the skipped pages and the warnings of a log's step,
// htmlMaxWarnings of each at most, the rest counted.
func stepNotes(r *diff.Report) []string {
	var out []string
	for _, side := range []struct {
		name string
		l    []snapshotSkipped
	}{{"old", sideSkipped(r.Old)}, {"new", sideSkipped(r.New)}} {
		for i, s := range side.l {
			if i == htmlMaxWarnings {
				out = append(out, fmt.Sprintf("%d more %ss skipped in the %s snapshot (--format json has them).", len(side.l)-i, snapshot.SkippedNoun(r.Old.Skipped, r.New.Skipped), side.name))
				break
			}
			out = append(out, skippedLine(side.name, s))
		}
	}
	ws, more := warningLines(r.Warnings)
	for _, w := range ws {
		out = append(out, "Warning: "+w)
	}
	if more > 0 {
		out = append(out, fmt.Sprintf("%d more warnings (--format json has them).", more))
	}
	return out
}

func (l *logHTML) Finish(s *diff.Series) error {
	defer l.written.Close()
	a, err := htmlBuiltin()
	if err != nil {
		return fmt.Errorf("built-in HTML template: %w", err)
	}
	p := newHTMLPage(a)
	n := len(l.counts)
	raw := report.SnapshotLabels(s.Snapshots)
	labels := pageTexts(raw)
	titles := make([]string, n)
	// A step's label as its title writes it (report.StepLabel), in its
	// news' "step N (LABEL)" and in the chart's bars, "step N (LABEL): 3
	// added", alike: the bars wrote it as it is, the label a (b) there
	// and "a (b)" in the news.
	stepLabels := make([]string, n)
	for k := range l.counts {
		c := l.counts[k]
		if len(labels) == n+1 {
			c.newLabel, c.oldLabel = raw[k+1], raw[k]
			c.subject = l.o.Subjects[s.Snapshots[k+1].Rev]
		}
		// Each label quoted (report.StepLabel) before it is made page text.
		titles[k] = report.JoinStepTitle(PageText(report.StepLabel(c.newLabel)), PageText(report.StepLabel(c.oldLabel)), PageText(c.subject))
		stepLabels[k] = PageText(report.StepLabel(c.newLabel))
	}
	first, last := report.SeriesEnds(raw)
	p.Title = cmp.Or(PageText(l.o.Title), "cachediff log: "+PageText(first)+" → "+PageText(last))
	changed, otherFacets := 0, 0
	for _, c := range l.counts {
		if c.changed {
			changed++
		} else if c.otherFacets {
			otherFacets++
		}
	}
	p.Lead = fmt.Sprintf("%s, %s (%s).", report.Plural(len(s.Snapshots), "snapshot"), report.Plural(n, "step"), report.StepsChanged(changed, otherFacets))
	if n == 0 {
		if note := report.RevsNote(s.Revs); note != "" {
			// A message, as a warning is (shownText), not page text,
			// which doubled its quotes' backslashes (report.RevsPath).
			p.Notes = append(p.Notes, shownText(note))
		}
	}
	p.News = boundNews(s.Highlights, func(h diff.Highlight) htmlNews {
		step := ""
		if h.Step >= 1 && h.Step <= n {
			// The label quoted as the step's title quotes it
			// (report.StepLabel): in parentheses before the news'
			// words, the label "a) new package b (c" read as a and
			// a package "b (c) new package …".
			step = "step " + strconv.Itoa(h.Step) + " (" + stepLabels[h.Step-1] + ")"
		}
		return newsItem(h, step, l.o.LinkBase)
	})
	if len(p.News) == 0 {
		p.NoNews = "Nothing to highlight in any step."
	}
	p.Counts = htmlTable{Caption: "Steps", Head: []string{"step", "packages changed", "new packages", "removed packages", "specs added", "specs removed", "rebuilt", "updated", "restacked"}}
	i := strconv.Itoa
	for k := n - 1; k >= 0; k-- {
		c := l.counts[k]
		p.Counts.Rows = append(p.Counts.Rows, []string{i(k+1) + " · " + titles[k], i(c.pkgs.Changed), i(c.pkgs.Added), i(c.pkgs.Removed),
			i(c.specs.Added), i(c.specs.Removed), i(c.specs.Rebuilt), i(c.specs.Updated), i(c.specs.Restacked)})
	}
	p.Charts = l.charts(s, labels, stepLabels)
	// Each step's highlights, gathered in one pass: a pass over the
	// series' highlights per step made a log of N steps N² (4,000 small
	// steps: 24% of the CPU).
	byStep := make([][]diff.Highlight, n)
	for _, h := range s.Highlights {
		if h.Step >= 1 && h.Step <= n {
			byStep[h.Step-1] = append(byStep[h.Step-1], h)
		}
	}
	p.Steps = make([]*htmlStep, 0, n)
	for k := n - 1; k >= 0; k-- {
		st := &htmlStep{written: l.written, at: 2 * k}
		st.ID = "step-" + i(k+1)
		st.Title = "Step " + i(k+1) + ": " + titles[k]
		st.News = boundNews(byStep[k], func(h diff.Highlight) htmlNews { return newsItem(h, "", l.o.LinkBase) })
		p.Steps = append(p.Steps, st)
	}
	if l.unknown > 0 {
		p.Notes = append(p.Notes, PageText("Why rebuilt: "+report.UnknownNote(&diff.Causes{Pairs: l.unknown})+"."))
	}
	p.Bounds = fmt.Sprintf("Each step lists at most %d packages and %d spec rows; past that they are counted, not listed (--format json keeps every row).", HTMLMaxStepPackages, HTMLMaxStepRows)
	return writeHTML(l.w, a, p)
}

// charts are a log's charts.
func (l *logHTML) charts(s *diff.Series, labels, stepLabels []string) []*htmlChart {
	var out []*htmlChart
	// A run's ends named as the other views name them in a run
	// (report.RunLabelsQuoted): "a – b" joins them, and a point of the
	// lines names its snapshot after "at".
	runs := runLabels(report.SnapshotLabels(s.Snapshots))
	if len(l.stacks) == len(labels) {
		names, values := stackLines(l.stacks, htmlTopLines)
		if c := lineChart("stack-specs", "Specs per stack", "specs", names, values, labels, runs); c != nil {
			out = append(out, c)
		}
	}
	specs := make([]diff.Counts, len(l.counts))
	for k, c := range l.counts {
		specs[k] = c.specs
	}
	if c := stepBars(specs, stepLabels); c != nil {
		out = append(out, c)
	}
	if s.Timeline != nil {
		var g ganttRows
		for _, p := range s.Timeline.Packages {
			if !versionsMoved(p) {
				continue
			}
			rows := make([]ganttRow, 0, len(p.Versions))
			for _, v := range p.Versions {
				rows = append(rows, ganttRow{p.Name, v.Version, v.Span})
			}
			g.add(rows, len(rows))
		}
		if c := gantt(g.rows, labels, runs, g.pkgs, g.more, versionsWhere(l.stacked)); c != nil {
			out = append(out, c)
		}
	}
	return out
}

// runLabels are a series' snapshot labels (report.SnapshotLabels) as
// the charts name them in a run or after "at": quoted as every view
// quotes them in a run (report.RunLabelsQuoted), made page text.
func runLabels(raw []string) []string {
	q := report.RunLabelsQuoted(raw)
	runs := make([]string, len(raw))
	for i, r := range raw {
		runs[i] = PageText(report.RunLabel(r, q))
	}
	return runs
}

// versionsMoved reports whether some version of p was not in the cache
// whenever p was: a version came or went while the package stayed.
func versionsMoved(p diff.PackageTimeline) bool {
	runs := map[string][]diff.Span{}
	var order []string
	for _, v := range p.Versions {
		if _, ok := runs[v.Version]; !ok {
			order = append(order, v.Version)
		}
		runs[v.Version] = append(runs[v.Version], v.Span)
	}
	for _, v := range order {
		if !slices.Equal(runs[v], p.Present) {
			return true
		}
	}
	return false
}

// stackLines picks the top stacks by their most specs in any snapshot
// (then by name), and sums the rest into "other stacks (K)"; the names
// are as the charts write a stack's (stackShown).
func stackLines(snaps [][]stackSpecs, top int) ([]string, [][]int) {
	peak := map[string]int{}
	for _, l := range snaps {
		for _, s := range l {
			peak[s.name] = max(peak[s.name], s.specs)
		}
	}
	names := make([]string, 0, len(peak))
	for k := range peak {
		names = append(names, k)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(peak[b], peak[a]), cmp.Compare(a, b)) })
	line := make(map[string]int, len(names)) // each stack's line: the last is the other stacks'
	for j, name := range names {
		line[name] = min(j, top)
	}
	lines := min(len(names), top+1)
	values := make([][]int, lines)
	for j := range values {
		values[j] = make([]int, len(snaps))
	}
	for i, l := range snaps {
		for _, s := range l {
			values[line[s.name]][i] += s.specs
		}
	}
	shown := make([]string, 0, lines)
	for _, name := range names[:min(len(names), top)] {
		shown = append(shown, stackShown(name))
	}
	if len(names) > top {
		shown = append(shown, "other stacks ("+strconv.Itoa(len(names)-top)+")")
	}
	return shown, values
}

// stepCounts is what the page's table of steps says of a step.
type stepCounts struct {
	newLabel, oldLabel string
	subject            string
	changed            bool
	otherFacets        bool // no changes, but hashes of other facets (report.UnchangedBut)
	pkgs               diff.PackageCounts
	specs              diff.Counts
}

func stepCountsOf(r *diff.Report, subjects map[string]string) stepCounts {
	c := stepCounts{newLabel: report.SideLabel(r.New), oldLabel: report.SideLabel(r.Old), subject: subjects[r.New.Rev],
		changed: r.HasChanges(), pkgs: r.Summary.Packages, specs: r.Summary.Specs}
	c.otherFacets = !c.changed && report.UnchangedBut(r) != ""
	return c
}
