package markdown

import (
	"io"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// render writes r in the registered format called name (link_test.go
// registers them all).
func render(w io.Writer, name string, r *diff.Report, o report.Options) error {
	f, ok := report.Lookup(name)
	if !ok {
		panic("no format " + name)
	}
	return f.Render(w, r, o)
}
