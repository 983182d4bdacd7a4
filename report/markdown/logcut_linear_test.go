package markdown

import (
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/view"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLogGitHubCommentLongSubjects (issue 35, item 20): 45 nightly
// commits whose bot writes a 2.2 KB subject made a table of steps larger
// than a GitHub comment, which was never cut: the log failed (exit 2, no
// output) and its gate result was lost. The table is cut like the rest:
// subjects shortened, the oldest rows summed up in one row that says
// how many of them tripped the gate.
func TestLogGitHubCommentLongSubjects(t *testing.T) {
	snaps := reporttest.GenSeries(35, 8, 46)
	subjects := map[string]string{}
	for i, s := range snaps {
		s.Rev = fmt.Sprintf("%02x", i) + strings.Repeat("c", 38)
		s.Date = fmt.Sprintf("2026-10-%02dT03:00:00Z", 1+i%28)
		subjects[s.Rev] = fmt.Sprintf("chore(nightly %d): regenerate the build cache catalogue ", i) + strings.Repeat("and update every package's page ", 68)
	}
	if n := len(subjects[snaps[1].Rev]); n < 2200 {
		t.Fatalf("a subject of %d bytes, want 2.2 KB", n)
	}
	var steps []*diff.Report
	tripped := 0
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
		func(i int, r *diff.Report) error {
			var err error
			if r.Gate, err = diff.CheckGate(r, []string{"any"}); err != nil {
				return err
			}
			if !r.Gate.Passed() {
				tripped++
			}
			steps = append(steps, r)
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	// --github-comment, and a limit small enough that the oldest rows
	// are summed up too.
	for _, limit := range []int{65536, 6000} {
		out := writeMDLog(t, steps, s, report.LogOptions{Options: report.Options{MaxBytes: limit, Marker: report.GitHubMarker}, Subjects: subjects})
		if len(out) > limit || !strings.HasPrefix(out, report.GitHubMarker+"\n# cachediff log: ") {
			t.Fatalf("--max-bytes %d: %d bytes, want at most the limit and the marker first:\n%.2000s", limit, len(out), out)
		}
		// Every step is a row of its own or counted in the summary row,
		// and so is every tripped gate.
		rows, shownTripped := strings.Count(out, " **tripped** |")+strings.Count(out, " passed |"), strings.Count(out, " **tripped** |")
		older, olderTripped := 0, 0
		if m := regexp.MustCompile(`\n\| (\d+) older steps \|.* (passed in all|\*\*tripped\*\* in (\d+)) \|`).FindStringSubmatch(out); m != nil {
			older, _ = strconv.Atoi(m[1])
			olderTripped, _ = strconv.Atoi(m[3])
		} else if limit < 10000 {
			t.Errorf("--max-bytes %d: no summary row of the oldest steps:\n%.3000s", limit, out)
		}
		if rows+older != 45 || shownTripped+olderTripped != tripped {
			t.Errorf("--max-bytes %d: %d rows and %d steps summed up, want 45; %d tripped shown, want %d", limit, rows, older, shownTripped+olderTripped, tripped)
		}
		if !strings.Contains(out, "shortens long commit subjects") || !regexp.MustCompile(`…[0-9a-f]{8,} \(from `).MatchString(out) {
			t.Errorf("--max-bytes %d: no subject shortened, or the notice does not say so:\n%.3000s", limit, out)
		}
		if strings.Count(out, subjects[snaps[45].Rev][:1500]) != 1 { // headings keep 2,000 characters (report.EscapeMD)
			t.Errorf("--max-bytes %d: the newest step's heading does not carry its subject once", limit)
		}
	}
}

// TestLogCutLinear (issue 35, item 14): a log cut by --max-bytes (and
// --github-comment, and render of a saved log) built the whole log again
// for each step it left out: quadratic in steps. Four times the steps
// now cost at most about four times the bytes allocated, at a limit that
// leaves most steps out and at the smallest limit (where the table of
// steps is cut too).
func TestLogCutLinear(t *testing.T) {
	alloc := func(steps int) (fourth, least uint64) {
		l, s, _ := logOf(t, reporttest.GenSeries(uint64(steps), 3, steps+1), report.Options{})
		full, err := finishLog(l, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		_, err = finishLog(l, s, 1)
		var small *view.TooSmallError
		if !errors.As(err, &small) {
			t.Fatalf("--max-bytes 1: %v", err)
		}
		measure := func(limit int) uint64 {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			out, err := finishLog(l, s, limit)
			runtime.ReadMemStats(&after)
			if err != nil || len(out) > limit {
				t.Fatalf("%d steps, --max-bytes %d: %v, %d bytes", steps, limit, err, len(out))
			}
			return after.TotalAlloc - before.TotalAlloc
		}
		return measure(len(full) / 4), measure(small.Min)
	}
	// Allocation counts are steady: from 250 steps 4x gives about 3.7x,
	// and a layout built again per step left out about 15x.
	f1, m1 := alloc(250)
	f4, m4 := alloc(1000)
	t.Logf("a quarter of the log: %d -> %d bytes allocated (%.2fx); the least: %d -> %d (%.2fx)", f1, f4, float64(f4)/float64(f1), m1, m4, float64(m4)/float64(m1))
	if float64(f4) > 4.4*float64(f1) {
		t.Errorf("a quarter of the log: 4x the steps allocate %.2fx the bytes (%d -> %d), want at most 4.4x", float64(f4)/float64(f1), f1, f4)
	}
	if float64(m4) > 4.4*float64(m1) {
		t.Errorf("the least log: 4x the steps allocate %.2fx the bytes (%d -> %d), want at most 4.4x", float64(m4)/float64(m1), m1, m4)
	}
}

// finishByTrying is Finish as it was before it worked out the steps to
// leave out (TestLogMaxBytesProperties holds Finish to it): it lays the
// log out and cuts it for each number of oldest steps left out in turn,
// with the table of steps whole; false when not even that log's least
// fits.
func finishByTrying(l *logMarkdown, s *diff.Series, limit int) (string, bool) {
	l.relabel(s)
	n := len(l.views)
	fitted := func(drop int) *view.View {
		lay := l.layout(s) // sections of its own: Fit cuts them
		v := lay.view(drop, lay.full())
		if v.Fit(limit) != nil {
			return nil
		}
		return v
	}
	intact := func(v *view.View) bool {
		newest := fmt.Sprintf("step %d ", n)
		for _, s := range v.Sections {
			// The newest step's sections and the series' (not a step's).
			if (strings.HasPrefix(s.Name, newest) || !strings.HasPrefix(s.Name, "step ")) && (!s.Shown() || s.Hidden() > 0 || s.ShortRows() > 0) {
				return false
			}
		}
		return true
	}
	v := fitted(0)
	if v == nil {
		return "", false
	}
	for drop := 1; drop < n && !intact(v); drop++ {
		next := fitted(drop)
		if next == nil {
			break
		}
		v = next
	}
	var b strings.Builder
	v.WriteTo(&b)
	return b.String(), true
}
