package diff

import (
	"runtime"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// TestRespeltStacksHeldApart (issue 35 class d): of n builds alike, all
// rebuilt and respelt (foo@1 → foo), CompareReleasing compared the old
// side through a copy of its package's specs with the stacks respelt
// (withStacks), 144 bytes a spec alive beside the loaded specs, which
// the old graph's nodes read as loaded, from the matching to the
// report's specs: 9.8 MB of the pairing's and Explain's marks at 64,000
// roots a side. The respelt stacks are written into the loaded specs
// now (respeltInPlace), and the graph keeps the lists as loaded
// (Graph.asLoaded, 24 bytes a spec): the heap alive when the pairing by
// edges starts, over the snapshots', grows by less.
func TestRespeltStacksHeldApart(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates besides")
	}
	const n = 2000
	o, nw := alikeBuildsPair(t, n)
	var live [2]uint64
	reached := false
	pairByEdgesProbe = func(stage int) {
		if stage == 0 {
			live[1], reached = liveNow(), true
		}
	}
	defer func() { pairByEdgesProbe = nil }()
	live[0] = liveNow()
	r, err := CompareReleasing(o, nw, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if !reached {
		t.Fatal("the pairing by edges was not reached")
	}
	if got := r.Summary.Specs.Rebuilt; got != n {
		t.Fatalf("%d builds alike: %d rebuilt, want all; %+v", n, got, r.Summary.Specs)
	}
	held := (float64(live[1]) - float64(live[0])) / n
	t.Logf("%.0f bytes a spec more alive when the pairing by edges starts", held)
	if held > 680 {
		t.Errorf("%.0f bytes a spec more alive when the pairing by edges starts, want at most 680", held)
	}
}

// liveNow is the live heap after a collection.
func liveNow() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestRespeltInPlaceKeepsLoaded: respeltInPlace writes the respelt
// stacks into the loaded specs, which the report's pairs then point at,
// and the old graph's nodes read the stacks as loaded (Graph.stacks)
// through the graph it returns; a spec whose stacks were not respelt
// keeps its own, and a snapshot not respelt is left alone.
func TestRespeltInPlaceKeepsLoaded(t *testing.T) {
	o, nw := alikeBuildsPair(t, 3)
	og := GraphOf(o)
	specs := o.Packages[0].Specs
	loaded := make([][]string, len(specs))
	for i := range specs {
		loaded[i] = specs[i].Stacks
	}
	respelt := withStacks(o, func(sp *snapshot.Spec) []string {
		if sp.Hash == specs[0].Hash {
			return nil
		}
		return []string{"foo"}
	})
	if got := respeltInPlace(o, o, nw, og); got.asLoaded != nil {
		t.Errorf("a snapshot not respelt: %d stacks kept, want none", len(got.asLoaded))
	}
	og = respeltInPlace(respelt, o, nw, og)
	if p := respelt.Packages[0]; &p.Specs[0] != &specs[0] {
		t.Error("the respelt package kept its copy of the specs, want the loaded ones")
	}
	for i := range specs {
		want := []string{"foo"}
		if i == 0 {
			want = loaded[0]
		}
		if !slices.Equal(specs[i].Stacks, want) {
			t.Errorf("spec %d: stacks %q in place, want %q", i, specs[i].Stacks, want)
		}
		n, at := og.place(specs[i].Hash)
		if n == nil {
			t.Fatalf("spec %d: not in the graph", i)
		}
		if got := og.stacks(n, at); !slices.Equal(got, loaded[i]) || len(got) == 0 {
			t.Errorf("spec %d: the graph reads stacks %q, want %q as loaded", i, got, loaded[i])
		}
	}
}
