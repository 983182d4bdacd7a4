package diff_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// classDAG is an acyclic index of n specs of packages p0, p1 and p2,
// all of one version and facets (so each package is one class of the
// pairing by edges), spec i over up to two of the specs before it, the
// first three also over zlib (zlib-ng in the new index). The packages
// depend on each other both ways (p0 over p1 in one spec, p1 over p0
// in another): the classes form a cycle, the specs none.
func classDAG(t *testing.T, n int, seed uint64) (oldIdx, newIdx string) {
	t.Helper()
	var sides [2][]indexSpec
	for side, bottom := range []string{"zlib", "zlib-ng"} {
		r := rand.New(rand.NewPCG(seed, 35))
		hash := func(i int) string { return fakeHash("on"[side], string(rune('a'+seed%20))+base26(i, 5)) }
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		sides[side] = append(sides[side], indexSpec{name: bottom, version: "1.3", hash: lib})
		for i := range n {
			s := indexSpec{name: fmt.Sprint("p", r.IntN(3)), version: "1", hash: hash(i)}
			if i < 3 {
				s.deps = append(s.deps, [2]string{bottom, lib})
			}
			seen := map[int]bool{}
			for range r.IntN(3) {
				if k := r.IntN(max(i, 1)); i > 0 && !seen[k] {
					seen[k] = true
					s.deps = append(s.deps, [2]string{"", hash(k)})
				}
			}
			sides[side] = append(sides[side], s)
		}
		names := map[string]string{}
		for _, s := range sides[side] {
			names[s.hash] = s.name
		}
		for _, s := range sides[side] {
			for j := range s.deps {
				s.deps[j][0] = names[s.deps[j][1]]
			}
		}
	}
	return indexJSON(t, sides[0]), indexJSON(t, sides[1])
}

// Classes that depend on each other both ways with no cycle of specs
// (acyclic input) resolve one after the other, as before the pairing
// learnt cycles: joined as a cycle between classes, they paired
// otherwise (other causes in the report) and the explainer matched
// their edges along those pairs. No pair is found in a cycle.
func TestClassCycleAcyclicNotJoined(t *testing.T) {
	cyclic := 0
	for seed := range uint64(8) {
		oldIdx, newIdx := classDAG(t, 20, seed+1)
		ab, ba := compareIndexes(t, oldIdx, newIdx)
		for _, r := range []*diff.Report{ab, ba} {
			if n := diff.CyclePairs(r); n > 0 {
				cyclic++
				t.Errorf("seed %d: %d pairs found in a cycle of acyclic input", seed+1, n)
			}
			if len(r.Packages) == 0 {
				t.Errorf("seed %d: no package changed", seed+1)
			}
		}
	}
	t.Logf("%d reports with pairs in cycles", cyclic)
}
