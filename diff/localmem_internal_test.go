package diff

import (
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestLocalsHoldLittle (issue 35 class d): of n builds alike, all
// rebuilt and respelt (foo@1 → foo), no pair has an edge, yet each
// pair the explainer files (local) held its edges, their cause ids and
// names, its children and its changed dependencies in slices of its
// own, empty: 224 bytes a pair, 14 MB of a 64,000-root pair's live heap
// inside Explain. A pair with no edge shares one empty set of them now.
func TestLocalsHoldLittle(t *testing.T) {
	const n = 2000
	og, ng, register := alikeGraphs(t, n)
	e := newExplainer(og, ng, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	register(e)
	runtime.GC()
	runtime.ReadMemStats(&after)
	if len(e.nodes) != n {
		t.Fatalf("%d pairs filed, want %d", len(e.nodes), n)
	}
	for i, l := range e.nodes {
		if len(l.edges)+len(l.children)+len(l.direct) != 0 || l.direct == nil {
			t.Fatalf("pair %d: edges %v, children %v, direct %#v; want none, direct empty", i, l.edges, l.children, l.direct)
		}
	}
	per := (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / n
	t.Logf("the explainer holds %.0f bytes a pair filed", per)
	if per > 200 {
		t.Errorf("the explainer holds %.0f bytes a pair of %d filed, want at most 200", per, n)
	}
	runtime.KeepAlive(e)
}

// TestRootsPairAllocateLittle (issue 35 class d): of n builds alike,
// all rebuilt and respelt (foo@1 → foo), the roots' change (explainer.
// roots) sized its map of added roots by package and spelling for every
// root, where they share one key, and filed every hash each side roots
// to ask of those the other side roots, none here: some 14 MB of a
// 64,000-root pair's live heap inside Explain. The map grows as it
// fills, and only the hashes both graphs hold are filed: 1,061 bytes a root allocated before, 804
// after, 525 now that a root changed is compact until Explain is done
// (rootChanged, TestRootsChangedHeldCompact).
func TestRootsPairAllocateLittle(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	const n = 2000
	o, nw := alikeBuildsPair(t, n)
	og, ng := GraphOf(o), GraphOf(nw)
	ro, rn := rootNodes(og), rootNodes(ng)
	ren := respell(ro, rn)
	pairs := make([][2]string, n)
	for i := range pairs {
		pairs[i] = [2]string{spellHash('a', i), spellHash('b', i)}
	}
	e := newExplainer(og, ng, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rc, changed, _ := e.pairRoots(ro, rn, ren, pairs, newRootFilter(Options{}))
	runtime.ReadMemStats(&after)
	if len(changed) != n || len(rc.Added)+len(rc.Removed) != 0 {
		t.Fatalf("%d roots changed, %d added, %d removed; want %d changed", len(changed), len(rc.Added), len(rc.Removed), n)
	}
	per := float64(after.TotalAlloc-before.TotalAlloc) / n
	t.Logf("the roots' change allocated %.0f bytes a root", per)
	if per > 600 {
		t.Errorf("the roots' change of %d roots allocated %.0f bytes a root, want at most 600", n, per)
	}
}
