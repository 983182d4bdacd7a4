package markdown

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/spill"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/view"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLogNoEmptyHeading: at every limit, a log's "## Across the series"
// heading is written only with a section of the series under it: the
// cut drops the heading with the last of its sections, never leaves it
// empty above the next step.
func TestLogNoEmptyHeading(t *testing.T) {
	// The generated series is of 8 packages a step: every limit is a
	// Finish, and the log of 20 is three times as long, each Finish longer
	// too; at 8 the heading left empty (03a77403's defect) still shows.
	for name, sn := range map[string][]*snapshot.Snapshot{"real": nil, "generated": reporttest.GenSeries(11, 8, 5)} {
		_, _, _, finish := cutsOf(t, name, sn, report.Options{})
		full, err := finish(0)
		if err != nil {
			t.Fatal(err)
		}
		empty := regexp.MustCompile(`\n## Across the series\n\n##? `)
		// The real log's every limit, made once for five tests; the
		// generated one's every seventh: with the heading a section of
		// its own, 58 limits in a row of it (2,564-2,621) show it empty.
		stride := 1
		if testing.Short() || name == "generated" {
			stride = 7
		}
		for limit := 1; limit <= len(full); limit += stride {
			out, err := finish(limit)
			var small *view.TooSmallError
			if errors.As(err, &small) {
				continue
			}
			if err != nil {
				t.Fatalf("%s --max-bytes %d: %v", name, limit, err)
			}
			if empty.MatchString(out) || strings.HasSuffix(strings.TrimRight(out, "\n"), "## Across the series") {
				t.Fatalf("%s --max-bytes %d: an empty \"Across the series\" heading:\n%s", name, limit, out)
			}
		}
	}
}

// TestLogNewsNotice: what the notice says of the list of highlights is
// what the list holds: "leaves out the oldest K steps" when it lists
// each step from K on (K less than the steps: the newest step's
// highlights are under its own heading too, never "left out"), and "is
// left out" when there is no list.
func TestLogNewsNotice(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	leaves := regexp.MustCompile(`The list of highlights leaves out the oldest (step|(\d+) steps)\.`)
	old := regexp.MustCompile(`The highlights of the oldest (step|(\d+) steps) are left out`)
	for name, sn := range map[string][]*snapshot.Snapshot{"real": weeks, "one-step": weeks[2:4]} {
		_, s, steps, finish := cutsOf(t, name, sn, report.Options{})
		full, err := finish(0)
		if err != nil {
			t.Fatal(err)
		}
		n := len(steps)
		for limit := 1; limit <= len(full); limit++ {
			out, err := finish(limit)
			var small *view.TooSmallError
			if errors.As(err, &small) {
				continue
			}
			if err != nil {
				t.Fatalf("%s --max-bytes %d: %v", name, limit, err)
			}
			from := 0
			if m := old.FindStringSubmatch(out); m != nil {
				t.Fatalf("%s --max-bytes %d: the notice says %q, but the newest step lists its highlights", name, limit, m[0])
			}
			if m := leaves.FindStringSubmatch(out); m != nil {
				from = 1
				if m[2] != "" {
					from, _ = strconv.Atoi(m[2])
				}
				if from >= n {
					t.Fatalf("%s --max-bytes %d: %q of %d steps", name, limit, m[0], n)
				}
			}
			if strings.Contains(out, "The list of highlights is left out") {
				from = n
			}
			for k := range n {
				line := "\n- **" + report.EscapeMD(s.Snapshots[k+1].Label()) + "**: "
				has := slices.ContainsFunc(steps[k].Highlights, logNews)
				if has && strings.Contains(out, line) != (k >= from) {
					t.Fatalf("%s --max-bytes %d: the list of highlights leaves out the oldest %d steps by the notice, but step %d's are listed: %v:\n%s", name, limit, from, k, strings.Contains(out, line), out)
				}
			}
		}
	}
}

// shortFile is a spill file that reads back only its first keep bytes,
// as a file cut short behind the log's back would.
type shortFile struct {
	failingFile
	keep int
}

func (f *shortFile) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(f.keep) {
		return 0, io.EOF
	}
	n := copy(p, f.buf[off:min(int64(f.keep), int64(len(f.buf)))])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// TestLogSpillReadShort: a spill that reads back fewer bytes than were
// written fails Finish with an error that says so, never writes a log
// cut short without a word.
func TestLogSpillReadShort(t *testing.T) {
	snaps := reporttest.GenSeries(8, 20, 3)
	for _, format := range []string{"md", "text"} {
		want, _ := writeLog(t, snaps, format, report.LogOptions{SpillAt: 1 << 40})
		saved := spill.CreateFile
		spill.CreateFile = func(string) (spill.File, string, error) {
			return &shortFile{failingFile: failingFile{room: 1 << 30}, keep: len(want) / 3}, filepath.Join(t.TempDir(), "absent"), nil
		}
		var buf bytes.Buffer
		w, s := stepLog(t, snaps, format, &buf, report.LogOptions{SpillAt: -1})
		err := w.Finish(s)
		spill.CreateFile = saved
		if err == nil || !strings.Contains(err.Error(), "temporary file") {
			t.Errorf("%s: Finish with a spill cut short: %v and %d bytes (the whole log is %d), want an error about the temporary file", format, err, buf.Len(), len(want))
		}
	}
}

// TestLogNewsBeforeDetails (docs/usage.md: --max-bytes drops details
// before any highlight): at every limit where the list of highlights
// leaves some out, the log holds no detail: no section of the series, no
// step's details, no older step's heading; the newest step's heading
// alone, after the table of steps.
func TestLogNewsBeforeDetails(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	for name, sn := range map[string][]*snapshot.Snapshot{"real": weeks, "one-step": weeks[2:4], "generated": reporttest.GenSeries(12, 20, 6)} {
		_, _, steps, finish := cutsOf(t, name, sn, report.Options{})
		full, err := finish(0)
		if err != nil {
			t.Fatal(err)
		}
		n := len(steps)
		stride := 1
		if testing.Short() || name == "generated" {
			stride = max(1, len(full)/1500)
		}
		for limit := 1; limit <= len(full); limit += stride {
			out, err := finish(limit)
			var small *view.TooSmallError
			if errors.As(err, &small) {
				continue
			}
			if err != nil {
				t.Fatalf("%s --max-bytes %d: %v", name, limit, err)
			}
			if !strings.Contains(out, "The list of highlights") {
				continue
			}
			newest := "\n## " + report.EscapeMD(stepTitle(steps[n-1], nil)) + "\n"
			after, _, _ := strings.Cut(out[strings.Index(out, newest)+len(newest):], "\n\nCatalogue pages keep")
			switch {
			case strings.Contains(out, "<details>"), strings.Contains(out, "\n### "), strings.Contains(out, "## Across the series"):
				t.Fatalf("%s --max-bytes %d: highlights left out of the list while details stay:\n%s", name, limit, out)
			case strings.Count(out, "\n## ") > 2:
				t.Fatalf("%s --max-bytes %d: highlights left out of the list while an older step stays:\n%s", name, limit, out)
			case strings.Contains(after, "\n\n"):
				t.Fatalf("%s --max-bytes %d: highlights left out of the list while the newest step keeps more than its highlights:\n%s", name, limit, after)
			}
		}
	}
}

// TestTooSmallNamesWhole: a report or log smaller whole than its least
// shortened form (a pair with no change, a log of no step) is written
// whole at any limit it fits in, and a limit below it names the size
// that fits: the error's minimum is never more than the whole report,
// and that minimum itself is written.
func TestTooSmallNamesWhole(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	r, err := diff.CompareWith(weeks[4], weeks[4], diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	var full bytes.Buffer
	if err := Markdown(&full, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	err = Markdown(&b, r, report.Options{MaxBytes: 10})
	var small *view.TooSmallError
	if !errors.As(err, &small) {
		t.Fatalf("a report of %d bytes under --max-bytes 10: %v, want a *view.TooSmallError", full.Len(), err)
	}
	if small.Min > full.Len() {
		t.Errorf("a report of %d bytes under --max-bytes 10: the error names %d bytes, more than the whole report", full.Len(), small.Min)
	}
	b.Reset()
	if err := Markdown(&b, r, report.Options{MaxBytes: small.Min}); err != nil || b.Len() > small.Min {
		t.Errorf("--max-bytes %d, the minimum named: %v, %d bytes", small.Min, err, b.Len())
	}

	// A log of one snapshot: no step.
	l, s, _ := logOf(t, weeks[4:5], report.Options{})
	whole, err := finishLog(l, s, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = finishLog(l, s, 10)
	if !errors.As(err, &small) {
		t.Fatalf("a log of no step under --max-bytes 10: %v, want a *view.TooSmallError", err)
	}
	if small.Min > len(whole) {
		t.Errorf("a log of no step, %d bytes, under --max-bytes 10: the error names %d bytes, more than the whole log", len(whole), small.Min)
	}
	if out, err := finishLog(l, s, small.Min); err != nil || len(out) > small.Min {
		t.Errorf("--max-bytes %d, the minimum named: %v, %d bytes", small.Min, err, len(out))
	}
}

// TestLogNewsKeptWhereTheyFit: a log leaves a highlight out of its list
// only where no log with every highlight fits: the least log (every
// detail out, the table at its least) fits under either notice, the one
// naming the older steps left to the table or the shorter one. It tries
// every limit of the real weeks' log and every fifth of a generated
// one's (under -short, a sample: see below).
func TestLogNewsKeptWhereTheyFit(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	// The generated series is of 8 packages a step: every limit is a
	// Finish, and the log of 20 is three times as long, each Finish longer
	// too; at 8 the highlights left out where they fit (1ce847e3's defect)
	// still show.
	for name, sn := range map[string][]*snapshot.Snapshot{"real": weeks, "generated": reporttest.GenSeries(12, 8, 6)} {
		l, s, _, finish := cutsOf(t, name, sn, report.Options{})
		full, err := finish(0)
		if err != nil {
			t.Fatal(err)
		}
		l.relabel(s)
		lay := l.layout(s)
		n := lay.n
		// Every limit; under -short, every limit of the first 300 where
		// every highlight fits (where a highlight is the first thing
		// left out), then a stride of about 150 more.
		first, stride := 0, max(1, len(full)/150)
		for limit := 1; limit <= len(full); limit++ {
			if testing.Short() && first > 0 && limit > first+300 && (limit-first)%stride != 0 && limit != len(full) {
				continue
			}
			lay.newsFrom = 0
			least := min(lay.smallest(n-1, lay.least(), limit), lay.smallest(0, lay.least(), limit))
			if least > limit {
				continue
			}
			if first == 0 {
				first = limit
			}
			// The generated log's every fifth limit: without the shorter
			// notice, 99 limits in a row of it (from 2,526) leave
			// highlights out where they fit.
			if name == "generated" && limit%5 != 0 && limit != len(full) {
				continue
			}
			out, err := finish(limit)
			if err != nil {
				t.Fatalf("%s --max-bytes %d: %v, but a log of every highlight takes %d bytes", name, limit, err, least)
			}
			if strings.Contains(out, "The list of highlights") {
				t.Fatalf("%s --max-bytes %d: highlights left out, but a log of every highlight takes %d bytes:\n%s", name, limit, least, out)
			}
		}
	}
}
