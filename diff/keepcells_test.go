package diff_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// kcShape is a class of cells (mergeBySide) of 3k builds of a a side,
// each over zlib too: the old ones, k of a@2 (b, each over z and w of
// its own) and 2k of a@1 (k over a p of its own, k over a y), against
// k of a@3 (x, over b's z and w) and 2k of a@4 (k over b's z and an r
// of its own, k over a y). The passes (newest first) pair b with a@4,
// and a@1 with a@4 and a@3: cells a@2 → a@4, a@1 → a@4 and a@1 → a@3,
// k pairs each. By their edges b pairs with x (no cell) and is left,
// with the a@1 over p, for keepCells: each b shares z with one a@4 left
// alone, and zlib with every one; split, zlib is of two builds, each
// under the a of one parity of their index.
func kcShape(k int, split bool) gShape { return kcShapeOf(k, split, false) }

// kcShapeOf is kcShape, but crossed (split too) each a@4 over z is over
// the zlib the b over its z is not: each b shares z with its a@4 alone,
// and zlib with half the others.
func kcShapeOf(k int, split, crossed bool) gShape {
	var sides [2][]gSpec
	leaf := func(name string, i int) gSpec { return gSpec{name, fmt.Sprint(name, i), "1", nil} }
	dep := func(name string, i int) [2]string { return [2]string{name, fmt.Sprint(name, i)} }
	for s := range sides {
		sides[s] = append(sides[s], leaf("zlib", 0))
		if split {
			sides[s] = append(sides[s], leaf("zlib", 1))
		}
	}
	zlib := func(i int) int {
		if split {
			return i % 2
		}
		return 0
	}
	for i := range k {
		sides[0] = append(sides[0],
			gSpec{"a", fmt.Sprint("ob", i), "2", [][2]string{dep("z", i), dep("w", i), dep("zlib", zlib(i))}},
			gSpec{"a", fmt.Sprint("oa", i), "1", [][2]string{dep("p", i), dep("zlib", zlib(i))}},
			gSpec{"a", fmt.Sprint("oa", k+i), "1", [][2]string{dep("y", i), dep("zlib", zlib(k+i))}})
		sides[1] = append(sides[1],
			gSpec{"a", fmt.Sprint("nx", i), "3", [][2]string{dep("z", i), dep("w", i), dep("zlib", zlib(i))}},
			gSpec{"a", fmt.Sprint("ny", i), "4", [][2]string{dep("z", i), dep("r", i), dep("zlib", zlib(i+boolInt(crossed)))}},
			gSpec{"a", fmt.Sprint("ny", k+i), "4", [][2]string{dep("y", i), dep("zlib", zlib(k+i))}})
		for s := range sides {
			for _, n := range []string{"z", "w", "p", "y", "r"} {
				sides[s] = append(sides[s], leaf(n, i))
			}
		}
	}
	return gShape{sides: sides, structural: true}
}

// A class of cells with 2k old specs left for keepCells (kcShape, k =
// 200): scored one by one within maxScored candidates and the first
// past them, 85 of the 200 b took the first a@4 left in order (the
// hash among specs of one key), not the one over their z, and which b
// kept its edge to z went by the labels. Under 3 labellings, both
// ways: each b pairs with the a@4 over its z, and new → old is the
// mirror of old → new.
func TestKeepCellsAnyLabels(t *testing.T) {
	const k = 200
	for seed := range uint64(3) {
		o, nw, id := gLoad(t, rand.New(rand.NewPCG(seed, 9100)), kcShape(k, false))
		forth := pairIDs(compareLawful(t, o, nw, diff.Filter{}), id, false)
		back := pairIDs(compareLawful(t, nw, o, diff.Filter{}), id, true)
		if !maps.Equal(forth, back) {
			t.Fatalf("labelling %d: new → old pairs %v, old → new %v", seed, gSorted(back), gSorted(forth))
		}
		kcKept(t, forth, k)
	}
}

// kcShape split (zlib of two builds, each under half the new specs
// left): every old spec left read zlib's list of k new specs, the
// budget was spent before the last hundreds, and those took the first
// of their facets, crossing their edges (k = 400: 384 of 400). Each
// reads its lists within its share of the budget left, the shortest
// first, and scores its candidates by the lists it read: scored edge by
// edge beside the share, the last few went past the budget and crossed
// (k = 200, under 2 labellings of 6). Both ways, each b pairs with the
// a@4 over its z.
func TestKeepCellsSplitHub(t *testing.T) {
	for _, tc := range []struct {
		k    int
		seed uint64
	}{{400, 1}, {200, 2}, {200, 4}} {
		o, nw, id := gLoad(t, rand.New(rand.NewPCG(tc.seed, 9100)), kcShape(tc.k, true))
		forth := pairIDs(compareLawful(t, o, nw, diff.Filter{}), id, false)
		back := pairIDs(compareLawful(t, nw, o, diff.Filter{}), id, true)
		if !maps.Equal(forth, back) {
			t.Fatalf("k %d: new → old pairs %v, old → new %v", tc.k, gSorted(back), gSorted(forth))
		}
		kcKept(t, forth, tc.k)
	}
}

// kcShapeOf crossed (2 zlibs, each a@4 over z over the other one): a b
// scored its a@4 (z, an edge of its own) as any a@4 over its zlib (an
// edge half the specs left have), and took the first in order: k = 150,
// about half the b kept their z, which went by the labels, and by the
// time the last b picked, the zlib list held one spec left, as rare as
// z. Of candidates alike, the one of the edge fewest specs share wins.
// Under 4 labellings, both ways: each b pairs with the a@4 over its z.
func TestKeepCellsRarestEdge(t *testing.T) {
	const k = 150
	for seed := range uint64(4) {
		o, nw, id := gLoad(t, rand.New(rand.NewPCG(seed, 9100)), kcShapeOf(k, true, true))
		forth := pairIDs(compareLawful(t, o, nw, diff.Filter{}), id, false)
		back := pairIDs(compareLawful(t, nw, o, diff.Filter{}), id, true)
		if !maps.Equal(forth, back) {
			t.Fatalf("labelling %d: new → old pairs %v, old → new %v", seed, gSorted(back), gSorted(forth))
		}
		kcKept(t, forth, k)
	}
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// kcKept fails t unless pairs (old id to new id) pair each b of
// kcShape(k, split) with the a@4 over its z.
func kcKept(t *testing.T, pairs map[string]string, k int) {
	t.Helper()
	keptByIndex(t, pairs, k, "ob", "ny", "of the b left not with the a@4 over their z")
}

// keptByIndex fails t unless pairs (old id to new id) pair old+i with
// nw+i for each i below k, naming the first crossed, what they are.
func keptByIndex(t *testing.T, pairs map[string]string, k int, old, nw, what string) {
	t.Helper()
	var crossed []string
	for i := range k {
		if o, n := fmt.Sprint(old, i), fmt.Sprint(nw, i); pairs[o] != n {
			crossed = append(crossed, o+"→"+pairs[o])
		}
	}
	if len(crossed) > 0 {
		t.Fatalf("k %d: %d %s: %v", k, len(crossed), what, crossed[:min(len(crossed), 8)])
	}
}

// keepCells reads, for each old spec left, the new specs over its edges
// but those every one left has (zlib): 4x the specs cost at most 4.4x
// the steps (kcShape, k = 100 and 400, zlib of one build or split),
// and every b keeps its edge to z. Read whole, zlib's list of 2k new
// specs cost 4k² steps.
func TestKeepCellsLinear(t *testing.T) {
	measure := func(k int, split bool) int {
		o, nw, id := gLoad(t, rand.New(rand.NewPCG(uint64(k), 9200)), kcShape(k, split))
		steps, calls := 0, 0
		diff.SetKeepCellsHook(func(s int) { steps, calls = steps+s, calls+1 })
		defer diff.SetKeepCellsHook(nil)
		r := compareLawful(t, o, nw, diff.Filter{})
		if calls == 0 {
			t.Fatalf("k %d: keepCells never ran", k)
		}
		kcKept(t, pairIDs(r, id, false), k)
		return steps
	}
	for _, split := range []bool{false, true} {
		small, big := measure(100, split), measure(400, split)
		t.Logf("split %v: steps %d → %d", split, small, big)
		if small < 100 {
			t.Fatalf("split %v: %d steps for 100 b left: keepCells read none's lists", split, small)
		}
		if r := float64(big) / float64(small); r > 4.4 {
			t.Errorf("split %v: 4x the specs: %.2fx the steps (%d → %d), want at most 4.4x", split, r, small, big)
		}
	}
}
