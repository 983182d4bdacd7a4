package diff

import (
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestNewsAlikeAllocatesLittle (issue 35 class d): of n builds alike,
// all rebuilt and respelt (foo@1 → foo), News made the changed roots'
// keys (RootChangeKeys, an old and a new hash each) for its items, and
// RootsApart made them again to tell the roots apart, both alive to the
// end (5.6 MB each of a 64,000-root pair); and RootsApart.alike filed
// every root's key and spelling in maps by key (some 10 MB more). The
// keys are made once a list, and the roots of a key are found sorted:
// 3,983 bytes a root allocated before, 3,887 with the keys made once,
// 3,326 with them found sorted. A root whose key no other root has is
// no longer filed by what its item says (rootSpellings, 25 MB of the
// 64,000-root pair's peak in News): 2,617 bytes a root before, 1,865
// with TestNewsAlikeLabelsKeepLittle's cuts, 1,296 with the facets'
// labels made of the facet that tells the roots apart alone
// (facetApart), 1,111 with Labels' roots of a key found sorted.
func TestNewsAlikeAllocatesLittle(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	const n = 2000
	o, nw := alikeBuildsPair(t, n)
	r, err := CompareWith(o, nw, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Causes == nil || r.Causes.Roots == nil || len(r.Causes.Roots.Changed) != n {
		t.Fatalf("want %d roots changed; causes %+v", n, r.Causes)
	}
	want := r.Highlights
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got := News(r)
	runtime.ReadMemStats(&after)
	if len(got) != len(want) {
		t.Fatalf("%d items, want %d as the report's", len(got), len(want))
	}
	per := float64(after.TotalAlloc-before.TotalAlloc) / n
	t.Logf("News allocated %.0f bytes a root", per)
	if per > 1200 {
		t.Errorf("News of %d roots changed alike allocated %.0f bytes a root, want at most 1200", n, per)
	}
}
