package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/view"
	"github.com/cachediff/cachediff/snapshot"
)

// logOf diffs a series and keeps its Markdown log writer after every
// Step, so that Finish can be called under many limits (Finish leaves the
// writer as it was).
func logOf(t *testing.T, snaps []*snapshot.Snapshot, o report.Options) (*logMarkdown, *diff.Series, []*diff.Report) {
	t.Helper()
	var steps []*diff.Report
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
		func(i int, r *diff.Report) error { steps = append(steps, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	// A limit at Step keeps each step's view.View (without one, Step spills
	// the sections' text, which Finish writes and lets go); finishLog
	// sets the limit of each Finish.
	o.MaxBytes = 1 << 30
	w, err := report.NewLogWriter("md", nil, report.LogOptions{Options: o})
	if err != nil {
		t.Fatal(err)
	}
	l := w.(*logMarkdown)
	for _, r := range steps {
		if err := l.Step(r); err != nil {
			t.Fatal(err)
		}
	}
	return l, s, steps
}

// finishLog writes the log l under limit.
func finishLog(l *logMarkdown, s *diff.Series, limit int) (string, error) {
	var buf bytes.Buffer
	l.w, l.o.MaxBytes = &buf, limit
	err := l.Finish(s)
	l.w, l.o.MaxBytes = nil, 0
	return buf.String(), err
}

// cutFunc writes a log under a limit (0: whole).
type cutFunc func(limit int) (string, error)

// logCuts is logOf with the cutFunc of its log.
func logCuts(t *testing.T, snaps []*snapshot.Snapshot, o report.Options) (*logMarkdown, *diff.Series, []*diff.Report, cutFunc) {
	t.Helper()
	l, s, steps := logOf(t, snaps, o)
	return l, s, steps, func(limit int) (string, error) { return finishLog(l, s, limit) }
}

// realLog is the log of the real weekly series (report.Options{}) and
// what it writes under each limit asked so far: five tests check a
// property of it at every limit, each limit a Finish of some 0.5 ms,
// and share the cuts rather than make them five times over.
var realLog struct {
	once  sync.Once
	l     *logMarkdown
	s     *diff.Series
	steps []*diff.Report
	cuts  map[int]realCut
}

type realCut struct {
	out string
	err error
}

// realLogCuts is logCuts of the real weekly series, whose cutFunc writes
// each limit once per test binary (the tests share the writer: none
// runs in parallel).
func realLogCuts(t *testing.T) (*logMarkdown, *diff.Series, []*diff.Report, cutFunc) {
	t.Helper()
	realLog.once.Do(func() {
		realLog.l, realLog.s, realLog.steps = logOf(t, reporttest.LoadRealWeeks(t), report.Options{})
		realLog.cuts = map[int]realCut{}
	})
	if realLog.l == nil {
		t.Fatal("the log of the real weekly series failed in an earlier test")
	}
	return realLog.l, realLog.s, realLog.steps, func(limit int) (string, error) {
		c, ok := realLog.cuts[limit]
		if !ok {
			c.out, c.err = finishLog(realLog.l, realLog.s, limit)
			realLog.cuts[limit] = c
		}
		return c.out, c.err
	}
}

// cutsOf is the log of a test's case: realLogCuts for the case named
// "real" (the real weekly series, report.Options{}), else logCuts.
func cutsOf(t *testing.T, name string, snaps []*snapshot.Snapshot, o report.Options) (*logMarkdown, *diff.Series, []*diff.Report, cutFunc) {
	t.Helper()
	if name == "real" {
		return realLogCuts(t)
	}
	return logCuts(t, snaps, o)
}

// TestLogMaxBytesProperties cuts the log of the real weekly series, and
// of generated ones, with and without the GitHub comment's marker, to
// every limit from 1 to one more than its full size (for the generated
// ones, and under -short, a stride of them, and the limits around the
// minimum, the full size and a GitHub comment's): never more than the
// limit; a *view.TooSmallError exactly below the minimum it names, and that
// minimum itself fits; the headline, the table of steps and the newest
// step's heading always there; a larger limit never shows fewer steps,
// nor a shorter log; the whole log when it fits, and the notice when it
// does not; the table of steps counts every step, in rows of their own
// or in the row that sums up the oldest; and where the whole table fits,
// the log is the one that cutting it for each number of steps left out
// in turn gives (finishByTrying).
func TestLogMaxBytesProperties(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	for _, tc := range []struct {
		name  string
		snaps []*snapshot.Snapshot
		o     report.Options
		every bool // every limit, but under -short
	}{
		{"real", weeks, report.Options{}, true},
		{"real-comment", weeks, report.Options{Marker: report.GitHubMarker, LinkBase: "https://cache.spack.io/package/?name="}, false},
		// Generated series of 8 packages a step: each limit is a Finish (and
		// a finishByTrying), about 2000 limits whatever the size, and a
		// smaller log is cheaper to cut, with a finer stride over it.
		{"generated", reporttest.GenSeries(1, 8, 6), report.Options{}, false},
		{"generated-comment", reporttest.GenSeries(2, 8, 8), report.Options{Marker: report.GitHubMarker}, false},
		{"generated-one-step", reporttest.GenSeries(3, 8, 2), report.Options{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, s, steps, finish := cutsOf(t, tc.name, tc.snaps, tc.o)
			full, err := finish(0)
			if err != nil {
				t.Fatal(err)
			}
			n := len(steps)
			heading := func(k int) string { return "\n## " + report.EscapeMD(stepTitle(steps[k], nil)) + "\n" }
			shown := func(out string) int {
				c := 0
				for k := range steps {
					if strings.Contains(out, heading(k)) {
						c++
					}
				}
				return c
			}
			if shown(full) != n {
				t.Fatalf("the full log shows %d step headings of %d", shown(full), n)
			}
			_, err = finish(1)
			var small *view.TooSmallError
			if !errors.As(err, &small) {
				t.Fatalf("--max-bytes 1: error %v, want a *view.TooSmallError", err)
			}
			least := small.Min
			t.Logf("full %d bytes, least %d", len(full), least)
			stride := 1 // about 20 limits under -short (and the ones around the minimum and the full size), 2000 without
			if testing.Short() {
				stride = max(1, len(full)/20)
			} else if !tc.every {
				stride = max(1, len(full)/2000)
			}
			var limits []int
			for limit := 1; limit <= len(full)+1; limit += stride {
				limits = append(limits, limit)
			}
			limits = append(limits, least-1, least, least+1, len(full)-1, len(full), len(full)+1, 65536)
			slices.Sort(limits)
			limits = slices.Compact(limits)
			prevSteps, prevLen, prevLimit := 0, 0, 0
			headline := tc.o.Marker
			if headline != "" {
				headline += "\n"
			}
			headline += "# " + report.EscapeMD("cachediff log: "+s.Snapshots[0].Label()+" → "+s.Snapshots[n].Label()) + "\n"
			for _, limit := range limits {
				if limit < 1 {
					continue
				}
				out, err := finish(limit)
				if limit < least {
					if !errors.As(err, &small) || small.Min != least || small.Max != limit || out != "" {
						t.Fatalf("--max-bytes %d (below the minimum %d): error %v, %d bytes written; want a *view.TooSmallError naming %d", limit, least, err, len(out), least)
					}
					continue
				}
				if err != nil {
					t.Fatalf("--max-bytes %d (the minimum is %d): %v", limit, least, err)
				}
				got := shown(out)
				switch {
				case len(out) > limit:
					t.Fatalf("--max-bytes %d: %d bytes", limit, len(out))
				case !strings.HasPrefix(out, headline):
					t.Fatalf("--max-bytes %d: no headline %q:\n%s", limit, headline, out)
				case tableRows(out, steps) != n:
					t.Fatalf("--max-bytes %d: the table of steps has %d rows or steps summed up, want %d:\n%s", limit, tableRows(out, steps), n, out)
				case !strings.Contains(out, heading(n-1)):
					t.Fatalf("--max-bytes %d: no newest step:\n%s", limit, out)
				case limit >= len(full) && out != full:
					t.Fatalf("--max-bytes %d: the log (%d bytes) fits but was cut", limit, len(full))
				case limit < len(full) && !strings.Contains(out, "**Shortened** to fit in "+fmt.Sprint(limit)+" bytes"):
					t.Fatalf("--max-bytes %d: no notice:\n%s", limit, out)
				case strings.Contains(out, "the oldest 1 step"):
					t.Fatalf("--max-bytes %d: the notice counts one step as \"1 step\":\n%s", limit, out)
				case got < prevSteps:
					t.Fatalf("--max-bytes %d: %d steps shown, %d under --max-bytes %d", limit, got, prevSteps, prevLimit)
				case len(out) < prevLen:
					t.Fatalf("--max-bytes %d: %d bytes written, %d under --max-bytes %d", limit, len(out), prevLen, prevLimit)
				}
				// Finish works out which steps to leave out: it leaves out
				// those that cutting the log for each number in turn did
				// (which is quadratic: every tenth limit of every).
				if !tc.every || testing.Short() || limit%10 == 0 {
					if want, ok := finishByTrying(l, s, limit); ok && out != want {
						t.Fatalf("--max-bytes %d: %d bytes, but cutting the log for each number of steps left out gives %d:\n%s\n\nwant:\n%s", limit, len(out), len(want), out, want)
					}
				}
				prevSteps, prevLen, prevLimit = got, len(out), limit
			}
			// The writer kept across limits writes what a new one writes.
			for _, limit := range []int{least, (least + len(full)) / 2, len(full) - 1} {
				want, _ := finish(limit)
				var buf bytes.Buffer
				o := tc.o
				o.MaxBytes = limit
				w, _ := report.NewLogWriter("md", &buf, report.LogOptions{Options: o})
				for _, r := range steps {
					w.Step(r)
				}
				if err := w.Finish(s); err != nil || buf.String() != want {
					t.Fatalf("--max-bytes %d: a new writer gives %v and %d bytes, the kept one %d", limit, err, buf.Len(), len(want))
				}
			}
		})
	}
}

// tableRows counts the steps in the table of steps of a log: those in
// rows of their own (the newest of them first), and those summed up in
// its last row.
func tableRows(out string, steps []*diff.Report) int {
	c := 0
	for k := len(steps) - 1; k >= 0 && strings.Contains(out, "\n| "+report.EscapeMD(stepTitle(steps[k], nil))+" |"); k-- {
		c++
	}
	if m := regexp.MustCompile(`\n\| (\d+) older steps \|`).FindStringSubmatch(out); m != nil {
		older, _ := strconv.Atoi(m[1])
		c += older
	}
	return c
}

// TestLogKept: a Markdown or text log counts the bytes of the steps it
// holds until Finish, step by step; a JSON log, which writes each step as
// it comes, holds none.
func TestLogKept(t *testing.T) {
	snaps := reporttest.GenSeries(7, 20, 2)
	r, err := diff.CompareWith(snaps[0], snaps[1], diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range report.LogFormats() {
		w, err := report.NewLogWriter(format, io.Discard, report.LogOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var kept []int64
		for range 2 {
			if err := w.Step(r); err != nil {
				t.Fatal(err)
			}
			kept = append(kept, w.Kept())
		}
		switch {
		case format == "json" && (kept[0] != 0 || kept[1] != 0):
			t.Errorf("json: kept %v, want none", kept)
		case format != "json" && (kept[0] <= 0 || kept[1] <= kept[0]):
			// What the spill's buffer took, which append grows by more
			// than a step (spill.InMemory): not exactly twice.
			t.Errorf("%s: kept %v after two equal steps, want n then more", format, kept)
		}
	}
}

// TestLogCutKeepsSkipped (a thirteenth adversarial pass, issue 35): under
// --max-bytes a log cut a step's skipped pages (--skip-invalid) first of
// its sections, keeping the packages they made look removed: the skipped
// pages are the last of a step's details to go.
func TestLogCutKeepsSkipped(t *testing.T) {
	snaps := reporttest.GenSeries(3, 40, 2)
	snaps[1].Skipped = []snapshot.Skipped{{File: "new/bad-page.md", Line: 1, Reason: "front matter never closed"}}
	l, s, _ := logOf(t, snaps, report.Options{})
	full, err := finishLog(l, s, 1<<30)
	if err != nil || !strings.Contains(full, "Skipped pages") {
		t.Fatalf("the uncut log: %v; no skipped pages in\n%s", err, full)
	}
	for limit := len(full); limit > 0; limit -= 7 {
		out, err := finishLog(l, s, limit)
		if err != nil {
			break
		}
		if strings.Contains(out, "<details>") && !strings.Contains(out, "Skipped pages") {
			t.Fatalf("cut to %d bytes, the log keeps details but not its skipped pages:\n%s", limit, out)
		}
	}
}
