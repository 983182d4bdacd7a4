package diff

import (
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestNewsAlikeLabelsKeepLittle (issue 35 class d): of n builds alike,
// all rebuilt and respelt (foo@1 → foo), each root of a key of its own
// and all reading alike, the steps of News that tell the roots apart
// allocated by the root what was short-lived and set the live heap's
// peak (a 64,000-root pair: 120 MB live in News against 90 at its end):
// RootsApart's index of the report's specs a map by hash (9.8 MB), the
// keys of the roots (RootChangeKeys, 5.6 MB), the roots across lists an
// entry and a key each though no other list has their spelling (10 MB),
// and an item's rootSaid a string each. Each is measured alone, in
// bytes allocated a root (or a spec).
func TestNewsAlikeLabelsKeepLittle(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	const n = 1000
	o, nw := alikeBuildsPair(t, n)
	r, err := CompareWith(o, nw, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	changed := r.Causes.Roots.Changed
	if len(changed) != n {
		t.Fatalf("want %d roots changed, got %d", n, len(changed))
	}
	alloc := func(f func()) float64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		got := float64(after.TotalAlloc-before.TotalAlloc) / n
		t.Logf("%.0f bytes a root", got)
		return got
	}
	a := NewRootsApart(r)
	// The index: a pointer a spec (2n), sorted; a map took 100 or so.
	if got := alloc(a.index); got > 24 {
		t.Errorf("RootsApart.index allocated %.0f bytes a root, want at most 24 (a pointer a spec)", got)
	}
	// The roots across lists: no other list has "foo", so no entry.
	if got := alloc(a.acrossIndex); got > 8 {
		t.Errorf("acrossIndex allocated %.0f bytes a root, no spelling in two lists, want at most 8", got)
	}
	group := make([]int, n)
	for i := range group {
		group[i] = i
	}
	var labels []string
	// Labels: each facet tried (compiler, target, os, platform, of the
	// new specs and then the old) made a label a root and a map of
	// them, 1,427 bytes a root in all; now the facet's values are told
	// apart sorted, its labels made only of the facet taken (857); and
	// the roots of a key were found in a map by key (675 found sorted).
	if got := alloc(func() { labels = a.Labels(changed, group) }); got > 740 {
		t.Errorf("Labels of %d roots alike allocated %.0f bytes a root, want at most 740", n, got)
	}
	// The items told apart: what each says, written into one buffer.
	items := make([]Highlight, n)
	for i := range items {
		items[i] = Highlight{Kind: HighlightRootChanged, Value: "foo", From: "1", To: "1"}
	}
	if got := alloc(func() {
		rootsApart(items, group, func([]int) []string { return labels }, func(int) bool { return false })
	}); got > 40 {
		t.Errorf("rootsApart of %d items alike allocated %.0f bytes an item, want at most 40", n, got)
	}
	for i := range items {
		if items[i].Apart != labels[i] {
			t.Fatalf("item %d told apart as %q, want %q", i, items[i].Apart, labels[i])
		}
	}
}

// TestNewsAddedAlikeAllocatesLittle (issue 35 class d): of n roots
// added alike (one old root foo@1 respelt foo, n-1 more roots foo),
// each of a hash of its own, News filed every root by kind, hash and
// spelling (rootSpellings) though no other root has its hash: 3,144
// bytes a root allocated before, 2,692 with them filed alone, 2,197
// with a facet's labels made only of the facet taken (facetApart).
func TestNewsAddedAlikeAllocatesLittle(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	const n = 1000
	r1, s1 := alikeBuildsLock(t, 1, 'c', "foo@1")
	r2, s2 := alikeBuildsLock(t, n, 'b', "foo")
	r, err := CompareWith(loadLock(t, r1, s1), loadLock(t, r2, s2), Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(r.Causes.Roots.Added); got != n-1 {
		t.Fatalf("want %d roots added, got %d", n-1, got)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got := News(r)
	runtime.ReadMemStats(&after)
	if len(got) != len(r.Highlights) {
		t.Fatalf("%d items, want %d as the report's", len(got), len(r.Highlights))
	}
	per := float64(after.TotalAlloc-before.TotalAlloc) / n
	t.Logf("News allocated %.0f bytes a root", per)
	if per > 2350 {
		t.Errorf("News of %d roots added alike allocated %.0f bytes a root, want at most 2350", n, per)
	}
}

// TestNewsAlikeLabelsLinear (issue 35 class d): RootsApart.Labels of 4x
// the roots changed alike (each its own key, all reading alike, no facet
// telling them apart) makes at most ~4.4x the allocations: each facet's
// values are sorted once, not a label and a map entry a root a facet.
func TestNewsAlikeLabelsLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	mallocs := func(n int) uint64 {
		o, nw := alikeBuildsPair(t, n)
		r, err := CompareWith(o, nw, Filter{})
		if err != nil {
			t.Fatal(err)
		}
		group := make([]int, n)
		for i := range group {
			group[i] = i
		}
		a := NewRootsApart(r)
		a.index()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		labels := a.Labels(r.Causes.Roots.Changed, group)
		runtime.ReadMemStats(&after)
		if len(labels) != n || labels[0] == labels[n-1] {
			t.Fatalf("%d roots: labels %q … %q, want %d told apart", n, labels[0], labels[len(labels)-1], n)
		}
		return after.Mallocs - before.Mallocs
	}
	small, large := mallocs(500), mallocs(2000)
	t.Logf("Labels: %d allocations of 500 roots, %d of 2,000", small, large)
	if float64(large) > 4.4*float64(small) {
		t.Errorf("Labels of 4x the roots made %.2fx the allocations (%d → %d), want at most 4.4x", float64(large)/float64(small), small, large)
	}
}
