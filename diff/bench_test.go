package diff_test

import (
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/snapshot"
)

// BenchmarkCompare diffs the loaded 60k-spec benchmark pair, nightly and
// heavy churn.
func BenchmarkCompare(b *testing.B) {
	week, _ := gen.LookupChurn("100%")
	for _, pair := range []struct {
		name string
		dir  func() (string, *gen.TruthDoc, error)
	}{
		{"nightly", func() (string, *gen.TruthDoc, error) { return gen.BenchPair(gen.RepoRoot(), 60000, false) }},
		{"heavy", func() (string, *gen.TruthDoc, error) { return gen.BenchPair(gen.RepoRoot(), 60000, true) }},
		// A real week: ~95% of the specs rebuilt, the headline of
		// docs/performance.md.
		{"week", func() (string, *gen.TruthDoc, error) { return gen.ChurnPair(gen.RepoRoot(), 60000, week) }},
	} {
		b.Run(pair.name, func(b *testing.B) {
			dir, _, err := pair.dir()
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
			b.ReportAllocs()
			for b.Loop() {
				diff.CompareWith(before, after, diff.Filter{})
			}
		})
	}
}

// BenchmarkNews computes the highlights of the real-week pair's report
// (60k specs, nearly all rebuilt): they must cost next to nothing beside
// the compare (issue 34: "computed in one pass over the report").
func BenchmarkNews(b *testing.B) {
	week, _ := gen.LookupChurn("100%")
	dir, _, err := gen.ChurnPair(gen.RepoRoot(), 60000, week)
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
	r, err := diff.CompareWith(before, after, diff.Filter{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		diff.News(r)
	}
}
