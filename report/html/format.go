package html

import (
	"io"

	"github.com/cachediff/cachediff/report"
)

// Format is the html output format: a self-contained page with charts,
// of a report or of a log.
var Format = report.Format{Name: "html", Doc: "self-contained page with charts", Render: HTML,
	Log: func(w io.Writer, o report.LogOptions) report.LogWriter { return &logHTML{w: w, o: o} }}
