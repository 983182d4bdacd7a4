package diff_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
)

// brokenRing is an old ring of n specs of package same with the same
// facets (bad input), spec i over spec i+1 mod n, spec 0 also over zlib,
// against, in the new snapshot, spec 0 over zlib-ng and: shape
// "ringlen", a ring of n+1 specs; "ringchain", a chain of n (the last
// over nothing of same). The new hashes sort in another order than the
// old ones.
func brokenRing(t *testing.T, n int, shape string) (oldIdx, newIdx string) {
	t.Helper()
	return brokenRingOf(t, n, shape, "")
}

// brokenRingOf is brokenRing with kind adding to the ring (as sameRing
// does): "cross", spec i over spec i of package other instead, other i
// over spec i+1; "two", spec i also over spec i+2; "self", every third
// spec also over itself.
func brokenRingOf(t *testing.T, n int, shape, kind string) (oldIdx, newIdx string) {
	t.Helper()
	size := n + 1
	if kind == "cross" {
		size = 2*n + 2
	}
	perm := rand.New(rand.NewPCG(uint64(n), 36)).Perm(size)
	var sides [2][]indexSpec
	for side, bottom := range []string{"zlib", "zlib-ng"} {
		m := n
		if side == 1 && shape == "ringlen" {
			m = n + 1
		}
		hash := func(i int) string {
			if side == 1 {
				i = perm[i]
			}
			h := fmt.Sprintf("%c%s", "on"[side], strings.Repeat("b", 31))
			return h[:32-6] + base26(i, 6)
		}
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		sides[side] = append(sides[side], indexSpec{name: bottom, version: "1.3", hash: lib})
		for i := range m {
			s := indexSpec{name: "same", version: "1", hash: hash(i)}
			link := side == 0 || shape == "ringlen" || i+1 < m
			switch {
			case kind == "cross":
				o := indexSpec{name: "other", version: "2", hash: hash(n + 1 + i)}
				if link {
					o.deps = append(o.deps, [2]string{"same", hash((i + 1) % m)})
				}
				s.deps = append(s.deps, [2]string{"other", o.hash})
				sides[side] = append(sides[side], o)
			case link:
				s.deps = append(s.deps, [2]string{"same", hash((i + 1) % m)})
			}
			if kind == "two" && (side == 0 || shape == "ringlen" || i+2 < m) {
				s.deps = append(s.deps, [2]string{"same", hash((i + 2) % m)})
			}
			if kind == "self" && i%3 == 1 {
				s.deps = append(s.deps, [2]string{"same", s.hash})
			}
			if i == 0 {
				s.deps = append(s.deps, [2]string{bottom, lib})
			}
			sides[side] = append(sides[side], s)
		}
	}
	return indexJSON(t, sides[0]), indexJSON(t, sides[1])
}

// An old ring against a new ring one longer, or against a chain: the
// causes name only same's edges and the zlib swap, both ways, and 4x
// the ring costs at most 4.4x the pairs of nodes the explainer files
// and the allocations. From the pair at the ring's break, the explainer
// descended into the added spec, one place further around the ring each
// turn, through all N(N+1) pairs of nodes: N = 1,000 took 30x the time
// and 12x the memory of N = 250.
func TestBrokenRingLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	for _, shape := range []string{"ringlen", "ringchain"} {
		t.Run(shape, func(t *testing.T) {
			oldIdx, newIdx := brokenRing(t, 12, shape)
			ab, ba := compareIndexes(t, oldIdx, newIdx)
			for _, r := range []*diff.Report{ab, ba} {
				g := causeGroups(t, r)
				if !strings.Contains(g, "zlib") {
					t.Errorf("cause groups %s; want the zlib swap", g)
				}
				for _, cg := range r.Causes.Groups {
					if cg.Name != "same" && !strings.HasPrefix(cg.Name, "zlib") {
						t.Errorf("cause group %s: want same's edges and the zlib swap", cg.Name)
					}
				}
			}
			measure := func(n int) compareCost {
				oldIdx, newIdx := brokenRing(t, n, shape)
				c, _ := measureCompare(t, oldIdx, newIdx, false)
				return c
			}
			small, big := measure(50), measure(200)
			t.Logf("pairs of nodes %d → %d, allocations %d → %d, JSON %d → %d",
				small.pairs, big.pairs, small.allocs, big.allocs, small.size, big.size)
			if most := uint64(2 * 201); big.pairs > most {
				t.Errorf("%d pairs of nodes explained, want at most %d", big.pairs, most)
			}
			for _, c := range []struct {
				what string
				a, b uint64
			}{
				{"pairs of nodes explained", small.pairs, big.pairs},
				{"allocations", small.allocs, big.allocs},
				{"bytes of JSON", small.size, big.size},
			} {
				if c.a == 0 {
					t.Errorf("no %s measured", c.what)
				} else if r := float64(c.b) / float64(c.a); r > 4.4 {
					t.Errorf("4x the ring: %.2fx the %s (%d → %d), want at most 4.4x", r, c.what, c.a, c.b)
				}
			}
		})
	}
}

// The mirror of TestBrokenRingLinear: a chain (or a ring one longer)
// in the old snapshot against the ring in the new one. The old specs
// of the chain form no cycle, so the pairing by edges marked no class
// cyclic, the explainer had no cycle pairs to match along, and from the
// ring's closing edge it descended along the crossed edges: 4x the
// chain, 15.6x the pairs of nodes (911 → 14,199), N = 1,000 took 1.9 s
// and 157 MB against 0.02 s one way; a ring through other, or of specs
// each over the next two, or some over themselves, 16x to 18x. The
// cycle of the new specs now marks the class too: the causes name only
// the ring's edges and the zlib swap, as the other way.
func TestBrokenRingReverseLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocations under the race detector")
	}
	for _, kind := range []string{"", "cross", "two", "self"} {
		for _, shape := range []string{"ringlen", "ringchain"} {
			t.Run(kind+shape, func(t *testing.T) {
				oldIdx, newIdx := brokenRingOf(t, 12, shape, kind)
				_, ba := compareIndexes(t, oldIdx, newIdx)
				if g := causeGroups(t, ba); !strings.Contains(g, "zlib") {
					t.Errorf("cause groups %s; want the zlib swap", g)
				}
				for _, cg := range ba.Causes.Groups {
					if cg.Name != "same" && cg.Name != "other" && !strings.HasPrefix(cg.Name, "zlib") {
						t.Errorf("cause group %s: want the ring's edges and the zlib swap", cg.Name)
					}
				}
				measure := func(n int) compareCost {
					oldIdx, newIdx := brokenRingOf(t, n, shape, kind)
					c, r := measureCompare(t, oldIdx, newIdx, true) // the new side old
					if err := r.CheckLaws(); err != nil {
						t.Fatal(err)
					}
					return c
				}
				small, big := measure(50), measure(200)
				t.Logf("pairs of nodes %d → %d, allocations %d → %d", small.pairs, big.pairs, small.allocs, big.allocs)
				if most := uint64(4 * 201); big.pairs > most {
					t.Errorf("%d pairs of nodes explained, want at most %d", big.pairs, most)
				}
				for _, c := range []struct {
					what string
					a, b uint64
				}{
					{"pairs of nodes explained", small.pairs, big.pairs},
					{"allocations", small.allocs, big.allocs},
				} {
					if c.a == 0 {
						t.Errorf("no %s measured", c.what)
					} else if r := float64(c.b) / float64(c.a); r > 4.4 {
						t.Errorf("4x the chain: %.2fx the %s (%d → %d), want at most 4.4x", r, c.what, c.a, c.b)
					}
				}
			})
		}
	}
}

// brokenRingExtra is brokenRing with one more spec of package same a
// side, same@0.9 over zlib (zlib-ng in the new snapshot), that every
// spec of the ring is also over: its hash begins with first[0] in the
// old snapshot and first[1] in the new one, before or after the ring's.
func brokenRingExtra(t *testing.T, n int, shape string, first [2]byte) (oldIdx, newIdx string) {
	t.Helper()
	perm := rand.New(rand.NewPCG(uint64(n), 36)).Perm(n + 1)
	var sides [2][]indexSpec
	for side, bottom := range []string{"zlib", "zlib-ng"} {
		m := n
		if side == 1 && shape == "ringlen" {
			m = n + 1
		}
		hash := func(i int) string {
			if side == 1 {
				i = perm[i]
			}
			h := fmt.Sprintf("%c%s", "on"[side], strings.Repeat("b", 31))
			return h[:32-6] + base26(i, 6)
		}
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		extra := fakeHash(first[side], "ex"+"on"[side:side+1])
		sides[side] = append(sides[side], indexSpec{name: bottom, version: "1.3", hash: lib},
			indexSpec{name: "same", version: "0.9", hash: extra, deps: [][2]string{{bottom, lib}}})
		for i := range m {
			s := indexSpec{name: "same", version: "1", hash: hash(i)}
			if side == 0 || shape == "ringlen" || i+1 < m {
				s.deps = append(s.deps, [2]string{"same", hash((i + 1) % m)})
			}
			s.deps = append(s.deps, [2]string{"same", extra})
			if i == 0 {
				s.deps = append(s.deps, [2]string{bottom, lib})
			}
			sides[side] = append(sides[side], s)
		}
	}
	return indexJSON(t, sides[0]), indexJSON(t, sides[1])
}

// A ring broken into a chain whose specs are each also over a rebuilt
// same@0.9 (two edges named same a spec): the causes do not depend on
// where same@0.9's hashes sort among the ring's, both ways, and the
// zlib swap reaches every rebuilt spec. At the ring's break, an edge
// the cycle pairs keep apart (to a spec of the pairs whose pair the new
// spec is not over) was passed over with the other side's edge it was
// compared with: same@0.9's edge then went unmatched, "removed
// same@0.9" and "added same@0.9" were made up for 5 specs of 7, and
// the zlib swap reached 3 or 4 of them, by hash order.
func TestBrokenRingExtraEdgeOrder(t *testing.T) {
	for _, shape := range []string{"ringchain"} {
		for _, n := range []int{6, 13} {
			t.Run(fmt.Sprint(shape, n), func(t *testing.T) {
				var want [2]string
				for k, first := range [][2]byte{{'a', 'a'}, {'a', 'y'}, {'y', 'a'}, {'y', 'y'}} {
					oldIdx, newIdx := brokenRingExtra(t, n, shape, first)
					ab, ba := compareIndexes(t, oldIdx, newIdx)
					for w, r := range []*diff.Report{ab, ba} {
						g := causeGroups(t, r)
						if k == 0 {
							want[w] = g
							for _, cg := range r.Causes.Groups {
								if strings.HasPrefix(cg.Name, "zlib") && cg.Specs != n+1 {
									t.Errorf("way %d: the zlib swap reaches %d specs, want %d", w, cg.Specs, n+1)
								}
							}
						} else if g != want[w] {
							t.Errorf("same@0.9's hashes first %c, %c, way %d: cause groups\n%s\nwant (first a, a)\n%s", first[0], first[1], w, g, want[w])
						}
					}
				}
			})
		}
	}
}

// A broken ring whose edges all name a virtual (the edge to zlib too):
// an edge the cycle pairs keep apart is a removed and an added
// dependency, never a provider swap of a package for itself. The
// provider swaps took the ring's edges kept apart, and every spec was
// rebuilt by "provider ringv: same@1 → same@1", both ways.
func TestBrokenRingVirtualKeptApart(t *testing.T) {
	for _, shape := range []string{"ringlen", "ringchain"} {
		t.Run(shape, func(t *testing.T) {
			oldIdx, newIdx := brokenRing(t, 12, shape)
			oldIdx = strings.ReplaceAll(oldIdx, `"virtuals":[]`, `"virtuals":["ringv"]`)
			newIdx = strings.ReplaceAll(newIdx, `"virtuals":[]`, `"virtuals":["ringv"]`)
			ab, ba := compareIndexes(t, oldIdx, newIdx)
			for w, r := range []*diff.Report{ab, ba} {
				for _, cg := range r.Causes.Groups {
					for _, ch := range cg.Changes {
						if ch.Kind == "provider" && ch.From == ch.To {
							t.Errorf("way %d: cause group %s: provider %s → %s for %d specs, want none", w, cg.Name, ch.From, ch.To, cg.Specs)
						}
					}
				}
			}
			if g := causeGroups(t, ab); !strings.Contains(g, `"kind":"removed","from":"same@1"`) {
				t.Errorf("cause groups %s; want same's edge removed", g)
			}
		})
	}
}
