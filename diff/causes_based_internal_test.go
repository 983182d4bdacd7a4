package diff

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// withBaseMin sets baseMin for the test (1: every set that can be based
// is; math.MaxInt32: none is, the sets are written out whole).
func withBaseMin(t *testing.T, n int32) {
	old := baseMin
	baseMin = n
	t.Cleanup(func() { baseMin = old })
}

// randomCyclicPair is randomDAGPair with edges in any direction (so
// with dependency cycles, which Spack never writes): a spec's hash
// changes when its version does, an edge of it came or went, or a
// dependency's hash changed. With unique, every spec has a name of its
// own (so groups of causes differ, and sets can be based).
// With forward, spec i depends only on specs after it (a DAG); with
// tree, each spec but the first has at most one dependent, before it.
func randomCyclicPair(rng *rand.Rand, n int, unique, forward, tree bool) (Graph, Graph, [][4]string) {
	names := []string{"a", "b", "c", "d", "e"}[:2+rng.IntN(4)]
	if unique {
		names = nil
		for i := range n {
			names = append(names, fmt.Sprintf("p%02d", i))
		}
	}
	name := make([]string, n)
	deps := make([][]int, n)
	bumped := make([]bool, n)
	edgeChanged := make([]bool, n)
	newOnly, oldOnly := map[[2]int]bool{}, map[[2]int]bool{}
	for i := range n {
		name[i] = names[rng.IntN(len(names))]
		if unique {
			name[i] = names[i]
		}
		bumped[i] = rng.IntN(3) == 0
		for range rng.IntN(4) {
			if tree {
				break
			}
			j := rng.IntN(n)
			if forward && i+1 < n {
				j = i + 1 + rng.IntN(n-i-1)
			}
			if j == i || forward && j < i || slices.Contains(deps[i], j) {
				continue
			}
			deps[i] = append(deps[i], j)
			switch rng.IntN(12) {
			case 0:
				newOnly[[2]int{i, j}], edgeChanged[i] = true, true
			case 1:
				oldOnly[[2]int{i, j}], edgeChanged[i] = true, true
			}
		}
	}
	if tree {
		for j := 1; j < n; j++ {
			if rng.IntN(6) == 0 {
				continue
			}
			i := rng.IntN(j)
			deps[i] = append(deps[i], j)
			switch rng.IntN(20) {
			case 0:
				newOnly[[2]int{i, j}], edgeChanged[i] = true, true
			case 1:
				oldOnly[[2]int{i, j}], edgeChanged[i] = true, true
			}
		}
	}
	changed := slices.Clone(bumped)
	for i := range n {
		changed[i] = changed[i] || edgeChanged[i]
	}
	for again := true; again; {
		again = false
		for i := range n {
			for _, j := range deps[i] {
				if changed[j] && !changed[i] {
					changed[i], again = true, true
				}
			}
		}
	}
	hash := func(side, i int) string {
		if !changed[i] {
			return fmt.Sprintf("k%02d", i)
		}
		return fmt.Sprintf("%c%02d", "on"[side], i)
	}
	var graphs [2]Graph
	for side := range 2 {
		for i := range n {
			v := "1"
			if side == 1 && bumped[i] {
				v = "2"
			}
			edges := []Edge{}
			for _, j := range deps[i] {
				if side == 0 && newOnly[[2]int{i, j}] || side == 1 && oldOnly[[2]int{i, j}] {
					continue
				}
				edges = append(edges, Edge{Name: name[j], Hash: hash(side, j)})
			}
			graphs[side].Add(NewNode(hash(side, i), name[i], v, edges))
		}
	}
	var pairs [][4]string
	for i := range n {
		if changed[i] {
			up := ""
			if bumped[i] {
				up = "updated"
			}
			pairs = append(pairs, [4]string{hash(0, i), hash(1, i), name[i], up})
		}
	}
	return graphs[0], graphs[1], pairs
}

// explainPairs is the report of the pairs, explained with baseMin n,
// how many of its sets are based, and how many on several bases.
func explainPairs(t *testing.T, before, after Graph, pairs [][4]string, n int32) (*Report, int, int) {
	withBaseMin(t, n)
	r := &Report{}
	for _, p := range pairs {
		addChangedPair(r, p[2], p[0], p[1], p[3] != "")
	}
	r.Explain(before, after)
	based, several := 0, 0
	if r.Causes != nil {
		for k := range r.Causes.Sets {
			if n := len(r.Causes.Bases(k)); n > 0 {
				based++
				if n > 1 {
					several++
				}
			}
		}
	}
	return r, based, several
}

// bruteGroups returns the groups of the pairs' causes by brute force:
// each pair's causes (oracleCauses, or the flat engine's for a graph
// with cycles) and its own change, counted once per pair and group, and
// each group's via the shortest path to any of its causes from its
// pairs (the first in name order).
func bruteGroups(r *Report, causesOf func(i int) []Cause, own func(i int) *Cause) map[string]CauseGroup {
	out := map[string]CauseGroup{}
	for i, pkg := range r.Packages {
		updated := len(pkg.Specs.Updated) > 0
		first := map[string][]string{} // group → the shortest path to one of its causes
		var order []string
		for _, c := range causesOf(i) {
			k := GroupKey(c)
			p, ok := first[k]
			if !ok {
				order = append(order, k)
			}
			if !ok || len(c.Path) < len(p) || len(c.Path) == len(p) && slices.Compare(c.Path, p) < 0 {
				first[k] = c.Path
			}
		}
		ownKey := ""
		if c := own(i); c != nil {
			ownKey = GroupKey(*c)
			if _, ok := first[ownKey]; !ok {
				order = append(order, ownKey)
			}
			first[ownKey] = []string{pkg.Name}
		}
		for _, k := range order {
			g := out[k]
			g.Specs++
			if updated {
				g.Updated++
			} else {
				g.Rebuilt++
			}
			if k == ownKey {
				g.Own++
			}
			p := first[k]
			if g.Via == nil || len(p) < len(g.Via) || len(p) == len(g.Via) && slices.Compare(p, g.Via) < 0 {
				g.Via = p
			}
			out[k] = g
		}
	}
	return out
}

// Property: on random pairs of graphs, DAGs and graphs with cycles, every
// spec with its own change or not, the sets written on a base (baseMin
// 1: every set that can be) resolve to exactly the causes of the sets
// written out whole, and of every path looked at one by one (the DAGs);
// the groups (counts, vias) and shared changes are the same, and those
// of a brute-force count of each pair's causes; and the report keeps its
// laws (checkCauseSets reads the based sets).
func TestCausesBasedOracle(t *testing.T) {
	seeds := 500
	if testing.Short() {
		seeds = 150
	}
	based, several, repeated := 0, 0, 0
	for seed := range uint64(seeds) {
		rng := rand.New(rand.NewPCG(seed, 217))
		// DAGs of few names, then graphs with cycles of few names and
		// of unique ones, then DAGs and trees of unique names.
		cyclic := seed%5 == 1 || seed%5 == 2
		var before, after Graph
		var pairs [][4]string
		switch seed % 5 {
		case 0:
			before, after, pairs = randomDAGPair(rng, 3+rng.IntN(30))
		default:
			before, after, pairs = randomCyclicPair(rng, 3+rng.IntN(20), seed%5 != 1, seed%5 >= 3, seed%5 == 4)
		}
		if len(pairs) == 0 {
			continue
		}
		n, m, k := oracleCheck(t, fmt.Sprintf("seed %d", seed), before, after, pairs, cyclic)
		based += n
		several += m
		repeated += k
	}
	if based == 0 || several == 0 || repeated == 0 {
		t.Fatalf("%d sets based, %d on several bases, %d adding a group their bases hold: the property tested nothing of them", based, several, repeated)
	}
	t.Logf("%d sets based, %d of them on several bases, %d adding a group their bases hold", based, several, repeated)
}

// oracleCheck checks the report of the pairs of before and after, its
// sets based wherever they can be (baseMin 1), against the sets written
// out whole and a brute-force look at every path (but for graphs with
// cycles); what names the graphs in its errors. It returns how many sets
// are based, how many on several bases, and how many add a group their
// bases hold.
func oracleCheck(t *testing.T, what string, before, after Graph, pairs [][4]string, cyclic bool) (based, several, repeated int) {
	t.Helper()
	r, based, several := explainPairs(t, before, after, pairs, 1)
	flat, none, _ := explainPairs(t, before, after, pairs, math.MaxInt32)
	if none != 0 {
		t.Fatalf("%s: %d sets based with baseMin at its most", what, none)
	}
	withBaseMin(t, 1) // the laws of r, explained so
	if err := checkCauseSets(r); err != nil {
		t.Fatalf("%s (cycles %v): %v", what, cyclic, err)
	}
	oracle := newExplainer(before, after, 0)
	// The report's pairs, as Explain has them: a spec's several edges
	// of one name match along them (reportPair).
	oracle.pairHashes = oraclePairHashes(pairs)
	ids := make([]int32, len(pairs))
	for i, p := range pairs {
		id, ok := oracle.register(p[0], p[1])
		if !ok {
			t.Fatalf("%s: pair %v not registered", what, p)
		}
		ids[i] = id
	}
	why := func(r *Report, i int) *Why {
		return slices.Concat(r.Packages[i].Specs.Rebuilt, r.Packages[i].Specs.Updated)[0].Why
	}
	causesOf := func(i int) []Cause {
		if cyclic {
			return flat.Causes.Resolve(why(flat, i), r.Packages[i].Name)
		}
		return oracleCauses(oracle, ids[i])
	}
	for i := range pairs {
		name := r.Packages[i].Name
		got, want := r.Causes.Resolve(why(r, i), name), causesOf(i)
		if got == nil {
			got = []Cause{}
		}
		if want == nil {
			want = []Cause{}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s (cycles %v): %s %s: causes\n%s\nwant\n%s", what, cyclic, name, pairs[i][1], causeLines(got), causeLines(want))
		}
		// The first causes, as Markdown lists them.
		for _, k := range []int{1, 3} {
			first, all := r.Causes.ResolveFirst(why(r, i), name, k, -1, NewCauseOrder())
			if all != len(want) || !reflect.DeepEqual(first, want[:min(k, len(want))]) && len(first)+len(want) > 0 {
				t.Fatalf("%s: %s: first %d causes %v of %d, want %v of %d", what, name, k, first, all, want[:min(k, len(want))], len(want))
			}
		}
	}
	if !reflect.DeepEqual(r.Causes.Groups, flat.Causes.Groups) || !reflect.DeepEqual(r.Causes.Shared, flat.Causes.Shared) ||
		r.Causes.Explained != flat.Causes.Explained || r.Causes.Own != flat.Causes.Own {
		t.Fatalf("%s (cycles %v): groups\n%+v\nshared %+v, want those of the sets written whole\n%+v\nshared %+v", what, cyclic, r.Causes.Groups, r.Causes.Shared, flat.Causes.Groups, flat.Causes.Shared)
	}
	brute := bruteGroups(r, causesOf, func(i int) *Cause { return r.Causes.SelfCause(why(r, i)) })
	if len(brute) != len(r.Causes.Groups) {
		t.Fatalf("%s: %d groups, want %d", what, len(r.Causes.Groups), len(brute))
	}
	for _, g := range r.Causes.Groups {
		want := brute[GroupKey(Cause{Name: g.Name, Changes: g.Changes})]
		if g.Specs != want.Specs || g.Rebuilt != want.Rebuilt || g.Updated != want.Updated || g.Own != want.Own || !slices.Equal(g.Via, want.Via) {
			t.Fatalf("%s (cycles %v): group %s %v: %d specs (%d rebuilt, %d updated, %d own) via %q, want %d (%d, %d, %d) via %q",
				what, cyclic, g.Name, g.Changes, g.Specs, g.Rebuilt, g.Updated, g.Own, g.Via, want.Specs, want.Rebuilt, want.Updated, want.Own, want.Via)
		}
	}
	return based, several, repeatedGroups(r.Causes)
}

// repeatedGroups counts the based sets that add a cause of a group their
// bases' expansions hold (a group at two levels of a set's expansion).
func repeatedGroups(c *Causes) int {
	var groupsOf func(k int, into map[string]bool)
	groupsOf = func(k int, into map[string]bool) {
		for _, r := range c.OwnRefs(k) {
			into[GroupKey(c.Table[r.Cause])] = true
		}
		for _, b := range c.Bases(k) {
			groupsOf(b.Set, into)
		}
	}
	n := 0
	for k := range c.Sets {
		held := map[string]bool{}
		for _, b := range c.Bases(k) {
			groupsOf(b.Set, held)
		}
		if slices.ContainsFunc(c.OwnRefs(k), func(r CauseRef) bool { return held[GroupKey(c.Table[r.Cause])] }) {
			n++
		}
	}
	return n
}

// randomShapePair is a pair of graphs of one of the shapes whose sets
// share causes (tests of issue 35's general DAGs): a chain where every
// spec also gains or loses a dependency of its own, a chain of
// diamonds, two chains joined at every step (by a rung, or crossed), a
// chain where each spec depends on the k before it, or layers each
// depending on specs of the layer below. Names are unique, or few (so
// that groups repeat and paths tie); most specs are bumped; and some
// edges come or go.
func randomShapePair(rng *rand.Rand) (string, Graph, Graph, [][4]string) {
	steps := 2 + rng.IntN(10)
	var deps [][]int // deps[i] before i; turned around below
	var extra [][2]int
	kind := []string{"chainedge", "diamonds", "ladder", "crossed", "back", "layered", "chainhub"}[rng.IntN(7)]
	add := func(d ...int) int {
		deps = append(deps, d)
		return len(deps) - 1
	}
	switch kind {
	case "chainedge":
		prev := -1
		for range steps {
			e := add()
			c := add()
			if prev >= 0 {
				deps[c] = append(deps[c], prev)
			}
			extra = append(extra, [2]int{c, e})
			prev = c
		}
	case "diamonds":
		top := -1
		for range steps {
			var d []int
			if top >= 0 {
				d = []int{top}
			}
			l, r := add(d...), add(d...)
			top = add(l, r)
		}
	case "ladder", "crossed":
		a, b := -1, -1
		for range steps {
			switch {
			case a < 0:
				b = add()
				a = add(b)
			case kind == "ladder":
				b = add(b)
				a = add(a, b)
			default:
				a, b = add(a, b), add(a, b)
			}
		}
	case "back":
		k := 2 + rng.IntN(2)
		for i := range steps + 2 {
			var d []int
			for j := i - 1; j >= 0 && j >= i-k; j-- {
				d = append(d, j)
			}
			add(d...)
		}
	case "chainhub":
		// A chain whose every spec (or most) also links the same
		// changed leaves (a runtime), a few of them.
		// Sparse ones (a runtime most specs do not link) leave a spec
		// to find a leaf many levels down its base's sets.
		var hubs []int
		for range 1 + rng.IntN(3) {
			hubs = append(hubs, add())
		}
		sparse := rng.IntN(2) == 0
		prev := -1
		for range 2 * steps {
			var d []int
			if prev >= 0 {
				d = append(d, prev)
			}
			for _, h := range hubs {
				if sparse && rng.IntN(6) == 0 || !sparse && rng.IntN(5) != 0 {
					d = append(d, h)
				}
			}
			prev = add(d...)
		}
	case "layered":
		width := 2 + rng.IntN(4)
		for l := range 2 + rng.IntN(4) {
			for range width {
				var d []int
				if l > 0 {
					for _, j := range rng.Perm(width)[:1+rng.IntN(min(3, width))] {
						d = append(d, (l-1)*width+j)
					}
				}
				add(d...)
			}
		}
	}
	n := len(deps)
	names := []string{"a", "b", "c", "d"}[:1+rng.IntN(4)]
	unique := rng.IntN(2) == 0
	name := make([]string, n)
	bumped := make([]bool, n)
	at := func(i int) int { return n - 1 - i } // dagPairOf's specs depend on later ones
	flipped := make([][]int, n)
	for i := range n {
		name[at(i)] = names[rng.IntN(len(names))]
		if unique {
			name[at(i)] = fmt.Sprintf("s%02d", i)
		}
		bumped[at(i)] = rng.IntN(4) != 0
		for _, j := range deps[i] {
			flipped[at(i)] = append(flipped[at(i)], at(j))
		}
	}
	newOnly, oldOnly := randomEdgeChanges(rng, flipped, 6)
	for _, x := range extra {
		i, j := at(x[0]), at(x[1])
		flipped[i] = append(flipped[i], j)
		bumped[j] = false
		if rng.IntN(4) == 0 {
			oldOnly[[2]int{i, j}] = true
		} else {
			newOnly[[2]int{i, j}] = true
		}
	}
	before, after, pairs := dagPairOf(name, flipped, bumped, newOnly, oldOnly)
	return kind, before, after, pairs
}

// Property: on the shapes whose dependencies' sets share causes, and
// whose specs have edge changes of their own (randomShapePair), the
// sets based wherever they can be resolve to the causes of every path
// looked at one by one, with the groups of a brute-force count, and keep
// the report's laws (oracleCheck). Among them are sets of pairs with
// edge changes of their own, and of dependencies that bring one set
// taken as one base, and of dependencies whose causes another brings
// left out: on main such pairs wrote their sets out.
func TestCausesBasedShapesOracle(t *testing.T) {
	seeds := 600
	if testing.Short() {
		seeds = 200
	}
	var edges, merged, dominated, overs, far int
	holdHook = func(deep bool) {
		if deep {
			far++
		}
	}
	defer func() { holdHook = nil }()
	basedHook = func(e, m, d, o bool) {
		if o {
			overs++
		}
		if e {
			edges++
		}
		if m {
			merged++
		}
		if d {
			dominated++
		}
	}
	defer func() { basedHook = nil }()
	based, several := 0, 0
	kinds := map[string]int{}
	for seed := range uint64(seeds) {
		rng := rand.New(rand.NewPCG(seed, 35))
		kind, before, after, pairs := randomShapePair(rng)
		if len(pairs) == 0 {
			continue
		}
		n, m, _ := oracleCheck(t, fmt.Sprintf("seed %d (%s)", seed, kind), before, after, pairs, false)
		based += n
		several += m
		if n > 0 {
			kinds[kind]++
		}
	}
	if edges == 0 || merged == 0 || dominated == 0 || overs == 0 || far == 0 || len(kinds) < 7 {
		t.Fatalf("%d sets based with edge changes of their own, %d on dependencies of one set, %d leaving a dependency's set out, %d overriding a cause of their base (%d found past %d levels), shapes based %v: the property tested nothing of them", edges, merged, dominated, overs, far, holdDepth, kinds)
	}
	t.Logf("%d sets based (%d on several bases), %d with edge changes, %d on dependencies of one set, %d leaving a dependency's set out, %d overriding a cause of their base (%d found past %d levels); shapes with a based set %v", based, several, edges, merged, dominated, overs, far, holdDepth, kinds)
}

// A chain whose every spec depends on the two before it, every version
// bumped: spec i-1's causes all come through spec i-2 as well or better,
// so spec i's set is based on spec i-2's alone. Its causes are those of
// every path looked at one by one (oracleCheck); and with baseMin at 32,
// spec 33's set keeps the laws: its dependency 31 brings 31 causes, the
// one left out (32) brings 32, and a set on bases that each hold fewer
// than baseMin is one cachediff writes out (render refused it:
// "causes.sets[…]: its bases hold at most 31 causes each").
func TestCausesBackTwoBased(t *testing.T) {
	// The oracle looks at every path: a Fibonacci number of them.
	before, after, pairs := backTwoPair(20)
	if based, _, _ := oracleCheck(t, "back2", before, after, pairs, false); based < 10 {
		t.Errorf("%d sets based with baseMin 1, want at least 10", based)
	}
	before, after, pairs = backTwoPair(80)
	r, based, several := explainPairs(t, before, after, pairs, 32)
	if err := checkCauseSets(r); err != nil {
		t.Fatal(err)
	}
	if based < 40 || several > 0 {
		t.Errorf("%d sets based (%d on several bases), want at least 40, each on one", based, several)
	}
}

// backTwoPair is n specs, each depending on the two before it, every
// version bumped.
func backTwoPair(n int) (Graph, Graph, [][4]string) {
	name := make([]string, n)
	deps := make([][]int, n)
	bumped := make([]bool, n)
	for i := range n {
		name[i] = fmt.Sprintf("p%05d", n-1-i) // dagPairOf: spec i depends on later ones
		for j := i + 1; j < n && j <= i+2; j++ {
			deps[i] = append(deps[i], j)
		}
		bumped[i] = true
	}
	return dagPairOf(name, deps, bumped, nil, nil)
}
