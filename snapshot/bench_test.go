package snapshot_test

import (
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"
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

// BenchmarkLoadWeek loads the two trees of the 60k-spec real-week pair
// (100% churn) as a diff does: the old, then the new with the state the
// old left (snapshot.Shared).
func BenchmarkLoadWeek(b *testing.B) {
	c, _ := gen.LookupChurn("100%")
	dir, _, err := gen.ChurnPair(gen.RepoRoot(), 60000, c)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		opt := snapshot.Options{Shared: new(snapshot.Shared)}
		for _, side := range []string{"old", "new"} {
			if _, err := snapshot.Load(filepath.Join(dir, side), opt); err != nil {
				b.Fatal(err)
			}
		}
	}
}
