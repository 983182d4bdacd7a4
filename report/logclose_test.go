package report

import (
	"errors"
	"io"
	"os"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLogCloseWithoutFinish: a step that fails leaves Finish uncalled, and
// with it the close of a Markdown or text log's temporary file (spill).
// On Windows, where an open file cannot be removed, the file stayed in
// TMPDIR until the process ended (issue 35). Close lets it go: the file
// is closed, and nothing is left in TMPDIR. Every log writer has Close,
// and calling it after Finish, or twice, is harmless.
func TestLogCloseWithoutFinish(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	snaps := genSeries(9, 20, 4)
	for _, format := range []string{"md", "text"} {
		w, err := NewLogWriter(format, io.Discard, LogOptions{spillAt: -1})
		if err != nil {
			t.Fatal(err)
		}
		failed := errors.New("the third snapshot does not load")
		_, err = diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) {
			if i == 2 {
				return nil, failed
			}
			return snaps[i], nil
		}, diff.Filter{}, func(i int, r *diff.Report) error { return w.Step(r) })
		if !errors.Is(err, failed) {
			t.Fatalf("%s: %v, want the failed load", format, err)
		}
		var sp *spill
		switch l := w.(type) {
		case *logMarkdown:
			sp = l.bodies
		case *logText:
			sp = l.steps
		}
		f, ok := sp.f.(*os.File)
		if !ok {
			t.Fatalf("%s: spillAt -1 after a step: no temporary file", format)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Stat(); !errors.Is(err, os.ErrClosed) {
			t.Errorf("%s: after Close the spill's file is not closed (Stat: %v)", format, err)
		}
		if err := w.Close(); err != nil {
			t.Errorf("%s: Close twice: %v", format, err)
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}
	// After Finish, in every format.
	for _, format := range LogFormats() {
		w, s := stepLog(t, snaps, format, io.Discard, LogOptions{spillAt: -1})
		if err := w.Finish(s); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Errorf("%s: Close after Finish: %v", format, err)
		}
	}
}
