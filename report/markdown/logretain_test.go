package markdown

import (
	"fmt"
	"io"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestLogRetainedPerStep: what a Markdown log holds of a step until it
// is written, without --max-bytes, is its row of the table of steps, a
// few hundred bytes, however many steps came before; the step's text
// waits in the spill (here a temporary file at once). It kept the
// step's view too (its head, the names of what a cut keeps, a section
// pointing at the spill) and its title beside its labels: 1 KB a step
// of one rebuilt spec, 17 MB at the end of 16,000 tiny steps, which the
// memory limit's room for the series then tripled in peak RSS (4.6x the
// input).
func TestLogRetainedPerStep(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	retained := func(steps int) uint64 {
		l := &logMarkdown{w: io.Discard, o: report.LogOptions{SpillAt: -1}}
		defer l.Close()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for k := range steps {
			r := reporttest.OnePackage("ccache")
			r.Old.Path, r.New.Path = fmt.Sprintf("s%05d", k), fmt.Sprintf("s%05d", k+1)
			r.Old.Tag, r.New.Tag = "", ""
			if err := l.Step(r); err != nil {
				t.Fatal(err)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(l)
		return after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
	}
	const few, many = 1000, 4000
	small, large := retained(few), retained(many)
	per := (large - min(large, small)) / (many - few)
	if per > 500 {
		t.Errorf("a Markdown log holds %d bytes a step of one rebuilt spec until it is written (%d bytes at %d steps, %d at %d), want at most 500", per, small, few, large, many)
	}
	t.Logf("%d bytes a step", per)
}
