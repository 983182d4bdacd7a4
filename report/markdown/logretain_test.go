package markdown

import (
	"io"
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
	per, few, many := reporttest.RetainedPerStep(t, func() *logMarkdown {
		return &logMarkdown{w: io.Discard, o: report.LogOptions{SpillAt: -1}}
	})
	if per > 500 {
		t.Errorf("a Markdown log holds %d bytes a step of one rebuilt spec until it is written (%d bytes at 1,000 steps, %d at 4,000), want at most 500", per, few, many)
	}
}
