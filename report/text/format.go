package text

import (
	"bufio"
	"fmt"
	"io"
	"sync"
	"text/template"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/templates"
)

// Format is the text output format: the terminal view of a report, and
// the text log.
var Format = report.Format{Name: "text", Doc: "terminal", Render: renderText, Terminal: true,
	Log: func(w io.Writer, o report.LogOptions) report.LogWriter { return &logText{w: w, o: o} }}

// Document is what templates/text.tmpl renders: a report.Document with
// the terminal view's methods (TextView, TextLines, TextRebuilt,
// TextCauses), which user templates get too (report/sandbox).
type Document struct {
	*report.Document
}

// builtin parses templates/text.tmpl once.
var builtin = sync.OnceValues(func() (*template.Template, error) {
	return template.New("text.tmpl").Funcs(report.Funcs(nil)).ParseFS(templates.FS, "text.tmpl")
})

// renderText writes r as the compact terminal view (templates/text.tmpl): a
// headline and the highlights in sections, one item a line fitted to
// o.Width, coloured when o.Color is set.
func renderText(w io.Writer, r *diff.Report, o report.Options) error {
	t, err := builtin()
	if err != nil {
		return fmt.Errorf("built-in templates: %w", err)
	}
	doc := report.NewDocument(r, o)
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := t.ExecuteTemplate(bw, "text.tmpl", &Document{&doc}); err != nil {
		return err
	}
	return bw.Flush()
}
