package sandbox

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestSortAlphaCopies: sortAlpha in a template sorts a copy, so the
// lists the report shares between specs keep their order (sprig's sorts
// a []string in place).
func TestSortAlphaCopies(t *testing.T) {
	shared := []string{"~a", "+b"}
	r := &diff.Report{Packages: []diff.Package{{Name: "p", Status: diff.Removed}}}
	for _, h := range []string{"h1", "h2"} {
		r.Packages[0].Specs.Removed = append(r.Packages[0].Specs.Removed, diff.Spec{Hash: h, Variants: shared})
	}
	tmpl, err := ParseTemplate("t", `{{range .Packages}}{{range .Specs.Removed}}{{.Variants}} {{sortAlpha .Variants}}|{{end}}{{end}}`)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Execute(&b, tmpl, r, report.Options{}, Limits{}); err != nil {
		t.Fatal(err)
	}
	if want := "[~a +b] [+b ~a]|[~a +b] [+b ~a]|"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	if !slices.Equal(shared, []string{"~a", "+b"}) {
		t.Errorf("the shared list is now %q", shared)
	}
}

// TestMaxBytesNilCut: user templates get a nil Cut, which shows all.
func TestMaxBytesNilCut(t *testing.T) {
	tmpl, err := ParseTemplate("t", `{{ .Cut.Show "x" }} {{ .Cut.Keep "x" 3 }} {{ .Cut.Line "x" 0 }} {{ .Cut.Shortened }}{{ .Cut.Mark "x" }}`)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Execute(&buf, tmpl, reporttest.GenReport(1, 2), report.Options{MaxBytes: 10}, Limits{}); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "true true false false" {
		t.Errorf("got %q", got)
	}
}
