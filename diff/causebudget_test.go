package diff_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/snapshot"
)

// ladderUpShape is two chains of n specs, every version bumped, joined
// by a rung at every step to the chain of smaller names (cachediff-gen
// -dag ladderup): b_i on b_{i-1} and a_i, a_i on a_{i-1}.
func ladderUpShape(n int) *shape {
	s := newShape()
	a := func(i int) string { return fmt.Sprintf("a%05d", i) }
	b := func(i int) string { return fmt.Sprintf("b%05d", i) }
	s.add(a(0), a(0), true)
	s.add(b(0), b(0), true, a(0))
	for i := 1; i < n; i++ {
		s.add(a(i), a(i), true, a(i-1))
		s.add(b(i), b(i), true, b(i-1), a(i))
	}
	return s
}

// layeredShape is layers of width specs, each over 3 to 8 specs of the
// layer below, every version bumped (cachediff-gen -dag layered).
func layeredShape(layers, width int) *shape {
	s := newShape()
	rng := rand.New(rand.NewPCG(7, uint64(width)))
	name := func(l, i int) string { return fmt.Sprintf("l%02d_%05d", l, i) }
	for l := range layers {
		for i := range width {
			var deps []string
			if l > 0 {
				k := 3 + rng.IntN(6)
				for _, j := range rng.Perm(width)[:min(k, width)] {
					deps = append(deps, name(l-1, j))
				}
			}
			s.add(name(l, i), name(l, i), true, deps...)
		}
	}
	return s
}

// backSplitShape is a chain of n specs, each over the two before it,
// every version bumped, named so that spec i-1 sorts before spec i-2:
// the two sets overlap and the best paths split between them.
func backSplitShape(n int) *shape {
	s := newShape()
	name := func(i int) string { return fmt.Sprintf("p%07d", 1000000-i) }
	for i := range n {
		var deps []string
		for j := i - 1; j >= 0 && j >= i-2; j-- {
			deps = append(deps, name(j))
		}
		s.add(name(i), name(i), true, deps...)
	}
	return s
}

// selfRing is a ring of n specs, each over the next and each with a
// change of its own: every member's set holds every other member's
// change.
func selfRing(n int) *shape { return ringOfVersion(n, "1.1") }

// freeRing is selfRing with no change entering the ring: each member
// rebuilt with nothing else changed has its own change ("other"), as
// selfRing's members have theirs.
func freeRing(n int) *shape { return ringOfVersion(n, "1.0") }

// ringOfVersion is a ring of n specs of version 1.0, each over the
// next, every hash changed and the new specs of version v.
func ringOfVersion(n int, v string) *shape {
	s := newShape()
	name := func(i int) string { return fmt.Sprintf("r%05d", i) }
	for _, side := range []struct {
		g    *diff.Graph
		p, v string
	}{{&s.old, "o-", "1.0"}, {&s.new, "n-", v}} {
		for i := range n {
			side.g.Add(diff.NewNode(side.p+name(i), name(i), side.v, []diff.Edge{{Name: name((i + 1) % n), Hash: side.p + name((i+1)%n)}}))
		}
	}
	for i := range n {
		s.pairs = append(s.pairs, shapePair{name(i), "o-" + name(i), "n-" + name(i), true})
	}
	return s
}

// deepChain is a chain of n specs, every version bumped, whose sets
// are based on one another, and a spec x over its top and over b, a
// spec over its bottom: x reads the top's set written out, which
// wrote out every level of the chain below it (n²/2 links: 4x n wrote
// 15.8x the JSON).
func deepChain(n int) *shape {
	s := newShape()
	a := func(i int) string { return fmt.Sprintf("a%05d", i) }
	s.add(a(0), a(0), true)
	for i := 1; i < n; i++ {
		s.add(a(i), a(i), true, a(i-1))
	}
	s.add("b", "b", true, a(0))
	s.add("x", "x", true, a(n-1), "b")
	return s
}

// snapshots writes s's two graphs as build-cache indexes and loads
// them, each hash 32 letters.
func (s *shape) snapshots(t *testing.T) (o, n *snapshot.Snapshot) {
	t.Helper()
	hash := map[string]string{}
	letters := func(k string) string {
		if h, ok := hash[k]; ok {
			return h
		}
		b := []byte(strings.Repeat("a", 32))
		for i, x := 31, len(hash); x > 0; i, x = i-1, x/26 {
			b[i] = byte('a' + x%26)
		}
		hash[k] = string(b)
		return hash[k]
	}
	dir := t.TempDir()
	var snaps [2]*snapshot.Snapshot
	for side, g := range []diff.Graph{s.old, s.new} {
		var b strings.Builder
		b.WriteString(`{"database":{"version":"7","installs":{`)
		for k, nd := range g.Nodes() {
			h := letters(nd.Hash()) // before its dependencies': letters numbers hashes in turn
			var deps [][2]string
			for _, d := range nd.Deps() {
				deps = append(deps, [2]string{d.Name, letters(d.Hash)})
			}
			if k > 0 {
				b.WriteByte(',')
			}
			writeIndexEntry(&b, h, nd.Name, nd.Version(), deps)
		}
		b.WriteString(`}}}`)
		idx := b.String()
		snaps[side] = loadWritten(t, filepath.Join(dir, []string{"old", "new"}[side], "index.json"), idx, false)
	}
	return snaps[0], snaps[1]
}

// budgetCost compares s's snapshots, writes the report's JSON and
// renders it back (its laws): the bytes the comparison allocates, the
// JSON's size, the bytes render allocates, and the pairs cut. Each is
// measured once, as measureCompare's: the least of two runs moved the
// ratios of the 4x laws less than they move from process to process
// (Explain's bytes by up to a tenth: allocBound), and was half these
// tests' CPU.
func budgetCost(t *testing.T, s *shape) (alloc, size, render uint64, cut int) {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	o, n := s.snapshots(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r, err := diff.CompareWith(o, n, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	alloc = after.TotalAlloc - before.TotalAlloc
	var b bytes.Buffer
	if err := jsonv1.JSON(&b, r); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := jsonv1.DecodeBytes(b.Bytes()); err != nil {
		t.Fatalf("render refuses the report: %v", err)
	}
	runtime.ReadMemStats(&after)
	render = after.TotalAlloc - before.TotalAlloc
	return alloc, uint64(b.Len()), render, r.Causes.Cut
}

// checkBudgetGrowth measures small and big (budgetCost), logs what each
// cost, and fails unless big (4x small: grown says how) costs at most
// 4.4x the bytes Explain and render allocate (allocBound) and the JSON's
// bytes; it returns the pairs small cut.
func checkBudgetGrowth(t *testing.T, prefix, grown string, small, big *shape) (cut int) {
	t.Helper()
	a1, s1, r1, c1 := budgetCost(t, small)
	a2, s2, r2, c2 := budgetCost(t, big)
	t.Logf("%scut %d → %d pairs; Explain allocated %d → %d bytes (%.2fx), JSON %d → %d bytes (%.2fx), render allocated %d → %d bytes (%.2fx)",
		prefix, c1, c2, a1, a2, float64(a2)/float64(a1), s1, s2, float64(s2)/float64(s1), r1, r2, float64(r2)/float64(r1))
	for _, x := range []struct {
		what     string
		a, b     uint64
		boundOf4 float64
	}{{"Explain's bytes allocated", a1, a2, allocBound}, {"JSON bytes", s1, s2, 4.4}, {"render's bytes allocated", r1, r2, allocBound}} {
		if f := float64(x.b) / float64(x.a); f > x.boundOf4 {
			t.Errorf("%s%s cost %.2fx the %s (%d → %d), want at most %.2fx", prefix, grown, f, x.what, x.a, x.b, x.boundOf4)
		}
	}
	return c1
}

// The shapes whose sets are written out, each the square of the
// report's size (docs/design.md, "past the budget"): two chains joined
// by rungs to the chain of smaller names (9.8 → 141 MB of JSON for 4x
// the specs), layers of specs over several of the layer below (22 →
// 293 MB), a chain over the two specs before it named so that their
// paths split, a ring whose members change themselves. Past the
// report's budget (CauseBudget) the pairs' causes are cut: 4x the input
// costs at most about 4.4x in JSON, in bytes Explain allocates and in
// bytes render allocates (class c).
func TestCauseBudgetLinear(t *testing.T) {
	defer diff.SetCauseBudget(16, 4096)()
	for _, tc := range []struct {
		name       string
		small, big *shape
	}{
		// Each shape at half the size it was first measured at: without
		// the budget (SetCauseBudget(1<<50, 1<<50)) each still costs
		// 9x to 14x, and deepChain, its levels not costed (expandCost
		// 0), 11x to 13x.
		{"ladderup", ladderUpShape(150), ladderUpShape(600)},
		{"layered", layeredShape(15, 10), layeredShape(15, 40)},
		// Wider layers share fewer causes among a pair's dependencies,
		// so that each reference read writes more: charged for its
		// reads alone, 4x the width wrote 4.6x the JSON (at 30 → 120
		// a layer; 15 → 60 stays within 4.4x, so this one keeps its
		// size).
		{"layered, wide", layeredShape(15, 30), layeredShape(15, 120)},
		{"back2, names split", backSplitShape(150), backSplitShape(600)},
		{"ring of own changes", selfRing(75), selfRing(300)},
		{"ring changed with nothing else", freeRing(75), freeRing(300)},
		{"a chain's sets read whole", deepChain(150), deepChain(600)},
	} {
		c1 := checkBudgetGrowth(t, tc.name+": ", "4x the input", tc.small, tc.big)
		if c1 == 0 {
			t.Errorf("%s: no pair cut at the smaller size: the test measures nothing past the budget", tc.name)
		}
	}
}
