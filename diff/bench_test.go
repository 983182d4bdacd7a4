package diff_test

import (
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/gen"
	"github.com/cachediff/cachediff/snapshot"
)

// BenchmarkCompare diffs the loaded 60k-spec benchmark pair, nightly and
// heavy churn.
func BenchmarkCompare(b *testing.B) {
	for _, heavy := range []bool{false, true} {
		name := "nightly"
		if heavy {
			name = "heavy"
		}
		b.Run(name, func(b *testing.B) {
			dir, _, err := gen.BenchPair(gen.RepoRoot(), 60000, heavy)
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
