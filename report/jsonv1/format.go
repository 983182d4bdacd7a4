package jsonv1

import (
	"bufio"
	"io"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// Format is the json output format: a report as a cachediff/v1 document
// (JSON), a log as a cachediff/log/v1 one, streamed step by step.
var Format = report.Format{
	Name:   "json",
	Doc:    report.Schema,
	Render: func(w io.Writer, r *diff.Report, _ report.Options) error { return JSON(w, r) },
	Log: func(w io.Writer, _ report.LogOptions) report.LogWriter {
		return &logJSON{w: bufio.NewWriterSize(&commandSafe{w: w}, 64<<10)}
	},
	LogDoc: LogSchema,
}
