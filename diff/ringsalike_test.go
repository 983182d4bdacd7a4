package diff_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// ringsAlike is k rings of n specs of package same with the same facets
// (bad input), spec i of each over spec i+1 of its ring, spec 0 of each
// also over zlib in the old snapshot and over zlib-ng in the new one:
// the old and the new index.json, and each same hash's place in its
// ring. The new hashes sort in another order than the old ones.
func ringsAlike(t *testing.T, k, n int) (oldIdx, newIdx string, place map[string]int) {
	t.Helper()
	place = map[string]int{}
	perm := rand.New(rand.NewPCG(uint64(k*n), 37)).Perm(k * n)
	var sides [2][]indexSpec
	for side, bottom := range []string{"zlib", "zlib-ng"} {
		hash := func(r, i int) string {
			x := r*n + i
			if side == 1 {
				x = perm[x]
			}
			h := fmt.Sprintf("%c%s", "on"[side], strings.Repeat("c", 31))
			h = h[:32-6] + base26(x, 6)
			place[h] = i
			return h
		}
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		sides[side] = append(sides[side], indexSpec{name: bottom, version: "1.3", hash: lib})
		for r := range k {
			for i := range n {
				s := indexSpec{name: "same", version: "1", hash: hash(r, i), deps: [][2]string{{"same", hash(r, (i+1)%n)}}}
				if i == 0 {
					s.deps = append(s.deps, [2]string{bottom, lib})
				}
				sides[side] = append(sides[side], s)
			}
		}
	}
	return indexJSON(t, sides[0]), indexJSON(t, sides[1]), place
}

// Several rings alike, each over the swapped zlib at one spec, pair
// along their edges (each new spec with an old spec at its place in a
// ring), both ways, and the causes are the zlib swap alone. The spec
// over zlib was ranked as sure a start as one over nothing out of the
// class (the other ring's spec over zlib has its edges, and no new spec
// has them: zlib became zlib-ng), so each ring started at its first
// spec in hash order, which paired with the first new spec over nothing
// out of the class: every pair crossed its ring, and every spec was
// said rebuilt for "same@1 added" and "same@1 removed".
func TestRingsAlikePairAlongEdges(t *testing.T) {
	for _, k := range []int{2, 3, 8} {
		for _, n := range []int{3, 10, 40} {
			t.Run(fmt.Sprint(k, "x", n), func(t *testing.T) {
				oldIdx, newIdx, place := ringsAlike(t, k, n)
				ab, ba := compareIndexes(t, oldIdx, newIdx)
				for _, r := range []*diff.Report{ab, ba} {
					pairs, _ := pairsOf(r)
					crossed, ring := 0, 0
					for o, nw := range pairs {
						if _, ok := place[o]; !ok {
							continue
						}
						ring++
						if place[o] != place[nw] {
							crossed++
						}
					}
					if ring != k*n || crossed > 0 {
						t.Errorf("%d of %d ring pairs cross their ring, want %d pairs none crossing", crossed, ring, k*n)
					}
					if g := causeGroups(t, r); len(r.Causes.Groups) != 2 || !strings.Contains(g, "zlib") {
						t.Errorf("cause groups %s; want the zlib swap alone", g)
					}
				}
			})
		}
	}
}
