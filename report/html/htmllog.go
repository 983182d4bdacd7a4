package html

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// logHTML writes the page of a log (cachediff log --format html): the
// series' highlights, each with its step, the table of steps, the charts
// (specs per stack over the snapshots, changes per step, the versions of
// the packages whose versions changed), then each step's details, newest
// first. It keeps of each step what the page shows of it, within the
// bounds of a step (HTMLMaxStepRows, HTMLMaxStepPackages), so that its
// memory grows with the steps by that much at most.
type logHTML struct {
	// warns lists each snapshot's warnings once, under the first step
	// that reads it.
	warns  report.StepWarnings
	w      io.Writer
	o      report.LogOptions
	counts []stepCounts     // a row of the steps table each
	stacks []map[string]int // specs per stack of each snapshot (len(counts)+1 once a step came)
	steps  []*htmlStep
	kept   int64
	// unknown counts the rebuilt and updated specs of catalogue pages,
	// whose cause the page says once, not once a step.
	unknown int
	// stacked: the steps were made under --stack, whose spans are of
	// the stacks selected, not of the cache (versionsWhere).
	stacked bool
}

func (l *logHTML) Kept() int64 { return l.kept }

func (l *logHTML) Close() error { return nil }

func (l *logHTML) Step(r *diff.Report) error {
	r = l.warns.Step(r)
	l.stacked = len(r.Options.Stacks) > 0
	l.counts = append(l.counts, stepCountsOf(r, l.o.Subjects))
	if len(l.stacks) == 0 {
		old := make(map[string]int, len(r.Stacks))
		for _, s := range r.Stacks {
			if s.Specs.Old > 0 {
				old[s.Name] = s.Specs.Old
			}
		}
		l.stacks = append(l.stacks, old)
	}
	cur := make(map[string]int, len(r.Stacks))
	for _, s := range r.Stacks {
		if s.Specs.New > 0 {
			cur[s.Name] = s.Specs.New
		}
	}
	l.stacks = append(l.stacks, cur)
	st := htmlDetails(r, l.o.Options, HTMLMaxStepRows, HTMLMaxStepPackages)
	st.Summary = pairSummary(r)
	st.Why, st.Unknown = htmlCauses(r)
	if st.Unknown != "" {
		st.Unknown = ""
		l.unknown += r.Causes.Pairs - r.Causes.Known
	}
	st.Notes = stepNotes(r)
	l.steps = append(l.steps, st)
	l.kept += int64(len(r.Stacks))*48 + stepBytes(st)
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
			out = append(out, PageText("Skipped in the "+side.name+" snapshot (invalid): "+s.where+": "+s.reason))
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

// stepBytes is about the memory st holds.
func stepBytes(st *htmlStep) int64 {
	n := int64(len(st.Summary) + len(st.Unknown))
	for _, s := range st.Notes {
		n += int64(len(s)) + 16
	}
	if w := st.Why; w != nil {
		n += int64(len(w.Summary) + len(w.Note))
		for _, t := range []htmlTable{w.Roots, w.Shared, w.Groups} {
			for _, r := range t.Rows {
				for _, c := range r {
					n += int64(len(c)) + 16
				}
			}
		}
	}
	for _, p := range st.Packages {
		n += int64(len(p.Name)+len(p.Href)+len(p.Summary)+len(p.Shared)) + 96
		for _, r := range p.Rows {
			n += int64(len(r.Kind)) + 8*16
			for _, c := range r.Cells {
				n += int64(len(c))
			}
		}
	}
	return n
}

func (l *logHTML) Finish(s *diff.Series) error {
	a, err := htmlBuiltin()
	if err != nil {
		return fmt.Errorf("built-in HTML template: %w", err)
	}
	p := newHTMLPage(a)
	n := len(l.counts)
	labels := pageTexts(report.SnapshotLabels(s.Snapshots))
	titles := make([]string, n)
	stepLabels := make([]string, n)
	for k := range l.counts {
		c := l.counts[k]
		if len(labels) == n+1 {
			c.newLabel, c.oldLabel = labels[k+1], labels[k]
			c.subject = l.o.Subjects[s.Snapshots[k+1].Rev]
		} else {
			c.newLabel, c.oldLabel = PageText(c.newLabel), PageText(c.oldLabel)
		}
		titles[k] = report.StepTitle(c.newLabel, c.oldLabel, PageText(c.subject))
		stepLabels[k] = c.newLabel
	}
	first, last := "", ""
	if len(labels) > 0 {
		first, last = labels[0], labels[len(labels)-1]
	}
	p.Title = cmp.Or(PageText(l.o.Title), "cachediff log: "+first+" → "+last)
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
			p.Notes = append(p.Notes, PageText(note))
		}
	}
	p.News = boundNews(s.Highlights, func(h diff.Highlight) htmlNews {
		step := ""
		if h.Step >= 1 && h.Step <= n {
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
	for k := n - 1; k >= 0; k-- {
		st := l.steps[k]
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
	if len(l.stacks) == len(labels) {
		names, values := stackLines(l.stacks, htmlTopLines)
		if c := lineChart("stack-specs", "Specs per stack", "specs", names, values, labels); c != nil {
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
		if c := gantt(g.rows, labels, g.pkgs, g.more, versionsWhere(l.stacked)); c != nil {
			out = append(out, c)
		}
	}
	return out
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
// (then by name), and sums the rest into "other stacks (K)".
func stackLines(snaps []map[string]int, top int) ([]string, [][]int) {
	peak := map[string]int{}
	for _, m := range snaps {
		for k, v := range m {
			peak[k] = max(peak[k], v)
		}
	}
	names := make([]string, 0, len(peak))
	for k := range peak {
		names = append(names, k)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(peak[b], peak[a]), cmp.Compare(a, b)) })
	rest := []string(nil)
	if len(names) > top {
		names, rest = names[:top], names[top:]
	}
	values := make([][]int, 0, len(names)+1)
	for _, name := range names {
		v := make([]int, len(snaps))
		for i, m := range snaps {
			v[i] = m[name]
		}
		values = append(values, v)
	}
	if rest != nil {
		v := make([]int, len(snaps))
		for i, m := range snaps {
			for _, name := range rest {
				v[i] += m[name]
			}
		}
		names = append(slices.Clone(names), "other stacks ("+strconv.Itoa(len(rest))+")")
		values = append(values, v)
	}
	return names, values
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
