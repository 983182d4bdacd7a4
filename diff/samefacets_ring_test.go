package diff_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
)

// sameRing is a ring of n specs of package same with the same facets
// (bad input: Spack writes no cycle), spec i over spec i+1 mod n, spec
// 0 also over zlib in the old snapshot and over zlib-ng in the new one:
// the old and the new index.json, and each same hash's place in its
// ring. shape adds to it: "self", every 7th spec also over itself;
// "interlock", a second ring of n-1 specs through spec 0; "cross", spec
// i over spec i of package other instead, other i over spec i+1 (the
// cycle runs between the classes of same and other); "two", spec i also
// over spec i+2. The new hashes
// sort in another order than the old ones (a shuffle of the places), so
// that pairing in hash order crosses the ring.
func sameRing(t *testing.T, n int, shape string) (oldIdx, newIdx string, place map[string]string) {
	t.Helper()
	place = map[string]string{}
	perm := rand.New(rand.NewPCG(uint64(n), 35)).Perm(2 * n)
	var sides [2][]indexSpec
	for side, bottom := range []string{"zlib", "zlib-ng"} {
		hash := func(ring string, i int) string {
			k := i
			if ring != "x" {
				k += n
			}
			if side == 1 {
				k = perm[k]
			}
			h := fmt.Sprintf("%c%s", "on"[side], strings.Repeat("a", 31))
			h = h[:32-6] + base26(k, 6)
			place[h] = fmt.Sprint(ring, i)
			return h
		}
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		sides[side] = append(sides[side], indexSpec{name: bottom, version: "1.3", hash: lib})
		for i := range n {
			h := hash("x", i)
			s := indexSpec{name: "same", version: "1", hash: h, deps: [][2]string{{"same", hash("x", (i+1)%n)}}}
			switch shape {
			case "cross":
				s.deps[0] = [2]string{"other", hash("o", i)}
				sides[side] = append(sides[side], indexSpec{name: "other", version: "2", hash: hash("o", i), deps: [][2]string{{"same", hash("x", (i+1)%n)}}})
			case "two":
				s.deps = append(s.deps, [2]string{"same", hash("x", (i+2)%n)})
			}
			switch {
			case i == 0:
				s.deps = append(s.deps, [2]string{bottom, lib})
				if shape == "interlock" {
					s.deps = append(s.deps, [2]string{"same", hash("z", 1)})
				}
			case shape == "self" && i%7 == 3:
				s.deps = append(s.deps, [2]string{"same", h})
			}
			sides[side] = append(sides[side], s)
			if shape == "interlock" && i > 0 {
				next := hash("x", 0)
				if i+1 < n {
					next = hash("z", i+1)
				}
				sides[side] = append(sides[side], indexSpec{name: "same", version: "1", hash: hash("z", i), deps: [][2]string{{"same", next}}})
			}
		}
	}
	return indexJSON(t, sides[0]), indexJSON(t, sides[1]), place
}

// A ring of specs of one package with the same facets pairs along its
// edges: each new spec with the old spec at its place (a second ring
// through the first may pair with either, as the two are alike), both
// ways, and the causes are the zlib swap alone. The pairing by edges
// started the ring from a spec with no pair for its dependency and left
// it all to the pairs in hash order, which crossed every pair; the
// explainer then walked N² pairs of nodes along the crossed edges.
func TestSameFacetsRingPairs(t *testing.T) {
	for _, shape := range []string{"ring", "self", "interlock", "cross", "two"} {
		for _, n := range []int{3, 8, 40} {
			t.Run(fmt.Sprint(shape, n), func(t *testing.T) {
				oldIdx, newIdx, place := sameRing(t, n, shape)
				ab, ba := compareIndexes(t, oldIdx, newIdx)
				for _, r := range []*diff.Report{ab, ba} {
					pairs, _ := pairsOf(r)
					crossed, ring := 0, 0
					for o, nw := range pairs {
						if _, ok := place[o]; !ok {
							continue
						}
						ring++
						po, pn := place[o], place[nw]
						if shape == "interlock" {
							// Either ring: the same place in one.
							po, pn = po[1:], pn[1:]
						}
						if po != pn {
							crossed++
						}
					}
					want := n
					switch shape {
					case "interlock":
						want = 2*n - 1
					case "cross":
						want = 2 * n
					}
					if ring != want || crossed > 0 {
						t.Errorf("%d of %d ring pairs cross the ring, want %d pairs none crossing", crossed, ring, want)
					}
					if g := causeGroups(t, r); len(r.Causes.Groups) != 2 || !strings.Contains(g, "zlib") {
						t.Errorf("cause groups %s; want the zlib swap alone", g)
					}
				}
				aa, _ := compareIndexes(t, oldIdx, oldIdx)
				if len(aa.Packages) != 0 {
					t.Errorf("a snapshot against itself: %d packages changed", len(aa.Packages))
				}
			})
		}
	}
}

// The ring of TestSameFacetsRingPairs, 4x as long, costs at most 4.4x
// the pairs of nodes the explainer files, the allocations and the JSON,
// and allocBound the bytes allocated: crossed, N = 500 → 2,000 took 18x
// the time and 13x the memory, the explainer 0.64 N² pairs of nodes.
func TestSameFacetsRingLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	for _, shape := range []string{"ring", "self", "interlock", "cross", "two"} {
		t.Run(shape, func(t *testing.T) {
			measure := func(n int) compareCost {
				oldIdx, newIdx, _ := sameRing(t, n, shape)
				c, _ := measureCompare(t, oldIdx, newIdx, false)
				return c
			}
			small, big := measure(100), measure(400)
			// The report pairs 400 specs (799 interlocked); the explainer
			// files each pair and, where two rings meet, at most the
			// other ring's crossing of it (x's two edges named same
			// match in hash order).
			if most := uint64(4 * 400); shape == "interlock" && big.pairs > most {
				t.Errorf("%d pairs of nodes explained, want at most %d", big.pairs, most)
			}
			t.Logf("pairs of nodes %d → %d, allocations %d → %d, bytes %d → %d, JSON %d → %d",
				small.pairs, big.pairs, small.allocs, big.allocs, small.bytes, big.bytes, small.size, big.size)
			pairsBound := 4.4
			if shape == "interlock" {
				// In hash order, the small ring's meeting may match
				// along the pairs and the big one's across: 2x more.
				pairsBound *= 2
			}
			for _, c := range []struct {
				what string
				a, b uint64
				most float64
			}{
				{"pairs of nodes explained", small.pairs, big.pairs, pairsBound},
				{"allocations", small.allocs, big.allocs, 4.4},
				{"bytes allocated", small.bytes, big.bytes, allocBound},
				{"bytes of JSON", small.size, big.size, 4.4},
			} {
				if c.a == 0 {
					t.Errorf("no %s measured", c.what)
				} else if r := float64(c.b) / float64(c.a); r > c.most {
					t.Errorf("4x the ring: %.2fx the %s (%d → %d), want at most %.1fx", r, c.what, c.a, c.b, c.most)
				}
			}
		})
	}
}
