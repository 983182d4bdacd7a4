package report_test

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/snapshot"
)

// BenchmarkMarkdown renders the report of the 60k-spec benchmark pair.
func BenchmarkMarkdown(b *testing.B) {
	r := benchReport(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := report.Markdown(io.Discard, r, report.Options{}); err != nil {
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
	r := loadReport(b, dir)
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

// benchReport is the report of the 60k-spec benchmark pair (generated
// under testdata/bench on first use), which the report benchmarks render
// and decode.
func benchReport(b *testing.B) *diff.Report {
	b.Helper()
	dir, _, err := gen.BenchPair(gen.RepoRoot(), 60000, false)
	if err != nil {
		b.Fatal(err)
	}
	return loadReport(b, dir)
}

// loadReport is the report of the pair in dir (dir/old, dir/new).
func loadReport(b *testing.B, dir string) *diff.Report {
	b.Helper()
	before, err := snapshot.Load(filepath.Join(dir, "old"), snapshot.Options{})
	if err != nil {
		b.Fatal(err)
	}
	after, err := snapshot.Load(filepath.Join(dir, "new"), snapshot.Options{})
	if err != nil {
		b.Fatal(err)
	}
	r, _ := diff.CompareWith(before, after, diff.Filter{}) // the zero Filter cannot fail
	return r
}
