package report_test

import (
	"github.com/cachediff/cachediff/report"
	_ "github.com/cachediff/cachediff/report/builtin" // every format, for Lookup
	"github.com/cachediff/cachediff/report/jsonv1"
)

// The JSON codec, for this package's own tests (see jsonhooks_test.go).
func init() {
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
