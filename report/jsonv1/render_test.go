package jsonv1

import (
	"bytes"
	"io"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// Options are the rendering options (report.Options).
type Options = report.Options

// render writes r in the format called name, as registered by
// report/builtin (which decode_bench_test.go, of package jsonv1_test,
// imports: this package cannot).
func render(w io.Writer, name string, r *diff.Report, o Options) error {
	f, ok := report.Lookup(name)
	if !ok {
		panic("no format " + name)
	}
	return f.Render(w, r, o)
}

// Markdown writes r as the md format does.
func Markdown(w io.Writer, r *diff.Report, o Options) error { return render(w, "md", r, o) }

func renderText(w io.Writer, r *diff.Report, o Options) error { return render(w, "text", r, o) }

// renderAll is reporttest.RenderAll with the registered formats.
func renderAll(t testing.TB, r *diff.Report) map[string]string {
	t.Helper()
	return reporttest.RenderAll(t, r, func(b *bytes.Buffer, name string, r *diff.Report) error {
		switch name {
		case "md cut":
			return render(b, "md", r, Options{MaxBytes: 3000})
		case "text":
			return render(b, "text", r, Options{Color: true})
		}
		return render(b, name, r, Options{})
	}, DecodeBytes)
}
