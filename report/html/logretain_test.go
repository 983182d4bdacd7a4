package html

import (
	"fmt"
	"io"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestLogRetainedPerStep: what an HTML log holds of a step until the
// page is written is its row of the table of steps and its specs per
// stack, a few hundred bytes, however many steps came before; its
// details wait in the spill (here a temporary file at once). The page's
// model of every step (details, rows, notes) was kept whole: 1.3 KB a
// step of one rebuilt spec, 28 MB at the end of 16,000 tiny steps,
// which the page was then built above, under a memory limit set for the
// steps (4.5x the CPU of 4,000).
func TestLogRetainedPerStep(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	retained := func(steps int) uint64 {
		l := &logHTML{w: io.Discard, o: report.LogOptions{SpillAt: -1}}
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
		t.Errorf("an HTML log holds %d bytes a step of one rebuilt spec until the page is written (%d bytes at %d steps, %d at %d), want at most 500", per, small, few, large, many)
	}
	t.Logf("%d bytes a step", per)
}
