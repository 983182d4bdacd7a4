package diff

import (
	"fmt"
	"runtime"
	"testing"
	"unsafe"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestRootsRespeltAllocateLittle: roots compares n roots each respelt
// (p<i>@0 → p<i>@1, one hash) in 640 bytes a root besides the lists it
// returns: the added roots filed by hash and by spelling were a list of
// their own each (an allocation a root and a map) keyed with their
// environment whole (48 bytes), 875 bytes a root, held at Explain's
// peak, which sets a lockfile pair's peak RSS (docs/performance.md,
// "The 24 MiB floor").
func TestRootsRespeltAllocateLittle(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	const n = 4000
	side := func(v int) ([]string, []string) {
		var roots, specs []string
		for i := range n {
			h := spellHash('p', i)
			roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":"p%d@%d"}`, h, i, v))
			specs = append(specs, fmt.Sprintf(`%q:{"name":"p%d","version":"1","arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"hash":%q}`, h, i, h))
		}
		return roots, specs
	}
	or, os := side(0)
	nr, ns := side(1)
	og, ng := GraphOf(loadLock(t, or, os)), GraphOf(loadLock(t, nr, ns))
	o, nw := rootNodes(og), rootNodes(ng)
	e, ren := newExplainer(og, ng, 0), respell(o, nw)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rc, _ := e.roots(o, nw, ren, nil, newRootFilter(Options{}))
	runtime.ReadMemStats(&after)
	if len(rc.Renamed) != n || len(rc.Added)+len(rc.Removed)+len(rc.Changed) != 0 {
		t.Fatalf("%d roots renamed, %d added, %d removed, %d changed; want %d renamed alone", len(rc.Renamed), len(rc.Added), len(rc.Removed), len(rc.Changed), n)
	}
	// What roots returns: its lists, the old and new roots made at
	// their bound.
	kept := uint64(cap(rc.Added)+cap(rc.Removed))*uint64(unsafe.Sizeof(RootSpec{})) +
		uint64(cap(rc.Renamed))*uint64(unsafe.Sizeof(RootRename{})) + uint64(cap(rc.Changed))*uint64(unsafe.Sizeof(RootChange{}))
	all := after.TotalAlloc - before.TotalAlloc
	per := float64(all-min(kept, all)) / n
	t.Logf("roots allocated %.0f bytes a root besides its lists", per)
	if per > 720 {
		t.Errorf("roots of %d roots respelt allocated %.0f bytes a root besides the lists it returns, want at most 720", n, per)
	}
}
