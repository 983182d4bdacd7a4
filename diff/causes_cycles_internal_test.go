package diff

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/cachediff/cachediff/internal/testing/gen"
	"github.com/cachediff/cachediff/snapshot"
)

// cycleWarnings agrees with the plain search through the map on random
// graphs with few cycles, more than maxCycles, self loops, edges to nodes
// outside the graph and nodes with unknown edges, hashes of Spack's
// length or not, an edge's hash the node's own string or a copy.
func TestCycleWarningsAgree(t *testing.T) {
	many := 0
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 7))
		n := 1 + rng.IntN(120)
		g := Graph{}
		hashes := make([]string, n)
		for i := range n {
			hashes[i] = fmt.Sprintf("%02d%s", rng.IntN(100), strings.Repeat("h", 1+i%3)) + fmt.Sprint(i)
			if seed%2 == 0 { // of a hash's length: found by address, or by text when copied
				hashes[i] = fmt.Sprintf("%-32s", hashes[i])
			}
		}
		back := rng.Float64() * 0.2 // how often an edge goes up: a cycle
		loop := rng.Float64() * 0.3 // how often a node depends on itself
		for i, h := range hashes {
			var deps []Edge
			if rng.IntN(10) > 0 {
				deps = []Edge{}
				for range rng.IntN(5) {
					var to string
					switch r := rng.Float64(); {
					case r < loop:
						to = h
					case r < loop+back:
						to = hashes[rng.IntN(i+1)] // up, or itself
					case r < loop+back+0.05:
						to = "missing"
					case i+1 < n:
						to = hashes[i+1+rng.IntN(n-i-1)]
					default:
						continue
					}
					if rng.IntN(4) == 0 {
						to = strings.Clone(to)
					}
					deps = append(deps, Edge{Name: "d", Hash: to})
				}
			}
			g.Add(NewNode(h, fmt.Sprintf("p%d", i%7), "", deps))
		}
		got, want := cycleWarnings(g, "f"), cycleWarningsRef(g, "f")
		sortWarnings(got)
		sortWarnings(want)
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: got %v, want %v", seed, got, want)
		}
		if len(want) > maxCycles {
			many++
		}
	}
	if many == 0 {
		t.Error("no graph had more than maxCycles cycles")
	}
}

func sortWarnings(w []snapshot.Warning) {
	slices.SortFunc(w, func(a, b snapshot.Warning) int { return strings.Compare(a.Message, b.Message) })
}

// cycleWarningsRef is cycleWarnings as it was before its search used
// numbered nodes and adjacency lists: a search from every node in hash
// order through the map, the reference the fast one must agree with.
func cycleWarningsRef(g Graph, file string) []snapshot.Warning {
	if g.Len() == 0 {
		return nil
	}
	hashes := make([]string, 0, g.Len())
	for _, n := range g.Nodes() {
		if n.Deps() != nil {
			hashes = append(hashes, n.Hash())
		}
	}
	slices.Sort(hashes)
	index := make(map[*GraphNode]int32, len(hashes))
	low := make([]int32, 0, len(hashes))
	onStack := make([]bool, 0, len(hashes))
	var stack []*GraphNode
	type frame struct {
		n    *GraphNode
		edge int
	}
	var cycles [][]*GraphNode
	selfLoop := func(n *GraphNode) bool {
		return slices.ContainsFunc(n.Deps(), func(d Edge) bool { return d.Hash == n.Hash() })
	}
	for _, h := range hashes {
		if _, ok := index[g.Node(h)]; ok {
			continue
		}
		visit := func(n *GraphNode) frame {
			index[n] = int32(len(low))
			low = append(low, int32(len(low)))
			onStack = append(onStack, true)
			stack = append(stack, n)
			return frame{n, 0}
		}
		frames := []frame{visit(g.Node(h))}
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			i := index[f.n]
			if f.edge < len(f.n.Deps()) {
				d := g.Node(f.n.Deps()[f.edge].Hash)
				f.edge++
				if d == nil || d.Deps() == nil {
					continue
				}
				if j, ok := index[d]; !ok {
					frames = append(frames, visit(d))
				} else if onStack[j] {
					low[i] = min(low[i], j)
				}
				continue
			}
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				p := index[frames[len(frames)-1].n]
				low[p] = min(low[p], low[i])
			}
			if low[i] != i {
				continue
			}
			k := len(stack) - 1
			for stack[k] != f.n {
				k--
			}
			comp := stack[k:]
			for _, m := range comp {
				onStack[index[m]] = false
			}
			if len(comp) > 1 || selfLoop(f.n) {
				cycles = append(cycles, slices.Clone(comp))
			}
			stack = stack[:k]
		}
	}
	var out []snapshot.Warning
	for i, comp := range cycles {
		if i == maxCycles {
			out = append(out, snapshot.Warning{File: file, Message: fmt.Sprintf("%d more dependency cycles", len(cycles)-maxCycles)})
			break
		}
		out = append(out, snapshot.Warning{File: file, Message: cycleText(comp)})
	}
	return out
}

// BenchmarkCycleWarnings searches the old index of the spack row of make
// bench (written by BenchmarkCauses; skipped without it) for cycles, with
// cycleWarnings and with the reference.
func BenchmarkCycleWarnings(b *testing.B) {
	path := filepath.Join(gen.RepoRoot(), "testdata", "bench", "spack-60000", "old", "index.json")
	s, err := snapshot.Load(path, snapshot.Options{})
	if err != nil {
		b.Skip(err)
	}
	g := GraphOf(s)
	for _, f := range []struct {
		name string
		f    func(Graph, string) []snapshot.Warning
	}{{"fast", cycleWarnings}, {"ref", cycleWarningsRef}} {
		b.Run(f.name, func(b *testing.B) {
			for b.Loop() {
				f.f(g, path)
			}
		})
	}
}

// byAddress puts the nodes in the order of their addresses, as a sort
// does: those of GraphOf (one slice, with specs of a hash filed twice
// left out), and nodes made one by one.
func TestByAddress(t *testing.T) {
	sorted := func(g Graph) []keyed {
		var out []keyed
		for _, n := range g.Nodes() {
			out = append(out, keyed{n.Hash(), n})
		}
		slices.SortFunc(out, func(a, b keyed) int {
			return cmp.Compare(uintptr(unsafe.Pointer(a.n)), uintptr(unsafe.Pointer(b.n)))
		})
		return out
	}
	path := filepath.Join(gen.RepoRoot(), "testdata", "spack-gen", "new", "build_cache", "index.json")
	s, err := snapshot.Load(path, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	slab := GraphOf(s)
	if slab.Len() < 10 {
		t.Fatalf("%s: %d nodes", path, slab.Len())
	}
	// Every other node of the slice left out, as a hash filed twice is.
	var sparse Graph
	for i, n := range slab.Nodes() {
		if i%2 == 0 {
			sparse.Add(n)
		}
	}
	var oneByOne Graph
	for _, n := range slab.Nodes() {
		c := *n
		oneByOne.Add(&c)
	}
	var one Graph
	one.Add(&GraphNode{})
	for name, g := range map[string]Graph{"GraphOf": slab, "sparse": sparse, "one by one": oneByOne, "one": one, "none": {}} {
		got, want := byAddress(g), sorted(g)
		if !slices.EqualFunc(got, want, func(a, b keyed) bool { return a.n == b.n }) || len(got) != g.Len() {
			t.Errorf("%s: byAddress differs from a sort by address", name)
			continue
		}
		for _, k := range got {
			if g.Node(k.h) != k.n {
				t.Errorf("%s: byAddress gives %s a node it is not filed under", name, k.h)
			}
		}
	}
}
