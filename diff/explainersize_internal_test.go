package diff

import (
	"runtime"
	"testing"
)

// TestExplainerLinksWhenFiled (issue 35 class d): the explainer made
// its table of the paths' links (byKey, links, depth) at the size of
// the pairs it is told of, whether a path is ever filed or not: of n
// builds alike, all rebuilt and respelt (foo@1 → foo), no pair has an
// edge and no link is filed, yet the table held some 2.5 MB of a
// 64,000-root pair's live heap through Explain. It is made at that size
// when the first link is filed: 150 bytes a pair allocated by
// newExplainer before, 100 after. So is the map of the sets of causes
// by their hash (setOf), which no pair here files: 66 bytes a pair now.
func TestExplainerLinksWhenFiled(t *testing.T) {
	const n = 2000
	og, ng, register := alikeGraphs(t, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	e := newExplainer(og, ng, n)
	runtime.ReadMemStats(&after)
	per := float64(after.TotalAlloc-before.TotalAlloc) / n
	register(e)
	if len(e.links) != 0 {
		t.Fatalf("%d links filed, want none", len(e.links))
	}
	// A link filed makes the table, and finds itself again.
	if a, b := e.link(1, -1), e.link(1, -1); a != 0 || b != 0 || len(e.links) != 1 || e.depth[0] != 1 {
		t.Errorf("link filed twice: %d and %d, %d links, depth %v; want 0, 0, 1 link of depth 1", a, b, len(e.links), e.depth)
	}
	t.Logf("newExplainer allocated %.0f bytes a pair", per)
	if per > 85 {
		t.Errorf("newExplainer for %d pairs allocated %.0f bytes a pair, want at most 85", n, per)
	}
}
