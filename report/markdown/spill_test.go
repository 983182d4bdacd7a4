package markdown

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/spill"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// stepLog hands every step of the log of snaps to a writer in format to
// out, and returns it with the series, for Finish.
func stepLog(t testing.TB, snaps []*snapshot.Snapshot, format string, out io.Writer, o report.LogOptions) (report.LogWriter, *diff.Series) {
	t.Helper()
	w, err := report.NewLogWriter(format, out, o)
	if err != nil {
		t.Fatal(err)
	}
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
		func(i int, r *diff.Report) error { return w.Step(r) })
	if err != nil {
		t.Fatal(err)
	}
	return w, s
}

// writeLog writes the log of snaps in format with o.
func writeLog(t *testing.T, snaps []*snapshot.Snapshot, format string, o report.LogOptions) (string, report.LogWriter) {
	t.Helper()
	var buf bytes.Buffer
	w, s := stepLog(t, snaps, format, &buf, o)
	if err := w.Finish(s); err != nil {
		t.Fatal(err)
	}
	return buf.String(), w
}

// TestLogSpill: a Markdown or text log whose steps are kept in a
// temporary file (spillAt < 0), or in memory (a bound never reached), or
// by default, writes the same bytes; and the same as a Markdown log that
// keeps each step's view.View (a --max-bytes larger than the log, which Fit
// leaves whole). No temporary file is left, and on Unix none is seen
// even while the log is written.
func TestLogSpill(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	series := map[string][]*snapshot.Snapshot{
		"real":      reporttest.LoadRealWeeks(t),
		"generated": reporttest.GenSeries(5, 40, 6),
	}
	for name, snaps := range series {
		for _, format := range []string{"md", "text"} {
			views, _ := writeLog(t, snaps, format, report.LogOptions{Options: report.Options{MaxBytes: 1 << 30}})
			for _, at := range []int64{-1, 0, 1 << 40} {
				got, w := writeLog(t, snaps, format, report.LogOptions{SpillAt: at})
				if got != views {
					t.Errorf("%s %s, spillAt %d: the log differs from the one of Views (%d bytes, want %d)", name, format, at, len(got), len(views))
				}
				if at < 0 && w.Kept() > int64(len(got))/4 {
					t.Errorf("%s %s, spilled at once: Kept %d of a log of %d bytes", name, format, w.Kept(), len(got))
				}
			}
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}

	// While the log is written: the file is already gone where the system
	// lets an open file be removed.
	w, s := stepLog(t, reporttest.GenSeries(6, 20, 3), "md", io.Discard, report.LogOptions{SpillAt: -1})
	if sp := w.(*logMarkdown).bodies; sp == nil || sp.File() == nil {
		t.Fatal("spillAt -1: no temporary file")
	}
	if left, _ := os.ReadDir(tmp); runtime.GOOS != "windows" && len(left) > 0 {
		t.Errorf("while the log is written, in TMPDIR: %v", left)
	}
	if err := w.Finish(s); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("after the log, in TMPDIR: %v", left)
	}
}

// TestLogSpillNoTempDir: where no temporary file can be made, the steps
// stay in memory and the log is the same.
func TestLogSpillNoTempDir(t *testing.T) {
	snaps := reporttest.GenSeries(7, 20, 4)
	want, _ := writeLog(t, snaps, "md", report.LogOptions{SpillAt: 1 << 40})
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "absent"))
	got, _ := writeLog(t, snaps, "md", report.LogOptions{SpillAt: -1})
	if got != want {
		t.Errorf("without a temporary folder: the log differs (%d bytes, want %d)", len(got), len(want))
	}
	// Before Finish: the log holds its steps in memory, and says so (the
	// memory limit makes room for them); Finish lets them go.
	w, _ := stepLog(t, snaps, "md", io.Discard, report.LogOptions{SpillAt: -1})
	defer w.Close()
	if w.Kept() == 0 {
		t.Errorf("without a temporary folder: Kept 0, want the steps it holds")
	}
}

// TestLogSpillReadError: a spill that cannot be read back fails Finish
// with an error that says so, not a log cut short (the text log's:
// report/text's TestLogSpillReadError).
func TestLogSpillReadError(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	snaps := reporttest.GenSeries(8, 20, 3)
	w, s := stepLog(t, snaps, "md", io.Discard, report.LogOptions{SpillAt: -1})
	w.(*logMarkdown).bodies.File().Close() // what a lost file gives
	if err := w.Finish(s); err == nil || !strings.Contains(err.Error(), "temporary file") {
		t.Errorf("Finish with the spill's file closed: %v, want an error about the temporary file", err)
	}
}

// failingFile is a spill file whose writes fail, as on a full disk, once
// it holds room bytes.
type failingFile struct {
	buf  []byte
	room int
}

func (f *failingFile) Write(p []byte) (int, error) {
	if len(f.buf)+len(p) > f.room {
		n := f.room - len(f.buf)
		f.buf = append(f.buf, p[:n]...)
		return n, syscall.ENOSPC
	}
	f.buf = append(f.buf, p...)
	return len(p), nil
}

func (f *failingFile) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(len(f.buf)) {
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	n := copy(p, f.buf[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func (f *failingFile) Close() error { return nil }

// TestLogSpillDiskFull (issue 35, item 21): a temporary file that fills
// after the first write, part way through a step or at a step's edge,
// does not fail the log: the steps in the file come back into memory and
// the log is the same as one kept in memory.
func TestLogSpillDiskFull(t *testing.T) {
	snaps := reporttest.GenSeries(9, 20, 6)
	for _, format := range []string{"md", "text"} {
		want, _ := writeLog(t, snaps, format, report.LogOptions{SpillAt: 1 << 40})
		for _, room := range []int{1, 100, len(want) / 3, len(want) / 2} {
			t.Run(fmt.Sprintf("%s/room=%d", format, room), func(t *testing.T) {
				saved := spill.CreateFile
				defer func() { spill.CreateFile = saved }()
				made := 0
				spill.CreateFile = func(string) (spill.File, string, error) {
					made++
					return &failingFile{room: room}, filepath.Join(t.TempDir(), "absent"), nil
				}
				var buf bytes.Buffer
				w, s := stepLog(t, snaps, format, &buf, report.LogOptions{SpillAt: -1})
				if err := w.Finish(s); err != nil {
					t.Fatalf("Finish: %v", err)
				}
				if made != 1 {
					t.Errorf("%d temporary files made, want 1", made)
				}
				if buf.String() != want {
					t.Errorf("the log differs from the one kept in memory (%d bytes, want %d)", buf.Len(), len(want))
				}
			})
		}
	}
}
