package main

import (
	"io"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// keptDrop is a log writer that holds dropAt bytes of its steps until
// its second step, then lets them go (a spill moving them to its
// temporary file).
type keptDrop struct {
	report.LogWriter
	steps int
}

const dropAt = 8 << 20

func (k *keptDrop) Step(r *diff.Report) error { k.steps++; return k.LogWriter.Step(r) }
func (k *keptDrop) Kept() int64 {
	if k.steps < 2 {
		return dropAt
	}
	return 0
}

// TestLogCollectsWhatWriterLetGo: what a log's writer held and let go
// since the last limit (its steps moved to a temporary file) is garbage
// when the next snapshot loads, as the snapshot before the two held is,
// and the log says so to its memory budget, which collects when that is
// worth it (collectFreeing). Counted as kept at the last limit, and
// alive at the last collection, it counted as the series' once let go
// (beyondInput): the limit left it three times over as room until a
// collection came, and 16,000 tiny steps of -f html reached a heap of
// 55 MB after the HTML steps' spill moved to its file, 16 MB live (44 MB
// at most now).
func TestLogCollectsWhatWriterLetGo(t *testing.T) {
	t.Chdir("../..")
	saved := newLogWriter
	t.Cleanup(func() { newLogWriter = saved })
	newLogWriter = func(format string, w io.Writer, o report.LogOptions) (report.LogWriter, error) {
		lw, err := saved(format, w, o)
		return &keptDrop{LogWriter: lw}, err
	}
	rec := &memoryRecorder{}
	c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, memory: rec}
	if code := c.run(append([]string{"log"}, weeks[:4]...)); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	// Before the third snapshot loads: the first; before the fourth: the
	// second, and what the writer let go after its second step.
	if len(rec.freed) != 2 || rec.freed[1] < dropAt {
		t.Errorf("collections asked for with %v bytes freed; want two, the second of at least the %d bytes the writer let go", rec.freed, dropAt)
	}
}
