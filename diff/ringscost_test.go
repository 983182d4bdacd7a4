package diff_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// ringsOf is rings of specs of package same with the same facets (bad
// input: Spack writes no cycle), each spec over the next of its ring,
// in one of these shapes for n: "two", a ring of n specs each also over
// zlib (zlib-ng in the new snapshot) and a ring of n over nothing; "one",
// as two but only the first spec of the first ring over zlib; "three",
// two with a third ring of n over nothing; "over", two with spec i of
// the second ring also over spec i of the first; "shared", a ring of n
// over zlib and a second ring of n through its first spec; "lengths", a
// ring of n over zlib and a ring of 2n+1 over nothing; "long", one ring
// of 4n over zlib. Each side's hashes are drawn by a shuffle, so that
// pairing in hash order crosses the rings.
func ringsOf(t *testing.T, shape string, n int) (oldIdx, newIdx string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(n), 36))
	perms := [2][]int{rng.Perm(8*n + 1), rng.Perm(8*n + 1)}
	var sides [2][]indexSpec
	for side, bottom := range []string{"zlib", "zlib-ng"} {
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		specs := []indexSpec{{name: bottom, version: "1.3", hash: lib}}
		next := 0
		// ring appends a ring of m specs, spec i over zlib where overZlib
		// says so; it returns its hashes.
		ring := func(m int, overZlib func(i int) bool) []string {
			hs := make([]string, m)
			for i := range hs {
				hs[i] = fakeHash("on"[side], "r"+base26(perms[side][next], 5))
				next++
			}
			for i, h := range hs {
				s := indexSpec{name: "same", version: "1", hash: h, deps: [][2]string{{"same", hs[(i+1)%m]}}}
				if overZlib(i) {
					s.deps = append(s.deps, [2]string{bottom, lib})
				}
				specs = append(specs, s)
			}
			return hs
		}
		all := func(int) bool { return true }
		none := func(int) bool { return false }
		switch shape {
		case "two":
			ring(n, all)
			ring(n, none)
		case "one":
			ring(n, func(i int) bool { return i == 0 })
			ring(n, none)
		case "three":
			ring(n, all)
			ring(n, none)
			ring(n, none)
		case "over":
			a := ring(n, all)
			ring(n, none)
			for i := range n {
				s := &specs[len(specs)-n+i]
				s.deps = append(s.deps, [2]string{"same", a[i]})
			}
		case "shared":
			a := ring(n, all)
			b := ring(n-1, none)
			// The second ring runs through a's first spec: b's last spec
			// is over it, and it is over b's first too.
			specs[len(specs)-1].deps[0][1] = a[0]
			specs[1].deps = append(specs[1].deps, [2]string{"same", b[0]})
		case "lengths":
			ring(n, all)
			ring(2*n+1, none)
		case "long":
			ring(4*n, all)
		default:
			t.Fatalf("no shape %q", shape)
		}
		sides[side] = specs
	}
	return indexJSON(t, sides[0]), indexJSON(t, sides[1])
}

// Rings alike in one class, 4x as long, cost at most 4.4x the pairs of
// nodes the explainer files, the allocations and the JSON, and
// allocBound the bytes allocated, both ways: two rings of N, one over a
// swapped zlib and one over nothing, were reported superlinear in wall
// time (N = 2,000 / 8,000 / 32,000), which under load measured the
// collector near the memory limit (as much for two chains), not the
// engine. The other shapes are its neighbours.
func TestRingsLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	for _, shape := range []string{"two", "one", "three", "over", "shared", "lengths", "long"} {
		for _, reverse := range []bool{false, true} {
			t.Run(fmt.Sprint(shape, map[bool]string{false: "", true: "-reverse"}[reverse]), func(t *testing.T) {
				measure := func(n int) compareCost {
					oldIdx, newIdx := ringsOf(t, shape, n)
					c, r := measureCompare(t, oldIdx, newIdx, reverse)
					if err := r.CheckLaws(); err != nil {
						t.Fatal(err)
					}
					return c
				}
				small, big := measure(100), measure(400)
				t.Logf("pairs of nodes %d → %d, allocations %d → %d, bytes %d → %d, JSON %d → %d",
					small.pairs, big.pairs, small.allocs, big.allocs, small.bytes, big.bytes, small.size, big.size)
				for _, c := range []struct {
					what string
					a, b uint64
					most float64
				}{
					{"pairs of nodes explained", small.pairs, big.pairs, 4.4},
					{"allocations", small.allocs, big.allocs, 4.4},
					{"bytes allocated", small.bytes, big.bytes, allocBound},
					{"bytes of JSON", small.size, big.size, 4.4},
				} {
					if c.a == 0 {
						t.Errorf("no %s measured", c.what)
					} else if r := float64(c.b) / float64(c.a); r > c.most {
						t.Errorf("4x the rings: %.2fx the %s (%d → %d), want at most %.1fx", r, c.what, c.a, c.b, c.most)
					}
				}
			})
		}
	}
}
