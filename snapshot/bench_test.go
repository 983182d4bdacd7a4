package snapshot_test

import (
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/gen"
	"github.com/cachediff/cachediff/snapshot"
)

// BenchmarkLoad loads the old tree of the 60k-spec benchmark pair
// (generated under testdata/bench when absent).
func BenchmarkLoad(b *testing.B) {
	dir, doc, err := gen.BenchPair(gen.RepoRoot(), 60000, false)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(doc.Bytes["old"])
	b.ReportAllocs()
	for b.Loop() {
		if _, err := snapshot.Load(filepath.Join(dir, "old"), snapshot.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
