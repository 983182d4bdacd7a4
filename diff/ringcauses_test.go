package diff_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/report/jsonv1"
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

// drawRing draws a ring of n specs of same (bad input) for
// TestRingSetsAsSearched, each spec over the next, and, drawn for each:
// leaves of its own (zlib<i>-<j>), some of a few leaves several specs
// are over (rt<k>), one spec (mid<i>) over a leaf of its own (deep<i>),
// a dependency on extra in the new snapshot alone, a spec of top over
// it (and over a leaf of its own, or another spec of the ring); now and
// then a chord to a spec further on (no ring: searched).
func drawRing(rng *rand.Rand) cycleShape {
	var sh cycleShape
	n := 2 + rng.IntN(60)
	type member struct {
		deps  [][2]string // without the side's prefix
		gains bool
	}
	ms := make([]member, n)
	var extra []symSpec
	shared := 1 + rng.IntN(3)
	// Chords, specs over a spec with a leaf (mid), and gains each in a
	// few shapes only, at a few specs: most shapes are rings.
	chords, mids, gains := rng.IntN(4) == 0, rng.IntN(3) == 0, rng.IntN(3) == 0
	for i := range ms {
		m := &ms[i]
		m.deps = append(m.deps, [2]string{"same", fmt.Sprint((i + 1) % n)})
		if chords && rng.IntN(12) == 0 {
			m.deps = append(m.deps, [2]string{"same", fmt.Sprint((i + 2 + rng.IntN(n)) % n)})
		}
		for j := range rng.IntN(3) {
			name := fmt.Sprint("zlib", i, "-", j)
			m.deps = append(m.deps, [2]string{name, "z" + name})
			extra = append(extra, symSpec{name: name, id: "z" + name})
		}
		if rng.IntN(3) == 0 {
			k := rng.IntN(shared)
			m.deps = append(m.deps, [2]string{fmt.Sprint("rt", k), fmt.Sprint("rt", k)})
		}
		if mids && rng.IntN(8) == 0 {
			m.deps = append(m.deps, [2]string{fmt.Sprint("mid", i), fmt.Sprint("mid", i)})
			extra = append(extra, symSpec{name: fmt.Sprint("mid", i), id: fmt.Sprint("mid", i), deps: [][2]string{{fmt.Sprint("deep", i), fmt.Sprint("deep", i)}}},
				symSpec{name: fmt.Sprint("deep", i), id: fmt.Sprint("deep", i)})
		}
		m.gains = gains && rng.IntN(10) == 0
		if rng.IntN(5) == 0 {
			top := symSpec{name: fmt.Sprint("top", i), id: fmt.Sprint("top", i), deps: [][2]string{{"same", fmt.Sprint(i)}}}
			switch rng.IntN(3) {
			case 1: // and over a leaf of its own
				top.deps = append(top.deps, [2]string{fmt.Sprint("leaf", i), fmt.Sprint("leaf", i)})
				extra = append(extra, symSpec{name: fmt.Sprint("leaf", i), id: fmt.Sprint("leaf", i)})
			case 2: // and over another spec of the ring
				top.deps = append(top.deps, [2]string{"same", fmt.Sprint(rng.IntN(n))})
			}
			extra = append(extra, top)
		}
	}
	for k := range shared {
		extra = append(extra, symSpec{name: fmt.Sprint("rt", k), id: fmt.Sprint("rt", k)})
	}
	for s := range 2 {
		p := "on"[s : s+1]
		sh.sides[s] = append(sh.sides[s], symSpec{name: "extra", id: p + "extra"})
		for _, x := range extra {
			sp := symSpec{name: x.name, id: p + x.id}
			for _, d := range x.deps {
				sp.deps = append(sp.deps, [2]string{d[0], p + d[1]})
			}
			sh.sides[s] = append(sh.sides[s], sp)
		}
		for i, m := range ms {
			sp := symSpec{name: "same", id: fmt.Sprint(p, i)}
			for _, d := range m.deps {
				sp.deps = append(sp.deps, [2]string{d[0], p + d[1]})
			}
			if m.gains && s == 1 {
				sp.deps = append(sp.deps, [2]string{"extra", p + "extra"})
			}
			sh.sides[s] = append(sh.sides[s], sp)
		}
	}
	return sh
}

// Rings drawn (drawRing), under labellings, both ways: every pair's
// causes and paths are those of the search over the cycle (SetRingSets
// false), the reports keep their laws, and the groups are the same.
// Each of the 60 shapes under one of the three labellings it was drawn
// with (PCG stream 74+shape, seed shape mod 3), 120 reports: the three
// found no defect (054696c6), and a member without causes of its own
// taking the next one's via without its own, or a member's own causes
// not overriding the set it is based on, fails it at the first shape
// as before.
func TestRingSetsAsSearched(t *testing.T) {
	defer diff.SetRingSets(true)
	bad, runs := 0, 0
	for shape := range uint64(60) {
		sh := drawRing(rand.New(rand.NewPCG(shape, 73)))
		for _, seed := range []uint64{shape % 3} {
			o, nw, _ := loadLabelled(t, rand.New(rand.NewPCG(seed, 74+shape)), sh)
			for way, snaps := range [][2]*snapshot.Snapshot{{o, nw}, {nw, o}} {
				var got [2][]string
				for k, on := range []bool{true, false} {
					diff.SetRingSets(on)
					r := compareLawful(t, snaps[0], snaps[1], diff.Filter{})
					for _, p := range r.Packages {
						for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
							for _, x := range l {
								for _, c := range r.Causes.Resolve(x.Why, p.Name) {
									got[k] = append(got[k], causeLine(x.Old.Hash, c))
								}
							}
						}
					}
					got[k] = append(got[k], groupKeys(r, false)...)
				}
				runs++
				if !slices.Equal(got[0], got[1]) {
					if bad++; bad <= 3 {
						for i := range min(len(got[0]), len(got[1])) {
							if got[0][i] != got[1][i] {
								t.Errorf("shape %d, seed %d, way %d: %q, searched %q", shape, seed, way, got[0][i], got[1][i])
								break
							}
						}
						if len(got[0]) != len(got[1]) {
							t.Errorf("shape %d, seed %d, way %d: %d causes, searched %d", shape, seed, way, len(got[0]), len(got[1]))
						}
					}
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d reports differ from the search's", bad, runs)
	}
}

// causeLine is fmt.Sprint(hash, " ", c.Name, " ", c.OldHash, " ",
// c.NewHash, " ", c.Changes, " ", c.Path) written without reflection
// (TestCauseLineAsSprint): TestRingSetsAsSearched writes one per cause
// resolved, which fmt.Sprint made a quarter of its CPU.
func causeLine(hash string, c diff.Cause) string {
	var b strings.Builder
	n := len(hash) + len(c.Name) + len(c.OldHash) + len(c.NewHash) + 8 + len(c.Path)
	for _, ch := range c.Changes {
		n += len(ch.Kind) + len(ch.From) + len(ch.To) + 5
	}
	for _, p := range c.Path {
		n += len(p)
	}
	b.Grow(n)
	for _, s := range []string{hash, " ", c.Name, " ", c.OldHash, " ", c.NewHash, " ["} {
		b.WriteString(s)
	}
	for i, ch := range c.Changes {
		if i > 0 {
			b.WriteByte(' ')
		}
		for _, s := range []string{"{", ch.Kind, " ", ch.From, " ", ch.To, "}"} {
			b.WriteString(s)
		}
	}
	b.WriteString("] [")
	b.WriteString(strings.Join(c.Path, " "))
	b.WriteString("]")
	return b.String()
}

// Rings drawn (drawRing), both ways, written as JSON: render reads each
// report back (jsonv1.DecodeBytes and its laws), the rings' based sets
// and overrides among them.
func TestRingSetsRender(t *testing.T) {
	based := 0
	for shape := range uint64(40) {
		sh := drawRing(rand.New(rand.NewPCG(shape, 93)))
		o, nw, _ := loadLabelled(t, rand.New(rand.NewPCG(shape, 94)), sh)
		for way, snaps := range [][2]*snapshot.Snapshot{{o, nw}, {nw, o}} {
			r := compareLawful(t, snaps[0], snaps[1], diff.Filter{})
			var b bytes.Buffer
			if err := jsonv1.JSON(&b, r); err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(b.Bytes(), []byte(`"over"`)) {
				based++
			}
			if _, err := jsonv1.DecodeBytes(b.Bytes()); err != nil {
				t.Errorf("shape %d, way %d: render refuses the report: %v", shape, way, err)
			}
		}
	}
	if based == 0 {
		t.Error("no report with an override: no ring solved by based sets")
	}
}

// causeLine writes what fmt.Sprint writes, for causes with and without
// changes and path, and with empty fields.
func TestCauseLineAsSprint(t *testing.T) {
	for _, c := range []diff.Cause{
		{},
		{Name: "zlib", OldHash: "aaaa", NewHash: "bbbb", Changes: []diff.Change{{Kind: "version", From: "1.2", To: "1.3"}}, Path: []string{"curl", "zlib"}},
		{Name: "gcc-runtime", NewHash: "cccc", Changes: []diff.Change{{Kind: "added"}, {Kind: "other", From: "dependency zlib (build)", To: ""}}},
		{Name: "mpi", Changes: []diff.Change{}, Path: []string{"x"}},
	} {
		want := fmt.Sprint("hhhh", " ", c.Name, " ", c.OldHash, " ", c.NewHash, " ", c.Changes, " ", c.Path)
		if got := causeLine("hhhh", c); got != want {
			t.Errorf("causeLine %q, fmt.Sprint %q", got, want)
		}
	}
}
