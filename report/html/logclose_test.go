package html

import (
	"io"
	"testing"

	"github.com/cachediff/cachediff/internal/spill"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestLogCloseWithoutFinish: an HTML log, which keeps its steps'
// details in a spill too, lets its temporary file go on Close when a
// step failed (reporttest.CheckCloseWithoutFinish).
func TestLogCloseWithoutFinish(t *testing.T) {
	reporttest.CheckCloseWithoutFinish(t,
		func(w io.Writer) *logHTML { return &logHTML{w: w, o: report.LogOptions{SpillAt: -1}} },
		func(l *logHTML) *spill.Spill { return l.written })
}
