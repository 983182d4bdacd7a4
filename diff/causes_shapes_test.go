package diff_test

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// Shapes of dependency graphs that made causes cost more than linear time
// or memory (issue 35, items 6, 9, 10 and 12), built as engine graphs:
// a hub with K changed leaves and M dependents, a chain, one spec with
// many renamed dependencies, and a cycle. Each is a pair of graphs and
// the changed pairs a report would list.

// shape is a pair of graphs and the report's changed pairs.
type shape struct {
	old, new diff.Graph
	pairs    []shapePair
}

type shapePair struct {
	name     string
	old, new string // hashes
	updated  bool
}

// add puts a node that changed into both graphs (hashes "o-" and "n-"
// the key), its version bumped when bump, with edges to the given keys'
// nodes on each side, and lists the pair.
func (s *shape) add(key, name string, bump bool, deps ...string) {
	ov, nv := "1.0", "1.0"
	if bump {
		nv = "1.1"
	}
	s.old.Add(diff.NewNode("o-"+key, name, ov, edges(s.old, "o-", deps)))
	s.new.Add(diff.NewNode("n-"+key, name, nv, edges(s.new, "n-", deps)))
	s.pairs = append(s.pairs, shapePair{name, "o-" + key, "n-" + key, bump})
}

func edges(g diff.Graph, prefix string, keys []string) []diff.Edge {
	out := make([]diff.Edge, 0, len(keys))
	for _, k := range keys {
		name := strings.TrimSuffix(k, "#") // the node's name: the key, by convention
		out = append(out, diff.Edge{Name: name, Hash: prefix + k})
	}
	return out
}

func newShape() *shape { return &shape{old: diff.Graph{}, new: diff.Graph{}} }

// fanOut is a hub depending on k leaves whose version changed, and m
// specs depending on the hub: every dependent has the k leaves as root
// causes, each by the path dependent → hub → leaf.
func fanOut(m, k int) *shape {
	s := newShape()
	leaves := make([]string, k)
	for i := range leaves {
		leaves[i] = fmt.Sprintf("leaf%05d", i)
		s.add(leaves[i], leaves[i], true)
	}
	s.add("hub", "hub", false, leaves...)
	for i := range m {
		s.add(fmt.Sprintf("dep%05d", i), fmt.Sprintf("dep%05d", i), false, "hub")
	}
	return s
}

// chain is n specs, each depending on the next, the last one's version
// changed: spec i's path to the cause has n-i names.
func chain(n int) *shape {
	s := newShape()
	name := func(i int) string { return fmt.Sprintf("c%06d", i) }
	s.add(name(n-1), name(n-1), true)
	for i := n - 2; i >= 0; i-- {
		s.add(name(i), name(i), false, name(i+1))
	}
	return s
}

// chainOverHub is k leaves whose version changed, a hub depending on
// all of them, and a chain of n specs over the hub (c0 depends on the
// hub, c1 on c0, …): every spec of the chain has the k leaves as root
// causes, spec i by a path of i+3 names, distinct for each spec (the
// 15th adversarial pass: n = k = 2,000 took 12 s and 712 MB, and wrote
// 555 MB of JSON).
func chainOverHub(n, k int) *shape {
	s := newShape()
	leaves := make([]string, k)
	for i := range leaves {
		leaves[i] = fmt.Sprintf("l%05d", i)
		s.add(leaves[i], leaves[i], true)
	}
	s.add("hub", "hub", false, leaves...)
	prev := "hub"
	for i := range n {
		c := fmt.Sprintf("c%05d", i)
		s.add(c, c, false, prev)
		prev = c
	}
	return s
}

// ladder is n specs, spec i depending on specs i-1 and i-2, spec 0's
// version changed.
func ladder(n int) *shape {
	s := newShape()
	name := func(i int) string { return fmt.Sprintf("p%05d", i) }
	s.add(name(0), name(0), true)
	for i := 1; i < n; i++ {
		deps := []string{name(i - 1)}
		if i >= 2 {
			deps = append(deps, name(i-2))
		}
		s.add(name(i), name(i), false, deps...)
	}
	return s
}

// layers is 4 layers of w specs, each spec depending on every spec of
// the layer below, the bottom layer's versions changed: w² edges a
// layer.
func layers(w int) *shape {
	s := newShape()
	name := func(l, i int) string { return fmt.Sprintf("n%d_%05d", l, i) }
	for l := range 4 {
		var deps []string
		if l > 0 {
			for i := range w {
				deps = append(deps, name(l-1, i))
			}
		}
		for i := range w {
			s.add(name(l, i), name(l, i), l == 0, deps...)
		}
	}
	return s
}

// ring is n specs in one dependency cycle (spec i depends on spec i+1,
// the last on the first), spec 0's version changed.
func ring(n int) *shape {
	s := newShape()
	name := func(i int) string { return fmt.Sprintf("p%05d", i) }
	for _, side := range []struct {
		g       *diff.Graph
		p, v0   string
		version string
	}{{&s.old, "o-", "1.0", "1.0"}, {&s.new, "n-", "1.1", "1.0"}} {
		for i := range n {
			v := side.version
			if i == 0 {
				v = side.v0
			}
			side.g.Add(diff.NewNode(side.p+name(i), name(i), v, []diff.Edge{{Name: name((i + 1) % n), Hash: side.p + name((i+1)%n)}}))
		}
	}
	for i := range n {
		s.pairs = append(s.pairs, shapePair{name(i), "o-" + name(i), "n-" + name(i), i == 0})
	}
	return s
}

// renames is one spec whose k dependencies all changed name (a0… on the
// old side, b0… on the new): k removed and k added edges.
func renames(k int) *shape {
	s := newShape()
	x := diff.NewNode("o-wide", "wide", "1.0", []diff.Edge{})
	y := diff.NewNode("n-wide", "wide", "1.0", []diff.Edge{})
	for i := range k {
		a, b := fmt.Sprintf("a%06d", i), fmt.Sprintf("b%06d", i)
		s.old.Add(diff.NewNode("h-"+a, a, "1", []diff.Edge{}))
		s.new.Add(diff.NewNode("h-"+b, b, "1", []diff.Edge{}))
		x.Spec.More.Deps = append(x.Spec.More.Deps, diff.Edge{Name: a, Hash: "h-" + a})
		y.Spec.More.Deps = append(y.Spec.More.Deps, diff.Edge{Name: b, Hash: "h-" + b})
	}
	s.old.Add(x)
	s.new.Add(y)
	s.pairs = append(s.pairs, shapePair{"wide", x.Hash(), y.Hash(), false})
	return s
}

// cycle is a ↔ b (a cycle, which Spack never writes), a depending on a
// leaf whose version changed, and u (updated) depending on b: b and u
// reach the leaf only through the cycle.
func cycle() *shape {
	s := newShape()
	s.add("leaf", "leaf", true)
	// a and b depend on each other: add them by hand.
	for _, side := range []struct {
		g *diff.Graph
		p string
	}{{&s.old, "o-"}, {&s.new, "n-"}} {
		side.g.Add(diff.NewNode(side.p+"a", "a", "1.0", []diff.Edge{{Name: "b", Hash: side.p + "b"}, {Name: "leaf", Hash: side.p + "leaf"}}))
		side.g.Add(diff.NewNode(side.p+"b", "b", "1.0", []diff.Edge{{Name: "a", Hash: side.p + "a"}}))
	}
	s.pairs = append(s.pairs, shapePair{"a", "o-a", "n-a", false}, shapePair{"b", "o-b", "n-b", false})
	s.add("u", "u", true, "b")
	return s
}

// report is a report listing the shape's pairs in the given order (one
// package per pair, as Explain reads them), explained.
func (s *shape) report(order []int) *diff.Report {
	r := s.unexplained(order)
	r.Explain(s.old, s.new)
	return r
}

// unexplained is the report before Explain.
func (s *shape) unexplained(order []int) *diff.Report {
	r := &diff.Report{Packages: make([]diff.Package, 0, len(order)), Warnings: []snapshot.Warning{}}
	r.Old.Path, r.New.Path = "old", "new"
	for _, i := range order {
		p := s.pairs[i]
		pr := diff.Pair{Old: &snapshot.Spec{Hash: p.old}, New: &snapshot.Spec{Hash: p.new}}
		pkg := diff.Package{Name: p.name, Status: diff.Changed}
		if p.updated {
			pkg.Specs.Updated = []diff.Pair{pr}
			r.Summary.Specs.Updated++
		} else {
			pkg.Specs.Rebuilt = []diff.Pair{pr}
			r.Summary.Specs.Rebuilt++
		}
		r.Packages = append(r.Packages, pkg)
	}
	return r
}

func (s *shape) order() []int {
	out := make([]int, len(s.pairs))
	for i := range out {
		out[i] = i
	}
	return out
}

// cost explains the shape's report: the bytes Explain allocates, and the
// size of the report's JSON.
func cost(t *testing.T, s *shape) (alloc, size uint64) {
	t.Helper()
	// On one core, once: Explain works on every core, and what its
	// goroutines allocate besides the work itself varies with the
	// scheduler. What is left varies from process to process by up to a
	// tenth (a chain's 4x measured 4.08x to 4.66x in six processes),
	// hence allocBound, which the least of two runs in one process did
	// not narrow.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	r := s.unexplained(s.order())
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r.Explain(s.old, s.new)
	runtime.ReadMemStats(&after)
	alloc = after.TotalAlloc - before.TotalAlloc
	w := &countWriter{}
	if err := json.NewEncoder(w).Encode(r); err != nil {
		t.Fatal(err)
	}
	return alloc, w.n
}

// allocBound is what 4x the input may allocate: 4.4x, and the tenth by
// which the bytes allocated vary between processes (cost). A quadratic
// cost is 16x.
const allocBound = 4.4 * 1.1

type countWriter struct{ n uint64 }

func (w *countWriter) Write(p []byte) (int, error) { w.n += uint64(len(p)); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)

// scales checks that 4x the input costs at most allocBound the bytes
// allocated and 4.4x the JSON written.
func scales(t *testing.T, what string, small, big *shape) { scalesJSON(t, what, small, big, true) }

// scalesJSON checks the JSON written, and the bytes allocated when alloc.
func scalesJSON(t *testing.T, what string, small, big *shape, alloc bool) {
	t.Helper()
	a1, s1 := cost(t, small)
	a2, s2 := cost(t, big)
	ra, rs := float64(a2)/float64(a1), float64(s2)/float64(s1)
	t.Logf("%s: allocated %d → %d bytes (%.2fx), JSON %d → %d bytes (%.2fx)", what, a1, a2, ra, s1, s2, rs)
	if alloc && ra > allocBound {
		t.Errorf("%s: 4x the input allocates %.2fx the bytes (%d → %d), want at most %.1fx", what, ra, a1, a2, allocBound)
	}
	if rs > 4.4 {
		t.Errorf("%s: 4x the input writes %.2fx the JSON (%d → %d bytes), want at most 4.4x", what, rs, s1, s2)
	}
}

// Item 10: on a chain, every spec's cause path was rebuilt whole: N²
// names, in memory and in the JSON.
func TestCausesChainLinear(t *testing.T) {
	n := 500 // 500 → 2,000 took 16x, and wrote 13x the JSON
	scales(t, "chain", chain(n), chain(4*n))
}

// Item 9: M dependents of a hub with K changed leaves cost M·K² (each
// dependent's causes merged one by one, each with its path copied), and
// the JSON wrote every cause out whole for every dependent. With M fixed,
// 4x the leaves is 4x the input.
func TestCausesFanOutLinear(t *testing.T) {
	m, k := 200, 200
	if testing.Short() {
		m, k = 100, 100
	}
	scales(t, "fan-out, 4x leaves", fanOut(m, k), fanOut(m, 4*k))
	scales(t, "fan-out, 4x dependents", fanOut(m, k), fanOut(4*m, k))
}

// Item 9: the M dependents of a hub share one set of K causes, in the
// JSON and while the causes are solved: M = K costs M + K, not M·K, in
// bytes allocated as in the JSON. (Each dependent holding its own K
// references while solving made 4x M and K allocate about 8.7x.)
func TestCausesFanOutShared(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 100
	}
	scales(t, "fan-out, 4x dependents and leaves", fanOut(n, n), fanOut(4*n, 4*n))
}

// Items 9 and 10 together: a chain of N specs over a hub with K changed
// leaves wrote every spec's K paths out, N·K references and links, in
// memory and in the JSON (4x N and K allocated about 16x). The chain's
// specs now share the hub's set, each with a via: N + K.
func TestCausesChainOverHubLinear(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 100
	}
	small, big := chainOverHub(n, n), chainOverHub(4*n, 4*n)
	scales(t, "chain over a hub, 4x N and K", small, big)
	// Every spec of the chain has every leaf, by its path through the
	// chain and the hub.
	r := small.report(small.order())
	for _, p := range r.Packages {
		if p.Name != fmt.Sprintf("c%05d", n-1) {
			continue
		}
		causes := r.Causes.Resolve(p.Specs.Rebuilt[0].Why, p.Name)
		if len(causes) != n {
			t.Fatalf("%s: %d causes, want %d", p.Name, len(causes), n)
		}
		want := []string{p.Name}
		for i := n - 2; i >= 0; i-- {
			want = append(want, fmt.Sprintf("c%05d", i))
		}
		want = append(want, "hub", "l00007")
		if got := causes[7].Path; !slices.Equal(got, want) {
			t.Errorf("%s: path to l00007 %q, want %q", p.Name, got, want)
		}
	}
}

// The other shapes of the 15th adversarial pass stay linear: a ladder
// (spec i depends on i-1 and i-2), 4 complete layers (4x the edges is
// 2x the width), and a cycle of every spec.
func TestCausesMoreShapesLinear(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 200
	}
	scales(t, "ladder", ladder(n), ladder(4*n))
	scales(t, "layers", layers(n/10), layers(2*n/10))
	scales(t, "ring", ring(n), ring(4*n))
}

// A chain whose every spec depends on the two before it, every version
// bumped (cachediff-gen -dag back2): spec i reaches spec i-1 through
// both of its dependencies, and the one before it (i-2, of the smaller
// name) by a path shorter by a name, so spec i-1's set brings no cause
// that spec i-2's does not bring as well or better. Both were bases
// whose causes overlap, and every set was written out: 200 → 800 specs
// wrote 15.0x the JSON and allocated 15.3x (class c).
func TestCausesBackTwoLinear(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 100
	}
	scales(t, "back2", back2(n), back2(4*n))
	// The last spec has every other as a cause, each by a shortest
	// path, the first by name among them: two steps down at a time (i-2
	// has the smaller name), and one at the end to an odd distance.
	s := back2(n)
	r := s.report(s.order())
	last := fmt.Sprintf("p%05d", n-1)
	for _, p := range r.Packages {
		if p.Name != last {
			continue
		}
		causes := r.Causes.Resolve(p.Specs.Updated[0].Why, p.Name)
		if len(causes) != n-1 {
			t.Fatalf("%s: %d causes, want %d", p.Name, len(causes), n-1)
		}
		for _, to := range []int{0, 1} {
			var want []string
			i := n - 1
			for ; i-to >= 2; i -= 2 {
				want = append(want, fmt.Sprintf("p%05d", i))
			}
			if i != to {
				want = append(want, fmt.Sprintf("p%05d", i))
			}
			want = append(want, fmt.Sprintf("p%05d", to))
			if got := causes[to].Path; !slices.Equal(got, want) {
				t.Errorf("%s: path to p%05d %q, want %q", p.Name, to, got, want)
			}
		}
	}
}

// back2 is n specs, spec i depending on specs i-1 and i-2, every
// version changed.
func back2(n int) *shape {
	s := newShape()
	name := func(i int) string { return fmt.Sprintf("p%05d", i) }
	for i := range n {
		var deps []string
		for j := i - 1; j >= 0 && j >= i-2; j-- {
			deps = append(deps, name(j))
		}
		s.add(name(i), name(i), true, deps...)
	}
	return s
}

// Item 6: a dependency cycle is a warning naming it, and the causes do
// not depend on the order in which the pairs come: u, updated, depends
// on b, which reaches the changed leaf only through the cycle b → a →
// leaf. Visiting a first cut the cycle at a and left b, then u, without a
// cause.
func TestCausesCycle(t *testing.T) {
	s := cycle()
	r := s.report(s.order())
	// leaf is the cause itself (its own change, and u's own version
	// too); a, b and u have it as a root cause.
	// u's own change, which no other pair inherits, comes first.
	if c := r.Causes; c == nil || c.Explained != 4 || c.Known != 4 || len(c.Groups) != 2 ||
		c.Groups[0].Name != "u" || c.Groups[1].Name != "leaf" || c.Groups[1].Specs != 4 || c.Groups[1].Own != 1 {
		t.Errorf("causes %+v, want 4 of 4 explained (the leaf by its own change; a, b and u by the leaf)", r.Causes)
	}
	var msgs []string
	for _, w := range r.Warnings {
		if strings.Contains(w.Message, "dependency cycle") {
			msgs = append(msgs, w.File+": "+w.Message)
		}
	}
	if len(msgs) != 2 || !strings.HasPrefix(msgs[0], "new: dependency cycle of 2 specs: a/n-a, b/n-b") || !strings.HasPrefix(msgs[1], "old: dependency cycle of 2 specs: a/o-a, b/o-b") {
		t.Errorf("cycle warnings %q, want one per side naming a and b", msgs)
	}
}

// Item 12: one spec with many renamed dependencies was matched by nested
// loops. The matching now sorts: its work (edges looked at) is counted.
func TestCausesRenamesLinear(t *testing.T) {
	k := 20000
	if testing.Short() {
		k = 5000
	}
	s := renames(k)
	r := s.report(s.order())
	if c := r.Causes; c == nil || c.Explained != 1 || len(c.Groups) != 2*k {
		t.Fatalf("causes: %d groups, want %d (each renamed edge, removed and added)", len(r.Causes.Groups), 2*k)
	}
	scales(t, "renames", renames(k/4), renames(k))
}

// Property (item 6): relabelling the pairs' order never changes a pair's
// causes, on every shape, cycles included.
func TestCausesOrderFree(t *testing.T) {
	for name, s := range map[string]*shape{"cycle": cycle(), "chain": chain(30), "fan-out": fanOut(5, 7), "renames": renames(9),
		"chain over a hub": chainOverHub(6, 5), "ladder": ladder(12), "layers": layers(4), "ring": ring(9)} {
		want := resolvedCauses(s.report(s.order()))
		n := len(s.pairs)
		for rot := range n {
			order := make([]int, n)
			for i := range order {
				order[i] = (i + rot) % n
			}
			if rot%2 == 1 {
				slices.Reverse(order)
			}
			if got := resolvedCauses(s.report(order)); !maps2Equal(got, want) {
				t.Errorf("%s: order %v gives\n%v\nwant\n%v", name, order, got, want)
			}
		}
	}
}

func resolvedCauses(r *diff.Report) map[string]string {
	out := map[string]string{}
	for _, p := range r.Packages {
		for _, pr := range append(slices.Clone(p.Specs.Rebuilt), p.Specs.Updated...) {
			var parts []string
			for _, c := range r.Causes.Resolve(pr.Why, p.Name) {
				parts = append(parts, key(c)+" "+strings.Join(c.Path, ">"))
			}
			out[p.Name] = strings.Join(parts, "; ")
		}
	}
	return out
}

func maps2Equal(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// A spec in a cycle whose own change is the cause is no cause of itself
// (the cycle leads back to it), and its partner in the cycle has it.
func TestCausesCycleOwnChange(t *testing.T) {
	s := newShape()
	for _, side := range []struct {
		g       *diff.Graph
		p, a, b string
	}{{&s.old, "o-", "1.0", "1.0"}, {&s.new, "n-", "1.1", "1.0"}} {
		side.g.Add(diff.NewNode(side.p+"a", "a", side.a, []diff.Edge{{Name: "b", Hash: side.p + "b"}}))
		side.g.Add(diff.NewNode(side.p+"b", "b", side.b, []diff.Edge{{Name: "a", Hash: side.p + "a"}}))
	}
	s.pairs = []shapePair{{"a", "o-a", "n-a", true}, {"b", "o-b", "n-b", false}}
	for _, order := range [][]int{{0, 1}, {1, 0}} {
		got := resolvedCauses(s.report(order))
		if got["a"] != "" || got["b"] != "a version:1.0→1.1 b>a" {
			t.Errorf("order %v: causes %q, want none for a and a's version for b", order, got)
		}
	}
}
