package report

import (
	"bytes"
	"io"
	"testing"
	"text/template"

	"github.com/cachediff/cachediff/diff"
)

// The JSON codec (report/jsonv1) and user templates (report/sandbox)
// import report: this package's tests, which render every format, read
// reports back and compare them with a template's, reach them through
// these variables, set by link_test.go (package report_test, which may
// import them).
var (
	JSON          func(w io.Writer, r *diff.Report) error
	DecodeBytes   func(data []byte) (*diff.Report, error)
	DecodeLog     func(data []byte) (*Log, error)
	ParseTemplate func(name, text string) (*template.Template, error)
	Execute       func(w io.Writer, t *template.Template, r *diff.Report, o Options) error
)

// Log is a decoded cachediff/log/v1 document (jsonv1.Log).
type Log struct {
	Steps  []*diff.Report
	Series diff.Series
}

// WriteLog writes a decoded log again through w (jsonv1.WriteLog).
func WriteLog(w LogWriter, l *Log) error {
	for _, r := range l.Steps {
		if err := w.Step(r); err != nil {
			return err
		}
	}
	return w.Finish(&l.Series)
}

// decodeReport decodes the cachediff/v1 document r reads.
func decodeReport(r io.Reader) (*diff.Report, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return DecodeBytes(data)
}

// jsonOf is r's cachediff/v1 document.
func jsonOf(t testing.TB, r *diff.Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := JSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// render writes r in the registered format called name (link_test.go
// imports report/builtin, which registers them all).
func render(w io.Writer, name string, r *diff.Report, o Options) error {
	f, ok := Lookup(name)
	if !ok {
		panic("no format " + name)
	}
	return f.Render(w, r, o)
}
