package diff

import (
	"runtime"
	"testing"
)

// roots is pairRoots with the roots changed made (rootsChanged), their
// Whys left unset: the lists as Explain gives them, for the tests.
func (e *explainer) roots(o, n map[string][]*GraphNode, ren *respelling, pairs [][2]string, keep rootFilter) (*RootChanges, []int32) {
	rc, changed, ids := e.pairRoots(o, n, ren, pairs, keep)
	if rc != nil {
		rc.Changed = rootsChanged(changed)
	}
	return rc, ids
}

// TestRootsChangedHeldCompact (issue 35 class d): of n builds alike,
// all rebuilt and respelt (foo@1 → foo), the roots' change held a
// RootChange a root (192 bytes, its two RootSpecs made) from the
// pairing through Explain's solve, 11.7 MB of a 64,000-root pair's live
// heap at Explain's peak. pairRoots holds a compact item a root now
// (rootChanged, 72 bytes, and its id), the RootChanges made once the
// explainer is let go; they read as before.
func TestRootsChangedHeldCompact(t *testing.T) {
	const n = 2000
	o, nw := alikeBuildsPair(t, n)
	og, ng := GraphOf(o), GraphOf(nw)
	ro, rn := rootNodes(og), rootNodes(ng)
	ren := respell(ro, rn)
	e := newExplainer(og, ng, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rc, changed, ids := e.pairRoots(ro, rn, ren, nil, newRootFilter(Options{}))
	runtime.GC()
	runtime.ReadMemStats(&after)
	if len(changed) != n || len(ids) != n || len(rc.Added)+len(rc.Removed)+len(rc.Renamed) != 0 {
		t.Fatalf("%d roots changed, %d added, %d removed, %d renamed; want %d changed", len(changed), len(rc.Added), len(rc.Removed), len(rc.Renamed), n)
	}
	// The explainer's pairs filed (about 100 bytes each, held apart by
	// TestLocalsHoldLittle) are counted too.
	per := (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / n
	t.Logf("the roots changed hold %.0f bytes a root, their pairs filed with them", per)
	if per > 130 {
		t.Errorf("the roots changed of %d roots hold %.0f bytes a root, their pairs filed with them, want at most 130", n, per)
	}
	runtime.KeepAlive(e)
	runtime.KeepAlive(rc)
	runtime.KeepAlive(ids)
	l := rootsChanged(changed)
	if len(l) != n {
		t.Fatalf("%d RootChanges made of %d", len(l), n)
	}
	for i, c := range l {
		if c.Old.Root != "foo@1" || c.Root != "foo" || c.New.Root != "foo" || c.Old.Name != "foo" || c.New.Version != "1" ||
			c.Old.Hash != spellHash('a', i) || c.New.Hash != spellHash('b', i) || c.Changes == nil || len(c.Changes) != 0 {
			t.Fatalf("root %d reads %+v, want foo@1 %s → foo %s, no facet changed", i, c, spellHash('a', i), spellHash('b', i))
		}
	}
}
