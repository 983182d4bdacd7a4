package markdown

import (
	"io"
	"testing"

	"github.com/cachediff/cachediff/internal/spill"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestLogCloseWithoutFinish: a Markdown log whose step failed lets its
// temporary file go on Close (reporttest.CheckCloseWithoutFinish).
func TestLogCloseWithoutFinish(t *testing.T) {
	reporttest.CheckCloseWithoutFinish(t,
		func(w io.Writer) *logMarkdown { return &logMarkdown{w: w, o: report.LogOptions{SpillAt: -1}} },
		func(l *logMarkdown) *spill.Spill { return l.bodies })
}
