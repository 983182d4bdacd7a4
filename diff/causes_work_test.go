package diff

import (
	"fmt"
	"testing"
)

// Item 12 of issue 35: one spec with k renamed dependencies (and k more
// providing a virtual, swapped for other providers) was matched by nested
// loops, k² comparisons (20,000 took 12 s). The edges are now matched by
// sorting: local looks at each edge a few times.
func TestCausesEdgeMatchingLinear(t *testing.T) {
	k := 20000
	if testing.Short() {
		k = 5000
	}
	before, after := Graph{}, Graph{}
	x := NewNode("o-wide", "wide", "", []Edge{})
	y := NewNode("n-wide", "wide", "", []Edge{})
	for i := range k {
		a, b := fmt.Sprintf("a%06d", i), fmt.Sprintf("b%06d", i)
		x.Spec.More.Deps = append(x.Spec.More.Deps, Edge{Name: a, Hash: "h-" + a})
		y.Spec.More.Deps = append(y.Spec.More.Deps, Edge{Name: b, Hash: "h-" + b})
		v := fmt.Sprintf("v%06d", i)
		x.Spec.More.Deps = append(x.Spec.More.Deps, Edge{Name: "p" + a, Hash: "h-p" + a, Virtuals: []string{v}})
		y.Spec.More.Deps = append(y.Spec.More.Deps, Edge{Name: "p" + b, Hash: "h-p" + b, Virtuals: []string{v}})
	}
	before.Add(x)
	after.Add(y)
	e := newExplainer(before, after, 0)
	l, _ := e.local(x, y)
	if len(l.edges) != 3*k {
		t.Fatalf("%d edge causes, want %d removed, %d added and %d provider swaps", len(l.edges), k, k, k)
	}
	if limit := 8 * 2 * k; e.probes > limit {
		t.Errorf("%d probes for %d edges a side, want at most %d (linear)", e.probes, 2*k, limit)
	}
}

// twinPaths is two chains of n specs with the same names (p00000 …),
// A and B, whose last specs reach one changed leaf by different edge
// names (za and zb), and n tops, top i depending on A_i and B_i: each
// top's two paths have the same names down to the last, so comparing
// them walked the rest of the chain, n²/2 names in all.
func twinPaths(n int) (Graph, Graph, [][2]string) {
	before, after := Graph{}, Graph{}
	var pairs [][2]string
	for _, side := range []struct {
		g *Graph
		p string
		v string
	}{{&before, "o-", "1.0"}, {&after, "n-", "1.1"}} {
		h := func(kind string, i int) string { return fmt.Sprintf("%s%s%05d", side.p, kind, i) }
		side.g.Add(NewNode(side.p+"leaf", "leaf", side.v, []Edge{}))
		for _, c := range []string{"A", "B"} {
			for i := range n {
				deps := []Edge{{Name: fmt.Sprintf("p%05d", i+1), Hash: h(c, i+1)}}
				if i == n-1 {
					deps = []Edge{{Name: "z" + c, Hash: side.p + "leaf"}}
				}
				side.g.Add(NewNode(h(c, i), fmt.Sprintf("p%05d", i), "1", deps))
			}
		}
		for i := range n {
			side.g.Add(NewNode(h("t", i), fmt.Sprintf("t%05d", i), "1", []Edge{{Name: fmt.Sprintf("p%05d", i), Hash: h("A", i)}, {Name: fmt.Sprintf("p%05d", i), Hash: h("B", i)}}))
		}
	}
	for i := range n {
		pairs = append(pairs, [2]string{fmt.Sprintf("o-t%05d", i), fmt.Sprintf("n-t%05d", i)})
	}
	return before, after, pairs
}

// Comparing paths name by name (ties between shortest paths) walks a
// long shared run of names once, not once per pair: 4x the twin chains
// look at at most ~4.4x the links.
func TestCausesTwinPathsLinear(t *testing.T) {
	// The link counts are exact: at 500 chains 4x gives 4.05x with the
	// memo (4.01x at 2000), 16x without it.
	n := 500
	steps := func(n int) int {
		before, after, pairs := twinPaths(n)
		e := newExplainer(before, after, 0)
		for _, p := range pairs {
			if _, ok := e.register(p[0], p[1]); !ok {
				t.Fatalf("pair %v not registered", p)
			}
		}
		e.solve()
		if l := e.nodes[0]; len(e.all[l.set]) != 1 {
			t.Fatalf("%s: %d causes, want the leaf", l.name, len(e.all[l.set]))
		}
		return e.walked
	}
	a, b := steps(n), steps(4*n)
	t.Logf("twin paths: %d → %d links compared (%.2fx)", a, b, float64(b)/float64(a))
	if float64(b) > 4.4*float64(a) {
		t.Errorf("4x the twin chains compares %.2fx the links (%d → %d), want at most 4.4x", float64(b)/float64(a), a, b)
	}
}

// ladderUp is two chains of n specs, every version bumped, joined by a
// rung at every step to the chain of smaller names: b_i depends on
// b_{i-1} and a_i, a_i on a_{i-1}. b_i reaches a_j by a_i and by
// b_{i-1} alike (a_i's name first), so its set is no union of its
// dependencies' sets and is written out; a_i's sets are based on one
// another.
func ladderUp(n int) (Graph, Graph, [][2]string) {
	var before, after Graph
	var pairs [][2]string
	for side, g := range []*Graph{&before, &after} {
		v := []string{"1", "2"}[side]
		h := func(c string, i int) string { return fmt.Sprintf("%s-%s%05d", []string{"o", "n"}[side], c, i) }
		for i := range n {
			var a, b []Edge
			if i > 0 {
				a = []Edge{{Name: fmt.Sprintf("a%05d", i-1), Hash: h("a", i-1)}}
				b = []Edge{{Name: fmt.Sprintf("b%05d", i-1), Hash: h("b", i-1)}}
			}
			g.Add(NewNode(h("a", i), fmt.Sprintf("a%05d", i), v, append([]Edge{}, a...)))
			g.Add(NewNode(h("b", i), fmt.Sprintf("b%05d", i), v, append(b, Edge{Name: fmt.Sprintf("a%05d", i), Hash: h("a", i)})))
		}
	}
	for i := range n {
		pairs = append(pairs, [2]string{fmt.Sprintf("o-a%05d", i), fmt.Sprintf("n-a%05d", i)}, [2]string{fmt.Sprintf("o-b%05d", i), fmt.Sprintf("n-b%05d", i)})
	}
	return before, after, pairs
}

// Writing out a set based on N stacked sets wrote each reference's
// path with the vias of every level above it, again for every set
// written out above it: two chains joined by a rung at every step
// (ladderUp), whose every pair writes out the set of the chain beside
// it, looked up about N³/6 links (4x N from 150: 15 → 66 links a
// reference written). Each set is now written out once from its
// bases' sets written out: the links looked up grow as the references
// written, which are the answer (N²: each b_i's causes, each by its own
// path).
func TestCausesExpandedLinear(t *testing.T) {
	n := 150
	work := func(n int) (looked, refs int) {
		before, after, pairs := ladderUp(n)
		e := newExplainer(before, after, 0)
		for _, p := range pairs {
			if _, ok := e.register(p[0], p[1]); !ok {
				t.Fatalf("pair %v not registered", p)
			}
		}
		e.solve()
		for _, l := range e.nodes {
			if l.name == fmt.Sprintf("b%05d", n-1) {
				if got := len(e.all[e.expanded(l.set)]); got != 2*n-1 {
					t.Fatalf("%s: %d causes, want %d", l.name, got, 2*n-1)
				}
			}
		}
		for _, s := range e.all {
			refs += len(s)
		}
		return e.looked, refs
	}
	l1, r1 := work(n)
	l2, r2 := work(4 * n)
	x, y := float64(l1)/float64(r1), float64(l2)/float64(r2)
	t.Logf("ladder, rungs up: %d links looked up for %d references, %d for %d at 4x N (%.2f → %.2f a reference)", l1, r1, l2, r2, x, y)
	if y > 1.1*x {
		t.Errorf("4x N looks up %.2fx the links a reference written (%.2f → %.2f), want at most 1.1x", y/x, x, y)
	}
}

// hubBeside is a hub over k changed leaves and m specs t_i, each
// depending on the hub and on a spec d_i over a changed leaf z_i of its
// own: each t_i has two dependencies that bring sets.
func hubBeside(m, k int) (Graph, Graph, [][2]string) {
	var before, after Graph
	var pairs [][2]string
	for side, g := range []*Graph{&before, &after} {
		v := []string{"1", "2"}[side]
		h := func(c string, i int) string { return fmt.Sprintf("%s-%s%05d", []string{"o", "n"}[side], c, i) }
		var leaves []Edge
		for i := range k {
			g.Add(NewNode(h("l", i), fmt.Sprintf("l%05d", i), v, []Edge{}))
			leaves = append(leaves, Edge{Name: fmt.Sprintf("l%05d", i), Hash: h("l", i)})
		}
		g.Add(NewNode(h("hub", 0), "hub", "1", leaves))
		for i := range m {
			g.Add(NewNode(h("z", i), fmt.Sprintf("z%05d", i), v, []Edge{}))
			g.Add(NewNode(h("d", i), fmt.Sprintf("d%05d", i), "1", []Edge{{Name: fmt.Sprintf("z%05d", i), Hash: h("z", i)}}))
			g.Add(NewNode(h("t", i), fmt.Sprintf("t%05d", i), "1", []Edge{{Name: "hub", Hash: h("hub", 0)}, {Name: fmt.Sprintf("d%05d", i), Hash: h("d", i)}}))
		}
	}
	for i := range m {
		pairs = append(pairs, [2]string{fmt.Sprintf("o-t%05d", i), fmt.Sprintf("n-t%05d", i)})
	}
	return before, after, pairs
}

// Looking for a dependency whose causes another brings (undominated)
// marks the other's dependencies: under each of M specs beside a hub of
// K changed leaves that was M·K. It looks only at dependencies of a
// few changed dependencies: 4x M and K look at 4x the dependencies, at
// most.
func TestCausesDominatedLinear(t *testing.T) {
	work := func(n int) int {
		before, after, pairs := hubBeside(n, n)
		e := newExplainer(before, after, 0)
		for _, p := range pairs {
			if _, ok := e.register(p[0], p[1]); !ok {
				t.Fatalf("pair %v not registered", p)
			}
		}
		e.solve()
		return e.marked
	}
	a, b := work(100), work(400)
	t.Logf("hub beside: %d → %d dependencies looked at", a, b)
	if float64(b) > 4.4*float64(a) {
		t.Errorf("4x M and K look at %.2fx the dependencies (%d → %d), want at most 4.4x", float64(b)/float64(a), a, b)
	}
}

// wideBases is a spec p on k dependencies c_i, each bumped over a
// bumped leaf of its own, the first also over 40 more (so that its set
// can be a base): p's set is based on k sets, one a dependency.
func wideBases(k int) (Graph, Graph, [][4]string) {
	n := 1 + 2*k + 40
	name := make([]string, n)
	deps := make([][]int, n)
	bumped := make([]bool, n)
	name[0] = "p"
	for i := range k {
		c, l := 1+2*i, 2+2*i
		name[c], name[l] = fmt.Sprintf("c%06d", i), fmt.Sprintf("l%06d", i)
		deps[0] = append(deps[0], c)
		deps[c] = append(deps[c], l)
		bumped[c], bumped[l] = true, true
	}
	for j := range 40 {
		x := 1 + 2*k + j
		name[x] = fmt.Sprintf("m%03d", j)
		bumped[x] = true
		deps[1] = append(deps[1], x)
	}
	return dagPairOf(name, deps, bumped, nil, nil)
}

// A spec of K dependencies that bring sets: counting each dependency's
// dependents once looked each up among those before it, and based
// looked each base up among the bases (isBase, a base named twice) and
// among those of other sets and vias (one base of one set): K² in all
// (K = 20,000: 0.85 s of 1.4 s). They are stamped or found in a map: 4x
// K compares 4x the dependencies and bases.
func TestCausesWideBasesLinear(t *testing.T) {
	work := func(k int) int {
		before, after, pairs := wideBases(k)
		e := newExplainer(before, after, 0)
		for _, p := range pairs {
			if _, ok := e.register(p[0], p[1]); !ok {
				t.Fatalf("pair %v not registered", p)
			}
		}
		e.solve()
		several := 0
		for _, b := range e.bases {
			if len(b) > 1 {
				several++
			}
		}
		if several != 1 {
			t.Fatalf("k = %d: %d sets of several bases, want p's", k, several)
		}
		return e.compared
	}
	a, b := work(500), work(2000)
	t.Logf("%d → %d dependencies and bases compared", a, b)
	if float64(b) > 4.4*float64(a) {
		t.Errorf("4x the dependencies compare %.2fx the dependencies and bases (%d → %d), want at most 4.4x", float64(b)/float64(a), a, b)
	}
}
