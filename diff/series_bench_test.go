package diff

import (
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/snapshot"
)

// BenchmarkTimelineAdd records one tree of the 60k-spec real week in a
// series' timeline, as cachediff log does for each snapshot, on its one
// goroutine between loading and comparing: the first snapshot of a
// series, and one after it.
func BenchmarkTimelineAdd(b *testing.B) {
	week, _ := gen.LookupChurn("100%")
	dir, _, err := gen.ChurnPair(gen.RepoRoot(), 60000, week)
	if err != nil {
		b.Fatal(err)
	}
	s, err := snapshot.Load(filepath.Join(dir, "new"), snapshot.Options{Shared: new(snapshot.Shared)})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("first", func(b *testing.B) {
		for b.Loop() {
			newTimelineBuilder().add(0, s)
		}
	})
	b.Run("next", func(b *testing.B) {
		tl := newTimelineBuilder()
		tl.add(0, s)
		i := 1
		for b.Loop() {
			tl.add(i, s)
			i++
		}
	})
}
