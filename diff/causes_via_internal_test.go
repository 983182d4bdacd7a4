package diff

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// randomDAGPair is a random pair of dependency graphs of n specs, spec i
// depending only on specs after it, with names from a small pool (so
// that paths tie, and edges of one name lead to several specs); some
// specs' versions change, some edges come and go. Hashes are of the
// content (name, version, the dependencies' hashes), so a spec whose
// dependencies and version stay keeps its hash. It returns the graphs and
// the pairs whose hash changed (old hash, new hash, name, updated).
func randomDAGPair(rng *rand.Rand, n int) (Graph, Graph, [][4]string) {
	names := []string{"a", "b", "c", "d", "e"}[:2+rng.IntN(4)]
	name := make([]string, n)
	deps := make([][]int, n)
	for i := range n {
		name[i] = names[rng.IntN(len(names))]
		for j := i + 1; j < n; j++ {
			if rng.IntN(4) == 0 && len(deps[i]) < 4 {
				deps[i] = append(deps[i], j)
			}
		}
	}
	bumped := make([]bool, n)
	for i := range bumped {
		bumped[i] = rng.IntN(4) == 0
	}
	newOnly, oldOnly := randomEdgeChanges(rng, deps, 12)
	return dagPairOf(name, deps, bumped, newOnly, oldOnly)
}

// randomEdgeChanges picks about one edge of deps in every rate to be
// only on the new side, and as many only on the old.
func randomEdgeChanges(rng *rand.Rand, deps [][]int, rate int) (newOnly, oldOnly map[[2]int]bool) {
	newOnly, oldOnly = map[[2]int]bool{}, map[[2]int]bool{}
	for i := range deps {
		for _, j := range deps[i] {
			switch rng.IntN(rate) {
			case 0:
				newOnly[[2]int{i, j}] = true
			case 1:
				oldOnly[[2]int{i, j}] = true
			}
		}
	}
	return newOnly, oldOnly
}

// dagPairOf is the pair of graphs of specs named name, spec i depending
// on specs deps[i] (each after it) but for the edges only the other side
// has (newOnly, oldOnly), its version bumped on the new side when
// bumped[i], each hash made from its content; and the changed pairs.
func dagPairOf(name []string, deps [][]int, bumped []bool, newOnly, oldOnly map[[2]int]bool) (Graph, Graph, [][4]string) {
	n := len(name)
	var pairs [][4]string
	var graphs [2]Graph
	hashes := [2][]string{make([]string, n), make([]string, n)}
	for side := range 2 {
		for i := n - 1; i >= 0; i-- {
			v := "1"
			if side == 1 && bumped[i] {
				v = "2"
			}
			edges := []Edge{}
			for _, j := range deps[i] {
				if side == 0 && newOnly[[2]int{i, j}] || side == 1 && oldOnly[[2]int{i, j}] {
					continue
				}
				edges = append(edges, Edge{Name: name[j], Hash: hashes[side][j]})
			}
			h := fnv.New64a()
			fmt.Fprint(h, name[i], v)
			for _, e := range edges {
				fmt.Fprint(h, ",", e.Name, e.Hash)
			}
			hashes[side][i] = fmt.Sprintf("%016x", h.Sum64())
			graphs[side].Add(NewNode(hashes[side][i], name[i], v, edges))
		}
	}
	for i := range n {
		if hashes[0][i] != hashes[1][i] {
			up := ""
			if bumped[i] {
				up = "updated"
			}
			pairs = append(pairs, [4]string{hashes[0][i], hashes[1][i], name[i], up})
		}
	}
	return graphs[0], graphs[1], pairs
}

// oraclePairHashes are pairs' old and new hashes, as Explain gives the
// explainer the report's pairs.
func oraclePairHashes(pairs [][4]string) [][2]string {
	out := make([][2]string, len(pairs))
	for i, p := range pairs {
		out[i] = [2]string{p[0], p[1]}
	}
	return out
}

// oracleCauses returns the root causes of pair id of e (registered, not
// solved) by looking at every path from it: at each spec along a path
// its edge changes, and each dependency's own change, are causes, and
// each cause keeps its shortest path (the smallest sequence of names
// among the shortest).
func oracleCauses(e *explainer, id int32) []Cause {
	type best struct {
		c    Cause
		path []string
	}
	found := map[string]*best{}
	offer := func(c Cause, path []string) {
		k := adoptKey(c)
		b := found[k]
		if b == nil || len(path) < len(b.path) || len(path) == len(b.path) && slices.Compare(path, b.path) < 0 {
			found[k] = &best{c, slices.Clone(path)}
		}
	}
	var walk func(u int32, path []string)
	walk = func(u int32, path []string) {
		l := e.nodes[u]
		for _, ec := range l.edges {
			offer(ec.cause, append(slices.Clone(path), ec.name))
		}
		for _, ch := range l.children {
			v := e.nodes[ch.id]
			p := append(slices.Clone(path), ch.name)
			if len(v.own) > 0 {
				offer(Cause{Name: v.name, OldHash: v.oldHash, NewHash: v.newHash, Changes: v.own}, p)
			}
			walk(ch.id, p)
		}
	}
	walk(id, []string{e.nodes[id].name})
	out := []Cause{}
	for _, b := range found {
		c := b.c
		c.Path = b.path
		out = append(out, c)
	}
	sortCauses(out)
	return out
}

// Property: on random DAG pairs, every pair's root causes, resolved
// through its set and its via (a pair whose causes all come through one
// dependency shares that dependency's set), are exactly those of every
// path looked at one by one, each by its shortest path, the smallest in
// name order among those; and the report's causes keep their laws
// (checkCauseSets: the groups' counts and vias, from the pairs' paths).
func TestCausesViaOracle(t *testing.T) {
	seeds := 600
	if testing.Short() {
		seeds = 200
	}
	vias := 0
	for seed := range uint64(seeds) {
		rng := rand.New(rand.NewPCG(seed, 35))
		before, after, pairs := randomDAGPair(rng, 3+rng.IntN(30))
		if len(pairs) == 0 {
			continue
		}
		r := &Report{}
		for _, p := range pairs {
			addChangedPair(r, p[2], p[0], p[1], p[3] != "")
		}
		r.Explain(before, after)
		oracle := newExplainer(before, after, 0)
		// The report's pairs, as Explain has them: a spec's several edges
		// of one name match along them (reportPair).
		oracle.pairHashes = oraclePairHashes(pairs)
		for i, p := range pairs {
			id, ok := oracle.register(p[0], p[1])
			if !ok {
				t.Fatalf("seed %d: pair %v not registered", seed, p)
			}
			pkg := r.Packages[i]
			w := slices.Concat(pkg.Specs.Rebuilt, pkg.Specs.Updated)[0].Why
			if w.Via != nil {
				vias++
			}
			got, want := r.Causes.Resolve(w, pkg.Name), oracleCauses(oracle, id)
			if got == nil {
				got = []Cause{}
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d: %s %s: causes\n%s\nwant\n%s", seed, pkg.Name, p[1], causeLines(got), causeLines(want))
			}
		}
		if err := checkCauseSets(r); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	if vias == 0 {
		t.Error("no pair of any graph had a via: the property tested nothing of them")
	}
	t.Logf("%d pairs with a via", vias)
}

func causeLines(cs []Cause) string {
	var b strings.Builder
	for _, c := range cs {
		fmt.Fprintf(&b, "  %s %s→%s %v via %s\n", c.Name, c.OldHash, c.NewHash, c.Changes, strings.Join(c.Path, " > "))
	}
	return b.String()
}

// A group's via is the shortest path from its pairs, compared name by
// name across sets, whatever part of it is a via: here x (one package,
// two specs) reaches the changed leaf l by x → p → h → l (via p, then
// p's own set: p has an edge change of its own) and by x → q → k → l
// (via q → k, then k's set), and the first is the smaller. Both the
// engine and the laws (checkCauseSets) walk the names until the vias
// end together.
func TestCausesGroupViaAcrossSets(t *testing.T) {
	var graphs [2]Graph
	for side, v := range []string{"1", "2"} {
		p := []string{"o-", "n-"}[side]
		g := &graphs[side]
		node := func(key, name, version string, deps ...[2]string) {
			edges := []Edge{}
			for _, d := range deps {
				edges = append(edges, Edge{Name: d[0], Hash: p + d[1]})
			}
			g.Add(NewNode(p+key, name, version, edges))
		}
		node("l", "l", v)
		node("h", "h", "1", [2]string{"l", "l"})
		node("k", "k", "1", [2]string{"l", "l"})
		node("e", "e", "1")
		pDeps := [][2]string{{"h", "h"}}
		if side == 1 {
			pDeps = append(pDeps, [2]string{"e", "e"}) // an edge added: p's own set
		}
		node("p", "p", "1", pDeps...)
		node("q", "q", "1", [2]string{"k", "k"})
		node("xa", "x", "1", [2]string{"p", "p"})
		node("xb", "x", "1", [2]string{"q", "q"})
	}
	r := &Report{}
	for _, key := range []string{"xb", "xa"} {
		pr := Pair{Old: &snapshot.Spec{Hash: "o-" + key}, New: &snapshot.Spec{Hash: "n-" + key}}
		pkg := Package{Name: "x", Status: Changed}
		pkg.Specs.Rebuilt = []Pair{pr}
		r.Summary.Specs.Rebuilt++
		r.Packages = append(r.Packages, pkg)
	}
	r.Explain(graphs[0], graphs[1])
	for _, p := range r.Packages {
		if w := p.Specs.Rebuilt[0].Why; w.Via == nil {
			t.Fatalf("%s: no via: the test does not compare vias", p.Specs.Rebuilt[0].New.Hash)
		}
	}
	var via []string
	for _, g := range r.Causes.Groups {
		if g.Name == "l" {
			via = g.Via
		}
	}
	if want := []string{"x", "p", "h", "l"}; !slices.Equal(via, want) {
		t.Errorf("the leaf's group via %q, want %q", via, want)
	}
	if err := checkCauseSets(r); err != nil {
		t.Error(err)
	}
	// The laws find the same via when the report says the other one.
	for i := range r.Causes.Groups {
		if g := &r.Causes.Groups[i]; g.Name == "l" {
			g.Via = []string{"x", "q", "k", "l"}
		}
	}
	if err := checkCauseSets(r); err == nil || !strings.Contains(err.Error(), "via") {
		t.Errorf("a group's via edited to the longer way round: %v, want an error", err)
	}
}

// chainOverHubReport is a report of a chain of n specs over a hub with
// k changed leaves (see the shapes test's chainOverHub), explained.
func chainOverHubReport(n, k int) *Report {
	var graphs [2]Graph
	r := &Report{}
	for side, v := range []string{"1", "2"} {
		p := []string{"o-", "n-"}[side]
		hub := []Edge{}
		for i := range k {
			name := fmt.Sprintf("l%05d", i)
			graphs[side].Add(NewNode(p+name, name, v, []Edge{}))
			hub = append(hub, Edge{Name: name, Hash: p + name})
		}
		graphs[side].Add(NewNode(p+"hub", "hub", "1", hub))
		below := "hub"
		for i := range n {
			name := fmt.Sprintf("c%05d", i)
			graphs[side].Add(NewNode(p+name, name, "1", []Edge{{Name: below, Hash: p + below}}))
			below = name
		}
	}
	add := func(name string, updated bool) { addChangedPair(r, name, "o-"+name, "n-"+name, updated) }
	for i := range k {
		add(fmt.Sprintf("l%05d", i), true)
	}
	add("hub", false)
	for i := range n {
		add(fmt.Sprintf("c%05d", i), false)
	}
	r.Explain(graphs[0], graphs[1])
	return r
}

// render checks a report's causes by set, not by pair: the N pairs of a
// chain over a hub with K changed leaves share one set of K, and
// checking each pair's K causes cost N·K. 4x N and K costs at most 4.4x
// the set's causes and paths looked at, and the comparisons.
func TestCauseLawsChainOverHubLinear(t *testing.T) {
	steps := func(n int) int {
		r := chainOverHubReport(n, n)
		return lawWalk(t, r) + len(r.Causes.Paths) + refsOf(r.Causes)
	}
	a, b := steps(100), steps(400)
	t.Logf("chain over a hub: %d → %d (%.2fx)", a, b, float64(b)/float64(a))
	if float64(b) > 4.4*float64(a) {
		t.Errorf("4x N and K: checking the causes costs %.2fx (%d → %d), want at most 4.4x", float64(b)/float64(a), a, b)
	}
}

func refsOf(c *Causes) int {
	n := 0
	for _, s := range c.Sets {
		n += len(s)
	}
	return n
}

// addChangedPair adds to r a changed package name of one pair, from hash
// a to b: updated, or rebuilt.
func addChangedPair(r *Report, name, a, b string, updated bool) {
	pr := Pair{Old: &snapshot.Spec{Hash: a}, New: &snapshot.Spec{Hash: b}}
	pkg := Package{Name: name, Status: Changed}
	if updated {
		pkg.Specs.Updated = []Pair{pr}
		r.Summary.Specs.Updated++
	} else {
		pkg.Specs.Rebuilt = []Pair{pr}
		r.Summary.Specs.Rebuilt++
	}
	r.Packages = append(r.Packages, pkg)
}

// sortCauses sorts causes as Resolve does: by name, hashes, changes
// (the table's order) and path.
func sortCauses(cs []Cause) {
	slices.SortFunc(cs, func(a, b Cause) int {
		return cmp.Or(compareCauses(a, b), slices.Compare(a.Path, b.Path))
	})
}
