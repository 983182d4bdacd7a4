package text

import (
	"io"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLogSpillReadError: a text log whose spill cannot be read back
// fails Finish with an error that says so, not a log cut short.
func TestLogSpillReadError(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	snaps := reporttest.GenSeries(8, 20, 3)
	l := Format.Log(io.Discard, report.LogOptions{SpillAt: -1}).(*logText)
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
		func(i int, r *diff.Report) error { return l.Step(r) })
	if err != nil {
		t.Fatal(err)
	}
	l.steps.File().Close() // what a lost file gives
	if err := l.Finish(s); err == nil || !strings.Contains(err.Error(), "temporary file") {
		t.Errorf("Finish with the spill's file closed: %v, want an error about the temporary file", err)
	}
}
