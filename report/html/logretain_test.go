package html

import (
	"io"
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
	per, few, many := reporttest.RetainedPerStep(t, func() *logHTML {
		return &logHTML{w: io.Discard, o: report.LogOptions{SpillAt: -1}}
	})
	if per > 500 {
		t.Errorf("an HTML log holds %d bytes a step of one rebuilt spec until the page is written (%d bytes at 1,000 steps, %d at 4,000), want at most 500", per, few, many)
	}
}
