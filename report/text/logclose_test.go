package text

import (
	"io"
	"testing"

	"github.com/cachediff/cachediff/internal/spill"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestLogCloseWithoutFinish: a text log whose step failed lets its
// temporary file go on Close (reporttest.CheckCloseWithoutFinish).
func TestLogCloseWithoutFinish(t *testing.T) {
	reporttest.CheckCloseWithoutFinish(t,
		func(w io.Writer) *logText { return &logText{w: w, o: report.LogOptions{SpillAt: -1}} },
		func(l *logText) *spill.Spill { return l.steps })
}
