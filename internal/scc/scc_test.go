package scc_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/internal/scc"
)

// graph is an adjacency list.
type graph [][]int32

func (g graph) succ(dst []int32, u int32) []int32 { return append(dst, g[u]...) }

// result is what Components reported: each node's component (numbered
// in the order reported, -1 for a node not reached), and each
// component's cycle flag.
type result struct {
	comp  []int
	cycle []bool
	count int
}

func run(g graph, roots []int32) result {
	r := result{comp: make([]int, len(g))}
	for i := range r.comp {
		r.comp[i] = -1
	}
	scc.Components(len(g), roots, g.succ, func(comp []int32, cycle bool) {
		for _, u := range comp {
			if r.comp[u] != -1 {
				panic("node reported twice")
			}
			r.comp[u] = r.count
		}
		r.cycle = append(r.cycle, cycle)
		r.count++
		slices.Reverse(comp) // each may reorder comp
	})
	return r
}

// reach is the reference: which nodes each node reaches (itself by a
// path of no edges), by a search from each.
func reach(g graph) [][]bool {
	out := make([][]bool, len(g))
	for s := range g {
		seen := make([]bool, len(g))
		seen[s] = true
		todo := []int32{int32(s)}
		for len(todo) > 0 {
			u := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, v := range g[u] {
				if !seen[v] {
					seen[v] = true
					todo = append(todo, v)
				}
			}
		}
		out[s] = seen
	}
	return out
}

func random(r *rand.Rand, n, m int) graph {
	g := make(graph, n)
	for range m {
		u, v := r.IntN(n), r.IntN(n)
		g[u] = append(g[u], int32(v))
	}
	return g
}

// check compares r, the components of g searched from roots (all nodes
// when nil), with the reference: the nodes reached are those the roots
// reach; two nodes share a component exactly when each reaches the
// other; a component comes after every component it has edges to; cycle
// is set for a component of several nodes or with an edge to itself.
func check(t *testing.T, g graph, roots []int32, r result) {
	t.Helper()
	re := reach(g)
	reached := make([]bool, len(g))
	if roots == nil {
		for i := range reached {
			reached[i] = true
		}
	}
	for _, s := range roots {
		for v, ok := range re[s] {
			reached[v] = reached[v] || ok
		}
	}
	size := make([]int, r.count)
	self := make([]bool, r.count)
	for u := range g {
		if (r.comp[u] >= 0) != reached[u] {
			t.Fatalf("node %d: reported %v, reached %v", u, r.comp[u] >= 0, reached[u])
		}
		if r.comp[u] < 0 {
			continue
		}
		size[r.comp[u]]++
		for _, v := range g[u] {
			if r.comp[v] > r.comp[u] {
				t.Fatalf("edge %d→%d: component %d before %d", u, v, r.comp[u], r.comp[v])
			}
			if int(v) == u {
				self[r.comp[u]] = true
			}
		}
		for v := range g {
			if r.comp[v] < 0 {
				continue
			}
			same := re[u][v] && re[v][u]
			if (r.comp[u] == r.comp[v]) != same {
				t.Fatalf("nodes %d and %d: same component %v, reach each other %v", u, v, r.comp[u] == r.comp[v], same)
			}
		}
	}
	for c := range r.count {
		if want := size[c] > 1 || self[c]; r.cycle[c] != want {
			t.Fatalf("component %d (%d nodes, self loop %v): cycle %v", c, size[c], self[c], r.cycle[c])
		}
	}
}

func TestRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		n := 1 + r.IntN(30)
		g := random(r, n, r.IntN(3*n))
		var roots []int32
		if i%2 == 1 {
			roots = []int32{} // none reached
			for range r.IntN(4) {
				roots = append(roots, int32(r.IntN(n)))
			}
		}
		check(t, g, roots, run(g, roots))
	}
}

func TestEmpty(t *testing.T) {
	scc.Components(0, nil, graph{}.succ, func([]int32, bool) { t.Fatal("a component of no graph") })
}

// TestDeepChain searches a chain far deeper than a recursive search's
// stack would allow at this frame size, closed into one cycle and open.
func TestDeepChain(t *testing.T) {
	const n = 1 << 20
	g := make(graph, n)
	for i := range n - 1 {
		g[i] = []int32{int32(i + 1)}
	}
	r := run(g, nil)
	if r.count != n {
		t.Fatalf("open chain: %d components, want %d", r.count, n)
	}
	for u := range n {
		if r.comp[u] != n-1-u || r.cycle[r.comp[u]] {
			t.Fatalf("open chain: node %d in component %d (cycle %v)", u, r.comp[u], r.cycle[r.comp[u]])
		}
	}
	g[n-1] = []int32{0}
	r = run(g, []int32{n / 2})
	if r.count != 1 || !r.cycle[0] || slices.Contains(r.comp, -1) {
		t.Fatalf("closed chain: %d components, want one cycle of every node", r.count)
	}
}

func TestSelfLoops(t *testing.T) {
	g := graph{{0, 1}, {2}, {2}, {3, 3}}
	r := run(g, nil)
	check(t, g, nil, r)
	want := []bool{true, false, true, true} // by node
	for u, w := range want {
		if r.cycle[r.comp[u]] != w {
			t.Errorf("node %d: cycle %v, want %v", u, r.cycle[r.comp[u]], w)
		}
	}
}

// TestOrder checks the order of the search, which callers depend on: the
// roots in turn, each node's successors in order, each component's nodes
// in the order reached.
func TestOrder(t *testing.T) {
	// 0 → 1 → 2 → 1, 0 → 3; 4 → 3.
	g := graph{{1, 3}, {2}, {1}, {}, {3}}
	var got [][]int32
	scc.Components(len(g), []int32{4, 0}, g.succ, func(comp []int32, _ bool) {
		got = append(got, slices.Clone(comp))
	})
	want := [][]int32{{3}, {4}, {1, 2}, {0}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

// BenchmarkComponents searches a random graph of 100k nodes and 400k edges.
func BenchmarkComponents(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	g := random(r, 100000, 400000)
	for b.Loop() {
		scc.Components(len(g), nil, g.succ, func([]int32, bool) {})
	}
}
