// Package builtin registers cachediff's output formats with package
// report, in the order --format lists them (the default first). It is the
// one list of them: a new output format is a folder under report/ and an
// entry here; the commands import this package and name no format
// themselves.
package builtin

import (
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/atom"
	"github.com/cachediff/cachediff/report/html"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/report/markdown"
	"github.com/cachediff/cachediff/report/patch"
	"github.com/cachediff/cachediff/report/text"
)

func init() {
	report.Register(
		markdown.Format,
		jsonv1.Format,
		text.Format,
		patch.Format,
		html.Format,
		atom.Format,
	)
}
