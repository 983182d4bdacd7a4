package diff_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// restShape is a class with no cells of k builds of a@1 a side, each
// over zlib, a z of its own that stays and a leaf of its own that goes
// (w, old) or comes (r, new): no exact pair, so resolve's last pass
// pairs them all, each old a best with the new a over its z.
func restShape(k int) gShape {
	var sides [2][]gSpec
	leaf := func(name string, i int) gSpec { return gSpec{name, fmt.Sprint(name, i), "1", nil} }
	dep := func(name string, i int) [2]string { return [2]string{name, fmt.Sprint(name, i)} }
	for s := range sides {
		sides[s] = append(sides[s], leaf("zlib", 0))
	}
	for i := range k {
		sides[0] = append(sides[0], gSpec{"a", fmt.Sprint("oa", i), "1", [][2]string{dep("z", i), dep("w", i), dep("zlib", 0)}},
			leaf("w", i))
		sides[1] = append(sides[1], gSpec{"a", fmt.Sprint("na", i), "1", [][2]string{dep("z", i), dep("r", i), dep("zlib", 0)}},
			leaf("r", i))
		for s := range sides {
			sides[s] = append(sides[s], leaf("z", i))
		}
	}
	return gShape{sides: sides, structural: true}
}

// restKept fails t unless pairs (old id to new id) pair each a of
// restShape(k) with the new a over its z.
func restKept(t *testing.T, pairs map[string]string, k int) {
	t.Helper()
	keptByIndex(t, pairs, k, "oa", "na", "of the a not with the a over their z")
}

// A class of no cells with k = 200 old and new specs left for resolve's
// last pass (restShape: 40,000 candidates, past maxScored): paired in
// order, 199 of the 200 crossed their edges, by the labels. Under 3
// labellings, both ways: each a pairs with the new a over its z, and
// new → old is the mirror of old → new (k = 100, within maxScored, as
// it always did).
func TestRestPassAnyLabels(t *testing.T) {
	for _, k := range []int{100, 200} {
		for seed := range uint64(3) {
			o, nw, id := gLoad(t, rand.New(rand.NewPCG(seed, 9300)), restShape(k))
			forth := pairIDs(compareLawful(t, o, nw, diff.Filter{}), id, false)
			back := pairIDs(compareLawful(t, nw, o, diff.Filter{}), id, true)
			if !maps.Equal(forth, back) {
				t.Fatalf("k %d, labelling %d: new → old pairs %v, old → new %v", k, seed, gSorted(back), gSorted(forth))
			}
			restKept(t, forth, k)
		}
	}
}

// Resolve's last pass past maxScored reads, for each old spec left, the
// new specs over its edges but those every one left has (zlib): 4x the
// specs cost at most 4.4x the steps (restShape, k = 200 and 800), and
// every a keeps its edge to z.
func TestRestPassLinear(t *testing.T) {
	measure := func(k int) int {
		o, nw, id := gLoad(t, rand.New(rand.NewPCG(uint64(k), 9400)), restShape(k))
		steps, calls := 0, 0
		diff.SetRestPassHook(func(s int) { steps, calls = steps+s, calls+1 })
		defer diff.SetRestPassHook(nil)
		r := compareLawful(t, o, nw, diff.Filter{})
		if calls == 0 {
			t.Fatalf("k %d: the last pass never went past maxScored", k)
		}
		restKept(t, pairIDs(r, id, false), k)
		return steps
	}
	small, big := measure(200), measure(800)
	t.Logf("steps %d → %d", small, big)
	if small < 200 {
		t.Fatalf("%d steps for 200 old specs left: the last pass read no list", small)
	}
	if r := float64(big) / float64(small); r > 4.4 {
		t.Errorf("4x the specs: %.2fx the steps (%d → %d), want at most 4.4x", r, small, big)
	}
}
