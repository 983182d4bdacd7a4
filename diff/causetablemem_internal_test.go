package diff

import (
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestCausesFiledLittle (issue 35 class d): of n builds alike, all
// rebuilt and respelt (foo@1 → foo), each pair's own change is a root
// cause of its own. Filing them joined each cause's name, hashes and
// kinds into a string, a key held with its map entry until solved, the
// table was grown by append, and sorting it copied it while it was
// alive: solve allocated 883 bytes a pair (a 64,000-root pair: 35 MB of
// live heap inside Explain). Causes are filed by a hash of their fields
// in a table made at its most and sorted in place now: 261 (the bound,
// 300, fails the table made at its most but sorted into a copy: 356).
func TestCausesFiledLittle(t *testing.T) {
	const n = 4000
	og, ng, register := alikeGraphs(t, n)
	e := newExplainer(og, ng, n)
	register(e)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	e.solve()
	runtime.ReadMemStats(&after)
	if len(e.table) != n {
		t.Fatalf("%d causes filed, want %d (each pair's own)", len(e.table), n)
	}
	for i := 1; i < len(e.table); i++ {
		if compareCauses(e.table[i-1], e.table[i]) >= 0 {
			t.Fatalf("causes %d and %d out of order: %+v, %+v", i-1, i, e.table[i-1], e.table[i])
		}
	}
	per := float64(after.TotalAlloc-before.TotalAlloc) / n
	t.Logf("solve allocated %.0f bytes a pair", per)
	if per > 300 {
		t.Errorf("solve of %d pairs allocated %.0f bytes a pair, want at most 300", n, per)
	}
}

// alikeGraphs is the graphs of n builds alike (alikeBuildsPair), for
// the explainer's memory tests, and register, which registers each of
// their pairs with an explainer of them; the test is skipped under the
// race detector, which allocates besides.
func alikeGraphs(t *testing.T, n int) (og, ng Graph, register func(e *explainer)) {
	t.Helper()
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	o, nw := alikeBuildsPair(t, n)
	return GraphOf(o), GraphOf(nw), func(e *explainer) {
		for i := range n {
			if _, ok := e.register(spellHash('a', i), spellHash('b', i)); !ok {
				t.Fatalf("pair %d not registered", i)
			}
		}
	}
}
