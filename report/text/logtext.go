package text

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/spill"
	"github.com/cachediff/cachediff/report"
)

// logText writes the terminal log: its title, what happened across the
// series (packages that came and went, versions over time), then a block
// per step, newest first: the step's head line (its snapshot's label,
// which for a commit is its date and short id, and the commit's subject),
// then the step's terminal view without its title (textView), indented.
// What every step would repeat (the note on unknown causes) is said once,
// at the end. Every line fits report.Options.Width.
type logText struct {
	// warns lists each snapshot's warnings once, under the first step
	// that reads it.
	warns report.StepWarnings
	w     io.Writer
	o     report.LogOptions
	n     int          // steps so far
	steps *spill.Spill // their blocks without the head line, one piece each
	// unknown sums the steps' causes that the note at the end counts.
	unknown diff.Causes
	hasNote bool
}

func (l *logText) Kept() int64 { return l.steps.InMemory() }

func (l *logText) Close() error { l.steps.Close(); return nil }

func (l *logText) Step(r *diff.Report) error {
	r = l.warns.Step(r)
	l.n++
	doc := report.NewDocument(r, l.o.Options)
	v := (&Document{&doc}).textView(textWidthOf(l.o.Width)-2, true)
	var b strings.Builder
	for _, s := range v.Head {
		b.WriteString("  " + s + "\n")
	}
	for _, s := range v.Sections {
		b.WriteString("  " + s.Title + "\n")
		for _, line := range s.Lines {
			b.WriteString("  " + line + "\n")
		}
	}
	for _, s := range v.Tail {
		b.WriteString("  " + s + "\n")
	}
	if c := r.Causes; c != nil {
		l.unknown.Pairs += c.Pairs
		l.unknown.Known += c.Known
		l.unknown.Own += c.Own
		l.hasNote = true
	}
	if l.steps == nil {
		l.steps = spill.New(l.o.SpillAt)
	}
	_, err := l.steps.Add([]byte(b.String()))
	return err
}

func (l *logText) Finish(s *diff.Series) error {
	defer l.steps.Close()
	bw := bufio.NewWriterSize(l.w, 64<<10)
	f := textFit{width: textWidthOf(l.o.Width), color: l.o.Color}
	c := l.o.Color
	n := len(s.Snapshots)
	labels := report.SnapshotLabels(s.Snapshots)
	title := l.o.Title
	if title == "" {
		title = "cachediff log"
	}
	var out []string
	first, last := report.SeriesEnds(labels)
	out = append(out, f.para(paintStr(c, "bold", report.VisibleInput(title))+": "+textLabel(report.VisibleInput(first))+" → "+textLabel(report.VisibleInput(last))+": "+
		report.Plural(n, "snapshot")+", "+report.Plural(l.n, "step"))...)
	if note := report.RevsNote(s.Revs); note != "" {
		// A message, as a warning is (Visible): its range and path
		// quoted as Go quotes a string wherever they hold a backslash
		// (report.RevsPath). VisibleInput doubled the quotes'
		// backslashes, so the path of U+202E read "a\\u202eb c", as if
		// its name held a backslash. Shortened as Markdown and HTML
		// shorten it (report.Shorten): a PATH of 10,000 characters,
		// cut in the title (textLabel), was written whole here.
		out = append(out, f.para(report.Shorten(report.Visible(note)))...)
	}

	// Across the series: each snapshot named in a list of runs quoted
	// where one could read as more than a snapshot there
	// (report.RunLabelsQuoted).
	q := report.RunLabelsQuoted(labels)
	runLabel := func(i int) string { return textLabel(report.VisibleInput(report.RunLabel(labels[i], q))) }
	var came, versions []string
	steady := 0
	for _, p := range s.Timeline.Packages {
		if report.Throughout(p, n) {
			steady++
			continue
		}
		// The name quoted as a sentence's names are (NamesQuoted): its
		// runs and versions follow it, joined by ", " and "; ", and the
		// package "z 1.0 in a;" of 1.5 in a and 2.0 since b read "z 1.0
		// in a; 1.5 in a; 2.0 since b", as the package z of three.
		name := report.VisibleInput(report.ListItem(p.Name, report.NamesQuoted([]string{p.Name})))
		if p.CameAndWent(n) {
			came = append(came, name+" "+report.RunsText(p.Present, n, runLabel))
		}
		if line := versionRuns(p, n, runLabel); line != "" {
			versions = append(versions, name+" "+line)
		}
	}
	for _, sec := range [...]struct {
		title string
		lines []string
	}{{"Came and went:", came}, {"Versions over time:", versions}} {
		if len(sec.lines) > 0 {
			out = append(out, paintStr(c, "bold", sec.title))
			out = append(out, f.rows(sec.lines, "package", false)...)
		}
	}
	if steady > 0 && l.n > 0 {
		out = append(out, f.para("The same versions in every snapshot: "+report.Plural(steady, "package"))...)
	}
	if _, err := bw.WriteString(strings.Join(out, "\n") + "\n"); err != nil {
		return err
	}

	// The steps, newest first.
	for k := l.n - 1; k >= 0; k-- {
		head := "step " + strconv.Itoa(k+1)
		if len(s.Snapshots) == l.n+1 {
			// "2025-03-16 e7c8068" stays on a line.
			glued := func(i int) string {
				return strings.ReplaceAll(textLabel(report.VisibleInput(report.StepLabel(labels[i]))), " ", nbsp)
			}
			// The subject bounded as the Markdown log's heading bounds
			// it (report.Shorten, of the visible text): a bot's commit
			// subject of megabytes took tens of thousands of lines.
			head += " · " + report.JoinStepTitle(glued(k+1), glued(k), report.Shorten(report.VisibleInput(l.o.Subjects[s.Snapshots[k+1].Rev])))
		}
		for _, line := range f.para(paintStr(c, "bold", head)) {
			if _, err := bw.WriteString(line + "\n"); err != nil {
				return err
			}
		}
		if err := l.steps.WritePiece(bw, k); err != nil {
			return err
		}
	}
	if l.hasNote {
		if note := report.UnknownNote(&l.unknown); note != "" {
			for _, line := range f.para("why: " + report.VisibleInput(note)) {
				if _, err := bw.WriteString(line + "\n"); err != nil {
					return err
				}
			}
		}
	}
	return bw.Flush()
}

// versionRuns says when each version of a package was in the series,
// "2.9 from A to B; 2.17.1 since C" ("1.0 in A, since C" for a version
// that left and came back), or "" when every version was there
// whenever the package was (the packages that came and went say it).
// Each version is written as a one-for-one move's side (report.MoveSide):
// the one version "1.0 in A; 2.0" read as two.
func versionRuns(p diff.PackageTimeline, n int, label func(int) string) string {
	var order []string
	runs := map[string][]diff.Span{}
	for _, v := range p.Versions {
		if _, ok := runs[v.Version]; !ok {
			order = append(order, v.Version)
		}
		runs[v.Version] = append(runs[v.Version], v.Span)
	}
	moved := false
	for _, v := range order {
		moved = moved || !slices.Equal(runs[v], p.Present)
	}
	if !moved {
		return ""
	}
	parts := make([]string, len(order))
	for i, v := range order {
		when := make([]string, len(runs[v]))
		for j, r := range runs[v] {
			when[j] = report.RunText(r, n, label)
		}
		parts[i] = report.VisibleInput(report.MoveSide(v)) + " " + strings.Join(when, ", ")
	}
	return strings.Join(parts, "; ")
}
