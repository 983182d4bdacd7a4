package sandbox

import (
	"io"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// rowTemplate is a user template that writes a line per rebuilt and
// updated spec with a few function calls each: the kind of template the
// limits' checks (a tick per node, a check per call) slow down most.
const rowTemplate = `{{ range .Packages }}{{ $p := .Name }}{{ range .Specs.Rebuilt }}- {{ md $p }} {{ short .New.Hash }} {{ .New.Versions | join "," | md }} {{ printf "%s" .New.Compiler }}
{{ end }}{{ range .Specs.Updated }}* {{ md $p | upper }} {{ .Facet }}: {{ .From }} → {{ .To }}
{{ end }}{{ end }}`

// BenchmarkUserTemplate runs rowTemplate over a generated report of 2,000
// packages.
func BenchmarkUserTemplate(b *testing.B) {
	r := reporttest.GenReport(1, 2000)
	t, err := ParseTemplate("rows.tmpl", rowTemplate)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := Execute(io.Discard, t, r, report.Options{}, Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}
