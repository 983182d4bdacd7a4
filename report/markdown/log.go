package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/spill"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/view"
)

// The changelog of a series (cachediff log): the steps diff.CompareSeries
// makes, written as they come. JSON streams each step out at once, so a
// log of many snapshots holds one step at a time; Markdown and text write
// the newest step first once the series is done, so they keep each step
// rendered until then: text and, without --max-bytes, Markdown in a spill
// (memory up to a bound, then a temporary file), so that a long log's
// memory does not grow with its steps; Markdown under --max-bytes keeps
// each step's view.View, whose rows the cut needs (that log is no longer than
// the limit, but its steps are held whole until it is cut).

// stepCounts is what a log's summary table says of a step.
type stepCounts struct {
	newLabel, oldLabel string
	subject            string
	changed            bool
	otherFacets        bool // no changes, but hashes of other facets (report.UnchangedBut)
	pkgs               diff.PackageCounts
	specs              diff.Counts
	gate               *diff.Gate
}

// titleMD is the step's title in Markdown, as heading and table row.
func (c stepCounts) titleMD() string { return titleMD(c.newLabel, c.oldLabel, c.subject) }

// titleMD is report.StepTitle in Markdown, each part escaped (and
// shortened) alone: shortened whole, a subject of thousands of
// characters (a bot's) took the place of "(from OLD)", and the step no
// longer said what it was from.
func titleMD(newLabel, oldLabel, subject string) string {
	if subject != "" {
		subject = report.EscapeMD(subject)
	}
	return report.JoinStepTitle(report.EscapeMD(report.StepLabel(newLabel)), report.EscapeMD(report.StepLabel(oldLabel)), subject)
}

func stepCountsOf(r *diff.Report, subjects map[string]string) stepCounts {
	c := stepCounts{newLabel: report.SideLabel(r.New), oldLabel: report.SideLabel(r.Old), subject: subjects[r.New.Rev],
		changed: r.HasChanges(), pkgs: r.Summary.Packages, specs: r.Summary.Specs, gate: r.Gate}
	c.otherFacets = !c.changed && report.UnchangedBut(r) != ""
	return c
}

// title is the step's title: report.StepTitle of its labels and subject.
func (c stepCounts) title() string { return report.StepTitle(c.newLabel, c.oldLabel, c.subject) }

// logMarkdown keeps each step rendered, and writes the log newest step
// first as one view.View that --max-bytes cuts: the oldest steps first.
// Under --max-bytes it keeps each step's view.View, whose rows the cut
// needs; without, each step's text (its head and sections, as written)
// is piece k of bodies for step k, and the log keeps nothing else of it
// but its row of the table of steps (counts): a view kept per step (its
// head, what a cut keeps, a section pointing at the piece) and the step's
// title beside its labels held 1 KB a step of one rebuilt spec.
type logMarkdown struct {
	// warns lists each snapshot's warnings once, under the first step
	// that reads it.
	warns  report.StepWarnings
	w      io.Writer
	o      report.LogOptions
	counts []stepCounts
	views  []*view.View // under --max-bytes
	kept   int64        // the views' bytes (viewBytes)
	bodies *spill.Spill // without --max-bytes: the steps' text, as written
	buf    bytes.Buffer
	// What is said once of the whole log: the first step's options (the
	// filters), the canonicalization counts of the first snapshot and of
	// the last, and whether a step's causes are unknown (catalogue
	// pages).
	opts          diff.Options
	canonOld      diff.ValueCounts
	canonNew      diff.ValueCounts
	unknownCauses bool
	specRows      bool // a step has a table of specs (stepView)
	// lastNews are the lines of the newest step's highlights so far, as
	// its heading lists them (fewerNews).
	lastNews []string
}

func (l *logMarkdown) Kept() int64 { return l.kept + l.bodies.InMemory() }

func (l *logMarkdown) Close() error { l.bodies.Close(); return nil }

// viewBytes is about the memory v holds: its text, and a string header
// per row and short form.
func viewBytes(v *view.View) int64 {
	n := int64(len(v.Head) + len(v.Tail))
	for _, s := range append(v.Sections, v.Skipped) {
		if s == nil {
			continue
		}
		n += int64(len(s.Heading) + len(s.Footer))
		for _, l := range [][]string{s.Rows, s.Short} {
			for _, r := range l {
				n += int64(len(r)) + 16
			}
		}
	}
	return n
}

func (l *logMarkdown) Step(r *diff.Report) error {
	r = l.warns.Step(r)
	c := stepCountsOf(r, l.o.Subjects)
	o := l.o.Options
	o.Title, o.MaxBytes, o.Marker = c.title(), 0, ""
	doc := report.NewDocument(r, o)
	v := stepView(doc, report.PlainCounts(&doc)) // headed by stepHead, with the series' labels
	l.specRows = l.specRows || slices.ContainsFunc(v.Sections, func(s *view.Section) bool { return s.Name == "packages" })
	if len(l.counts) == 0 {
		l.opts, l.canonOld = r.Options, r.Canonicalized
	}
	l.canonNew = r.Canonicalized
	l.lastNews = l.lastNews[:0]
	for _, h := range r.Highlights {
		if logNews(h) {
			l.lastNews = append(l.lastNews, "\n- "+mdNews(h, l.o.LinkBase))
		}
	}
	l.unknownCauses = l.unknownCauses || report.UnknownCauses(r.Causes)
	if l.o.MaxBytes <= 0 {
		if err := l.spill(v); err != nil {
			return err
		}
	} else {
		l.views = append(l.views, v)
		l.kept += viewBytes(v)
	}
	l.counts = append(l.counts, c)
	return nil
}

// tail is what the log says once, at its end (tailNotes): the
// canonicalization counts of its first snapshot and its last, and that
// catalogue pages keep no dependency edges.
func (l *logMarkdown) tail() string {
	if len(l.counts) == 0 {
		return "\n"
	}
	var b strings.Builder
	var notes []string
	if l.unknownCauses {
		notes = append(notes, "Catalogue pages keep no dependency edges, so causes are unknown.")
	}
	if l.specRows {
		notes = append(notes, "The variants of a spec are those not every spec of its package has.")
	}
	if notes != nil {
		b.WriteString("\n\n" + strings.Join(notes, " "))
	}
	at := map[string]int{}
	var both diff.ValueCounts
	for _, c := range l.canonOld {
		at[c.Value] = len(both)
		both = append(both, diff.ValueCount{Value: c.Value, OldToNew: diff.OldToNew{Old: c.Old}})
	}
	for _, c := range l.canonNew {
		if i, ok := at[c.Value]; ok {
			both[i].New = c.New
		} else {
			both = append(both, diff.ValueCount{Value: c.Value, OldToNew: diff.OldToNew{New: c.New}})
		}
	}
	note := canonNote(l.opts.Canonicalize, both)
	if l.opts.Canonicalize && note != "" {
		note = strings.Replace(note, "(old → new)", "(first snapshot → last)", 1)
	}
	b.WriteString(note)
	return b.String() + "\n"
}

// spill writes v, the view of step k (len(l.counts)), to the spill as
// it is written uncut: its Head (without its headline: stepHead) and
// its sections, piece k of the spill (stepSections).
func (l *logMarkdown) spill(v *view.View) error {
	if l.bodies == nil {
		l.bodies = spill.New(l.o.SpillAt)
	}
	l.buf.Reset()
	l.buf.WriteString(v.Head)
	for _, sec := range append(skippedOf(v), v.Sections...) {
		sec.WriteTo(&l.buf)
	}
	if _, err := l.bodies.Add(l.buf.Bytes()); err != nil {
		return err
	}
	if l.buf.Cap() > 1<<20 {
		l.buf = bytes.Buffer{} // a step of many rows: not kept for the next
	}
	return nil
}

// stepSections are the sections of step k: its view's, or without
// --max-bytes one that writes its text from the spill (its Head too:
// stepHead leaves it out).
func (l *logMarkdown) stepSections(k int) []*view.Section {
	if l.views == nil {
		return []*view.Section{{Name: "sections", Whole: l.bodies.Piece(k)}}
	}
	return append(skippedOf(l.views[k]), l.views[k].Sections...)
}

// Ranks of a log's sections: step k (0 the oldest) has its own sections'
// ranks plus k*stepRank, so that older steps are cut first; its heading
// (with its highlights) goes after its details, so that no step loses a
// highlight while a detail of it stays. The series' sections rank just
// below the newest step; the newest step's heading is pinned (never cut).
const (
	stepRank    = 100
	stepHeading = 50
)

// subjectCut is the most characters of a commit subject the table of
// steps keeps when it must be cut (a bot's subject runs to thousands).
const subjectCut = 72

// Finish writes the log. Under --max-bytes, the oldest steps collapse
// first: the steps whose sections are left out entirely (each still has
// its row in the table of steps) grow from the oldest until the newest
// step and the series' sections fit whole; only then does view.View.Fit cut
// those too. When even the headline, the highlights, the table of steps
// and the newest step's heading do not fit, the table is cut: long
// commit subjects shortened, then its oldest rows summed up in one row
// (with how many of them tripped the gate), and every older step is left
// out; the highlights go last, the oldest steps' first (newsFrom), and
// a log whose list leaves any out keeps no detail.
//
// Each step left out makes the notice no shorter (it counts them), and
// the rest is the same Head and fewer sections, so the smallest log of
// each number of steps left out is no smaller than the one before: the
// numbers that fit the limit are 0 up to some last one. Finish writes,
// of those, the first that keeps the newest step and the series whole,
// or else the last (the most steps left out that still fit); when none
// fits, not even with every section left out and the table cut to its
// newest row and the summary, it returns that log's *view.TooSmallError.
//
// Which number that is, is worked out without laying the log out for
// each: what view.View.Fit takes from a section in each of its rounds depends
// on that section alone (view.Section.RoundCuts), so the log is laid out
// once, each step's sections are measured once, and the sums over the
// steps kept give, for any number left out, the size of the log and what
// Fit takes before it touches the newest step or the series. The log is
// then cut once: linear in the steps, where laying it out again for each
// step left out was quadratic.
func (l *logMarkdown) Finish(s *diff.Series) error {
	defer l.bodies.Close()
	l.relabel(s)
	lay := l.layout(s)
	limit := l.o.MaxBytes
	if limit <= 0 {
		_, err := lay.view(0, lay.full()).WriteTo(l.w)
		return err
	}
	tab, drop, ok := lay.pick(limit)
	if !ok {
		// Not even the least log fits: every detail is left out, and the
		// newest step lists its first highlights that fit. When not even
		// none fits, the error names the smaller of the two least logs.
		// The least log of the shorter notice (drop 0: Fit leaves every
		// section out) names the smaller minimum.
		v := lay.view(0, lay.least())
		err := v.Fit(limit)
		if err == nil {
			_, err = v.WriteTo(l.w)
			return err
		}
		// The table at its least is its newest row and a row that sums
		// up the others, which for one older step is longer than that
		// step's row: the whole table (its subjects short, if any) is
		// then the least, and the minimum named is that (of a log of two
		// steps, 1,165 bytes were named where 1,143 fit).
		for _, t := range []tableCut{lay.full(), {rows: lay.n, short: lay.short != nil}} {
			if t == lay.least() || t.rows == 0 {
				continue
			}
			u := lay.view(0, t)
			var least, whole *view.TooSmallError
			switch uerr := u.Fit(limit); {
			case uerr == nil:
				_, err := u.WriteTo(l.w)
				return err
			case errors.As(err, &least) && errors.As(uerr, &whole) && whole.Min < least.Min:
				v, err = u, uerr
			}
		}
		if w := l.fewerNews(v, limit); w != nil {
			var least, fewer *view.TooSmallError
			switch werr := w.Fit(limit); {
			case werr == nil:
				_, err := w.WriteTo(l.w)
				return err
			case errors.As(err, &least) && errors.As(werr, &fewer) && fewer.Min < least.Min:
				err = werr
			}
		}
		return err
	}
	if lay.newsFrom > 0 {
		// A highlight leaves the list only when not even the least log
		// fits with it: then no detail stays either (details go before
		// any highlight); the table keeps what pick found fits of it
		// (smallest(drop, tab) is within the limit).
		v := lay.view(drop, tab)
		v.Sections = slices.DeleteFunc(v.Sections, func(s *view.Section) bool { return !s.Pinned })
		v.Omitted = true
		if err := v.Fit(limit); err != nil {
			return err
		}
		_, err := v.WriteTo(l.w)
		return err
	}
	v := lay.view(drop, tab)
	if err := v.Fit(limit); err != nil {
		return err
	}
	_, err := v.WriteTo(l.w)
	return err
}

// fewerNews is v, the least log (the table at its least, every
// highlight out of the log's list), with no section but the newest
// step's heading, which lists its first highlights that fit the limit
// and counts the others; nil when that step has none.
func (l *logMarkdown) fewerNews(v *view.View, limit int) *view.View {
	n := len(l.counts)
	if n == 0 || len(l.lastNews) == 0 {
		return nil
	}
	var pinned *view.Section
	for _, s := range v.Sections {
		if s.Pinned {
			pinned = s
		}
	}
	if pinned == nil {
		return nil
	}
	lines := l.lastNews
	head := "\n\n## " + l.counts[n-1].titleMD() + "\n"
	more := func(k int) string {
		if k == len(lines) {
			return ""
		}
		return "\n- …and " + report.Plural(len(lines)-k, "more highlight") + " (`--format json`)"
	}
	w := *v
	w.Omitted = true
	w.NoticeFor = func(limit int) string {
		return v.NoticeFor(limit) + " The newest step lists its first highlights."
	}
	size := len(w.Head) + len(w.Tail) + len(w.NoticeFor(limit)) + len(head)
	k := 0
	for k < len(lines) && size+len(lines[k])+len(more(k+1)) <= limit {
		size += len(lines[k])
		k++
	}
	w.Sections = []*view.Section{{Name: pinned.Name, Rank: pinned.Rank, Pinned: true, Heading: head + strings.Join(lines[:k], "") + more(k)}}
	return &w
}

// relabel heads the steps by the series' labels where they differ from
// the labels of the step's own two snapshots: snapshots that share a tag
// are named by their paths (snapshotLabels).
func (l *logMarkdown) relabel(s *diff.Series) {
	if len(s.Snapshots) != len(l.counts)+1 {
		return // not this log's series: keep the headings as they are
	}
	labels := report.SnapshotLabels(s.Snapshots)
	for k := range l.counts {
		c := &l.counts[k]
		subject := l.o.Subjects[s.Snapshots[k+1].Rev]
		if title := report.StepTitle(labels[k+1], labels[k], subject); title != c.title() {
			c.newLabel, c.oldLabel, c.subject = labels[k+1], labels[k], subject
		}
	}
}

// stepHead is the head of step k's view with its headline: the step's
// title, which relabel may have changed since the view was built.
// Without --max-bytes, the head is in the spill (stepSections).
func (l *logMarkdown) stepHead(k int) string {
	if l.views == nil {
		return "## " + l.counts[k].titleMD()
	}
	return "## " + l.counts[k].titleMD() + l.views[k].Head
}

// tableCut is how the table of steps is written: rows, the newest rows
// in full (the older ones summed up in one row), short, their subjects
// cut to subjectCut characters.
type tableCut struct {
	rows  int
	short bool
}

// logLayout is a log laid out once, for any number of oldest steps left
// out and any cut of the table of steps (view).
type logLayout struct {
	l     *logMarkdown
	n     int      // steps
	top   string   // marker, headline, the line of counts, the filters, the gate
	rows  []string // the table's rows, oldest first
	short []string // the same with their subjects cut (nil: no subject is long)
	tail  string   // the log's last notes (logMarkdown.tail)
	// news[k] is the highlights of step k, as the log's list writes
	// them (newsLen); tableHead the table of steps' header.
	news      []string
	newsEnds  []int
	tableHead string
	// newsFrom is the oldest step whose highlights the list keeps: 0
	// unless not even the least log fits with all of them (pick).
	newsFrom int
	pinned   int // the bytes of the newest step's heading, never cut
	// sums[k] is the counts of steps 0 to k-1, for the summary row.
	sums []stepSums
	secs []*view.Section // every section of the whole log, in order
	step []int           // per section: its step, or -1 for the newest step's and the series'
	// size[k] is the bytes of step k's sections, pre[k] what Fit takes
	// from them before it touches the newest step or the series, suffix
	// sums (from step k to the last but one); prot the bytes of the
	// newest step's and the series' sections.
	size, pre []int
	prot      int
	gate      bool // the steps have a gate (a column of the table)
	// rowEnds[k] and shortEnds[k] are the bytes of rows[k:] and
	// short[k:] (rowsLen).
	rowEnds, shortEnds []int
}

// stepSums adds up the table's columns over steps.
type stepSums struct {
	changed, added, removed, specsAdded, specsRemoved, rebuilt, updated, restacked, tripped int
}

func (l *logMarkdown) layout(s *diff.Series) *logLayout {
	n := len(l.counts)
	lay := &logLayout{l: l, n: n, gate: n > 0 && l.counts[0].gate != nil, tail: l.tail()}
	var b strings.Builder
	if l.o.Marker != "" {
		b.WriteString(l.o.Marker + "\n")
	}
	labels := report.SnapshotLabels(s.Snapshots)
	if l.o.Title != "" {
		b.WriteString("# " + report.EscapeMD(l.o.Title) + "\n\n")
	} else {
		// Each end escaped alone, as a pair's headline escapes its
		// sides: escaped whole, the folder "w1 " read "w1\x20\x20→ w3",
		// the space before the arrow taken for the folder's.
		first, last := report.SeriesEnds(labels)
		b.WriteString("# cachediff log: " + report.EscapeMD(first) + " → " + report.EscapeMD(last) + "\n\n")
	}
	changed, otherFacets := 0, 0
	for _, c := range l.counts {
		if c.changed {
			changed++
		} else if c.otherFacets {
			otherFacets++
		}
	}
	fmt.Fprintf(&b, "**%s, %s** (%s)", report.Plural(len(s.Snapshots), "snapshot"), report.Plural(n, "step"), report.StepsChanged(changed, otherFacets))
	if n == 0 {
		if note := revsNoteMD(s.Revs); note != "" {
			b.WriteString(": " + note + ".")
		} else {
			b.WriteString(": no steps.")
		}
		lay.top = b.String()
		lay.layoutSeries(s)
		return lay
	}
	firstC, lastC := l.counts[0], l.counts[n-1]
	fmt.Fprintf(&b, " · **packages %d → %d** · **specs %d → %d**, newest step first.", firstC.pkgs.Old, lastC.pkgs.New, firstC.specs.Old, lastC.specs.New)
	if l.opts.Filtered() {
		m := mdBuilder{}
		m.filters(l.opts, l.o.MaxBytes)
		b.WriteString("\n\n" + m.row())
	}
	if lay.gate {
		b.WriteString("\n\n" + l.gateLine(labels))
	}
	lay.top = b.String()
	b.Reset()
	lay.news = l.highlights(s, labels)
	b.WriteString("\n\n| step | packages changed | new | removed | specs added | removed | rebuilt | updated | restacked |")
	if lay.gate {
		b.WriteString(" gate |")
	}
	b.WriteString("\n|---|--:|--:|--:|--:|--:|--:|--:|--:|")
	if lay.gate {
		b.WriteString("---|")
	}
	lay.tableHead = b.String()
	lay.rows = make([]string, n)
	lay.sums = make([]stepSums, n+1)
	long := false
	for k, c := range l.counts {
		lay.rows[k] = lay.row(c.titleMD(), c)
		long = long || utf8.RuneCountInString(c.subject) > subjectCut
		t := lay.sums[k]
		t.changed += c.pkgs.Changed + c.pkgs.Added + c.pkgs.Removed
		t.added += c.pkgs.Added
		t.removed += c.pkgs.Removed
		t.specsAdded += c.specs.Added
		t.specsRemoved += c.specs.Removed
		t.rebuilt += c.specs.Rebuilt
		t.updated += c.specs.Updated
		t.restacked += c.specs.Restacked
		if c.gate != nil && !c.gate.Passed() {
			t.tripped++
		}
		lay.sums[k+1] = t
	}
	if long {
		lay.short = make([]string, n)
		for k, c := range l.counts {
			lay.short[k] = lay.row(titleMD(c.newLabel, c.oldLabel, cutSubject(c.subject)), c)
		}
	}
	// Across the series comes before the steps; then the steps, newest
	// first, each its heading and highlights, and its details. The
	// newest step's heading is pinned, as the Head is.
	lay.layoutSeries(s)
	for k := n - 1; k >= 0; k-- {
		sv := l.stepSections(k)
		base := k * stepRank
		at := k
		head := &view.Section{Name: fmt.Sprintf("step %d", k+1), Rank: base + stepHeading, Heading: "\n\n" + l.stepHead(k)}
		if k == n-1 {
			at = -1
			head.Pinned = true // never cut, like the Head (headLen counts it)
			lay.pinned = len(head.Heading)
		}
		lay.add(at, head)
		for _, sec := range sv {
			c := *sec
			c.Name = fmt.Sprintf("step %d %s", k+1, sec.Name)
			if l.views != nil && sec == l.views[k].Skipped {
				// What makes a skipped page's package look added or
				// removed: the last of the step's details to go.
				c.Rank = stepHeading - 1
			}
			if c.Rank < 0 {
				c.Rank = -stepRank*n + base + c.Rank // noise: cut first, oldest first
			} else {
				c.Rank += base
			}
			lay.add(at, &c)
		}
	}
	if limit := l.o.MaxBytes; limit > 0 {
		lay.measure()
	}
	return lay
}

// gateLine says the gate's outcome over the whole log, once: each kind
// that tripped, in each step it tripped in (by the step's new
// snapshot), and the kinds clear in every step.
func (l *logMarkdown) gateLine(labels []string) string {
	g := l.counts[0].gate
	var parts []string
	tripped := map[string]bool{}
	for k := len(l.counts) - 1; k >= 0; k-- { // newest first, as the steps
		c := l.counts[k]
		if c.gate == nil {
			continue
		}
		label := c.newLabel
		if k+1 < len(labels) {
			label = labels[k+1]
		}
		for _, t := range c.gate.Tripped {
			tripped[t.Kind] = true
			parts = append(parts, trippedText(t)+" in "+report.EscapeMD(report.StepLabel(label)))
		}
	}
	if parts == nil {
		return "✅ **Gate passed**: no step holds a change of the kinds it fails on (" + joinMD(g.FailOn, ", ") + ")"
	}
	if len(parts) > 5 { // the table of steps says which step tripped
		parts = append(parts[:5], "…and "+strconv.Itoa(len(parts)-5)+" more")
	}
	line := "❌ **Gate tripped**: " + strings.Join(parts, " · ")
	if untripped := slices.DeleteFunc(slices.Clone(g.FailOn), func(k string) bool { return tripped[k] }); len(untripped) > 0 {
		line += " · clear: " + joinMD(untripped, ", ")
	}
	return line
}

// logNews reports whether a step's highlight goes in the log's lists:
// all but the gate's passing, which the log's gate line says once.
func logNews(h diff.Highlight) bool { return h.Kind != diff.HighlightGatePassed }

// newsHeading heads the series' highlights.
const newsHeading = "\n\n## Highlights\n"

// highlights writes the series' highlights, per step (index 0 the
// oldest), each line with the snapshot it came in: "- **develop-2025-03-16**:
// new package actsvg 0.4.51", the label quoted where it holds ": "
// (report.NewsLabel). The log lists them newest step first, those of
// the steps it leaves out left out with them.
func (l *logMarkdown) highlights(s *diff.Series, labels []string) []string {
	n := len(labels) - 1
	out := make([]string, max(n, 0))
	var b strings.Builder
	for i := 0; i < len(s.Highlights); {
		k := s.Highlights[i].Step
		b.Reset()
		for ; i < len(s.Highlights) && s.Highlights[i].Step == k; i++ {
			if k >= 1 && k <= n && logNews(s.Highlights[i]) {
				b.WriteString("\n- **" + report.EscapeMD(report.NewsLabel(labels[k])) + "**: " + mdNews(s.Highlights[i], l.o.LinkBase))
			}
		}
		if k >= 1 && k <= n {
			out[k-1] += b.String()
		}
	}
	return out
}

// newsLen is the bytes of the series' highlights of the steps from
// step from on, their heading included: summed once.
func (lay *logLayout) newsLen(from int) int {
	if lay.newsEnds == nil {
		lay.newsEnds = make([]int, len(lay.news)+1)
		for k := len(lay.news) - 1; k >= 0; k-- {
			lay.newsEnds[k] = lay.newsEnds[k+1] + len(lay.news[k])
		}
	}
	if from >= len(lay.newsEnds) || lay.newsEnds[from] == 0 {
		return 0
	}
	return len(newsHeading) + lay.newsEnds[from]
}

// cutSubject cuts a commit subject past subjectCut characters, with the
// mark of the whole subject (report.CutEnd: "…" and 8 digits of its
// digest), one character longer than any subject left whole. Cut to 71
// characters and "…", a subject of 72 ending with "…" read as one cut,
// two subjects alike for 71 characters read alike, and an invalid byte
// read as U+FFFD (the cut went through []rune), as the subject holding
// U+FFFD reads.
func cutSubject(s string) string { return report.CutEnd(s, subjectCut) }

// row is a step's row in the table of steps.
func (lay *logLayout) row(title string, c stepCounts) string {
	r := fmt.Sprintf("\n| %s | %d | %d | %d | %d | %d | %d | %d | %d |", title,
		c.pkgs.Changed+c.pkgs.Added+c.pkgs.Removed, c.pkgs.Added, c.pkgs.Removed,
		c.specs.Added, c.specs.Removed, c.specs.Rebuilt, c.specs.Updated, c.specs.Restacked)
	if c.gate != nil {
		if c.gate.Passed() {
			r += " passed |"
		} else {
			r += " **tripped** |"
		}
	}
	return r
}

// summary is the row that sums up the oldest m steps.
func (lay *logLayout) summary(m int) string {
	t := lay.sums[m]
	r := fmt.Sprintf("\n| %d older steps | %d | %d | %d | %d | %d | %d | %d | %d |", m,
		t.changed, t.added, t.removed, t.specsAdded, t.specsRemoved, t.rebuilt, t.updated, t.restacked)
	if lay.gate {
		if t.tripped == 0 {
			r += " passed in all |"
		} else {
			r += " **tripped** in " + strconv.Itoa(t.tripped) + " |"
		}
	}
	return r
}

func (lay *logLayout) add(step int, s *view.Section) {
	lay.secs = append(lay.secs, s)
	lay.step = append(lay.step, step)
}

func (lay *logLayout) layoutSeries(s *diff.Series) {
	for _, sec := range lay.l.seriesSections(s, max(0, lay.n-1)*stepRank-10) {
		lay.add(-1, sec)
	}
}

// measure works out size, pre and prot (see logLayout).
func (lay *logLayout) measure() {
	n := lay.n
	lay.size, lay.pre = make([]int, n+1), make([]int, n+1)
	took := make([][view.FitRounds]int, len(lay.secs))
	changes := make([][view.FitRounds]bool, len(lay.secs))
	for i, s := range lay.secs {
		took[i], changes[i] = s.RoundCuts()
		if s.Pinned {
			continue // in headLen
		}
		if k := lay.step[i]; k >= 0 {
			lay.size[k] += s.Size()
		} else {
			lay.prot += s.Size()
		}
	}
	// Fit's order: by round, then by rank (a stable sort of the sections
	// in order). The first cut of the newest step's or the series'
	// sections is the same in every view, which holds them all.
	order := make([]int, len(lay.secs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return lay.secs[a].Rank - lay.secs[b].Rank })
rounds:
	for r := range view.FitRounds {
		for _, i := range order {
			k := lay.step[i]
			if k < 0 && changes[i][r] {
				break rounds
			}
			if k >= 0 {
				lay.pre[k] += took[i][r]
			}
		}
	}
	for k := n - 1; k >= 0; k-- {
		lay.size[k] += lay.size[k+1]
		lay.pre[k] += lay.pre[k+1]
	}
}

// full is the table of steps whole.
func (lay *logLayout) full() tableCut { return tableCut{rows: lay.n} }

// least is the table of steps at its smallest.
func (lay *logLayout) least() tableCut { return tableCut{rows: min(1, lay.n), short: lay.short != nil} }

func (t tableCut) cut(n int) bool { return t.short || t.rows < n }

// headLen is the length of the Head of view(drop, t), the Tail and the
// pinned heading of the newest step: what Fit never cuts.
func (lay *logLayout) headLen(drop int, t tableCut) int {
	m := len(lay.top) + lay.newsLen(lay.newsFrom) + len(lay.tableHead) + len(lay.tail) + lay.pinned
	if t.rows > 0 {
		m += lay.rowsLen(t.short, lay.n-t.rows)
	}
	if t.rows < lay.n {
		m += len(lay.summary(lay.n - t.rows))
	}
	return m
}

// rowsLen is the bytes of the table's rows from the one of step from
// on, their subjects cut (short) or not: summed once.
func (lay *logLayout) rowsLen(short bool, from int) int {
	rows, ends := lay.rows, &lay.rowEnds
	if short {
		rows, ends = lay.short, &lay.shortEnds
	}
	if *ends == nil {
		*ends = make([]int, len(rows)+1)
		for k := len(rows) - 1; k >= 0; k-- {
			(*ends)[k] = (*ends)[k+1] + len(rows[k])
		}
	}
	return (*ends)[from]
}

// smallest is the smallest log with drop steps left out and table t.
func (lay *logLayout) smallest(drop int, t tableCut, limit int) int {
	return lay.headLen(drop, t) + len(lay.notice(drop, t)(limit))
}

// intact reports whether Fit of view(drop, t) leaves the newest step's
// sections and the series' whole.
func (lay *logLayout) intact(drop int, t tableCut, limit int) bool {
	whole := lay.headLen(drop, t) + lay.size[drop] + lay.prot
	notice := len(lay.notice(drop, t)(limit))
	if drop > 0 || t.cut(lay.n) {
		whole += notice
	} else if whole <= limit {
		return true
	} else {
		whole += notice
	}
	return whole-lay.pre[drop] <= limit
}

// pick chooses the table and the number of oldest steps left out under
// limit (see Finish); false when not even the least log fits.
func (lay *logLayout) pick(limit int) (t tableCut, drop int, ok bool) {
	n := lay.n
	// The highlights go last: those of the oldest steps are left out of
	// the list only when not even the least log fits with them.
	// The least log fits under either notice: the one that names the
	// older steps left to the table (drop n-1), or the shorter one of no
	// step left out (drop 0, where Fit leaves every section out).
	lay.newsFrom = 0
	for lay.newsFrom < n && lay.leastFor(limit) < 0 {
		lay.newsFrom++
	}
	t = lay.full()
	if lay.smallest(0, t, limit) > limit {
		if lay.short != nil {
			t.short = true
		}
		if n == 0 || lay.smallest(drop, t, limit) > limit {
			// Every older step is left out: they are in the table's
			// summary row at most. Keep the most newest rows that fit.
			for t.rows = n - 1; t.rows >= 1; t.rows-- {
				if lay.smallest(n-1, t, limit) <= limit {
					return t, n - 1, n > 1
				}
				if lay.smallest(0, t, limit) <= limit {
					return t, 0, n > 1
				}
			}
			return t, 0, false
		}
	}
	for drop < n-1 && !lay.intact(drop, t, limit) && lay.smallest(drop+1, t, limit) <= limit {
		drop++
	}
	return t, drop, true
}

// leastFor is the steps left out (n-1, or else 0) with which the least
// log fits in limit, or -1 when it fits with neither.
func (lay *logLayout) leastFor(limit int) int {
	switch last := max(0, lay.n-1); {
	case lay.smallest(last, lay.least(), limit) <= limit:
		return last
	case lay.smallest(0, lay.least(), limit) <= limit:
		return 0
	}
	return -1
}

// notice is the shortening notice of view(drop, t).
func (lay *logLayout) notice(drop int, t tableCut) func(int) string {
	n := lay.n
	var table string
	// The newest step lists its highlights under its own heading (all,
	// or under fewerNews its first ones), so the list's cut is said as
	// the list's, never as highlights of every step left out.
	switch k := lay.newsFrom; {
	case k == 0 || lay.newsLen(0) == lay.newsLen(k):
	case k >= n:
		table = " The list of highlights is left out: the newest step's are under its heading."
	default:
		table = " The list of highlights leaves out the oldest " + oldestSteps(k) + "."
	}
	switch {
	case t.short && t.rows < n:
		table += " The table of steps shortens long commit subjects and sums up its oldest " + strconv.Itoa(n-t.rows) + " rows in one."
	case t.short:
		table += " The table of steps shortens long commit subjects."
	case t.rows < n:
		table += " The table of steps sums up its oldest " + strconv.Itoa(n-t.rows) + " rows in one."
	}
	const whole = " For the whole log, run cachediff log without `--max-bytes`, or save it with `--format json` and run `cachediff render log.json`."
	if drop == 0 {
		return func(limit int) string {
			return "\n\n> **Shortened** to fit in " + strconv.Itoa(limit) + " bytes: the oldest steps' sections, then the series', are cut first." + table + whole
		}
	}
	k := min(drop, n-1)
	return func(limit int) string {
		return "\n\n> **Shortened** to fit in " + strconv.Itoa(limit) + " bytes: the oldest " + oldestSteps(k) + " of the log " + isAre(k) + " only in the table of steps, and some sections of the others and of the series are summarised or left out, lowest value first." + table + whole
	}
}

// view lays the log out as one view.View, leaving out the sections of the
// oldest drop steps (their rows in the table of steps stay), with the
// table of steps t.
func (lay *logLayout) view(drop int, t tableCut) *view.View {
	n := lay.n
	var b strings.Builder
	b.WriteString(lay.top)
	if lay.newsLen(lay.newsFrom) > 0 {
		b.WriteString(newsHeading)
		for k := n - 1; k >= lay.newsFrom; k-- {
			b.WriteString(lay.news[k])
		}
	}
	b.WriteString(lay.tableHead)
	rows := lay.rows
	if t.short {
		rows = lay.short
	}
	for k := n - 1; k >= n-t.rows; k-- {
		b.WriteString(rows[k])
	}
	if t.rows < n {
		b.WriteString(lay.summary(n - t.rows))
	}
	kept := []string{"the headline", "the highlights", "the table of steps"}
	if n > 1 {
		kept = []string{"the headline", "the highlights", "the table of steps' newest row", "a row that sums up the older steps"}
	}
	v := &view.View{Head: b.String(), Tail: lay.tail, Kept: append(kept, "the newest step's heading and highlights", "the notes said once at the end")}
	v.NoticeFor = lay.notice(drop, t)
	v.Omitted = drop > 0 || t.cut(n)
	for i, s := range lay.secs {
		if k := lay.step[i]; k < 0 || k >= drop {
			v.Sections = append(v.Sections, s)
		}
	}
	return v
}

// oldestSteps is "step" for one, "N steps" for more: "the oldest step",
// "the oldest 2 steps".
func oldestSteps(n int) string {
	if n == 1 {
		return "step"
	}
	return report.Plural(n, "step")
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// skippedOf returns a step's section of skipped pages, if any.
func skippedOf(v *view.View) []*view.Section {
	if v.Skipped == nil {
		return nil
	}
	return []*view.Section{v.Skipped}
}

// seriesSections are the sections on the whole series: packages that
// came and went, and the timeline of versions.
func (l *logMarkdown) seriesSections(s *diff.Series, rank int) []*view.Section {
	n := len(s.Snapshots)
	labels := report.SnapshotLabels(s.Snapshots)
	// Quoted where one could read as more than a snapshot in a list of
	// runs (report.RunLabelsQuoted).
	q := report.RunLabelsQuoted(labels)
	label := func(i int) string { return report.EscapeMD(report.RunLabel(labels[i], q)) }
	var came []string
	for _, p := range s.Timeline.Packages {
		if !p.CameAndWent(n) {
			continue
		}
		came = append(came, "\n| "+report.MDPackage(l.o.LinkBase, p.Name)+" | "+report.RunsText(p.Present, n, label)+" |")
	}
	var rows []string
	for _, p := range s.Timeline.Packages {
		if report.Throughout(p, n) {
			continue
		}
		for _, v := range p.Versions {
			rows = append(rows, "\n| "+report.MDPackage(l.o.LinkBase, p.Name)+" | "+report.EscapeMD(v.Version)+" | "+report.RunText(v.Span, n, label)+" |")
		}
	}
	steady := 0
	for _, p := range s.Timeline.Packages {
		if report.Throughout(p, n) {
			steady++
		}
	}
	if n < 2 {
		steady = 0 // one snapshot: nothing to compare it with
	}
	// The heading "Across the series" is written with the first of its
	// sections, which ranks above the others (the cut drops it last): it
	// goes with the last of them, never stays empty above the next step.
	// Under --stack, a package's span is its specs in the stacks
	// selected: one that left them while the cache kept it is not gone
	// from the cache.
	where := "in the cache"
	if len(l.opts.Stacks) > 0 {
		where = "in the stacks selected"
	}
	var out []*view.Section
	if came != nil {
		out = append(out, &view.Section{Name: "came and went", Rank: rank + 1, Noun: "package", Rows: came,
			Heading: "\n\n### Packages that came and went\n\n| package | " + where + " |\n|---|---|"})
	}
	if rows != nil || steady > 0 {
		sec := &view.Section{Name: "timeline", Rank: rank, Noun: "version", Rows: rows,
			Heading: "\n\n### Timeline of versions\n\nWhen each version was " + where + ", over the " + report.Plural(n, "snapshot") + " of the log."}
		if rows != nil {
			sec.Heading += "\n\n| package | version | " + where + " |\n|---|---|---|"
		}
		if steady > 0 {
			sec.Footer = "\n\n" + report.Plural(steady, "package") + " kept the same versions in every snapshot."
		}
		out = append(out, sec)
	}
	if out != nil {
		out[0].Heading = "\n\n## Across the series" + out[0].Heading
	}
	return out
}

// revsNoteMD is report.RevsNote(r) in Markdown: the range and the path
// as it writes them (report.RevsRange, RevsPath) escaped,
// the dates (RFC 3339, checked by checkRevs on a log read back) in code
// spans, where their colons cannot read as an emoji's :code:.
func revsNoteMD(r *diff.Revs) string {
	if report.RevsNote(r) == "" {
		return ""
	}
	// A message's values (EscapeMDMessage), quoted as Go quotes a
	// string where they hold a backslash: EscapeMD doubled the quotes'
	// backslashes, so the folder of U+202E rendered "a\\u202eb c", a
	// name holding a backslash.
	what := report.EscapeMDMessage(report.RevsRange(r))
	for _, d := range [...]struct{ k, v string }{{"since", r.Since}, {"until", r.Until}} {
		if d.v != "" {
			what += ", " + d.k + " `" + d.v + "`"
		}
	}
	return "no commit in this range changed " + report.EscapeMDMessage(report.RevsPath(r)) + " (" + what + ")"
}

// stepTitle is the heading of a step: its new snapshot, with the commit's
// subject when known, and its old one. A step is headed as it comes, by
// its own two snapshots; once the series is known, relabel heads it again
// by the series' labels (snapshotLabels) if they differ.
func stepTitle(r *diff.Report, subjects map[string]string) string {
	return report.StepTitle(report.SideLabel(r.New), report.SideLabel(r.Old), subjects[r.New.Rev])
}
