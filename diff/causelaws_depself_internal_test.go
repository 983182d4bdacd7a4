package diff

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// depSelvesListed checks that r's every pair lists the own change of
// each of its changed dependencies that is a listed pair (but the pair
// itself, and a provider swap) among its set's own references, as
// checkDepSelves finds it without a walk, and returns how many it
// checked.
func depSelvesListed(t *testing.T, what string, r *Report) int {
	t.Helper()
	c := r.Causes
	if c == nil {
		return 0
	}
	type key struct{ name, old, new string }
	selfOf := map[key]int{}
	for _, p := range r.Packages {
		for _, pr := range slices.Concat(p.Specs.Rebuilt, p.Specs.Updated) {
			if pr.Why != nil && pr.Why.Self != nil {
				selfOf[key{p.Name, pr.Old.Hash, pr.New.Hash}] = *pr.Why.Self
			}
		}
	}
	n := 0
	for _, p := range r.Packages {
		for _, pr := range slices.Concat(p.Specs.Rebuilt, p.Specs.Updated) {
			w := pr.Why
			if w == nil || !w.Known {
				continue
			}
			for _, d := range w.Changed {
				s, ok := selfOf[key{d.Name, d.OldHash, d.NewHash}]
				if !ok || d.OldHash == pr.Old.Hash && d.NewHash == pr.New.Hash {
					continue
				}
				if !slices.ContainsFunc(c.OwnRefs(w.Set), func(ref CauseRef) bool { return ref.Cause == s }) {
					t.Fatalf("%s: %s %s: its changed dependency %s %s → %s has its own change %d, not among the own references of its set %d: %v", what, p.Name, pr.New.Hash, d.Name, d.OldHash, d.NewHash, s, w.Set, c.Sets[w.Set])
				}
				n++
			}
		}
	}
	return n
}

// Property: on random pairs of graphs, DAGs, trees and graphs with
// cycles, with few names (so that specs of one name are several
// packages' pairs) or unique ones, their sets based wherever they can be
// (baseMin 1) or written out, the engine lists each changed dependency's
// own change among the own references of its dependents' sets, and the
// law holds (checkDepSelves). A false refusal of a report cachediff
// wrote would stop every render of it.
func TestDepSelvesOnEngineReports(t *testing.T) {
	seeds := 400
	if testing.Short() {
		seeds = 120
	}
	checked, based := 0, 0
	for seed := range uint64(seeds) {
		rng := rand.New(rand.NewPCG(seed, 4711))
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
		for _, baseMin := range []int32{1, math.MaxInt32} {
			r, n, _ := explainPairs(t, before, after, pairs, baseMin)
			what := fmt.Sprintf("seed %d, baseMin %d", seed, baseMin)
			if err := checkDepSelves(r); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			checked += depSelvesListed(t, what, r)
			based += n
		}
	}
	if checked == 0 || based == 0 {
		t.Fatalf("%d own changes of dependencies checked, %d sets based: the property tested nothing", checked, based)
	}
	t.Logf("%d own changes of dependencies checked, in reports with %d sets based", checked, based)
}

// depSelfGraphs is a pair of graphs made by hand: each node is key
// (hash o-key and n-key), name, its version on each side, and its edges
// (name and key) on each side.
type depSelfNode struct {
	key, name      string
	oldV, newV     string
	oldDeps, newDs []Edge
}

func depSelfGraphs(nodes ...depSelfNode) (Graph, Graph) {
	var before, after Graph
	hashed := func(prefix string, deps []Edge) []Edge {
		out := make([]Edge, len(deps))
		for i, d := range deps {
			out[i] = d
			out[i].Hash = prefix + d.Hash
		}
		return out
	}
	for _, n := range nodes {
		before.Add(NewNode("o-"+n.key, n.name, n.oldV, hashed("o-", n.oldDeps)))
		after.Add(NewNode("n-"+n.key, n.name, n.newV, hashed("n-", n.newDs)))
	}
	return before, after
}

// The changed dependencies whose own change the engine leaves out of
// a dependent's causes, or that are no listed pair by their name and
// hashes, are not checked: a report cachediff writes of them renders.
func TestDepSelvesSkipped(t *testing.T) {
	// selfIn reports whether the set of the why of the pair listed
	// under name holds the own change of the pair listed under dep.
	whyOf := func(r *Report, name string) *Why {
		for _, p := range r.Packages {
			if p.Name == name {
				return slices.Concat(p.Specs.Rebuilt, p.Specs.Updated)[0].Why
			}
		}
		t.Fatalf("no pair of %s", name)
		return nil
	}
	selfIn := func(r *Report, name, dep string) bool {
		s := whyOf(r, dep).Self
		if s == nil {
			t.Fatalf("%s has no own change", dep)
		}
		return slices.ContainsFunc(r.Causes.Resolve(whyOf(r, name), name), func(c Cause) bool {
			return compareCauses(c, r.Causes.Table[*s]) == 0
		})
	}
	for _, tc := range []struct {
		name  string
		nodes []depSelfNode
		pairs [][4]string
		// omitted: the engine leaves dep's own change out of name's
		// causes (so the law must not ask for it).
		name2, dep string
		omitted    bool
		// pathsOff: the older laws refuse the report (its paths end at
		// the edge's name, not at the spec's package).
		pathsOff bool
	}{{
		// app's edge to the blas provider: openblas (a spec of the
		// package named blas) swapped for netlib, a spec of that package
		// too, each edge named otherwise: a provider swap, named by the
		// virtual, whose cause is the swap; blas's version bump is no
		// cause of app.
		name: "a provider swapped, named as the listed package",
		nodes: []depSelfNode{
			{key: "blas", name: "blas", oldV: "1", newV: "2"},
			{key: "app", name: "app", oldV: "1", newV: "1",
				oldDeps: []Edge{{Name: "openblas", Hash: "blas", Virtuals: []string{"blas"}}},
				newDs:   []Edge{{Name: "netlib", Hash: "blas", Virtuals: []string{"blas"}}}},
		},
		pairs:   [][4]string{{"o-blas", "n-blas", "blas", "updated"}, {"o-app", "n-app", "app", ""}},
		name2:   "app",
		dep:     "blas",
		omitted: true,
	}, {
		// A spec over itself (bad input: a cycle of one): its own
		// change is never its own cause.
		name: "a spec depending on itself",
		nodes: []depSelfNode{
			{key: "self", name: "self", oldV: "1", newV: "2",
				oldDeps: []Edge{{Name: "self", Hash: "self"}, {Name: "zlib", Hash: "zlib"}},
				newDs:   []Edge{{Name: "self", Hash: "self"}, {Name: "zlib", Hash: "zlib"}}},
			{key: "zlib", name: "zlib", oldV: "1", newV: "2"},
		},
		pairs:   [][4]string{{"o-self", "n-self", "self", "updated"}, {"o-zlib", "n-zlib", "zlib", "updated"}},
		name2:   "self",
		dep:     "self",
		omitted: true,
	}, {
		// An edge named otherwise than its spec's package (zlib to a
		// spec of zlib-ng): no listed pair by the edge's name, not
		// checked (the engine holds the change all the same, by a path
		// that ends at the edge's name, which the older laws refuse).
		name:     "a dependency listed under another package",
		pathsOff: true,
		nodes: []depSelfNode{
			{key: "zng", name: "zlib-ng", oldV: "1", newV: "2"},
			{key: "curl", name: "curl", oldV: "1", newV: "1",
				oldDeps: []Edge{{Name: "zlib", Hash: "zng"}},
				newDs:   []Edge{{Name: "zlib", Hash: "zng"}}},
		},
		pairs: [][4]string{{"o-zng", "n-zng", "zlib-ng", "updated"}, {"o-curl", "n-curl", "curl", ""}},
		name2: "curl",
		dep:   "zlib-ng",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			before, after := depSelfGraphs(tc.nodes...)
			for _, baseMin := range []int32{1, math.MaxInt32} {
				r, _, _ := explainPairs(t, before, after, tc.pairs, baseMin)
				if got := selfIn(r, tc.name2, tc.dep); got == tc.omitted {
					t.Fatalf("baseMin %d: %s's own change among %s's causes: %v, want %v (the case is not what it says)", baseMin, tc.dep, tc.name2, got, !tc.omitted)
				}
				if err := checkCauseSets(r); err != nil && !tc.pathsOff {
					t.Fatalf("baseMin %d: the report as written: %v", baseMin, err)
				}
				if err := checkDepSelves(r); err != nil {
					t.Errorf("baseMin %d: the report as written is refused: %v", baseMin, err)
				}
			}
		})
	}
}

// depSelfChain is the report of zlib (its version bumped), curl over
// zlib and a leaf (its version bumped too), and app over curl: curl's
// set holds zlib's and the leaf's own changes, app's the same through
// curl.
func depSelfChain(t *testing.T) *Report {
	t.Helper()
	before, after := depSelfGraphs(
		depSelfNode{key: "zlib", name: "zlib", oldV: "1", newV: "2"},
		depSelfNode{key: "leaf", name: "leaf", oldV: "1", newV: "2"},
		depSelfNode{key: "curl", name: "curl", oldV: "1", newV: "1",
			oldDeps: []Edge{{Name: "leaf", Hash: "leaf"}, {Name: "zlib", Hash: "zlib"}},
			newDs:   []Edge{{Name: "leaf", Hash: "leaf"}, {Name: "zlib", Hash: "zlib"}}},
		depSelfNode{key: "app", name: "app", oldV: "1", newV: "1",
			oldDeps: []Edge{{Name: "curl", Hash: "curl"}},
			newDs:   []Edge{{Name: "curl", Hash: "curl"}}},
	)
	r, _, _ := explainPairs(t, before, after, [][4]string{
		{"o-app", "n-app", "app", ""}, {"o-curl", "n-curl", "curl", ""},
		{"o-leaf", "n-leaf", "leaf", "updated"}, {"o-zlib", "n-zlib", "zlib", "updated"},
	}, math.MaxInt32)
	return r
}

// A report edited to drop a changed dependency's own change from its
// dependent's set, the group counts mended so that every other law of
// the causes holds, is refused, naming the pair's changed dependency
// and the change: it rendered zlib's bump as the cause of one spec
// fewer than it is (exit 1, no word).
func TestDepSelfDroppedRefused(t *testing.T) {
	r := depSelfChain(t)
	if err := checkCauses(r); err != nil {
		t.Fatalf("the report as written: %v", err)
	}
	c := r.Causes
	curl := r.Packages[1].Specs.Rebuilt[0].Why
	zlib := *r.Packages[3].Specs.Updated[0].Why.Self
	s := c.Sets[curl.Set]
	at := slices.IndexFunc(s, func(ref CauseRef) bool { return ref.Cause == zlib })
	if at < 0 || len(s) != 2 {
		t.Fatalf("curl's set %v does not hold zlib's own change %d and one more", s, zlib)
	}
	c.Sets[curl.Set] = slices.Delete(slices.Clone(s), at, at+1)
	// curl and app (through curl's set) no longer count in zlib's
	// group, which is then its own spec's change alone: listed first.
	g := slices.IndexFunc(c.Groups, func(g CauseGroup) bool { return g.Name == "zlib" })
	zg := c.Groups[g]
	zg.Specs -= 2
	zg.Rebuilt -= 2
	c.Groups = slices.Insert(slices.Delete(c.Groups, g, g+1), 0, zg)
	if err := checkCauseSets(r); err != nil {
		t.Fatalf("the edit is caught by the older laws (the test edits too much): %v", err)
	}
	err := checkCauses(r)
	want := `packages[1].specs.rebuilt[0].why.changed[1]: "zlib" "o-zlib" → "n-zlib" changed for a reason of its own (causes.table[1], its pair's why.self), but the root causes of "curl" (why.set 1) do not hold that change`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("got %v\nwant %s…", err, want)
	}
}

// depSelfShape is a report edited so that its sets are based on one
// another in one of two shapes, n pairs each asking for a changed
// dependency's own change (a listed pair of its own) that a base holds:
// "stacked", n sets each based on the one before, each pair's set one
// of them, the dependency's change held by the bottom set alone (each
// pair's walk goes down to the bottom); "fanin", a set of n bases (of a
// cause each) that holds the n own changes itself, and a set based on
// it alone that every pair has (each walk is one base, whose own
// references are found past its n bases).
func depSelfShape(n int, shape string) *Report {
	c := &Causes{Paths: []PathLink{{Name: "dep"}}, Sets: [][]CauseRef{{}}}
	r := &Report{Causes: c}
	spec := func(h string) *Spec { return &Spec{Hash: h} }
	self := func(name string) int {
		c.Table = append(c.Table, Cause{Name: name, OldHash: "o-" + name, NewHash: "n-" + name, Changes: []Change{{Kind: "version", From: "1", To: "2"}}})
		k := len(c.Table) - 1
		r.Packages = append(r.Packages, Package{Name: name, Specs: SpecChanges{Updated: []Pair{{Old: spec("o-" + name), New: spec("n-" + name), Why: &Why{Known: true, Changed: []DepChange{}, Self: &k}}}}})
		return k
	}
	user := func(name, dep string, set int) {
		r.Packages = append(r.Packages, Package{Name: name, Specs: SpecChanges{Rebuilt: []Pair{{Old: spec("o-" + name), New: spec("n-" + name), Why: &Why{Known: true,
			Changed: []DepChange{{Name: dep, OldHash: "o-" + dep, NewHash: "n-" + dep}}, Set: set}}}}})
	}
	base := func(s int) CauseRef { return CauseRef{SetBase: &SetBase{Set: s, Via: 0}} }
	switch shape {
	case "stacked":
		var bottom []CauseRef
		for i := range n {
			bottom = append(bottom, CauseRef{Cause: self(fmt.Sprintf("d%06d", i)), Path: 0})
		}
		c.Sets = append(c.Sets, bottom)
		for range n {
			c.Sets = append(c.Sets, []CauseRef{base(len(c.Sets) - 1)})
		}
		for i := range n {
			user(fmt.Sprintf("u%06d", i), fmt.Sprintf("d%06d", i), len(c.Sets)-1-i)
		}
	case "fanin":
		var fan []CauseRef
		for i := range n {
			c.Sets = append(c.Sets, []CauseRef{{Cause: self(fmt.Sprintf("l%06d", i)), Path: 0}})
			fan = append(fan, base(len(c.Sets)-1))
		}
		for i := range n {
			fan = append(fan, CauseRef{Cause: self(fmt.Sprintf("f%06d", i)), Path: 0})
		}
		c.Sets = append(c.Sets, fan, []CauseRef{base(len(c.Sets))})
		for i := range n {
			user(fmt.Sprintf("u%06d", i), fmt.Sprintf("f%06d", i), len(c.Sets)-1)
		}
	}
	slices.SortFunc(r.Packages, func(a, b Package) int { return cmp.Compare(a.Name, b.Name) })
	return r
}

// A report edited to base its sets on one another costs the law no
// more than its size: each set's bases are counted once (a set of n
// bases asked for each of n causes cost n²), and the walks over them
// stop at 32 bases a set of the report, past which an own change that
// the set does not list itself is refused (cachediff lists it there;
// each of n pairs of a stack n deep walked to its bottom, n²/2). 4x the
// report looks at most ~4.4x the bases.
func TestDepSelvesBasedLinear(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 500
	}
	steps := func(n int, shape string) (int, error) {
		walked := 0
		depSelfStep = func() { walked++ }
		defer func() { depSelfStep = nil }()
		err := checkDepSelves(depSelfShape(n, shape))
		return walked, err
	}
	for _, shape := range []string{"stacked", "fanin"} {
		// Small: every walk within the budget, and the law holds.
		if _, err := steps(8, shape); err != nil {
			t.Fatalf("%s 8: %v", shape, err)
		}
		a, errA := steps(n, shape)
		b, errB := steps(4*n, shape)
		for _, err := range []error{errA, errB} {
			switch {
			case shape == "fanin" && err != nil:
				t.Errorf("%s: %v", shape, err)
			case shape == "stacked" && (err == nil || !strings.Contains(err.Error(), "their bases are too deep to search")):
				t.Errorf("%s: %v, want the walk's budget spent", shape, err)
			}
		}
		t.Logf("%s: %d → %d bases looked at (%.2fx)", shape, a, b, float64(b)/float64(a))
		if float64(b) > 4.4*float64(max(a, 1)) {
			t.Errorf("%s: 4x the report looks at %.2fx the bases (%d → %d), want at most 4.4x", shape, float64(b)/float64(a), a, b)
		}
	}
}
