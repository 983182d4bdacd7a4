package reporttest

import (
	"errors"
	"io"
	"os"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/spill"
	"github.com/cachediff/cachediff/snapshot"
)

// LogWriter is report.LogWriter as far as the check needs it (package
// report's own tests import this package, so it cannot import report).
type LogWriter interface {
	Step(r *diff.Report) error
	Finish(s *diff.Series) error
	Close() error
}

// CheckCloseWithoutFinish is the check of a log writer that keeps its
// steps in a spill (Markdown, text): a step that fails leaves Finish
// uncalled, and with it the close of the temporary file. On Windows,
// where an open file cannot be removed, the file stayed in TMPDIR until
// the process ended (issue 35). Close lets it go: the file is closed,
// nothing is left in TMPDIR, and Close twice, or after Finish, is
// harmless. newWriter makes a writer that spills at once; spillOf gives
// its spill.
func CheckCloseWithoutFinish[W LogWriter](t *testing.T, newWriter func(io.Writer) W, spillOf func(W) *spill.Spill) {
	t.Helper()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	snaps := GenSeries(9, 20, 4)
	w := newWriter(io.Discard)
	failed := errors.New("the third snapshot does not load")
	_, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) {
		if i == 2 {
			return nil, failed
		}
		return snaps[i], nil
	}, diff.Filter{}, func(i int, r *diff.Report) error { return w.Step(r) })
	if !errors.Is(err, failed) {
		t.Fatalf("%v, want the failed load", err)
	}
	f, ok := spillOf(w).File().(*os.File)
	if !ok {
		t.Fatal("SpillAt -1 after a step: no temporary file")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Stat(); !errors.Is(err, os.ErrClosed) {
		t.Errorf("after Close the spill's file is not closed (Stat: %v)", err)
	}
	if err := w.Close(); err != nil {
		t.Errorf("Close twice: %v", err)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}
	// After Finish.
	w = newWriter(io.Discard)
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
		func(i int, r *diff.Report) error { return w.Step(r) })
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(s); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Errorf("Close after Finish: %v", err)
	}
}
