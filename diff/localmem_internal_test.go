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
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	const n = 2000
	o, nw := alikeBuildsPair(t, n)
	og, ng := GraphOf(o), GraphOf(nw)
	e := newExplainer(og, ng, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range n {
		if _, ok := e.register(spellHash('a', i), spellHash('b', i)); !ok {
			t.Fatalf("pair %d not registered", i)
		}
	}
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
