package diff

import (
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestRootWhysShared (issue 35 class d): of n builds alike, all rebuilt
// and respelt (foo@1 → foo), each root changed took a Why of its own,
// made before the pairs were solved and filled after with a copy of its
// pair's, and Explain kept a map of those Whys to their pairs' ids: 8
// MB of a 64,000-root pair's live heap at Explain's peak, and a root's
// Why (some 100 bytes) in the report after it. A root changed whose pair
// the report pairs so shares its pair's Why now: the report held 1,326
// bytes a root, 1,222-1,234 now.
func TestRootWhysShared(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	const n = 2000
	o, nw := alikeBuildsPair(t, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r, err := CompareWith(o, nw, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / n
	whyOf := map[string]*Why{}
	for _, p := range r.Packages {
		for _, pr := range p.Specs.Rebuilt {
			whyOf[pr.New.Hash] = pr.Why
		}
	}
	if r.Causes == nil || r.Causes.Roots == nil || len(r.Causes.Roots.Changed) != n {
		t.Fatalf("roots changed: %+v, want %d", r.Causes, n)
	}
	t.Logf("the report holds %.0f bytes a root", per)
	if per > 1280 {
		t.Errorf("the report of %d roots alike holds %.0f bytes a root, want at most 1,280", n, per)
	}
	for _, c := range r.Causes.Roots.Changed {
		if w := whyOf[c.New.Hash]; c.Why == nil || c.Why != w {
			t.Fatalf("root %s → %s: Why %p %+v, want its pair's %p", c.Old.Hash, c.New.Hash, c.Why, c.Why, w)
		}
	}
	runtime.KeepAlive(r)
	runtime.KeepAlive(o)
	runtime.KeepAlive(nw)
}
