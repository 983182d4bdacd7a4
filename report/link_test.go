package report_test

import (
	"io"
	"text/template"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	_ "github.com/cachediff/cachediff/report/builtin" // every format, for Lookup
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/report/sandbox"
)

// The JSON codec and user templates, for this package's own tests (see jsonhooks_test.go).
func init() {
	report.ParseTemplate = sandbox.ParseTemplate
	report.Execute = func(w io.Writer, t *template.Template, r *diff.Report, o report.Options) error {
		return sandbox.Execute(w, t, r, o, sandbox.Limits{})
	}
	report.JSON = jsonv1.JSON
	report.DecodeBytes = jsonv1.DecodeBytes
	report.DecodeLog = func(data []byte) (*report.Log, error) {
		l, err := jsonv1.DecodeLog(data)
		if err != nil {
			return nil, err
		}
		return &report.Log{Steps: l.Steps, Series: l.Series}, nil
	}
}
