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

// twoCycles is k cycles of two specs of package same with the same
// facets (bad input), x_i over y_i and y_i over x_i, x_i of each even i
// also over zlib in the old snapshot and over zlib-ng in the new one.
// The new hashes sort in another order than the old ones.
func twoCycles(t *testing.T, k int) (oldIdx, newIdx string) {
	t.Helper()
	perm := rand.New(rand.NewPCG(uint64(k), 38)).Perm(2 * k)
	var sides [2][]indexSpec
	for side, bottom := range []string{"zlib", "zlib-ng"} {
		hash := func(x int) string {
			if side == 1 {
				x = perm[x]
			}
			return fakeHash("on"[side], "t"+base26(x, 4))
		}
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		sides[side] = append(sides[side], indexSpec{name: bottom, version: "1.3", hash: lib})
		for i := range k {
			x := indexSpec{name: "same", version: "1", hash: hash(2 * i), deps: [][2]string{{"same", hash(2*i + 1)}}}
			if i%2 == 0 {
				x.deps = append(x.deps, [2]string{bottom, lib})
			}
			sides[side] = append(sides[side], x, indexSpec{name: "same", version: "1", hash: hash(2*i + 1), deps: [][2]string{{"same", hash(2 * i)}}})
		}
	}
	return indexJSON(t, sides[0]), indexJSON(t, sides[1])
}

// Many cycles of two specs, every other over the swapped zlib: each
// pairs along its edges, and the causes are the zlib swap and the
// other cycles' own changes ("other": nothing enters them) alone, both
// ways. The starts of the cycles, seeded in the order visited, were
// paired each with the first new spec over nothing out of the class: a
// cycle's spec over nothing (both of a cycle not over zlib) took the new
// spec over the pair of another cycle's spec over zlib, not seeded yet,
// whose own pair it was; the starts are now seeded the surest first, and
// one none of whose dependencies is paired takes a new spec over no spec
// taken.
func TestTwoCyclesPairAlongEdges(t *testing.T) {
	for _, k := range []int{4, 10, 50, 200} {
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			oldIdx, newIdx := twoCycles(t, k)
			ab, ba := compareIndexes(t, oldIdx, newIdx)
			for _, r := range []*diff.Report{ab, ba} {
				want := fmt.Sprintf(`{"name":"same","changes":[{"kind":"other"}],"specs":%d,`, k)
				if g := causeGroups(t, r); len(r.Causes.Groups) != 3 || !strings.Contains(g, "zlib") || !strings.Contains(g, want) {
					t.Errorf("cause groups %s; want the zlib swap and %s…", g, want)
				}
			}
		})
	}
}
