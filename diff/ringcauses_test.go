package diff_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// ringOverLeaves is a ring of n specs of same on each side (bad input),
// spec i over spec i+1 (mod n) and over its own package zlib<i>, every
// spec with a fresh hash on each side: each zlib<i> is a root cause of
// every spec of the ring, spec i reaching zlib<k> through the k−i
// (mod n) specs after it. With runtime, every spec of the ring is also
// over gcc-runtime (a fresh hash too), a cause each reaches by its name.
func ringOverLeaves(n int, runtime bool) cycleShape {
	var sh cycleShape
	for s := range 2 {
		p := "on"[s : s+1]
		if runtime {
			sh.sides[s] = append(sh.sides[s], symSpec{name: "gcc-runtime", id: p + "rt"})
		}
		for i := range n {
			sp := symSpec{name: "same", id: fmt.Sprint(p, i), deps: [][2]string{{"same", fmt.Sprint(p, (i+1)%n)}, {fmt.Sprint("zlib", i), fmt.Sprint(p, "z", i)}}}
			if runtime {
				sp.deps = append(sp.deps, [2]string{"gcc-runtime", p + "rt"})
			}
			sh.sides[s] = append(sh.sides[s], symSpec{name: fmt.Sprint("zlib", i), id: fmt.Sprint(p, "z", i)}, sp)
		}
	}
	return sh
}

// A ring of specs each over a leaf of its own (ringOverLeaves): every
// spec's set held every leaf by a path of its own, searched once per
// cause over the whole cycle (100 → 400 specs: 30,942 → 363,386
// allocations, 11.7x; 714 KB → 9.76 MB of JSON, 13.7x). 4x the specs
// now cost at most 4.4x the allocations, bytes and JSON, both ways, and
// the report keeps its laws, which check it in as many allocations;
// so with every spec also over gcc-runtime.
func TestRingOverLeavesLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	for _, runtime := range []bool{false, true} {
		for _, reverse := range []bool{false, true} {
			t.Run(fmt.Sprint("runtime=", runtime, "/reverse=", reverse), func(t *testing.T) {
				measure := func(n int) (compareCost, uint64) {
					rng := rand.New(rand.NewPCG(uint64(n), 71))
					sh, id := ringOverLeaves(n, runtime), map[string]string{}
					oldIdx := labelledIndex(t, rng, sh.sides[0], map[string]string{}, id)
					newIdx := labelledIndex(t, rng, sh.sides[1], map[string]string{}, id)
					c, r := measureCompare(t, oldIdx, newIdx, reverse)
					var err error
					laws := testing.AllocsPerRun(1, func() { err = r.CheckLaws() })
					if err != nil {
						t.Fatalf("%d specs: %v", n, err)
					}
					return c, uint64(laws)
				}
				small, lawsSmall := measure(100)
				big, lawsBig := measure(400)
				t.Logf("allocations %d → %d, bytes %d → %d, JSON %d → %d, the laws' allocations %d → %d", small.allocs, big.allocs, small.bytes, big.bytes, small.size, big.size, lawsSmall, lawsBig)
				for _, c := range []struct {
					what string
					a, b uint64
				}{{"allocations", small.allocs, big.allocs}, {"bytes allocated", small.bytes, big.bytes}, {"bytes of JSON", small.size, big.size}, {"allocations of the laws", lawsSmall, lawsBig}} {
					if r := float64(c.b) / float64(c.a); r > 4.4 {
						t.Errorf("4x the specs: %.2fx the %s (%d → %d), want at most 4.4x", r, c.what, c.a, c.b)
					}
				}
			})
		}
	}
}

// The ring over leaves (ringOverLeaves), of fewer specs than a set must
// hold to be a base and of more, under labellings of the hashes and
// orders, both ways: spec i reaches each zlib<k> by its one shortest
// path, same k−i (mod n) times, then zlib<k>, and by no other (and
// gcc-runtime by its name, where the specs are over it).
func TestRingOverLeavesPaths(t *testing.T) {
	for _, n := range []int{5, 31, 33, 40, 70} {
		for _, runtime := range []bool{false, true} {
			sh := ringOverLeaves(n, runtime)
			for seed := range uint64(4) {
				rng := rand.New(rand.NewPCG(seed, uint64(n)))
				o, nw, id := loadLabelled(t, rng, sh)
				for way, snaps := range [][2]*snapshot.Snapshot{{o, nw}, {nw, o}} {
					r := compareLawful(t, snaps[0], snaps[1], diff.Filter{})
					seen := 0
					for _, p := range r.Packages {
						if p.Name != "same" {
							continue
						}
						for _, x := range p.Specs.Rebuilt {
							if x.Why == nil {
								continue
							}
							seen++
							at := id[x.Old.Hash]
							var i int
							fmt.Sscanf(at[1:], "%d", &i)
							var got, want []string
							for _, c := range r.Causes.Resolve(x.Why, p.Name) {
								got = append(got, strings.Join(c.Path, " "))
							}
							for k := range n {
								path := slices.Repeat([]string{"same"}, 1+(k-i+n)%n)
								want = append(want, strings.Join(append(path, fmt.Sprint("zlib", k)), " "))
							}
							if runtime {
								want = append(want, "same gcc-runtime")
							}
							slices.Sort(got)
							slices.Sort(want)
							if !slices.Equal(got, want) {
								t.Fatalf("n %d, seed %d, way %d: spec %s's paths %q, want %q", n, seed, way, at, got, want)
							}
						}
					}
					if seen != n {
						t.Fatalf("n %d, seed %d, way %d: %d specs of same rebuilt, want %d", n, seed, way, seen, n)
					}
				}
			}
		}
	}
}
