package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// LogOptions are the options of a log's rendering.
type LogOptions struct {
	Options
	// Subjects are the commit subjects of snapshots read from git, by
	// full commit id, for the steps' headings; nil for none.
	Subjects map[string]string

	// SpillAt is the bytes of rendered steps a Markdown, text or HTML log holds
	// in memory before it keeps them in a temporary file (package spill):
	// 0 for spill.DefaultAt, negative for at once (the tests).
	SpillAt int64
}

// LogWriter renders a log step by step: Step for each step in order
// (oldest first), then Finish once with the whole series.
type LogWriter interface {
	Step(r *diff.Report) error
	Finish(s *diff.Series) error
	// Kept is how many bytes of the steps so far the writer holds until
	// Finish (Markdown, text and HTML write the newest step first; JSON writes
	// each as it comes): the command's memory limit makes room for them.
	// What a writer keeps in a temporary file (spill) is not counted.
	Kept() int64
	// Close lets go of what the writer holds until Finish: the temporary
	// file of a Markdown, text or HTML log (spill), removed as soon as it is
	// made where the system lets an open file go (Unix), else only when
	// closed (Windows). The caller defers it, so that a step that fails,
	// and leaves Finish uncalled, leaves no file open or behind. After
	// Finish, or a second time, it does nothing.
	Close() error
}

// LogFormats returns the names of the formats of a log, the default
// first: the formats with a Log writer.
func LogFormats() []string {
	var names []string
	for _, f := range formats {
		if f.Log != nil {
			names = append(names, f.Name)
		}
	}
	return names
}

// NewLogWriter returns the writer of a log in format (one of LogFormats)
// to w.
func NewLogWriter(format string, w io.Writer, o LogOptions) (LogWriter, error) {
	if f, ok := Lookup(format); ok && f.Log != nil {
		return f.Log(w, o), nil
	}
	return nil, fmt.Errorf("a log is written as %s, not %q", orWords(LogFormats()), format)
}

func orWords(l []string) string {
	if len(l) < 2 {
		return strings.Join(l, "")
	}
	return strings.Join(l[:len(l)-1], ", ") + " or " + l[len(l)-1]
}

// SideLabel names a step's snapshot in headings: its tag, or for a
// snapshot read from git its commit date and short id.
// A snapshot on disk whose label reads as a commit's is quoted, as a
// series names it (SnapshotLabels).
func SideLabel(s diff.Side) string {
	info := diff.SnapshotInfo{Path: s.Path, Tag: s.Tag, Rev: s.Rev, Date: s.Date}
	return diskLabel(info, info.Label())
}

// GitPathLabel names a step's git snapshot by its PATH and commit, where
// the step's two snapshots are commits of other paths: "HEAD:mirror
// 2025-03-09 aaaaaaa", as a series names two PATHs at one commit
// (SnapshotLabels), and quoted by its rule (diskLabel): in ASCII where
// it holds a lookalike, "HEAD:\u04551 2025-03-09 aaaaaaa".
func GitPathLabel(s diff.Side) string {
	info := diff.SnapshotInfo{Path: s.Path, Tag: s.Tag, Rev: s.Rev, Date: s.Date}
	return diskLabel(info, s.Path+" "+info.Label())
}

// PathLabel names a step's snapshot by its path, where its label names
// both of the step's alike (two copies of _cache/develop, one tag): a
// snapshot on disk whose path reads as a commit's label is quoted, as
// SideLabel quotes such a label and a series names it (SnapshotLabels).
func PathLabel(s diff.Side) string {
	return diskLabel(diff.SnapshotInfo{Path: s.Path, Rev: s.Rev}, s.Path)
}

// StepTitle is the heading of a step made of its labels and subject:
// "new · subject (from old)", each label written as StepLabel writes it.
func StepTitle(newLabel, oldLabel, subject string) string {
	return JoinStepTitle(StepLabel(newLabel), StepLabel(oldLabel), subject)
}

// StepLabel is a snapshot's label as a step's title writes it: quoted
// where it holds a parenthesis, "·" or a quote, which the title's own
// words hold: the step to "x (from y)" from "a" read "x (from y) (from
// a)", as a step to x from "y) (from a".
//
// A label quoted in ASCII for its lookalike (diskLabel) is kept as it
// is: quoted already, it reads as no other label.
func StepLabel(s string) string {
	if strings.ContainsAny(s, `()"·`) && !keptQuoted(s) {
		return quoteLabel(s, false)
	}
	return s
}

// LeadPath is a snapshot's path as the HTML page's lead names it
// ("Old: PATH (3 specs of 1 package)"): quoted in ASCII where it holds a
// lookalike, as a label is (diskLabel), else as a step's title quotes
// a label (StepLabel). Written as it was, the leads of x/s1 and of x/ѕ1
// (its ѕ U+0455) read alike, where the headline quotes ѕ1.
func LeadPath(p string) string {
	if q, ok := asciiLabel(p); ok {
		return q
	}
	return StepLabel(p)
}

// NewsLabel is a snapshot's label before a highlight's words after
// ": " (a Markdown log's "- **LABEL**: news", a feed entry's title):
// quoted as Go quotes a string where it holds ": ", or is such a label
// quoted (headOdd). As it was, the package zlib upgraded at the
// snapshot "a: b" and the package "b: zlib" upgraded at the snapshot a
// both read "a: b: zlib 1.0 → 2.0 (upgraded)" (in Markdown once
// rendered, the bold gone).
//
// A label quoted in ASCII for its lookalike (diskLabel) is kept as it
// is, as StepLabel keeps it: the folder "ѕ1: x" (its ѕ U+0455) was
// quoted twice, "\"\\u04551: x\"", as the folder named "\u04551: x" in
// quotes of its own reads once quoted.
func NewsLabel(s string) string {
	if headOdd(s) && !keptQuoted(s) {
		return quoteLabel(s, false)
	}
	return s
}

// JoinStepTitle is StepTitle of labels written already (StepLabel, then
// a view's escaping).
func JoinStepTitle(newLabel, oldLabel, subject string) string {
	t := newLabel
	if subject != "" {
		t += " · " + subject
	}
	return t + " (from " + oldLabel + ")"
}

// Throughout reports whether a package and each of its versions were in
// every one of the n snapshots: a timeline with nothing to tell.
func Throughout(p diff.PackageTimeline, n int) bool {
	whole := diff.Span{From: 0, To: n - 1}
	if len(p.Present) != 1 || p.Present[0] != whole {
		return false
	}
	for _, v := range p.Versions {
		if v.Span != whole {
			return false
		}
	}
	return true
}

// RunText says when a run of snapshots was: "since A" when it lasts to
// the last snapshot, else "from A to B" ("in A" for one snapshot).
func RunText(r diff.Span, n int, label func(int) string) string {
	switch {
	case r.To == n-1:
		return "since " + label(r.From)
	case r.From == r.To:
		return "in " + label(r.From)
	}
	return "from " + label(r.From) + " to " + label(r.To)
}

// RunLabelsQuoted reports whether a series' snapshot labels are
// quoted where RunText and RunsText name them in a list (ListItem):
// where one could read as other items of a list joined by ", "
// (ListQuoted), or holds ";", which joins runs, and a package's
// versions and their runs in text's "Versions over time", or holds a
// word of a run (runWords): "to", which parts a run's ends ("from a to
// b"), or "in", "since" or "from", which begin a run after a package's
// name or version. Written as it is, the snapshot "a; b" read "1.0 in
// a; b, since c", as if b were a version, the run from "a to b" to c
// "from a to b to c", as the run from a to "b to c", and the package z
// since the snapshot "a since c" "z since a since c", as the package
// "z since a" since c. The HTML page's table of versions joins a run's
// ends by "–" (runWords has it): the snapshot "a – b" read as the run
// from a to b, and the stack s at the snapshot "a at b" as the stack
// "s at a" at b.
//
// A label quoted in ASCII for its lookalike (diskLabel) reads as one
// item as it is: it is kept so (RunLabel), and makes no other label
// quoted. Quoted again, the folder ѕ1 (its ѕ U+0455) read "\"\\u04551\""
// in runs, as the folder named "\u04551" in quotes of its own reads
// once quoted, and made every other label of the log quoted too.
func RunLabelsQuoted(labels []string) bool {
	return slices.ContainsFunc(labels, func(s string) bool {
		if keptQuoted(s) {
			return false
		}
		return oddItem(s) || strings.Contains(s, ";") || slices.ContainsFunc(strings.Split(s, " "), func(w string) bool { return slices.Contains(runWords, w) })
	})
}

// RunLabel is a snapshot's label in a list of runs (RunText, RunsText):
// quoted as Go quotes a string when quoted (RunLabelsQuoted), but for a
// label quoted in ASCII for its lookalike, kept as it is.
func RunLabel(s string, quoted bool) string {
	if quoted && !keptQuoted(s) {
		return quoteLabel(s, false)
	}
	return s
}

// runWords are the words RunText writes around a run's labels, the
// dash the HTML page's table of versions writes between a run's ends,
// and the "at" before a snapshot in the titles of the page's lines of
// stacks ("s at a: 3 specs").
var runWords = []string{"from", "to", "in", "since", "–", "at"}

func RunsText(runs []diff.Span, n int, label func(int) string) string {
	parts := make([]string, len(runs))
	for i, r := range runs {
		parts[i] = RunText(r, n, label)
	}
	return strings.Join(parts, "; ")
}

// StepWarnings keeps what a log's renderer needs to list each snapshot's
// warnings once. A step's report lists the warnings of both its
// snapshots, as a pair's report must; in a log, every snapshot but the
// first and the last is the new side of one step and the old side of
// the next, and so its warnings were listed under both steps (`log a
// stale-mirror c` said the same warnings twice). The zero value is
// ready to use, one for a log.
type StepWarnings struct {
	prev *diff.Report
}

// Step returns r, or a copy of it whose warnings leave out those the
// step before listed for its new snapshot, which is r's old one: the
// warnings of r that the step before also has, each as many times as it
// had it. When the step before read r's new snapshot too (`log a b a`),
// a warning both steps have may be the new snapshot's, and r is kept
// whole. Only the renderers that list a step's warnings use it: a
// log's JSON keeps each step's report as the pair's.
func (s *StepWarnings) Step(r *diff.Report) *diff.Report {
	prev := s.prev
	s.prev = r
	if prev == nil || len(r.Warnings) == 0 || len(prev.Warnings) == 0 || sameSide(prev.Old, r.New) {
		return r
	}
	seen := make(map[snapshot.Warning]int, len(prev.Warnings))
	for _, w := range prev.Warnings {
		seen[w]++
	}
	kept := make([]snapshot.Warning, 0, len(r.Warnings))
	for _, w := range r.Warnings {
		if seen[w] > 0 {
			seen[w]--
			continue
		}
		kept = append(kept, w)
	}
	if len(kept) == len(r.Warnings) {
		return r
	}
	c := *r
	c.Warnings = kept
	return &c
}

// sameSide reports whether a and b name one snapshot.
func sameSide(a, b diff.Side) bool {
	return a.Path == b.Path && a.Rev == b.Rev && a.Tag == b.Tag
}
