package markdown

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLogLongSubjectKeepsFrom: a step's heading and table row say what
// the step is from, "(from OLD)", whatever its commit's subject. The
// title was shortened whole, so a subject of thousands of characters in
// words of ordinary length (a bot's) took the place of "(from OLD)" in
// the plain log, where the text, HTML and Atom logs kept it.
func TestLogLongSubjectKeepsFrom(t *testing.T) {
	snaps := reporttest.GenSeries(15, 4, 4)
	subjects := map[string]string{}
	for i, s := range snaps {
		s.Rev = fmt.Sprintf("%02x", i) + strings.Repeat("d", 38)
		s.Date = fmt.Sprintf("2026-10-%02dT03:00:00Z", 1+i)
		subjects[s.Rev] = fmt.Sprintf("nightly %d: ", i) + strings.Repeat("bump @someone's #123 pkg ", 200)
	}
	var steps []*diff.Report
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
		func(i int, r *diff.Report) error { steps = append(steps, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	out := writeMDLog(t, steps, s, report.LogOptions{Subjects: subjects})
	headings, rows := 0, 0
	for _, line := range strings.Split(out, "\n") {
		step := strings.HasPrefix(line, "## 2026-") || strings.HasPrefix(line, "| 2026-")
		if !step {
			continue
		}
		if strings.HasPrefix(line, "## ") {
			headings++
		} else {
			rows++
		}
		if !strings.Contains(line, " (from 2026-10-") {
			t.Errorf("a step's line does not say what it is from:\n%.300s … %s", line, line[max(0, len(line)-200):])
		}
		if strings.Contains(line, "@someone") || strings.Contains(line, "#123") {
			t.Errorf("a subject's mention or reference is live:\n%.300s", line)
		}
	}
	if headings != len(steps) || rows != len(steps) {
		t.Fatalf("%d step headings and %d rows, want %d of each", headings, rows, len(steps))
	}
}

// writeMDLog writes the Markdown log of series s, whose steps are steps,
// with options o.
func writeMDLog(t *testing.T, steps []*diff.Report, s *diff.Series, o report.LogOptions) string {
	t.Helper()
	var buf bytes.Buffer
	w, err := report.NewLogWriter("md", &buf, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range steps {
		if err := w.Step(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Finish(s); err != nil {
		t.Fatalf("--max-bytes %d: Finish: %v", o.MaxBytes, err)
	}
	return buf.String()
}
