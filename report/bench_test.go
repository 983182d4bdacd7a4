package report_test

import (
	"io"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/markdown"
)

// BenchmarkMarkdown renders the report of the 60k-spec benchmark pair.
func BenchmarkMarkdown(b *testing.B) {
	r := reporttest.BenchReport(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := markdown.Markdown(io.Discard, r, report.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWeek renders, in each built-in terminal-free format, the report
// of the 60k-spec real-week pair (100% churn: ~95% of the specs rebuilt),
// the headline case of docs/performance.md, where rendering is the
// serial tail of a diff.
func BenchmarkWeek(b *testing.B) {
	c, _ := gen.LookupChurn("100%")
	dir, _, err := gen.ChurnPair(gen.RepoRoot(), 60000, c)
	if err != nil {
		b.Fatal(err)
	}
	r := reporttest.LoadReport(b, dir)
	for _, name := range []string{"md", "json", "text", "html"} {
		f, _ := report.Lookup(name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := f.Render(io.Discard, r, report.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
