package report_test

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/gen"
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

// benchReport is the report of the 60k-spec benchmark pair (generated
// under testdata/bench on first use), which the report benchmarks render
// and decode.
func benchReport(b *testing.B) *diff.Report {
	b.Helper()
	dir, _, err := gen.BenchPair(gen.RepoRoot(), 60000, false)
	if err != nil {
		b.Fatal(err)
	}
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
