package diff_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
)

// overTwoBuilds is n specs of package app with the same facets (no
// cycle), spec i over spec i-1 and over spec (i*7919) mod (i-1), so
// that every spec is told apart by its dependencies; spec 0 over zlib
// in the old snapshot and over zlib-ng in the new one. The hashes of a
// side sort in another order than the places.
func overTwoBuilds(t *testing.T, n int) (oldIdx, newIdx string) {
	t.Helper()
	sides, _ := overTwoBuildsSpecs(n)
	return indexJSON(t, sides[0]), indexJSON(t, sides[1])
}

// overTwoBuildsSpecs are overTwoBuilds' specs of each side, and the
// hash of each side's spec i.
func overTwoBuildsSpecs(n int) (sides [2][]indexSpec, hash [2]func(i int) string) {
	for side, bottom := range []string{"zlib", "zlib-ng"} {
		hash[side] = func(i int) string {
			return fakeHash("on"[side], base26((i*7+side*3)%n*13+i%13, 6))
		}
		hash := hash[side]
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		sides[side] = append(sides[side], indexSpec{name: bottom, version: "1.3", hash: lib})
		for i := range n {
			s := indexSpec{name: "app", version: "1", hash: hash(i)}
			switch {
			case i == 0:
				s.deps = [][2]string{{bottom, lib}}
			case i == 1:
				s.deps = [][2]string{{"app", hash(0)}}
			default:
				s.deps = [][2]string{{"app", hash(i - 1)}}
				if j := i * 7919 % (i - 1); j != i-1 {
					s.deps = append(s.deps, [2]string{"app", hash(j)})
				}
			}
			sides[side] = append(sides[side], s)
		}
	}
	return sides, hash
}

// Specs over two builds of one package (acyclic): the explainer matched
// a name's several edges in hash order, each old edge with the other
// build's pair, and walked the crossed pairs of nodes: every spec was
// said rebuilt for "app@1 added" and "app@1 removed", and N = 1,000 →
// 4,000 took 2.9 → 109 s and 246 MB → 3.8 GB (28 → 378 MB of JSON). A
// name's edges now match along the report's pairs first: the causes are
// the zlib swap alone, both ways, and 4x N costs at most 4.4x the pairs
// of nodes the explainer files, the allocations and the JSON.
func TestOverTwoBuildsPairs(t *testing.T) {
	for _, n := range []int{5, 40, 200} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			oldIdx, newIdx := overTwoBuilds(t, n)
			ab, ba := compareIndexes(t, oldIdx, newIdx)
			for _, r := range []*diff.Report{ab, ba} {
				if g := causeGroups(t, r); len(r.Causes.Groups) != 2 || !strings.Contains(g, "zlib") {
					t.Errorf("cause groups %s; want the zlib swap alone", g)
				}
			}
		})
	}
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	measure := func(n int) compareCost {
		oldIdx, newIdx := overTwoBuilds(t, n)
		c, _ := measureCompare(t, oldIdx, newIdx, false)
		return c
	}
	small, big := measure(100), measure(400)
	for _, x := range []struct {
		what string
		a, b uint64
	}{{"pairs of nodes", small.pairs, big.pairs}, {"allocations", small.allocs, big.allocs}, {"JSON bytes", small.size, big.size}} {
		if r := float64(x.b) / float64(x.a); r > 4.4 {
			t.Errorf("4x N: %s %.2fx (%d → %d), want at most 4.4x", x.what, r, x.a, x.b)
		}
	}
}
