package diff_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// freeRings is k rings of n specs of package same with the same facets
// (bad input), spec i of each over spec i+1 of its ring; every other
// ring (the even ones) has one spec, at a place drawn by seed, also over
// zlib in the old snapshot and over zlib-ng in the new one, the others
// are over nothing out of the class. Each side's hashes are drawn by
// seed. It returns the old and the new index.json and each same hash's
// ring.
func freeRings(t *testing.T, seed uint64, k, n int) (oldIdx, newIdx string, ring map[string]int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 39))
	at := make([]int, k)
	for r := range at {
		at[r] = rng.IntN(n)
	}
	perms := [2][]int{rng.Perm(k * n), rng.Perm(k * n)}
	ring = map[string]int{}
	var sides [2][]indexSpec
	for side, bottom := range []string{"zlib", "zlib-ng"} {
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		sides[side] = append(sides[side], indexSpec{name: bottom, version: "1.3", hash: lib})
		for r := range k {
			hash := func(i int) string {
				h := fakeHash("on"[side], "r"+base26(perms[side][r*n+i%n], 5))
				ring[h] = r
				return h
			}
			for i := range n {
				s := indexSpec{name: "same", version: "1", hash: hash(i), deps: [][2]string{{"same", hash(i + 1)}}}
				if r%2 == 0 && i == at[r] {
					s.deps = append(s.deps, [2]string{bottom, lib})
				}
				sides[side] = append(sides[side], s)
			}
		}
	}
	return indexJSON(t, sides[0]), indexJSON(t, sides[1]), ring
}

// Rings of three or more alike, every other over a swapped zlib, the
// others over nothing out of the class: each pairs within its ring, and
// the causes are the zlib swap alone, both ways. A ring's start over
// nothing out of the class passed the new specs over a spec taken
// (483c1727), enough for cycles of two; in a ring of three, the new
// spec two places from the one over zlib-ng (taken by the other ring's
// start) is over a spec not taken, and the free start took it: both
// rings crossed, and their specs were said rebuilt for "same@1 added"
// and "same@1 removed" (38 of 120 draws of two rings of three). The
// rings over nothing out of the class change with nothing entering
// them: their specs' own changes ("other") are their causes.
func TestFreeRingsPairWithinRings(t *testing.T) {
	for _, n := range []int{3, 4} {
		for _, k := range []int{2, 5, 20} {
			t.Run(fmt.Sprint(k, "x", n), func(t *testing.T) {
				bad := 0
				for seed := range uint64(12) {
					oldIdx, newIdx, ring := freeRings(t, seed, k, n)
					ab, ba := compareIndexes(t, oldIdx, newIdx)
					for _, r := range []*diff.Report{ab, ba} {
						pairs, _ := pairsOf(r)
						// Rings alike may pair with one another, but an old
						// ring's specs all with one new ring's.
						crossed, to := 0, map[int]int{}
						for o, nw := range pairs {
							if r, ok := to[ring[o]]; !ok {
								to[ring[o]] = ring[nw]
							} else if r != ring[nw] {
								crossed++
							}
						}
						g := causeGroups(t, r)
						if crossed > 0 || strings.Contains(g, `same@`) || len(r.Causes.Groups) != 3 {
							if bad++; bad == 1 {
								t.Errorf("seed %d: %d pairs cross; cause groups %s; want none crossing, the zlib swap and the free rings' own changes alone", seed, crossed, g)
							}
						}
					}
				}
				if bad > 1 {
					t.Errorf("%d of 24 reports cross", bad)
				}
			})
		}
	}
}
