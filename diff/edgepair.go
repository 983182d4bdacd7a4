package diff

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/internal/listops"
	"github.com/cachediff/cachediff/internal/scc"
)

// Pairing by the edges (issue 34). The passes of matchPackage pair specs
// by their facets alone: specs of one package with the same version and
// the same facets that differ only in their dependencies (one package
// built against two versions of a dependency, or against two MPI
// providers) are told apart by nothing the passes look at, and pair in
// hash order, which is arbitrary. A crossed pair is then explained by the
// difference between the two builds (the other dependency version, the
// other provider), reported as a root cause that no change made.
//
// When both sides have edges, pairByEdges re-pairs such specs bottom-up:
// a new spec pairs with the old spec whose dependencies are the pairs of
// its own (each old dependency is unchanged, or paired with the new
// dependency of the same name). The candidates are a class: the pairs of
// one package whose old specs have one set of facets and whose new specs
// have another (so re-pairing them changes no facet, count or update
// group), with the specs of those facets left added or removed. Classes
// are resolved dependencies first (Kahn's order over the classes their
// old specs' dependencies are in), so that each sees its dependencies'
// final pairs; a cycle (bad input) is resolved once more at the end.
// Within a class, the old specs are visited dependencies first too: a
// package over another build of itself with the same facets (a chain of
// them) is in one class with it, and each old spec takes the pair found
// for its dependency in the class, not the passes' (which crossed a
// chain, and made up dependencies that came and went). The exact pairs
// are looked up by the list of edges, so that a class of K specs costs
// K, not K². One that finds no exact pair (the bottom of a chain whose
// zlib became zlib-ng) pairs at once by its dependencies in the class,
// so that the specs over it find theirs.
// A cycle of a class's specs (bad input) is entered at its surest spec
// (seeder), paired first, so that the cycle over it pairs along its
// edges: a ring left to the pairs in order crossed, and the explainer
// walked N² pairs of nodes along it. The seeder pairs a spec within
// its color (seeder.colors: the old and new specs refined together by
// their edges), the one new spec of a color of one old spec first, so
// that what the edges tell apart a few steps away pairs apart whatever
// the hashes. Where the new specs form a cycle, an old spec with no
// exact pair nor one by its dependencies in the class is seeded too (an
// old chain against a new cycle is entered from the new side). In a
// class with a cycle, the specs left are then paired downwards from the
// pairs made (pairDown), before the rest in order: an old ring against
// a new chain (the ring broken) is entered at its spec over zlib, over
// whose pair, the chain's top, no new spec is.
// Where the edges tell specs apart, the hashes themselves play no part:
// relabelling every hash on both sides pairs the same specs (the tests
// check it). Of several new specs of an old spec's exact edges, the one
// its users tell comes first (seeder.usersPair). Specs their edges
// cannot tell apart either pair by the most dependencies in common, then
// in the engine's order. All of it runs both ways, old to new and the
// classes mirrored new to old, and the pairing that keeps more edges is
// the report's (mirrorWins), so that new → old is the mirror of old →
// new.
//
// The catalogue path (no edges) never comes here; nor does a package
// whose every group of the passes had one spec a side (m.ambiguous).

// edgeClass is one class of specs to re-pair.
type edgeClass struct {
	pkg  int // index into the compared packages
	kind int8
	// slots are the pairs' places in the package's list of kind
	// (Rebuilt or Updated); removed and added the places of the specs
	// left over, in Specs.Removed and Specs.Added.
	slots          []int
	removed, added []int
	olds, news     []*Spec
	// pairs is the class's pairing: olds[i] with news[pairs[i]] (-1:
	// unpaired), as found and then as re-paired.
	pairs   []int
	changed bool
	// subs are the classes this one joined (mergeBySide), and oldSub
	// and newSub each old and new spec's; a pair's is its new spec's,
	// or its old spec's where subOfOld (the subs' new facets alike).
	// nil for a class of one kind and facets.
	subs           []edgeSub
	oldSub, newSub []int32
	subOfOld       bool
	// subsOld says, in a joint class (jointSubs), whether each sub is of
	// the old facets (its member's subOfOld); nil: all are subOfOld.
	subsOld []bool
	// cells says the subs are of both sides' facets (mergeBySide): a
	// pair's sub is the one of its old spec's sub's old facets and its
	// new spec's sub's new facets (subOldF and subNewF number each sub's
	// facets), uncounted by resolve.
	cells            bool
	subOldF, subNewF []int32
	// oldListed and newListed say each old and new spec is one of the
	// removed or added list (apply copies it into a pair), as the order
	// of the specs is not their places' (canonicalOrder).
	oldListed, newListed []bool
	// oldKey and newKey are each old and new spec's structKeys.
	oldKey, newKey []uint64
	// at indexes olds by hash (depOrder); inner is whether an old spec
	// depends on another of the class.
	at    specIndex
	inner bool
	// users are the classes whose old specs depend on this class's old
	// specs; wait is how many classes this one depends on are not
	// resolved yet.
	users []int32
	wait  int32
	// A joint class (resolveJoint) is the classes of a cycle of specs
	// through several classes (classCycles), resolved as one: each old
	// spec's and new spec's group (its class among them), and how many
	// pairs each group keeps. nil for a class alone (one group).
	oldGroup, newGroup []int32
	wants              []int
	// cyclic says resolve found a cycle of the class's old specs, or the
	// class was resolved in a joint class.
	cyclic bool
	// outside is the users of the specs of every class out of their
	// class, old (0) and new (1), by hash: made once, the first time a
	// class's specs are coloured (seeder.colors).
	outside func() [2]map[string][]outsideUser
	// userKey tells a user of a spec that is a spec of another class,
	// old (side 0) or new (1), by its name and edges (colors); nil: by
	// its number of edges.
	userKey func(side int, u *GraphNode) string
	// known says a new spec's hash is an old spec's too or the pair of
	// one (a dependency the old snapshot knows): its set made once, the
	// first time a class is seeded (seeder.init), of the pairs then;
	// nil for none.
	known func(h string) bool
}

// outsideUser is a user of a class's spec out of the class: inClass
// says it is a spec of another class, whose pair is not known while the
// class is paired (the classes over it wait for it).
type outsideUser struct {
	n       *GraphNode
	inClass bool
}

// subOld says whether sub s is of the old facets: a pair's count is its
// old spec's sub's, not its new spec's.
func (c *edgeClass) subOld(s int32) bool {
	if c.subsOld != nil {
		return c.subsOld[s]
	}
	return c.subOfOld
}

// groupOf is the group of old spec i (old) or new spec i.
func (c *edgeClass) groupOf(i int, old bool) int32 {
	switch {
	case old && c.oldGroup != nil:
		return c.oldGroup[i]
	case !old && c.newGroup != nil:
		return c.newGroup[i]
	}
	return 0
}

// tag is the prefix of group g's keys (resolve's and the seeder's maps):
// a joint class's specs pair inside their own group. Empty for a class
// alone.
func (c *edgeClass) tag(g int32) string {
	if c.oldGroup == nil {
		return ""
	}
	return strconv.Itoa(int(g)) + "\x02"
}

// pairByEdges re-pairs the classes of the ambiguous packages of out by
// their edges (see above); og and ng both have edges. kept are the
// hashes of each package that left or joined the selected stacks under
// a stack filter (keptHashes; nil without one): removed or added, they
// never join a class. It returns the pairs of the old specs of classes
// found in cycles (nil for none), old hash to new, for the explainer.
// outside are the whole snapshots' pairs under a filter (wholePairs; nil
// without one): those of specs of no package of out are its
// dependencies' pairs in the packages the filter leaves out. mates are
// respell's (compareAll's): specs the edges cannot tell apart keep the
// pairs the passes took from them (keyOrder).
func pairByEdges(out []*compared, og, ng Graph, kept []map[string]bool, outside [][2]string, mates map[string]string, other *otherStacks) map[string]string {
	var classes []*edgeClass
	for k := range out {
		if out[k] != nil && out[k].ambiguous {
			var keep map[string]bool
			if kept != nil {
				keep = kept[k]
			}
			classes = append(classes, edgeClasses(k, out[k].p, keep)...)
		}
	}
	if len(classes) == 0 {
		return nil
	}
	keys := canonicalOrder(classes, og, ng, mates, other)
	// The pairing so far, old hash to new, over every package (the
	// dependencies of a class are mostly other packages').
	n := 0
	for k := range out {
		if out[k] != nil {
			n += len(out[k].p.Specs.Rebuilt) + len(out[k].p.Specs.Updated)
		}
	}
	pairOf := make(map[string]string, n)
	if outside != nil {
		in := viewSpecs(out)
		for _, h := range outside {
			if !in[h[0]] && !in[h[1]] {
				pairOf[h[0]] = h[1]
			}
		}
	}
	for k := range out {
		if out[k] == nil {
			continue
		}
		s := &out[k].p.Specs
		for _, l := range [2][]Pair{s.Rebuilt, s.Updated} {
			for i := range l {
				pairOf[l[i].Old.Hash] = l[i].New.Hash
			}
		}
	}
	// Resolved both ways: old to new, and new to old from the same
	// classes mirrored, the pairing that keeps more edges is the
	// report's (ties by the places of the pairs' specs, mirrorWins), so
	// that new → old is the mirror of old → new. Resolved one way alone,
	// the old specs go first (levels, waits, seeds), and a cycle's
	// classes or builds alike but for an edge gained paired otherwise
	// the other way round (TestPairsMirrorBothWays).
	mirrored := mirrorClasses(classes)
	back := make(map[string]string, len(pairOf))
	for o, n := range pairOf {
		back[n] = o
	}
	if pairByEdgesProbe != nil {
		pairByEdgesProbe(0)
	}
	resolveClasses(classes, og, ng, pairOf)
	if pairByEdgesProbe != nil {
		pairByEdgesProbe(1)
	}
	resolveClasses(mirrored, ng, og, back)
	if pairByEdgesProbe != nil {
		pairByEdgesProbe(2)
	}
	if mirrorWins(classes, mirrored, og, ng, pairOf, keys) {
		for x, c := range classes {
			m := mirrored[x]
			for i := range c.pairs {
				c.pairs[i] = -1
			}
			for j, i := range m.pairs {
				if i >= 0 {
					c.pairs[i] = j
				}
			}
			c.changed, c.cyclic = m.changed, m.cyclic
		}
	}
	changed := map[int]bool{}
	var cyclePairs map[string]string
	var hashes [][2]string
	for _, c := range classes {
		// The pairs' hashes before apply: a class's removed and added
		// specs are the package's lists' places, which apply fills with
		// the specs left over. Read after it, an old ring paired with a
		// spec of the added list (a new ring one longer) gave the
		// explainer the spec left added as that pair, and its edges were
		// kept apart: "same@1 removed" and "added" where the edge was
		// kept, the zlib swap reaching 1 to 3 specs of 3, by hash order.
		hashes = hashes[:0]
		if c.cyclic {
			for i, j := range c.pairs {
				if j >= 0 {
					hashes = append(hashes, [2]string{c.olds[i].Hash, c.news[j].Hash})
				}
			}
		}
		applied := c.apply(out[c.pkg].p)
		if applied {
			changed[c.pkg] = true
		} else if c.changed && refusedHook != nil {
			refusedHook()
		}
		if c.cyclic && (applied || !c.changed) {
			if cyclePairs == nil {
				cyclePairs = map[string]string{}
			}
			for _, h := range hashes {
				cyclePairs[h[0]] = h[1]
			}
		}
	}
	for k := range changed {
		sortRuns(&out[k].p.Specs)
	}
	return cyclePairs
}

// resolveClasses pairs the specs of classes (each's olds, of og, with
// its news, of ng) by their edges (see pairByEdges); pairOf is the
// pairing so far, old hash to new, over every package, and ends as the
// pairing found.
func resolveClasses(classes []*edgeClass, og, ng Graph, pairOf map[string]string) {
	classOf := newClassIndex(classes, func(c *edgeClass) []*Spec { return c.olds }) // old hash to its class
	// newClass is each new hash's class, made when first asked.
	var newClass *classIndex
	newClassOf := func() *classIndex {
		if newClass == nil {
			newClass = newClassIndex(classes, func(c *edgeClass) []*Spec { return c.news })
		}
		return newClass
	}
	var dependents [2]map[string][]outsideUser
	outsideOf := func() [2]map[string][]outsideUser {
		if dependents[0] != nil {
			return dependents
		}
		for side, g := range [2]Graph{og, ng} {
			class := classOf.of
			if side == 1 {
				class = newClassOf().of
			}
			m := map[string][]outsideUser{}
			for _, n := range g.Nodes() {
				// A user in another class counts too, as one not known:
				// two builds of top, each over a spec of free rings of
				// same, tell those specs from the rest (the ring paired
				// in hash order, crossed, and top's pairs with it, in
				// 30 of 40 labellings).
				cn, inClass := class(n.Hash())
				for _, d := range n.Deps() {
					if cd, ok := class(d.Hash); ok && (!inClass || cn != cd) {
						m[d.Hash] = append(m[d.Hash], outsideUser{n, inClass})
					}
				}
			}
			dependents[side] = m
		}
		return dependents
	}
	var paired map[string]bool
	known := func(h string) bool {
		if paired == nil {
			paired = make(map[string]bool, len(pairOf))
			for _, n := range pairOf {
				paired[n] = true
			}
		}
		return paired[h] || og.Node(h) != nil
	}
	for _, c := range classes {
		c.outside, c.known = outsideOf, known
	}
	// Dependencies first: a class waits for the classes of its old
	// specs' dependencies (Kahn's order, ties in the classes' order,
	// which is the packages' and their lists').
	seen := make([]int32, len(classes))
	for i, c := range classes {
		for _, o := range c.olds {
			if n := og.Node(o.Hash); n != nil {
				for _, d := range n.Deps() {
					if j, ok := classOf.of(d.Hash); ok && j != int32(i) && seen[j] != int32(i)+1 {
						seen[j] = int32(i) + 1
						classes[j].users = append(classes[j].users, int32(i))
						c.wait++
					}
				}
			}
		}
	}
	tr := func(h string) string {
		if n, ok := pairOf[h]; ok {
			return n
		}
		if ng.Node(h) != nil {
			return h
		}
		return ""
	}
	// userKey tells a user of a class's spec that is a spec of another
	// class (its pair not known yet) by its name and its edges: each by
	// name and, where its dependency is paired for sure (of no class, or
	// of a class resolved), by that pair (old) or hash (new). Told by its
	// name and number of edges alone, two users of leaves alike (c over
	// b and a's first build, c over b and its second) told the leaves
	// nothing, and they paired in order. It costs each user's edges;
	// past 4 times the graphs' edges in all (a user of specs of many
	// classes), users are told by name and number of edges again.
	done := make([]bool, len(classes))
	keyBudget := 65536
	for _, g := range [2]Graph{og, ng} {
		for _, n := range g.Nodes() {
			keyBudget += 4 * len(n.Deps())
		}
	}
	userKey := func(side int, u *GraphNode) string {
		deps := u.Deps()
		if keyBudget -= len(deps) + 1; keyBudget < 0 {
			return "\x06" + strconv.Itoa(len(deps))
		}
		l := make([]dep, len(deps))
		for x, d := range deps {
			t := "\x07"
			if side == 0 {
				if j, ok := classOf.of(d.Hash); !ok || done[j] {
					if t = tr(d.Hash); t == "" {
						t = "\x00" + d.Hash
					}
				}
			} else if j, ok := newClassOf().of(d.Hash); !ok || done[j] {
				t = d.Hash
			}
			l[x] = dep{name: d.Name, hash: t}
		}
		slices.SortFunc(l, compareDeps)
		return "\x06" + depsKey(l)
	}
	for _, c := range classes {
		c.userKey = userKey
	}
	// The cycles between classes (found when the order first stalls): a
	// spec over a spec of another class over a spec of the first (bad
	// input). Each is resolved as one joint class (resolveJoint), spec by
	// spec along the edges: resolved one after the other, the first read
	// the others' pairs in hash order, and its pairs crossed.
	var joints [][]int32
	var jointOf []int32 // each class's joint, -1: none
	resolve := func(i int32) bool {
		members := []int32{i}
		if jointOf != nil && jointOf[i] >= 0 {
			members = joints[jointOf[i]]
		}
		in := func(j int32) bool {
			return j == i || jointOf != nil && jointOf[i] >= 0 && jointOf[j] == jointOf[i]
		}
		pending := func(h string) bool {
			j, ok := classOf.of(h)
			return ok && !in(j) && !done[j]
		}
		var stale bool
		if len(members) == 1 {
			stale = classes[i].resolve(og, ng, tr, pending)
		} else {
			stale = resolveJoint(classes, members, og, ng, tr, pending)
		}
		for _, m := range members {
			done[m] = true
			c := classes[m]
			for oi, ni := range c.pairs {
				if ni >= 0 {
					pairOf[c.olds[oi].Hash] = c.news[ni].Hash
				} else {
					delete(pairOf, c.olds[oi].Hash)
				}
			}
			for _, u := range c.users {
				classes[u].wait--
			}
		}
		return stale
	}
	var ready []int32
	for i, c := range classes {
		if c.wait == 0 {
			ready = append(ready, int32(i))
		}
	}
	var stale []int32 // resolved before a dependency (a cycle)
	next := 0         // the first class maybe not resolved, for a cycle
	for resolved := 0; resolved < len(classes); {
		var i int32
		if len(ready) > 0 {
			i, ready = ready[0], ready[1:]
		} else {
			for done[next] {
				next++
			}
			i = int32(next)
			if jointOf == nil {
				joints, jointOf = classCycles(classes, og, classOf)
			}
		}
		if done[i] {
			continue
		}
		if resolve(i) {
			stale = append(stale, i)
		}
		members := []int32{i}
		if jointOf != nil && jointOf[i] >= 0 {
			members = joints[jointOf[i]]
		}
		resolved += len(members)
		for _, m := range members {
			for _, u := range classes[m].users {
				if classes[u].wait == 0 && !done[u] {
					ready = append(ready, u)
				}
			}
		}
	}
	// A cycle's classes are resolved again, now that every other class
	// is: once more each, enough for a cycle of two (Spack writes none).
	for _, i := range stale {
		resolve(i)
	}
	// What resolving read is let go with the classes' last reader: the
	// classes live on while the other way round is resolved
	// (pairByEdges), and their closures held the maps of hashes made
	// here (classOf, the users out of each class), and each class its
	// index by hash (depOrder).
	for _, c := range classes {
		c.outside, c.known, c.userKey, c.at = nil, nil, nil, specIndex{}
	}
	newCycles(classes, ng)
}

// viewSpecs are the hashes of the specs of out's packages, paired,
// removed or added: under a filter, the whole snapshots' pairs of specs
// of none of them are those of the packages left out.
func viewSpecs(out []*compared) map[string]bool {
	in := map[string]bool{}
	for k := range out {
		if out[k] == nil {
			continue
		}
		s := &out[k].p.Specs
		for _, l := range [2][]Pair{s.Rebuilt, s.Updated} {
			for i := range l {
				in[l[i].Old.Hash], in[l[i].New.Hash] = true, true
			}
		}
		for _, sp := range s.Removed {
			in[sp.Hash] = true
		}
		for _, sp := range s.Added {
			in[sp.Hash] = true
		}
	}
	return in
}

// classNodes are the graph nodes of one side's specs of every class
// (side: the class's olds or news), each's class, and each's index by
// hash: the vertices newCycles and classCycles find cycles among.
func classNodes(classes []*edgeClass, g Graph, side func(*edgeClass) []*Spec) (specs []*GraphNode, specClass []int32, at specIndex) {
	var keys []*Spec // each node's spec of the class, at its place
	for i, c := range classes {
		for _, sp := range side(c) {
			if n := g.Node(sp.Hash); n != nil {
				keys = append(keys, sp)
				specs = append(specs, n)
				specClass = append(specClass, int32(i))
			}
		}
	}
	return specs, specClass, newSpecIndex(keys)
}

// newCycles marks cyclic the classes of the new specs of each cycle of
// specs (a strongly connected component of the new specs of all
// classes, over their edges between them), so that their pairs reach
// the explainer as cyclePairs whichever side the cycle is on. resolve
// and classCycles find the old specs' cycles only: an old chain against
// a new ring (the mirror of a ring broken into a chain) left the
// explainer unguarded, and it descended along the crossed edges through
// N² pairs of nodes. Acyclic input has none.
func newCycles(classes []*edgeClass, ng Graph) {
	specs, specClass, at := classNodes(classes, ng, func(c *edgeClass) []*Spec { return c.news })
	scc.Components(len(specs), nil, func(dst []int32, u int32) []int32 {
		for _, d := range specs[u].Deps() {
			if k, ok := at.at(d.Hash); ok && int32(k) != u {
				dst = append(dst, int32(k))
			}
		}
		return dst
	}, func(comp []int32, _ bool) {
		if len(comp) < 2 {
			return
		}
		for _, u := range comp {
			classes[specClass[u]].cyclic = true
		}
	})
}

// classCycles are the cycles between classes, each's classes in order,
// and each class's cycle (-1: none): the classes of the old specs of
// one cycle of specs (a strongly connected component of the old specs
// of all classes, over their edges between them) that runs through more
// than one class, joined where they share a class. Classes whose specs
// form no cycle (p0 over p1 in one stack, p1 over p0 in another: a
// cycle of the classes alone) are not joined, and resolve one after the
// other as acyclic input always did.
func classCycles(classes []*edgeClass, og Graph, classOf *classIndex) ([][]int32, []int32) {
	specs, specClass, at := classNodes(classes, og, func(c *edgeClass) []*Spec { return c.olds })
	// The classes joined, as a forest (each class's root).
	root := make([]int32, len(classes))
	for i := range root {
		root[i] = int32(i)
	}
	find := func(i int32) int32 {
		for root[i] != i {
			root[i] = root[root[i]]
			i = root[i]
		}
		return i
	}
	joined := false
	scc.Components(len(specs), nil, func(dst []int32, u int32) []int32 {
		for _, d := range specs[u].Deps() {
			if _, ok := classOf.of(d.Hash); ok {
				if k, ok := at.at(d.Hash); ok && int32(k) != u {
					dst = append(dst, int32(k))
				}
			}
		}
		return dst
	}, func(comp []int32, _ bool) {
		if len(comp) < 2 {
			return
		}
		first := find(specClass[comp[0]])
		for _, u := range comp[1:] {
			if r := find(specClass[u]); r != first {
				root[r], joined = first, true
			}
		}
	})
	jointOf := make([]int32, len(classes))
	for i := range jointOf {
		jointOf[i] = -1
	}
	if !joined {
		return nil, jointOf
	}
	var joints [][]int32
	jointAt := map[int32]int32{} // a root's joint
	size := make([]int32, len(classes))
	for i := range classes {
		size[find(int32(i))]++
	}
	for i := range classes { // in order: each joint's classes sorted
		r := find(int32(i))
		if size[r] < 2 {
			continue
		}
		j, ok := jointAt[r]
		if !ok {
			j = int32(len(joints))
			jointAt[r] = j
			joints = append(joints, nil)
		}
		joints[j] = append(joints[j], int32(i))
		jointOf[i] = j
	}
	return joints, jointOf
}

// resolveJoint resolves the classes members (joined by classCycles)
// as one class, each spec paired inside its own class (its group), so
// that the pairs follow the specs' edges across the classes; it writes
// each class's pairs back, and reports as resolve does.
func resolveJoint(classes []*edgeClass, members []int32, og, ng Graph, tr func(string) string, pending func(string) bool) bool {
	j := &edgeClass{known: classes[members[0]].known, outside: classes[members[0]].outside, userKey: classes[members[0]].userKey}
	offOld := make([]int, len(members))
	offNew := make([]int, len(members))
	for g, m := range members {
		c := classes[m]
		offOld[g], offNew[g] = len(j.olds), len(j.news)
		j.olds = append(j.olds, c.olds...)
		j.news = append(j.news, c.news...)
		j.oldKey = append(j.oldKey, c.oldKey...)
		j.newKey = append(j.newKey, c.newKey...)
		for _, p := range c.pairs {
			if p >= 0 {
				p += offNew[g]
			}
			j.pairs = append(j.pairs, p)
			j.oldGroup = append(j.oldGroup, int32(g))
		}
		for range c.news {
			j.newGroup = append(j.newGroup, int32(g))
		}
		j.wants = append(j.wants, len(c.slots))
	}
	jointSubs(j, classes, members)
	stale := j.resolve(og, ng, tr, pending)
	for _, m := range members {
		classes[m].cyclic = true
	}
	if !j.changed {
		return stale
	}
	for g, m := range members {
		c := classes[m]
		pairs := make([]int, len(c.olds))
		for i := range pairs {
			pairs[i] = j.pairs[offOld[g]+i]
			if pairs[i] >= 0 {
				pairs[i] -= offNew[g]
			}
		}
		if !slices.Equal(pairs, c.pairs) {
			c.pairs, c.changed = pairs, true
		}
	}
	return stale
}

// jointSubs gives the joint class j of members the subs of those of
// them that joined classes (mergeBySide), so that resolve keeps each
// sub's count of pairs as it does in such a class alone; a member of
// one facets is a sub of its own. Each sub keeps its member's side
// (subsOld): a member's subs of the old facets beside another's of the
// new, j kept no count, paired a member's specs against its subs'
// counts, and the pairing was refused (apply): the passes' pairs stood,
// by hash order.
func jointSubs(j *edgeClass, classes []*edgeClass, members []int32) {
	if !slices.ContainsFunc(members, func(m int32) bool { return classes[m].subs != nil && !classes[m].cells }) {
		return
	}
	for _, m := range members {
		c := classes[m]
		base := int32(len(j.subs))
		if c.subs == nil || c.cells { // counted whole, its cells by apply
			j.subs = append(j.subs, edgeSub{kind: c.kind, slots: c.slots})
			j.subsOld = append(j.subsOld, true)
			for range c.olds {
				j.oldSub = append(j.oldSub, base)
			}
			for range c.news {
				j.newSub = append(j.newSub, base)
			}
			continue
		}
		j.subs = append(j.subs, c.subs...)
		for range c.subs {
			j.subsOld = append(j.subsOld, c.subOfOld)
		}
		for _, x := range c.oldSub {
			j.oldSub = append(j.oldSub, base+x)
		}
		for _, x := range c.newSub {
			j.newSub = append(j.newSub, base+x)
		}
	}
}

// edgeClasses finds the classes of p: its rebuilt and updated pairs by
// the facets of their old and new spec, and the removed and added specs
// of those facets (but those whose hash is in kept); a class of one pair
// and nothing left over is certain and left out. The lists are in the
// engine's order, the facets first: the pairs of one old spec's facets
// are neighbours.
func edgeClasses(k int, p *Package, kept map[string]bool) []*edgeClass {
	var classes []*edgeClass
	for kind, l := range [2][]Pair{p.Specs.Rebuilt, p.Specs.Updated} {
		var run []*edgeClass            // the classes of the current old facets,
		var byNew map[string]*edgeClass // by their new facets once they are many
		for i := range l {
			if i == 0 || !sameFacets(l[i].Old, l[i-1].Old) {
				run, byNew = run[:0], nil
			}
			var c *edgeClass
			if byNew != nil {
				c = byNew[facetKey(l[i].New)]
			} else {
				for _, r := range run {
					if sameFacets(r.news[0], l[i].New) {
						c = r
						break
					}
				}
			}
			if c == nil {
				c = &edgeClass{pkg: k, kind: int8(kind)}
				run = append(run, c)
				classes = append(classes, c)
				switch {
				case byNew != nil:
					byNew[facetKey(l[i].New)] = c
				case len(run) > smallList:
					byNew = make(map[string]*edgeClass, len(run))
					for _, r := range run {
						byNew[facetKey(r.news[0])] = r
					}
				}
			}
			c.slots = append(c.slots, i)
			c.pairs = append(c.pairs, len(c.news))
			c.olds = append(c.olds, l[i].Old)
			c.news = append(c.news, l[i].New)
		}
	}
	if len(classes) > 0 && len(p.Specs.Removed)+len(p.Specs.Added) > 0 {
		firstOld, firstNew := map[string]*edgeClass{}, map[string]*edgeClass{}
		for _, c := range classes {
			if k := facetKey(c.olds[0]); firstOld[k] == nil {
				firstOld[k] = c
			}
			if k := facetKey(c.news[0]); firstNew[k] == nil {
				firstNew[k] = c
			}
		}
		for i := range p.Specs.Removed {
			if kept[p.Specs.Removed[i].Hash] {
				continue
			}
			if c := firstOld[facetKey(&p.Specs.Removed[i])]; c != nil {
				c.removed = append(c.removed, i)
				c.olds = append(c.olds, &p.Specs.Removed[i])
				c.pairs = append(c.pairs, -1)
			}
		}
		for i := range p.Specs.Added {
			if kept[p.Specs.Added[i].Hash] {
				continue
			}
			if c := firstNew[facetKey(&p.Specs.Added[i])]; c != nil {
				c.added = append(c.added, i)
				c.news = append(c.news, &p.Specs.Added[i])
			}
		}
	}
	classes = mergeBySide(classes)
	return slices.DeleteFunc(classes, func(c *edgeClass) bool { return len(c.olds)+len(c.news) <= 2 })
}

// mergeBySide joins the classes that share a set of old facets or a
// set of new facets, through any number of them: which old spec is
// updated and which rebuilt is then the edges' to say, not the passes'
// hash order. Split by their new facets, two builds of b@1 of which one
// was bumped (c over the first build) were a class of one pair each,
// certain: the update landed on the build c is not over, and c's edge
// crossed, by the hashes; so with a third build dropped, left over, and
// with an extra build of b@2 added (TestUpdateLandsOnItsBuildLeftOver).
// Each joined class is a sub; resolve keeps each sub's count of pairs:
// of joined classes of one set of old facets, each sub is of its new
// facets (a sub with its pairs leaves its specs left over unpaired), of
// one set of new facets, of its old facets; and apply writes each pair
// into the slots of its sub, and the specs left over into the places of
// the removed (or added) specs of the joined classes. Classes joined
// through both (cmake rebuilt in one environment, rebuilt in another,
// and bumped in a third from one's facets to the other's) are cells:
// a pair's sub is that of its old spec's facets and its new spec's,
// which resolve does not count, and apply keeps the passes' pairs
// where the pairing breaks a sub's count. Joined by the old facets
// first, then by the new, such classes were joined one way round and
// not the other, and new → old did not mirror old → new.
func mergeBySide(classes []*edgeClass) []*edgeClass {
	if len(classes) < 2 {
		return classes
	}
	parent := make([]int, len(classes))
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	keys := make([][2]string, len(classes)) // each class's old and new facets
	var first [2]map[string]int
	first[0], first[1] = map[string]int{}, map[string]int{}
	for i, c := range classes {
		keys[i] = [2]string{facetKey(c.olds[0]), facetKey(c.news[0])}
		for side, k := range keys[i] {
			j, ok := first[side][k]
			if !ok {
				first[side][k] = i
				continue
			}
			a, b := find(i), find(j)
			if b < a {
				a, b = b, a
			}
			parent[b] = a
		}
	}
	groups := map[int][]int{}
	for i := range classes {
		r := find(i)
		groups[r] = append(groups[r], i)
	}
	if len(groups) == len(classes) {
		return classes
	}
	var out []*edgeClass
	for i := range classes {
		g := groups[i] // each group at its first class (its root)
		switch {
		case len(g) == 1:
			out = append(out, classes[i])
			continue
		case len(g) == 0:
			continue
		}
		sameOld, sameNew := true, true
		for _, x := range g[1:] {
			sameOld = sameOld && keys[x][0] == keys[g[0]][0]
			sameNew = sameNew && keys[x][1] == keys[g[0]][1]
		}
		m := &edgeClass{pkg: classes[i].pkg, kind: classes[i].kind, subOfOld: !sameOld, cells: !sameOld && !sameNew}
		if m.cells {
			// Each sub's old and new facets, numbered.
			var ids [2]map[string]int32
			ids[0], ids[1] = map[string]int32{}, map[string]int32{}
			id := func(side int, k string) int32 {
				x, ok := ids[side][k]
				if !ok {
					x = int32(len(ids[side]))
					ids[side][k] = x
				}
				return x
			}
			for _, x := range g {
				m.subOldF = append(m.subOldF, id(0, keys[x][0]))
				m.subNewF = append(m.subNewF, id(1, keys[x][1]))
			}
		}
		// The pairs first (olds[i] with news[i]), then the specs left
		// over, as a class alone lists them.
		for x, ci := range g {
			c := classes[ci]
			m.subs = append(m.subs, edgeSub{kind: c.kind, slots: c.slots})
			m.slots = append(m.slots, c.slots...)
			for i := range c.slots {
				m.pairs = append(m.pairs, len(m.news))
				m.olds = append(m.olds, c.olds[i])
				m.news = append(m.news, c.news[c.pairs[i]])
				m.oldSub = append(m.oldSub, int32(x))
				m.newSub = append(m.newSub, int32(x))
			}
		}
		for x, ci := range g {
			c := classes[ci]
			m.removed = append(m.removed, c.removed...)
			m.added = append(m.added, c.added...)
			for _, o := range c.olds[len(c.slots):] {
				m.pairs = append(m.pairs, -1)
				m.olds = append(m.olds, o)
				m.oldSub = append(m.oldSub, int32(x))
			}
			for _, n := range c.news[len(c.slots):] {
				m.news = append(m.news, n)
				m.newSub = append(m.newSub, int32(x))
			}
		}
		out = append(out, m)
	}
	return out
}

// edgeSub is one of the classes a class joined (mergeBySide): its kind
// and slots.
type edgeSub struct {
	kind  int8
	slots []int
}

// sameFacets reports whether a and b have the same facets.
func sameFacets(a, b *Spec) bool {
	return a.Compiler == b.Compiler && a.OS == b.OS && a.Platform == b.Platform && a.Target == b.Target &&
		slices.Equal(a.Versions, b.Versions) && slices.Equal(a.Variants, b.Variants)
}

// sameJoined is sameFacets of lists joined by sep, as the engine
// compares them (compareSpecs): ["a", "b"] and ["a\x1fb"] are the same.
func sameJoined(a, b *Spec) bool {
	return a.Compiler == b.Compiler && a.OS == b.OS && a.Platform == b.Platform && a.Target == b.Target &&
		compareJoined(a.Versions, b.Versions) == 0 && compareJoined(a.Variants, b.Variants) == 0
}

// facetKey is a spec's facets as one string: equal keys, equal facets.
func facetKey(s *Spec) string {
	var b strings.Builder
	for _, l := range [2][]string{s.Versions, s.Variants} {
		b.WriteString(strconv.Itoa(len(l)))
		for _, v := range l {
			b.WriteByte(0)
			b.WriteString(strconv.Itoa(len(v)))
			b.WriteByte(':')
			b.WriteString(v)
		}
		b.WriteByte(0)
	}
	for _, v := range [4]string{s.Compiler, s.OS, s.Platform, s.Target} {
		b.WriteString(strconv.Itoa(len(v)))
		b.WriteByte(':')
		b.WriteString(v)
	}
	return b.String()
}

// maxScored is the most candidate pairs a class scores one by one (old
// specs left times new specs left) once the exact matches are paired;
// past it, the rest pair in order.
const maxScored = 1 << 14

// dep is an edge as resolve compares them: the dependency's name and
// its new hash (an old edge's dependency taken to its pair). pending
// marks an old edge whose pair may still change (its class is not
// resolved yet, in a cycle): it counts less than a certain one, and is
// no part of the comparison.
type dep struct {
	name, hash string
	pending    bool
}

func compareDeps(a, b dep) int {
	return cmp.Or(strings.Compare(a.name, b.name), strings.Compare(a.hash, b.hash))
}

// edgeSkipProbe, when set (by the tests), is called for each spec taken
// that resolve skips in a key's list of new specs.
var edgeSkipProbe func()

// pairByEdgesProbe, when set (by the tests), is called by pairByEdges
// before the classes are resolved (0), once resolved old to new (1),
// and once resolved the other way round too (2).
var pairByEdgesProbe func(stage int)

// resolve pairs the class's specs by their edges: first each new spec
// with an old spec whose dependencies, each taken to its pair (tr), are
// its own; then the rest by the most such dependencies, in order. It
// keeps as many pairs as the facets found. A class with a node of
// unknown edges stays as it is. It reports whether it read a pair that
// may still change (pending: the class of that old dependency is not
// resolved yet).
func (c *edgeClass) resolve(og, ng Graph, tr func(string) string, pending func(string) bool) bool {
	wants := c.wants
	if wants == nil {
		wants = []int{len(c.slots)}
	}
	madeOf := make([]int, len(wants))
	// A class of several facets (mergeBySide) keeps each sub's count of
	// pairs, specs of the subs' side left over or not: subLeft is how
	// many pairs each sub has still to make. Subs of the new facets take
	// their new specs left out of the pairing once they have their
	// pairs (subNews: each sub's new specs); subs of the old facets make
	// their old specs full.
	var subLeft []int
	var subNews [][]int
	if c.subs != nil && !c.cells {
		subLeft = make([]int, len(c.subs))
		for s, sub := range c.subs {
			subLeft[s] = len(sub.slots)
		}
		for j, s := range c.newSub {
			if !c.subOld(s) {
				if subNews == nil {
					subNews = make([][]int, len(c.subs))
				}
				subNews[s] = append(subNews[s], j)
			}
		}
	}
	// full says whether old spec i's group, or its sub, has all its
	// pairs.
	full := func(i int) bool {
		g := c.groupOf(i, true)
		return madeOf[g] >= wants[g] || subLeft != nil && c.subOld(c.oldSub[i]) && subLeft[c.oldSub[i]] <= 0
	}
	oldNodes := make([]*GraphNode, len(c.olds))
	for i, o := range c.olds {
		n := og.Node(o.Hash)
		if n == nil || n.Deps() == nil {
			return false
		}
		oldNodes[i] = n
	}
	newEdges := make([][]dep, len(c.news))
	for i, s := range c.news {
		n := ng.Node(s.Hash)
		if n == nil || n.Deps() == nil {
			return false
		}
		l := make([]dep, len(n.Deps()))
		for j, d := range n.Deps() {
			l[j] = dep{name: d.Name, hash: d.Hash}
			if d.Hash == s.Hash {
				l[j].hash = selfHash
			}
		}
		slices.SortFunc(l, compareDeps)
		newEdges[i] = l
	}
	pairs := make([]int, len(c.olds))
	for i := range pairs {
		pairs[i] = -1
	}
	taken := make([]bool, len(c.news))
	npairs := 0 // the pairs made
	pair := func(i, j int) {
		pairs[i], taken[j] = j, true
		madeOf[c.groupOf(i, true)]++
		npairs++
		if subLeft == nil {
			return
		}
		if s := c.oldSub[i]; c.subOld(s) {
			subLeft[s]--
		} else if s := c.newSub[j]; subLeft[s] > 0 {
			if subLeft[s]--; subLeft[s] == 0 {
				for _, x := range subNews[s] {
					taken[x] = true
				}
			}
		}
	}
	// An old spec's dependencies in the class itself (a package over
	// another build of itself with the same facets: a chain of them)
	// take the pair this resolve finds for them, not the passes' (hash
	// order): the old specs are visited dependencies first (in class
	// order), and each takes its dependencies' exact pairs; one with
	// none yet is unknown, as a dependency gone.
	sd := &seeder{c: c, oldNodes: oldNodes, newEdges: newEdges, tr: tr}
	order, start := c.depOrder(oldNodes, sd.rank)
	c.cyclic = c.cyclic || start != nil
	stale := false
	oldEdges := make([][]dep, len(c.olds))
	edges := func(i int) []dep {
		n := oldNodes[i]
		l := make([]dep, len(n.Deps()))
		for j, d := range n.Deps() {
			var t string
			if d.Hash == c.olds[i].Hash {
				t = selfHash // a spec over itself (a cycle)
			} else if k, ok := c.inClass(d.Hash); !ok {
				t = tr(d.Hash)
			} else if pairs[k] >= 0 {
				t = c.news[pairs[k]].Hash
			}
			if t == "" {
				t = "\x00" + d.Hash // gone: the same as no new dependency
			}
			p := pending(d.Hash)
			stale = stale || p
			l[j] = dep{d.Name, t, p}
		}
		slices.SortFunc(l, compareDeps)
		return l
	}
	// Exact: the same dependencies, each by its pair; the new specs of
	// one list of edges in order, looked up by the list.
	// Not sized for the new specs: of n builds alike, one key holds
	// them all, and a map made for n held n empty slots while resolved.
	byEdges := map[string][]int{}
	for j, m := range newEdges {
		k := c.tag(c.groupOf(j, false)) + depsKey(m)
		byEdges[k] = append(byEdges[k], j)
	}
	// Where the class has dependencies in itself, an old spec that finds
	// no exact pair (a dependency of another package swapped for another
	// one, at the bottom of a chain) pairs at once with a new spec whose
	// dependencies in the class are its own, taken to their pairs (the
	// most dependencies in common among them, then in order), so that the
	// specs over it find their exact pairs; left for the rest below, a
	// chain would pair in order and cross.
	var byInner map[string][]int
	var newSet map[string]bool
	budget := maxScored
	if c.inner {
		newSet = make(map[string]bool, len(c.news))
		for _, s := range c.news {
			newSet[s.Hash] = true
		}
		byInner = make(map[string][]int, len(c.news))
		for j, m := range newEdges {
			k := c.tag(c.groupOf(j, false)) + depsKey(innerDeps(m, func(d dep) bool { return newSet[d.hash] }))
			byInner[k] = append(byInner[k], j)
		}
	}
	// The old specs go by levels (a spec's level is one more than its
	// dependencies' in the class): all of a level try their exact pairs
	// before any of it pairs at once, so that one without an exact pair
	// does not take the exact pair of one visited after it (whose
	// dependencies in the class, like its own, are all of lower levels).
	levels, level := c.levels(order, oldNodes)
	var failed, starts, later []int
	// cyc says the class has a cycle of old or new specs (bad input):
	// only then are pairs made downwards (pairDown), and a failed spec
	// whose pair its edges do not make sure waits for them (unsure).
	cyc := c.cyclic
	var unsure []int
	// In a class with a cycle of old specs, an exact pair of old spec
	// i's color (colors: its cycle's size, its users out of the class)
	// comes first, and an old spec of another color takes only one of a
	// color more new specs have than old (spare). An old ring of three
	// (o2 over zlib) against the same ring and a new spec over n2 (n1
	// and it both over n2) paired o1 with either, by hash order, and
	// the ring crossed ("same@1 added" and "removed" made up); the other
	// way the old spec over o2 took n1 when visited before o1.
	var byEdgesC, spare map[string][]int
	if c.cyclic {
		col := sd.colors()
		byEdgesC, spare = make(map[string][]int, len(c.news)), map[string][]int{}
		for j, m := range newEdges {
			k := c.tag(c.groupOf(j, false)) + depsKey(m)
			cj := col[len(c.olds)+j]
			kc := k + "\x04" + strconv.Itoa(int(cj))
			byEdgesC[kc] = append(byEdgesC[kc], j)
			if n := sd.colorN[cj]; n[0] < n[1] {
				spare[k] = append(spare[k], j)
			}
		}
		byEdges = spare
	}
	// keyN counts the old specs of the level of each key: of several
	// over one new spec alone of their edges, the one its users tell
	// takes it (usersPair), not the first in order: an old leaf and an
	// old spec over zlib, against two new specs over zlib (an edge
	// added), paired the spec over zlib with the other's pair the other
	// way, and the two ways were not each other's mirror.
	keyN := map[string]int{}
	for at, i := range levels {
		if at == 0 || level[levels[at-1]] != level[i] {
			clear(keyN)
			for _, x := range levels[at:] {
				if level[x] != level[i] {
					break
				}
				oldEdges[x] = edges(x)
				keyN[c.tag(c.groupOf(x, true))+depsKey(oldEdges[x])]++
			}
		}
		if !full(i) {
			k := c.tag(c.groupOf(i, true)) + depsKey(oldEdges[i])
			var qc []int
			kc := ""
			if byEdgesC != nil {
				kc = k + "\x04" + strconv.Itoa(int(sd.colors()[i]))
				qc = byEdgesC[kc]
				for len(qc) > 0 && taken[qc[0]] {
					qc = qc[1:]
				}
				byEdgesC[kc] = qc
			}
			// The specs taken are dropped from the key's list as they
			// are skipped (they stay taken), so that each is skipped
			// once: else, of n builds alike in one group, each old spec
			// that waits for its users (usersPair) would skip all those
			// taken before it, n² steps.
			q := byEdges[k]
			for len(q) > 0 && taken[q[0]] {
				q = q[1:]
				if edgeSkipProbe != nil {
					edgeSkipProbe()
				}
			}
			byEdges[k] = q
			// An exact pair the edges do not tell (several new specs
			// alike, none of them of i's ucolor, or several of it)
			// waits, as an unsure spec, for the pairs made down from
			// the surer specs: several hubs over chains of their users,
			// the chains' bottoms alike, paired those in hash order,
			// each hub then over another hub's chain, and the chains
			// crossed ("same@1 added" and "removed" made up, by the
			// labels). So does one of a class whose new specs alone
			// form a cycle (the other way).
			if len(qc) > 0 && sd.guessed(i, qc, taken) {
				unsure = append(unsure, i)
			} else if len(qc) > 0 {
				j := sd.sameUsers(i, qc, taken)
				pair(i, j)
				for len(qc) > 0 && taken[qc[0]] {
					qc = qc[1:]
				}
				byEdgesC[kc] = qc
				byEdges[k] = q
			} else if len(q) > 1 && sd.newCyclic() && sd.guessed(i, q, taken) {
				unsure = append(unsure, i)
				cyc = true
			} else if len(q) > 0 {
				switch {
				case len(q) > 1 && sd.newCyclic():
					j := sd.sameUsers(i, q, taken)
					pair(i, j)
					for len(q) > 0 && taken[q[0]] {
						q = q[1:]
					}
					byEdges[k] = q
				case len(q) > 1 || keyN[k] > 1:
					// Acyclic input: of several new specs alike, the one
					// of i's ucolor (its users tell it), else one left
					// once the others of the level have taken theirs.
					// Taken in order, two builds alike but for their
					// users (a leaf, and one over it) paired by hash
					// order, and the leaf's users' edges crossed.
					if j := sd.usersPair(k, i, taken, true); j >= 0 {
						pair(i, j)
					} else {
						later = append(later, i)
					}
				default:
					pair(i, q[0])
					byEdges[k] = q[1:]
				}
			} else if start != nil && start[i] {
				starts = append(starts, i)
			} else if byInner != nil {
				failed = append(failed, i)
			}
		}
		if at+1 < len(levels) && level[levels[at+1]] == level[i] {
			continue
		}
		// Those of no ucolor pair, by their color (a user of one side
		// alone, in the class, sets every spec below it apart in
		// ucolor), then any left.
		for _, i := range later {
			if !full(i) && pairs[i] < 0 {
				if j := sd.usersPair(c.tag(c.groupOf(i, true))+depsKey(oldEdges[i]), i, taken, false); j >= 0 {
					pair(i, j)
				}
			}
		}
		for _, i := range later {
			if full(i) || pairs[i] >= 0 {
				continue
			}
			k := c.tag(c.groupOf(i, true)) + depsKey(oldEdges[i])
			q := byEdges[k]
			for len(q) > 0 && taken[q[0]] {
				q = q[1:]
			}
			byEdges[k] = q
			if len(q) > 0 {
				pair(i, q[0])
			} else if byInner != nil {
				failed = append(failed, i)
			}
		}
		later = later[:0]
		if len(failed) > 0 {
			var kin func(i, j int) int
			if byEdgesC != nil {
				kin = sd.kin
			}
			budget = c.pairInner(failed, full, pair, oldEdges, newEdges, byInner, newSet, pairs, taken, kin, budget)
			// Where the new specs form a cycle, one still unpaired is
			// seeded as a cycle's start: an old chain's bottom (zlib
			// swapped) against a new cycle's (zlib-ng, and over the spec
			// above it) found no new spec of its dependencies in the
			// class, and the chain was left to the pairs in order, by
			// hash: it crossed, and did not mirror the other way, which
			// enters the cycle at that spec. So is one where the old
			// specs form a cycle: hubs over chains of their users, some
			// chain specs over their hub in the old snapshot alone, had
			// the hubs (zlib swapped) left to the pairs in order, after
			// the chains' bottoms, waiting, were seeded by hash order,
			// and the chains crossed. Acyclic input never comes here.
			sd.init()
			if sd.newCycles(); len(sd.compOf) > 0 || c.cyclic {
				cyc = true
				for _, i := range failed {
					if pairs[i] >= 0 || full(i) {
						continue
					}
					// One its edges do not pair for sure (the bottom of
					// an old chain over nothing, against a new ring:
					// any spec of the ring) waits for the pairs made
					// downwards from the specs over it: seeded here, it
					// took a ring's spec in hash order, and the chain
					// crossed.
					if sd.rank(i) > 1 {
						unsure = append(unsure, i)
						continue
					}
					var j int
					if j, budget = sd.seed(i, oldEdges[i], pairs, taken, budget); j >= 0 {
						pair(i, j)
					}
				}
			}
		}
		// The starts of cycles last: the others of the level pair by
		// what they depend on, a start by what it can, the surest
		// first (rank): a start over nothing out of the class took a
		// new spec over nothing out of it, the pair of another cycle's
		// spec over the pair of a start not seeded yet.
		if len(starts) > 1 {
			slices.SortStableFunc(starts, func(a, b int) int { return cmp.Compare(sd.rank(a), sd.rank(b)) })
		}
		for _, i := range starts {
			if full(i) {
				continue
			}
			// A start nothing out of the class tells (rank 4) waits
			// for the pairs made up and down from the surer specs, as
			// an unsure failed spec does, whether or not the class has
			// a pair yet: hubs over one chain of their users, each
			// chain spec a start, took the new spec over a hub's pair
			// with the most edges in common, in hash order, and the
			// chain crossed ("same@1 added" made up, growing with the
			// square of the chain). Seeded before any pair, a chain
			// spec over its hub (rank 4) took either new spec of as
			// many edges in the class, in hash order, before the hub
			// (over zlib-ng, surer) was seeded: the chain crossed.
			if sd.rank(i) > 3 {
				unsure = append(unsure, i)
				cyc = true
				continue
			}
			var j int
			if j, budget = sd.seed(i, oldEdges[i], pairs, taken, budget); j >= 0 {
				pair(i, j)
			}
		}
		failed, starts = failed[:0], starts[:0]
	}
	if cyc {
		var front []int
		for i, j := range pairs {
			if j >= 0 {
				front = append(front, i)
			}
		}
		// The budget downwards is the class's edges (at least
		// maxScored): a hub over a chain of thousands of its users
		// passes each's edges once, and past a fixed budget its chain
		// was left to the seeder and crossed.
		edgesN := maxScored
		for _, n := range oldNodes {
			edgesN += len(n.Deps())
		}
		for _, l := range newEdges {
			edgesN += len(l)
		}
		down := c.pairDown(sd, front, pairs, taken, madeOf, wants, full, pair, edgesN)
		// The specs waiting, the surest first, each then paired
		// downwards from: two old chains, each's top over zlib-ng,
		// against two new rings were all waiting (ranked 2, two tops
		// alike), and seeded in order their bottoms took any spec of
		// either ring.
		if len(unsure) > 1 {
			slices.SortStableFunc(unsure, func(a, b int) int { return cmp.Compare(sd.rank(a), sd.rank(b)) })
		}
		for _, i := range unsure {
			if pairs[i] >= 0 || full(i) {
				continue
			}
			var j int
			// Its edges now (the pairs of its dependencies made since
			// its level): taken then, a hub's chain was all gone, and
			// the hub took a chain spec.
			oldEdges[i] = edges(i)
			if j, budget = sd.seed(i, oldEdges[i], pairs, taken, budget); j >= 0 {
				pair(i, j)
				down = c.pairDown(sd, []int{i}, pairs, taken, madeOf, wants, full, pair, down)
			}
		}
	}
	// The rest: the most dependencies in common first (one whose pair is
	// certain counting twice one that may still change), then in order.
	// A joint class's groups each pair their own.
	var restO []int
	restN := make([][]int, len(wants))
	for i := range c.olds {
		if pairs[i] < 0 {
			restO = append(restO, i)
		}
	}
	rest := 0
	for j := range c.news {
		if !taken[j] {
			g := c.groupOf(j, false)
			restN[g] = append(restN[g], j)
			rest++
		}
	}
	if len(restO)*rest > maxScored {
		// Past maxScored candidates, each old spec left (in order)
		// takes the new spec left of its group sharing most edges,
		// read from the lists of the new specs left under each edge
		// (cellsPick): paired in order, hundreds of builds alike but
		// for a leaf of their own each crossed their edges by the
		// labels (TestRestPassAnyLabels).
		olds := 0
		for _, i := range restO {
			if !full(i) {
				olds++
			}
		}
		p := newCellsPick(c, func(j int) int32 { return c.groupOf(j, false) }, taken, newEdges)
		for _, i := range restO {
			if full(i) {
				continue
			}
			if j := p.pick(i, []int32{c.groupOf(i, true)}, oldEdges[i], olds); j >= 0 {
				pair(i, j)
				p.take(j)
			}
			olds--
		}
		if restPassHook != nil {
			restPassHook(maxScored + p.edges - p.budget)
		}
	} else {
		type cand struct{ o, n, score int }
		var cands []cand
		for _, i := range restO {
			if full(i) {
				continue
			}
			for _, j := range restN[c.groupOf(i, true)] {
				cands = append(cands, cand{i, j, common(oldEdges[i], newEdges[j])})
			}
		}
		slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(b.score, a.score) })
		for _, x := range cands {
			if pairs[x.o] < 0 && !taken[x.n] && !full(x.o) {
				pair(x.o, x.n)
			}
		}
	}
	next := make([]int, len(wants)) // each group's restN before it are all taken
	for _, i := range restO {
		if pairs[i] >= 0 || full(i) {
			continue
		}
		g := c.groupOf(i, true)
		for next[g] < len(restN[g]) && taken[restN[g][next[g]]] {
			next[g]++
		}
		if next[g] == len(restN[g]) {
			continue
		}
		pair(i, restN[g][next[g]])
	}
	if c.cells {
		c.keepCells(pairs, oldEdges, newEdges)
	}
	if !slices.Equal(pairs, c.pairs) {
		c.pairs, c.changed = pairs, true
	}
	return stale
}

// keepCells makes pairs (of a class of cells, mergeBySide) keep each
// cell's count of pairs: resolve counts none, and its pairs by edges
// may pair old facets with new ones the passes paired none of (a build
// rebuilt over the dependency another build of other facets was over),
// which apply refused, leaving the passes' pairs by hash order. The
// pairs of a cell with room stay, those sharing most edges first (then
// in order); each old spec left takes, among the new specs left of a
// cell of its facets with room, the one sharing most edges, then the
// first in order (cellsPick). Each new spec left is listed under each
// of its edges, by its facets, so that an old spec reads the new specs
// that share an edge with it, not every new spec left: scored one by
// one within maxScored candidates and the first past them, hundreds of
// builds left, each sharing a leaf with one new build left alone, took
// the first in order, the hash among specs of one key, and their edges
// crossed by the labels (TestKeepCellsAnyLabels).
func (c *edgeClass) keepCells(pairs []int, oldEdges, newEdges [][]dep) {
	cellOf := make(map[[2]int32]int32, len(c.subs))
	left := make([]int, len(c.subs))
	byOld := map[int32][]int32{} // each old facets' cells
	for s, sub := range c.subs {
		cellOf[[2]int32{c.subOldF[s], c.subNewF[s]}] = int32(s)
		left[s] = len(sub.slots)
		byOld[c.subOldF[s]] = append(byOld[c.subOldF[s]], int32(s))
	}
	cell := func(i, j int) (int32, bool) {
		s, ok := cellOf[[2]int32{c.subOldF[c.oldSub[i]], c.subNewF[c.newSub[j]]}]
		return s, ok && left[s] > 0
	}
	score := func(i, j int) int {
		if oldEdges[i] == nil {
			return 0
		}
		return common(oldEdges[i], newEdges[j])
	}
	taken := make([]bool, len(c.news))
	var made []int
	for i, j := range pairs {
		if j >= 0 {
			made = append(made, i)
		}
	}
	slices.SortStableFunc(made, func(a, b int) int { return cmp.Compare(score(b, pairs[b]), score(a, pairs[a])) })
	for _, i := range made {
		if s, ok := cell(i, pairs[i]); ok {
			left[s]--
			taken[pairs[i]] = true
		} else {
			pairs[i] = -1
		}
	}
	p := newCellsPick(c, func(j int) int32 { return c.subNewF[c.newSub[j]] }, taken, newEdges)
	olds := 0 // the old specs left to pick for
	for _, j := range pairs {
		if j < 0 {
			olds++
		}
	}
	for i := range pairs {
		if pairs[i] >= 0 {
			continue
		}
		olds--
		var room []int32 // the new facets of i's cells with room
		for _, s := range byOld[c.subOldF[c.oldSub[i]]] {
			if left[s] > 0 {
				room = append(room, c.subNewF[s])
			}
		}
		if best := p.pick(i, room, oldEdges[i], olds+1); best >= 0 {
			s, _ := cell(i, best)
			left[s]--
			pairs[i] = best
			p.take(best)
		}
	}
	if keepCellsHook != nil {
		keepCellsHook(maxScored + p.edges - p.budget)
	}
}

// refusedHook, when set (by tests), is called for each class whose
// pairing by edges apply refused (the passes' pairs stand).
var refusedHook func()

// restPassHook, when set (by tests), is called with the steps resolve's
// last pass spent past maxScored candidates (cellsPick's lists'
// entries read).
var restPassHook func(steps int)

// keepCellsHook, when set (by tests), is called with the steps
// keepCells spent picking the new specs left for the old specs left
// (the lists' entries read).
var keepCellsHook func(steps int)

// cellsPick picks, for the old specs left of a class of cells, among
// the new specs left of some new facets, the one sharing most edges
// with it, then the one of the edge fewest new specs share, then the
// first in order. The new specs left are listed by
// their facets (free, in order) and under each of their edges by their
// facets (lists): an old spec's candidates are the new specs of its
// edges' lists, and the first of each facets (each spec of those
// facets sharing only edges that every one of them has, each as good
// as the first). A list of every new spec left of its facets is not
// read: its edge counts for each. Its steps (the lists' entries read)
// are within budget, maxScored and the class's edges, each old spec's
// within its share of what is left.
type cellsPick struct {
	c        *edgeClass
	keyOf    func(j int) int32 // a new spec's facets (or group)
	taken    []bool
	newEdges [][]dep
	free     map[int32][]int
	freeN    map[int32]int // each facets' new specs left
	post     map[cellsPost]int32
	lists    [][]int // each list's new specs, those taken dropped as read
	listN    []int   // each list's new specs left
	listAll  []int   // each list's new specs, taken or not
	postsOf  [][]int32
	seen     []int32 // the old spec (one more) a new spec was a candidate of
	hits     []int   // each candidate's weight of the edges read
	rare     []int   // each candidate's shortest list read that holds it, counting its specs taken (0: none)
	cands    []int
	every    map[int32]int // each facets' weight of the edges all its specs left have
	reads    [][2]int32    // the lists an old spec reads, each with its edge's weight
	budget   int
	edges    int
}

// cellsPost is a list's key: new facets and an edge.
type cellsPost struct {
	f          int32
	name, hash string
}

// newCellsPick lists the new specs of c not taken, by keyOf (a new
// spec's facets, or its group in a joint class).
func newCellsPick(c *edgeClass, keyOf func(j int) int32, taken []bool, newEdges [][]dep) *cellsPick {
	p := &cellsPick{c: c, keyOf: keyOf, taken: taken, newEdges: newEdges, free: map[int32][]int{}, freeN: map[int32]int{},
		post: map[cellsPost]int32{}, postsOf: make([][]int32, len(c.news)), seen: make([]int32, len(c.news)),
		hits: make([]int, len(c.news)), rare: make([]int, len(c.news)), every: map[int32]int{}}
	for _, l := range newEdges {
		p.edges += len(l)
	}
	for j := range c.news {
		if taken[j] {
			continue
		}
		f := keyOf(j)
		p.free[f] = append(p.free[f], j)
		p.freeN[f]++
		for x, e := range newEdges[j] {
			if x > 0 && compareDeps(e, newEdges[j][x-1]) == 0 {
				continue // one listing of an edge written twice
			}
			k := cellsPost{f, e.name, e.hash}
			id, ok := p.post[k]
			if !ok {
				id = int32(len(p.lists))
				p.post[k] = id
				p.lists = append(p.lists, nil)
				p.listN = append(p.listN, 0)
				p.listAll = append(p.listAll, 0)
			}
			p.lists[id] = append(p.lists[id], j)
			p.listN[id]++
			p.listAll[id]++
			p.postsOf[j] = append(p.postsOf[j], id)
		}
	}
	p.budget = maxScored + p.edges
	return p
}

// take marks new spec j taken.
func (p *cellsPick) take(j int) {
	p.taken[j] = true
	p.freeN[p.keyOf(j)]--
	for _, id := range p.postsOf[j] {
		p.listN[id]--
	}
}

// first is the first new spec left of facets f (-1: none).
func (p *cellsPick) first(f int32) int {
	l := p.free[f]
	for len(l) > 0 && p.taken[l[0]] {
		l = l[1:]
	}
	p.free[f] = l
	if len(l) == 0 {
		return -1
	}
	return l[0]
}

// pick is old spec i's new spec among those left of the facets room,
// i's edges edges (nil: unknown, every candidate alike): the one
// sharing most edges (weighed as common weighs them), then the one of
// the shortest list read, then the first in order (-1: none left). It reads the lists of i's edges the
// shortest first, within its share of the budget left (olds: the old
// specs left to pick for, i among them): read by every old spec, a
// list of many specs (a zlib of two builds, each under half the new
// specs) spent the budget before the last, and those took the first of
// each facets. An edge of a list past its share counts for none.
func (p *cellsPick) pick(i int, room []int32, edges []dep, olds int) int {
	p.cands = p.cands[:0]
	stamp := int32(i) + 1
	add := func(j, w, n int) {
		if p.seen[j] != stamp {
			p.seen[j], p.hits[j], p.rare[j] = stamp, 0, 0
			p.cands = append(p.cands, j)
		}
		p.hits[j] += w
		if n > 0 && (p.rare[j] == 0 || n < p.rare[j]) {
			p.rare[j] = n
		}
	}
	for _, f := range room {
		if j := p.first(f); j >= 0 {
			add(j, 0, 0)
		}
	}
	if len(p.cands) == 0 {
		return -1
	}
	// Each facets' weight of the edges every new spec left of them has,
	// and the lists of the others.
	clear(p.every)
	p.reads = p.reads[:0]
	for _, f := range room {
		for x, e := range edges {
			if x > 0 && compareDeps(e, edges[x-1]) == 0 {
				continue // an edge written twice counts once
			}
			id, ok := p.post[cellsPost{f, e.name, e.hash}]
			if !ok || p.listN[id] == 0 {
				continue
			}
			w := 2
			if e.pending {
				w = 1
			}
			if p.listN[id] == p.freeN[f] {
				p.every[f] += w
			} else {
				p.reads = append(p.reads, [2]int32{id, int32(w)})
			}
		}
	}
	slices.SortStableFunc(p.reads, func(a, b [2]int32) int { return cmp.Compare(p.listN[a[0]], p.listN[b[0]]) })
	share := p.budget / olds
	for _, r := range p.reads {
		if share -= len(p.lists[r[0]]); share < 0 {
			break
		}
		l := p.lists[r[0]][:0]
		for _, j := range p.lists[r[0]] {
			p.budget--
			if !p.taken[j] {
				l = append(l, j)
				add(j, int(r[1]), p.listAll[r[0]])
			}
		}
		p.lists[r[0]] = l
	}
	// Of those alike, the one sharing the rarest edge with i (the list
	// read that held fewest new specs, taken since or not), then the
	// first: a leaf only it and i have weighed as much as a hub's edge
	// that half the specs left have, and which i took went by the labels.
	rarer := func(j, k int) bool {
		a, b := p.rare[j], p.rare[k]
		return a > 0 && (b == 0 || a < b)
	}
	best, bestScore := -1, -1
	for _, j := range p.cands {
		x := p.hits[j] + p.every[p.keyOf(j)]
		if x > bestScore || x == bestScore && (rarer(j, best) || !rarer(best, j) && j < best) {
			best, bestScore = j, x
		}
	}
	return best
}

// pairDown pairs downwards in a class with a cycle (bad input): from
// each pair o↔n of front (old specs), o's dependencies in the class not paired with n's not
// taken, each with the one of the other side alike among them (the
// same edge name and group, and as many edges to and from the others
// of its side: o over o1 and o2, o1 over o2, against n over n1 and n2,
// n1 over n2), where no other pair of the round would pair either
// otherwise; the pairs made go on the next round. The pairs by edges go
// upwards (a spec over the pairs of its dependencies): an old ring
// entered at its spec over zlib against a new chain (the ring broken)
// found no new spec over that spec's pair, the top of the chain, and
// the ring was left to the pairs in order, by hash, with "same@1
// added" made up. Each pair is passed once (its edges and users; the
// edges of its dependencies, within budget edges over the class, a list
// past it passed by), so that the class costs its edges; a round that
// would make
// more pairs of a group than it keeps makes none of it. It returns the
// budget left.
func (c *edgeClass) pairDown(sd *seeder, front []int, pairs []int, taken []bool, madeOf, wants []int, full func(i int) bool, pair func(i, j int), budget int) int {
	sd.init()
	// down is old spec i's (old) dependencies in the class not paired,
	// or new spec i's not taken, each with its edge's name (once), and
	// marks each's place in the list (at, one more than it; sigs clears
	// it). A hub over a chain of its own users had them all, more than
	// a bound of 8 (past which none was paired downwards, and the chain
	// crossed); the marks keep the lists and their keys linear.
	type member struct {
		at   int
		name string
	}
	if sd.downOld == nil {
		sd.downOld, sd.downNew = make([]int32, len(c.olds)), make([]int32, len(c.news))
	}
	oldAt, newAt := sd.downOld, sd.downNew
	if sd.oldUp == nil {
		sd.oldUp, sd.newUp = make([][]int32, len(c.olds)), make([][]int32, len(c.news))
		sd.oldOut = make([]int32, len(c.olds))
		for i, n := range sd.oldNodes {
			for _, d := range n.Deps() {
				if x, ok := c.inClass(d.Hash); !ok {
					sd.oldOut[i]++
				} else if x != i {
					sd.oldUp[x] = append(sd.oldUp[x], int32(i))
				}
			}
		}
		for j, l := range sd.newEdges {
			for _, d := range l {
				if x, ok := sd.newAt.at(d.hash); ok && x != j {
					sd.newUp[x] = append(sd.newUp[x], int32(j))
				}
			}
		}
	}
	down := func(i int, old bool, l []member) []member {
		l = l[:0]
		see := func(x int, n string, at []int32) {
			if at[x] == 0 {
				l = append(l, member{x, n})
				at[x] = int32(len(l))
			}
		}
		if old {
			for _, d := range sd.oldNodes[i].Deps() {
				if x, ok := c.inClass(d.Hash); ok && x != i && pairs[x] < 0 {
					see(x, d.Name, oldAt)
				}
			}
		} else {
			for _, d := range sd.newEdges[i] {
				if x, ok := sd.newAt.at(d.hash); ok && x != i && !taken[x] {
					see(x, d.name, newAt)
				}
			}
		}
		return l
	}
	// sigs are the members' keys: name, edges to the others of l and
	// edges from them; ok is false past the budget. It clears the marks
	// of l.
	sigs := func(l []member, old bool, into []string) ([]string, bool) {
		into = into[:0]
		at := newAt
		if old {
			at = oldAt
		}
		defer func() {
			for _, m := range l {
				at[m.at] = 0
			}
		}()
		outs, ins := make([]int, len(l)), make([]int, len(l))
		// A list past the budget is passed by (not the whole round):
		// the pairs upwards go on, each costing its users.
		if len(l) > 1 {
			cost := 0
			for _, m := range l {
				if old {
					cost += len(sd.oldNodes[m.at].Deps())
				} else {
					cost += len(sd.newEdges[m.at])
				}
			}
			if cost > budget {
				return nil, false
			}
		}
		if len(l) > 1 {
			for a, m := range l {
				var n int
				if old {
					n = len(sd.oldNodes[m.at].Deps())
				} else {
					n = len(sd.newEdges[m.at])
				}
				if budget -= n; budget < 0 {
					return nil, false
				}
				to := func(x int, ok bool) {
					if ok && at[x] > 0 && int(at[x]-1) != a {
						outs[a]++
						ins[at[x]-1]++
					}
				}
				if old {
					for _, d := range sd.oldNodes[m.at].Deps() {
						to(c.inClass(d.Hash))
					}
				} else {
					for _, d := range sd.newEdges[m.at] {
						x, ok := sd.newAt.at(d.hash)
						to(x, ok)
					}
				}
			}
		}
		for a, m := range l {
			into = append(into, m.name+"\x00"+strconv.Itoa(outs[a])+"\x00"+strconv.Itoa(ins[a]))
		}
		return into, true
	}
	// oldN counts each key among the old members; newN, among the new,
	// with the last new member of it.
	oldN, newN := map[string]int{}, map[string][2]int{}
	toNew, toOld := map[int]int{}, map[int]int{}
	var made []int
	var ol, nl []member
	var os, ns []string
	add := make([]int, len(wants))
	for len(front) > 0 {
		clear(toNew)
		clear(toOld)
		var props [][2]int
		upO, upN := map[int64][2]int{}, map[int64][2]int{}
		propose := func(k, n int) {
			for _, x := range [][3]int{{0, k, n}, {1, n, k}} {
				to := []map[int]int{toNew, toOld}[x[0]]
				if y, ok := to[x[1]]; ok && y != x[2] {
					to[x[1]] = -1
				} else if !ok {
					to[x[1]] = x[2]
				}
			}
			props = append(props, [2]int{k, n})
		}
		for _, i := range front {
			// Upwards too: o's users in the class not paired and n's
			// not taken, each by its group and its number of edges out
			// of the class; one of a key each side pair. Past a hub's
			// pair (over thousands of its users) the chain's specs
			// paired only downwards, each listing the hubs, and the
			// hubs the chain; upwards each pair passes its users once.
			{
				for _, x := range sd.oldUp[i] {
					if u := int(x); pairs[u] < 0 {
						k := int64(c.groupOf(u, true))<<32 | int64(sd.oldOut[u])
						if e, ok := upO[k]; !ok {
							upO[k] = [2]int{1, u}
						} else if e[1] != u {
							upO[k] = [2]int{2, u}
						}
					}
				}
				for _, x := range sd.newUp[pairs[i]] {
					if u := int(x); !taken[u] {
						k := int64(c.groupOf(u, false))<<32 | int64(len(sd.newOuter[u]))
						if e, ok := upN[k]; !ok {
							upN[k] = [2]int{1, u}
						} else if e[1] != u {
							upN[k] = [2]int{2, u}
						}
					}
				}
				for _, x := range sd.oldUp[i] {
					u := int(x)
					k := int64(c.groupOf(u, true))<<32 | int64(sd.oldOut[u])
					if e, f := upO[k], upN[k]; e[0] == 1 && e[1] == u && f[0] == 1 && pairs[u] < 0 {
						propose(u, f[1])
						upO[k] = [2]int{2, u} // once
					}
				}
				// Each key deleted (a map cleared costs all it ever
				// held, each pair again).
				for _, x := range sd.oldUp[i] {
					delete(upO, int64(c.groupOf(int(x), true))<<32|int64(sd.oldOut[x]))
				}
				for _, x := range sd.newUp[pairs[i]] {
					delete(upN, int64(c.groupOf(int(x), false))<<32|int64(len(sd.newOuter[x])))
				}
			}
			if ol = down(i, true, ol); len(ol) == 0 {
				continue
			}
			if nl = down(pairs[i], false, nl); len(nl) == 0 {
				for _, m := range ol {
					oldAt[m.at] = 0
				}
				continue
			}
			var ok bool
			if os, ok = sigs(ol, true, os); !ok {
				for _, m := range nl {
					newAt[m.at] = 0
				}
				continue
			}
			if ns, ok = sigs(nl, false, ns); !ok {
				continue
			}
			clear(oldN)
			clear(newN)
			for _, sa := range os {
				oldN[sa]++
			}
			for b, sb := range ns {
				newN[sb] = [2]int{newN[sb][0] + 1, b}
			}
			for a, sa := range os {
				// sa must be the key of one old member and one new.
				if oldN[sa] != 1 || newN[sa][0] != 1 {
					continue
				}
				m := newN[sa][1]
				k, n := ol[a].at, nl[m].at
				if c.groupOf(k, true) != c.groupOf(n, false) {
					continue
				}
				propose(k, n)
			}
		}
		clear(add)
		made = made[:0]
		for _, p := range props {
			if k, m := p[0], p[1]; toNew[k] == m && toOld[m] == k && pairs[k] < 0 && !taken[m] {
				toNew[k] = -1 // once
				add[c.groupOf(k, true)]++
				made = append(made, k, m)
			}
		}
		front = front[:0]
		for g := range add {
			if madeOf[g]+add[g] > wants[g] {
				add[g] = -1 // past what the group keeps: none of it
			}
		}
		for x := 0; x < len(made); x += 2 {
			// A sub with its pairs (mergeBySide) takes none more.
			if add[c.groupOf(made[x], true)] < 0 || taken[made[x+1]] || full(made[x]) {
				continue
			}
			pair(made[x], made[x+1])
			front = append(front, made[x])
		}
	}
	return budget
}

// selfHash stands for the spec's own hash in its edges: a spec over
// itself (a cycle, bad input) is over its pair.
const selfHash = "\x01"

// seeder pairs the start of a cycle of a class's old specs (depOrder)
// with a new spec: the new spec of its color when no other spec of
// either side has that color (colors), else, among the new specs of its
// color while one is not taken (else among all), the first of
//   - the new specs over the pair of a dependency of it in the class,
//     the most edges in common first;
//   - those of the same edges out of the class (its dependencies of other
//     classes taken to their pairs, a spec over itself over its pair),
//     when it has some;
//   - those of as many such edges, the most in common first;
//   - those of none, when it has none;
//   - the first new spec not taken.
//
// Each is looked up, not searched (at most budget candidates scored over
// the class), so that a class of N specs in many cycles costs N, not N².
// rank says how sure the pair of an old spec would be by the edges out
// of the class, for depOrder to start a cycle at the surest.
type seeder struct {
	c        *edgeClass
	oldNodes []*GraphNode
	newEdges [][]dep
	tr       func(string) string
	made     bool
	newAt    specIndex // the new specs by hash (the class's new specs as a set too)
	newOuter [][]dep
	newInner []int // each new spec's edges in the class
	byOuter  map[string][]int
	byShape  map[shape][]int
	users    map[string][]int // the new specs over a new spec, by its hash
	news     [][]int          // each group's new specs
	first    []int            // each group's news before it are all taken
	// freeQ are byOuter's lists as a start none of whose dependencies
	// is paired takes them (seed: those over a spec taken passed).
	freeQ map[string][]int
	// The new specs' cycles in the class (seed: a free start takes a
	// spec of none with a spec taken): each new spec's, its specs, and
	// whether one of them is known taken. Made the first time a free
	// start is seeded.
	newComp  []int32
	compOf   [][]int32
	compUsed []bool
	// The old specs' edges out of the class (rank): each's key and
	// length, and how many have each. Keys and shapes are of a group
	// (edgeClass.tag): a joint class's specs pair inside their group.
	oldKeys  []string
	oldLens  []int
	oldByKey map[string]int
	oldByLen map[shape]int
	// oldOuter is each old spec's edges out of the class (outer).
	oldOuter [][]dep
	// color is each spec's color (colors), old spec i at i and new spec
	// j after the old ones; colorN, how many old and new specs have each.
	color  []int32
	colorN map[int32][2]int32
	colorJ map[int32]int // the new spec of a color of one
	// ucolor are the colors refined by the users in the class too, and
	// ucolorN and ucolorJ as colorN and colorJ of them.
	ucolor  []int32
	ucolorN map[int32][2]int32
	ucolorJ map[int32]int
	// byEdgesU and byEdgesK are the new specs by their edges' key and
	// ucolor, and color (usersPair), made the first time.
	byEdgesU, byEdgesK map[string][]int
	// colorQ are the new specs of each color, in order, those before
	// the first not taken passed (seed).
	colorQ map[int32][]int
	// byOuterC and byShapeC are byOuter and byShape within a color
	// (keys suffixed by it; a shape's group is the color).
	byOuterC map[string][]int
	byShapeC map[shape][]int
	// downOld and downNew mark the members of pairDown's lists.
	downOld, downNew []int32
	// oldUp and newUp are each spec's users in the class, oldOut each
	// old spec's number of edges out of it (pairDown).
	oldUp, newUp [][]int32
	oldOut       []int32
	// newCyc is newCyclic's answer: 0 not found yet, 1 no, 2 yes.
	newCyc int8
}

// shape is a group's number of edges out of the class.
type shape struct {
	group int32
	n     int
}

func (s *seeder) init() {
	if s.made {
		return
	}
	s.made = true
	c := s.c
	s.newAt = newSpecIndex(c.news)
	s.newOuter = make([][]dep, len(c.news))
	s.newInner = make([]int, len(c.news))
	s.byOuter, s.byShape, s.users = map[string][]int{}, map[shape][]int{}, map[string][]int{}
	s.freeQ = map[string][]int{}
	groups := 1
	if c.wants != nil {
		groups = len(c.wants)
	}
	s.first, s.news = make([]int, groups), make([][]int, groups)
	for j, l := range s.newEdges {
		g := c.groupOf(j, false)
		s.news[g] = append(s.news[g], j)
		tag := c.tag(g)
		var out []dep
		for _, d := range l {
			if _, in := s.newAt.at(d.hash); in {
				if u := s.users[tag+d.hash]; len(u) == 0 || u[len(u)-1] != j {
					s.users[tag+d.hash] = append(u, j)
				}
			} else if d.hash != selfHash {
				out = append(out, d)
			}
		}
		s.newOuter[j] = out
		s.newInner[j] = len(l) - len(out)
	}
	// An edge out of the class of one side alone to a dependency both
	// snapshots have (a spec of a cycle gaining or losing an edge to
	// another package) tells nothing of the spec's pair: with it the
	// spec was ranked and seeded by it, and colored apart from every
	// spec of the other side, and the cycle, seeded in hash order,
	// crossed ("same@1 added" and "removed" made up). An edge to a
	// dependency one side alone has (zlib swapped for zlib-ng) stays.
	s.oldOuter = make([][]dep, len(c.olds))
	oldOut, newOut := map[dep]bool{}, map[dep]bool{}
	for i, n := range s.oldNodes {
		for _, d := range n.Deps() {
			if _, in := c.inClass(d.Hash); !in {
				t := s.tr(d.Hash)
				if t == "" {
					t = "\x00" + d.Hash
				}
				s.oldOuter[i] = append(s.oldOuter[i], dep{name: d.Name, hash: t})
				oldOut[dep{name: d.Name, hash: t}] = true
			}
		}
	}
	for _, out := range s.newOuter {
		for _, d := range out {
			newOut[dep{name: d.name, hash: d.hash}] = true
		}
	}
	for i, l := range s.oldOuter {
		l = slices.DeleteFunc(l, func(d dep) bool {
			return !newOut[d] && !strings.HasPrefix(d.hash, "\x00")
		})
		slices.SortFunc(l, compareDeps)
		s.oldOuter[i] = l
	}
	for j, out := range s.newOuter {
		if c.known != nil {
			out = slices.DeleteFunc(out, func(d dep) bool {
				return !oldOut[dep{name: d.name, hash: d.hash}] && c.known(d.hash)
			})
		}
		s.newOuter[j] = out
		g := c.groupOf(j, false)
		k := c.tag(g) + depsKey(out)
		s.byOuter[k] = append(s.byOuter[k], j)
		s.byShape[shape{g, len(out)}] = append(s.byShape[shape{g, len(out)}], j)
	}
}

// newCycles is each new spec's cycle of the class's new specs (a
// strongly connected component of more than one), -1 for none; made
// once.
func (s *seeder) newCycles() []int32 {
	if s.newComp != nil {
		return s.newComp
	}
	s.newComp = make([]int32, len(s.newEdges))
	for i := range s.newComp {
		s.newComp[i] = -1
	}
	scc.Components(len(s.newEdges), nil, func(dst []int32, u int32) []int32 {
		for _, d := range s.newEdges[u] {
			if x, ok := s.newAt.at(d.hash); ok && x != int(u) {
				dst = append(dst, int32(x))
			}
		}
		return dst
	}, func(comp []int32, _ bool) {
		if len(comp) < 2 {
			return
		}
		for _, u := range comp {
			s.newComp[u] = int32(len(s.compOf))
		}
		s.compOf = append(s.compOf, slices.Clone(comp))
	})
	s.compUsed = make([]bool, len(s.compOf))
	return s.newComp
}

// outer is the edges of old spec i out of the class, each taken to its
// pair (as resolve's), sorted, but one of the old side alone to a
// dependency both snapshots have (init); one to itself is in the class.
func (s *seeder) outer(i int) []dep {
	s.init()
	return slices.Clip(s.oldOuter[i])
}

// rank is how sure the pair of old spec i is by its edges: -1 when its
// color is its own and one new spec's (alone); by its edges out of the
// class, 0 when no other old spec and one new spec have the same, 1
// when no other old spec and one new spec have as many, 2 when some
// new spec has the same, 3 when it has some and a new spec as many,
// else 4. Several cycles alike (two rings, each over a zlib swapped)
// have their spec over zlib tied with other old specs, and none of its
// new spec's: ranked with the specs of no edges out (3), a ring started
// at the one of them first in order, which paired with the first new
// spec of none, a place around its ring, and every pair crossed.
func (s *seeder) rank(i int) int {
	s.init()
	if s.oldKeys == nil {
		s.oldKeys = make([]string, len(s.c.olds))
		s.oldLens = make([]int, len(s.c.olds))
		s.oldByKey, s.oldByLen = map[string]int{}, map[shape]int{}
		for k := range s.c.olds {
			o := s.outer(k)
			g := s.c.groupOf(k, true)
			s.oldKeys[k], s.oldLens[k] = s.c.tag(g)+depsKey(o), len(o)
			s.oldByKey[s.oldKeys[k]]++
			s.oldByLen[shape{g, len(o)}]++
		}
	}
	key, n := s.oldKeys[i], shape{s.c.groupOf(i, true), s.oldLens[i]}
	switch {
	case s.alone(i) >= 0:
		return -1
	case n.n == 0:
		return 4
	case s.oldByKey[key] == 1 && len(s.byOuter[key]) == 1:
		return 0
	case s.oldByLen[n] == 1 && len(s.byShape[n]) == 1:
		return 1
	case len(s.byOuter[key]) > 0:
		return 2
	case len(s.byShape[n]) > 0:
		return 3
	}
	return 4
}

// seed is the new spec old spec i (of edges edges, as resolve takes
// them) pairs with as a cycle's start, -1 for none, and the budget left.
func (s *seeder) seed(i int, edges []dep, pairs []int, taken []bool, budget int) (int, int) {
	s.init()
	c := s.c
	if j := s.alone(i); j >= 0 && !taken[j] {
		return j, budget
	}
	// kin says new spec n is of i's color, or no new spec not taken is:
	// a spec pairs within its color while it can.
	col := s.color[i]
	cq := s.colorQ[col]
	for len(cq) > 0 && taken[cq[0]] {
		cq = cq[1:]
	}
	s.colorQ[col] = cq
	kin := func(n int) bool { return len(cq) == 0 || s.color[len(c.olds)+n] == col }
	// free says no dependency of i in the class is paired (the start of
	// a cycle none of whose specs is paired yet): its pair is over no
	// new spec taken, as none of its dependencies' pairs is. Such a
	// start over nothing out of the class took the first new spec over
	// nothing out of it, in hash order: among many 2-cycles, the spec
	// over the pair of another cycle's start, whose own pair it was.
	free := true
	for _, d := range s.oldNodes[i].Deps() {
		if k, ok := c.inClass(d.Hash); ok && k != i && pairs[k] >= 0 {
			free = false
			break
		}
	}
	fits := func(n int) bool {
		for _, d := range s.newEdges[n] {
			if x, ok := s.newAt.at(d.hash); ok && x != n && taken[x] {
				return false
			}
		}
		// Nor a spec of a cycle with a spec taken: among rings of three
		// alike, one over a swapped zlib, a ring's free start took the
		// new spec two places from the one over zlib-ng, paired by the
		// other ring's start, and both rings crossed.
		k := s.newCycles()[n]
		if k < 0 {
			return true
		}
		if !s.compUsed[k] {
			for _, x := range s.compOf[k] {
				if taken[x] {
					s.compUsed[k] = true
					break
				}
			}
		}
		return !s.compUsed[k]
	}
	// best is the untaken of m[key] (trimmed in place) with the most of
	// a in common (b: their edges), of ties the most by look, then by
	// tie, the first of them without a or past the budget.
	best := func(m map[string][]int, key string, a []dep, b [][]dep, look, tie func(n int) int) int {
		q := m[key]
		for len(q) > 0 && taken[q[0]] {
			q = q[1:]
		}
		m[key] = q
		if a == nil && len(q) > 0 {
			if !free {
				return q[0]
			}
			// The free starts' own queue of key, trimmed in place: a
			// spec over a spec taken never fits one again (taken is
			// for good), so each is passed once.
			fq, ok := s.freeQ[key]
			if !ok {
				fq = slices.Clone(q)
			}
			for len(fq) > 0 && (taken[fq[0]] || !fits(fq[0])) {
				fq = fq[1:]
			}
			s.freeQ[key] = fq
			if len(fq) > 0 && look != nil {
				// The nearest that fits (look), the first of ties,
				// each scored within the budget.
				j, top := fq[0], look(fq[0])
				for _, n := range fq[1:] {
					if top == 0 || budget <= 0 {
						break
					}
					budget--
					if taken[n] || !fits(n) {
						continue
					}
					if lk := look(n); lk > top {
						j, top = n, lk
					}
				}
				return j
			}
			if len(fq) > 0 {
				return fq[0]
			}
			return q[0]
		}
		j, top, topLook, topTie := -1, -1, -1, 0
		for _, n := range q {
			if taken[n] {
				continue
			}
			if budget <= 0 {
				if j < 0 && kin(n) {
					j = n
				}
				break
			}
			budget--
			if !kin(n) {
				continue
			}
			if free && !fits(n) {
				if j < 0 {
					j = n // none fits: the first, as before
				}
				continue
			}
			sc, lk, tn := common(a, b[n]), 0, 0
			if look != nil && sc >= top {
				lk = look(n)
			}
			if tie != nil && (sc > top || sc == top && lk >= topLook) {
				tn = tie(n)
			}
			if sc > top || sc == top && (lk > topLook || lk == topLook && tn > topTie) {
				j, top, topLook, topTie = n, sc, lk, tn
			}
		}
		return j
	}
	// look weighs new spec n as old spec i's pair a step further (ties
	// of the edges in common, which a spec over two of the cycle has
	// after its start: which of the two won went by hash order): how
	// many of the edges of n's dependencies in the class not taken lead
	// to the pairs of the edges of i's dependencies in the class not
	// paired (far, each's paired dependencies in the class).
	var far map[string]bool
	look := func(n int) int {
		if far == nil {
			far = map[string]bool{}
			for _, d := range s.oldNodes[i].Deps() {
				if k, ok := c.inClass(d.Hash); ok && k != i && pairs[k] < 0 {
					for _, e := range s.oldNodes[k].Deps() {
						if budget--; budget < 0 {
							break
						}
						if x, ok := c.inClass(e.Hash); ok && pairs[x] >= 0 {
							far[c.news[pairs[x]].Hash] = true
						}
					}
				}
			}
		}
		w := 0
		if len(far) == 0 {
			return w
		}
		for _, d := range s.newEdges[n] {
			if x, ok := s.newAt.at(d.hash); ok && !taken[x] {
				for _, e := range s.newEdges[x] {
					if budget--; budget < 0 {
						return w
					}
					if far[e.hash] {
						w++
					}
				}
			}
		}
		return w
	}
	// Of as many edges in common, one of as many edges in the class
	// first (near, 0 for as many): two hubs over zlib, each over a chain
	// of its users, one chain a spec longer, and the old hub took either
	// new one by hash order. Among the users of a dependency's pair too,
	// after look: a hub over a chain of its users, the chain's bottom
	// over the hub in the new snapshot alone, took the spec above its
	// pair's start (as many edges in common, as far) by hash order.
	inner := -1
	near := func(n int) int {
		if inner < 0 {
			inner = 0
			for _, d := range s.oldNodes[i].Deps() {
				if _, ok := c.inClass(d.Hash); ok {
					inner++
				}
			}
		}
		d := inner - s.newInner[n]
		return -max(d, -d)
	}
	g := c.groupOf(i, true)
	tag := c.tag(g)
	for _, d := range s.oldNodes[i].Deps() {
		if k, ok := c.inClass(d.Hash); ok && k != i && pairs[k] >= 0 {
			if j := best(s.users, tag+c.news[pairs[k]].Hash, edges, s.newEdges, look, near); j >= 0 {
				return j, budget
			}
			break
		}
	}
	o := s.outer(i)
	key := tag + depsKey(o)
	sh := shape{g, len(o)}
	byOuter, byShape := s.byOuter, s.byShape
	if len(cq) > 0 { // the queues of i's color
		key += "\x04" + strconv.Itoa(int(col))
		sh = shape{col, len(o)}
		byOuter, byShape = s.byOuterC, s.byShapeC
	}
	if len(o) > 0 {
		if j := best(byOuter, key, nil, s.newOuter, near, nil); j >= 0 {
			return j, budget
		}
		m := map[string][]int{"": byShape[sh]}
		j := best(m, "", o, s.newOuter, near, nil)
		byShape[sh] = m[""]
		if j >= 0 {
			return j, budget
		}
	} else if j := best(byOuter, key, nil, s.newOuter, near, nil); j >= 0 {
		return j, budget
	}
	if len(cq) > 0 {
		return cq[0], budget
	}
	f, l := &s.first[g], s.news[g]
	for *f < len(l) && taken[l[*f]] {
		*f++
	}
	if *f < len(l) {
		return l[*f], budget
	}
	return -1, budget
}

// maxRefine is the most rounds colors refines the specs' colors in.
const maxRefine = 64

// alone is the new spec of old spec i's color when no other old spec
// and no other new spec has it, else -1.
func (s *seeder) alone(i int) int {
	col := s.colors()[i]
	if n := s.colorN[col]; n[0] == 1 && n[1] == 1 {
		return s.colorJ[col]
	}
	if n := s.ucolorN[s.ucolor[i]]; n[0] == 1 && n[1] == 1 {
		return s.ucolorJ[s.ucolor[i]]
	}
	return -1
}

// kin is how near new spec j is to old spec i by their colors: 2 of
// one ucolor, 1 of one color, else 0 (pairInner's tie-break, in a class
// with a cycle: a spec of a ring over zlib and one over the ring, both
// over the ring's spec paired and zlib, took either by hash order).
func (s *seeder) kin(i, j int) int {
	col := s.colors()
	switch u := len(s.c.olds) + j; {
	case s.ucolor[u] == s.ucolor[i]:
		return 2
	case col[u] == col[i]:
		return 1
	}
	return 0
}

// newCyclic says the class's new specs form a cycle (bad input), found
// once. It makes nothing else of the seeder (init): acyclic input asks
// it only.
func (s *seeder) newCyclic() bool {
	if s.newCyc == 0 {
		s.newCyc = 1
		at := make(map[string]int32, len(s.c.news))
		for j, n := range s.c.news {
			at[n.Hash] = int32(j)
		}
		scc.Components(len(s.newEdges), nil, func(dst []int32, u int32) []int32 {
			for _, d := range s.newEdges[u] {
				if x, ok := at[d.hash]; ok && x != u {
					dst = append(dst, x)
				}
			}
			return dst
		}, func(comp []int32, _ bool) {
			if len(comp) > 1 {
				s.newCyc = 2
			}
		})
	}
	return s.newCyc == 2
}

// guessed says the exact pair sameUsers would take for old spec i among
// l is a guess: neither one spec of l not taken of i's ucolor nor one
// spec of l not taken at all.
func (s *seeder) guessed(i int, l []int, taken []bool) bool {
	s.colors()
	u, free, kin := s.ucolor[i], 0, 0
	// No new spec of i's ucolor: two not taken make a guess (the scan
	// stops there, as sameUsers's at its spec).
	none := s.ucolorN[u][1] == 0
	for _, j := range l {
		if taken[j] {
			continue
		}
		if free++; none && free > 1 {
			return true
		}
		if !none && s.ucolor[len(s.c.olds)+j] == u {
			if kin++; kin > 1 {
				return true
			}
		}
	}
	return kin == 0 && free > 1
}

// sameUsers is the first new spec of l not taken of old spec i's
// ucolor, or l's first not taken: among new specs of one color and of
// i's edges, the one its users in the class tell to be its.
func (s *seeder) sameUsers(i int, l []int, taken []bool) int {
	s.colors()
	for _, j := range l {
		if !taken[j] && s.ucolor[len(s.c.olds)+j] == s.ucolor[i] {
			return j
		}
	}
	for _, j := range l {
		if !taken[j] {
			return j
		}
	}
	return -1
}

// usersPair is the first new spec not taken whose edges' key is k
// (resolve's byEdges) and whose ucolor is old spec i's (refined), or
// whose color is (not refined: the users out of the class alone, a
// user of one side changing no ucolor through the class), or -1: the
// new specs of each key and color in order, made the first time, each
// list's taken ones passed once.
func (s *seeder) usersPair(k string, i int, taken []bool, refined bool) int {
	s.colors()
	no := len(s.c.olds)
	col, by := s.color, &s.byEdgesK
	if refined {
		col, by = s.ucolor, &s.byEdgesU
	}
	if *by == nil {
		*by = make(map[string][]int, len(s.newEdges))
		for j, m := range s.newEdges {
			ku := s.c.tag(s.c.groupOf(j, false)) + depsKey(m) + "\x04" + strconv.Itoa(int(col[no+j]))
			(*by)[ku] = append((*by)[ku], j)
		}
	}
	ku := k + "\x04" + strconv.Itoa(int(col[i]))
	q := (*by)[ku]
	for len(q) > 0 && taken[q[0]] {
		q = q[1:]
	}
	(*by)[ku] = q
	if len(q) == 0 {
		return -1
	}
	return q[0]
}

// colors refines the class's old and new specs together by their edges
// (colour refinement): a spec's first color is its group and its edges
// out of the class that both sides have (an old one taken to its pair),
// with how many others it has (a zlib swapped for zlib-ng is one other
// each side), the specs of no class over it (taken to their pairs)
// and those of another class (by name and number of dependencies),
// and the size of its cycle (rings over nothing out of the class are
// alike spec for spec whatever their lengths); each round, a spec's color becomes its color and its
// edges in the class, each by name and its end's color, until no color
// splits or maxRefine rounds. Specs of different colors are told apart
// by their edges, whatever their hashes: a spec whose color no other
// spec of its side has, and one spec of the other side, pairs with that
// one (alone), where the seeder went by hash order among specs alike
// within a few steps (a ring of specs each over the next three, rings
// of several lengths each over the swapped zlib, and the pairs crossed).
// Rounds cost the class's edges, without allocating.
func (s *seeder) colors() []int32 {
	if s.color != nil {
		return s.color
	}
	s.init()
	c := s.c
	no, nn := len(c.olds), len(c.news)
	v := no + nn
	names := map[string]int64{}
	nameID := func(n string) int64 {
		id, ok := names[n]
		if !ok {
			id = int64(len(names)) + 1
			names[n] = id
		}
		return id
	}
	// Each spec's edges in the class: its name, and its end (-1: itself).
	type inEdge struct {
		name int64
		to   int32
	}
	off := make([]int32, v+1)
	var edges []inEdge
	for i := range no {
		for _, d := range s.oldNodes[i].Deps() {
			if k, ok := c.inClass(d.Hash); ok {
				to := int32(k)
				if k == i {
					to = -1
				}
				edges = append(edges, inEdge{nameID(d.Name), to})
			}
		}
		off[i+1] = int32(len(edges))
	}
	for j := range nn {
		for _, d := range s.newEdges[j] {
			if d.hash == selfHash {
				edges = append(edges, inEdge{nameID(d.name), -1})
			} else if x, ok := s.newAt.at(d.hash); ok {
				edges = append(edges, inEdge{nameID(d.name), int32(no + x)})
			}
		}
		off[no+j+1] = int32(len(edges))
	}
	// The size of each spec's cycle of its side's specs (1: none), so
	// that rings of several lengths, alike spec for spec, are apart.
	// Its height and depth among them too (the longest path down to a
	// spec over none of them, and up to one under none, a cycle's specs
	// as one), where the refined colors (ucolor) start, so that chains
	// of several lengths, alike spec for spec but for how far each is
	// from an end, are apart from the first round: refined from the
	// ends, two bare chains of 70 and 71 specs were alike after
	// maxRefine rounds, and crossed by hash order. The colors themselves
	// leave them out: a spec whose side gained or lost an edge would
	// have no spec of its color on the other side.
	cycle := make([]int, v)
	height, depth := make([]int32, v), make([]int32, v)
	compOf := make([]int32, v)
	for u := range compOf {
		compOf[u] = -1
	}
	byComp := make([]int32, 0, v) // the specs, a component after its dependencies'
	var compEnd []int32
	scc.Components(v, nil, func(dst []int32, u int32) []int32 {
		for _, e := range edges[off[u]:off[u+1]] {
			if e.to >= 0 {
				dst = append(dst, e.to)
			}
		}
		return dst
	}, func(comp []int32, _ bool) {
		id := int32(len(compEnd))
		for _, u := range comp {
			compOf[u] = id
		}
		h := int32(0)
		for _, u := range comp {
			for _, e := range edges[off[u]:off[u+1]] {
				if e.to >= 0 && compOf[e.to] != id {
					h = max(h, height[e.to]+1)
				}
			}
		}
		for _, u := range comp {
			cycle[u], height[u] = len(comp), h
			byComp = append(byComp, u)
		}
		compEnd = append(compEnd, int32(len(byComp)))
	})
	for k := len(compEnd) - 1; k >= 0; k-- {
		from := int32(0)
		if k > 0 {
			from = compEnd[k-1]
		}
		comp := byComp[from:compEnd[k]]
		d := int32(0)
		for _, u := range comp {
			d = max(d, depth[u])
		}
		for _, u := range comp {
			depth[u] = d
			for _, e := range edges[off[u]:off[u+1]] {
				if e.to >= 0 && compOf[e.to] != int32(k) {
					depth[e.to] = max(depth[e.to], d+1)
				}
			}
		}
	}
	// The first colors: the edges out of the class, and the specs over
	// the spec out of its class (a package over one spec of a free ring
	// tells it from the others), each taken to its pair, or of another
	// class, not paired yet, told by its name and dependencies' number.
	var ups [2]map[string][]outsideUser
	if c.outside != nil {
		ups = c.outside()
	}
	withUsers := func(l []dep, side int, h string) []dep {
		for _, u := range ups[side][h] {
			t := u.n.Hash()
			switch {
			case u.inClass:
				// Its pair is not known yet (not the pair in hash
				// order): it is told by its name and its edges, each
				// by its pair where that is sure (userKey).
				if c.userKey != nil {
					t = c.userKey(side, u.n)
				} else {
					t = "\x06" + strconv.Itoa(len(u.n.Deps()))
				}
			case side == 0:
				if t = s.tr(t); t == "" {
					t = "\x00" + u.n.Hash()
				}
			}
			l = append(l, dep{name: "\x05" + u.n.Name, hash: t})
		}
		return l
	}
	olds := make([][]dep, no)
	news := make([][]dep, nn)
	inOld, inNew := map[dep]bool{}, map[dep]bool{}
	for i := range no {
		olds[i] = withUsers(s.outer(i), 0, c.olds[i].Hash)
		for _, d := range olds[i] {
			inOld[d] = true
		}
	}
	for j := range nn {
		news[j] = withUsers(slices.Clip(s.newOuter[j]), 1, c.news[j].Hash)
		for _, d := range news[j] {
			inNew[d] = true
		}
	}
	first := map[string]int32{}
	color := make([]int32, v)
	key := func(g int32, l []dep, both map[dep]bool, cycle int) int32 {
		var keep []dep
		others := 0
		for _, d := range l {
			if both[d] {
				keep = append(keep, d)
			} else {
				others++
			}
		}
		slices.SortFunc(keep, compareDeps)
		k := c.tag(g) + depsKey(keep) + "\x03" + strconv.Itoa(others) + "\x03" + strconv.Itoa(cycle)
		col, ok := first[k]
		if !ok {
			col = int32(len(first))
			first[k] = col
		}
		return col
	}
	for i := range no {
		color[i] = key(c.groupOf(i, true), olds[i], inNew, cycle[i])
	}
	for j := range nn {
		color[no+j] = key(c.groupOf(j, false), news[j], inOld, cycle[no+j])
	}
	// Rounds: each spec's signature is its color then its edges in the
	// class (name and end's color, sorted), and with users its users in
	// the class too (name and user's color); equal signatures, one color.
	var users []inEdge
	var roff []int32
	sig := make([]int64, 0, v+len(edges))
	sigOff := make([]int32, v+1)
	idx := make([]int32, v)
	of := func(u int32) []int64 { return sig[sigOff[u]:sigOff[u+1]] }
	refine := func(color []int32, count int, withUsers bool) []int32 {
		next := make([]int32, v)
		for range maxRefine {
			sig = sig[:0]
			for u := range v {
				sig = append(sig, int64(color[u]))
				from := len(sig)
				for _, e := range edges[off[u]:off[u+1]] {
					end := int64(0)
					if e.to >= 0 {
						end = int64(color[e.to]) + 1
					}
					sig = append(sig, e.name<<32|end)
				}
				if withUsers {
					for _, e := range users[roff[u]:roff[u+1]] {
						sig = append(sig, 1<<62|e.name<<32|int64(color[e.to]))
					}
				}
				slices.Sort(sig[from:])
				sigOff[u+1] = int32(len(sig))
			}
			for u := range idx {
				idx[u] = int32(u)
			}
			slices.SortFunc(idx, func(a, b int32) int { return slices.Compare(of(a), of(b)) })
			n := int32(0)
			for k, u := range idx {
				if k > 0 && !slices.Equal(of(idx[k-1]), of(u)) {
					n++
				}
				next[u] = n
			}
			color, next = next, color
			if int(n)+1 == count {
				break
			}
			count = int(n) + 1
		}
		return color
	}
	color = refine(color, len(first), false)
	// The colors refined by the specs' users in the class as well
	// (ucolor): they only choose among specs of one color (seed's alone,
	// resolve's exact pairs), as a new spec over a ring's spec, gone
	// from the old side, would tell the ring's specs from their pairs.
	roff = make([]int32, v+1)
	for _, e := range edges {
		if e.to >= 0 {
			roff[e.to+1]++
		}
	}
	for u := range v {
		roff[u+1] += roff[u]
	}
	users = make([]inEdge, roff[v])
	at := slices.Clone(roff[:v])
	for u := range v {
		for _, e := range edges[off[u]:off[u+1]] {
			if e.to >= 0 {
				users[at[e.to]] = inEdge{e.name, int32(u)}
				at[e.to]++
			}
		}
	}
	// The refined colors start from the colors, the heights and the
	// depths (above), and each spec's key (structKeys) where specs of
	// both sides have it (match: the key's number, 0 for none): a new
	// spec whose graph is the old spec's all round, eight steps out,
	// comes first among its color's. Leaves alike but for their users'
	// users, whose keys of the new graph all differed from the old's
	// (a spec there gained a user), went by each side's order of keys,
	// one way on the old side and the other on the new, and crossed
	// (TestPairsKeepEdgesOneLeftOver). A key of one side alone tells
	// nothing: every spec near a change has one.
	start := make([]int32, v)
	firstU := map[[4]int32]int32{}
	match := make([]int32, v)
	if c.oldKey != nil {
		keyAt := make(map[uint64]int32, no)
		for _, k := range c.oldKey {
			keyAt[k] = 0
		}
		n := int32(0)
		for _, k := range c.newKey {
			if x, ok := keyAt[k]; ok && x == 0 {
				n++
				keyAt[k] = n
			}
		}
		for i, k := range c.oldKey {
			match[i] = keyAt[k]
		}
		for j, k := range c.newKey {
			match[no+j] = keyAt[k]
		}
	}
	for u, col := range color {
		k := [4]int32{col, height[u], depth[u], match[u]}
		x, ok := firstU[k]
		if !ok {
			x = int32(len(firstU))
			firstU[k] = x
		}
		start[u] = x
	}
	s.ucolor = refine(start, len(firstU), true)
	s.ucolorN, s.ucolorJ = map[int32][2]int32{}, map[int32]int{}
	for u, col := range s.ucolor {
		n := s.ucolorN[col]
		if u < no {
			n[0]++
		} else {
			n[1]++
			s.ucolorJ[col] = u - no
		}
		s.ucolorN[col] = n
	}
	s.color = color
	s.colorN, s.colorJ, s.colorQ = map[int32][2]int32{}, map[int32]int{}, map[int32][]int{}
	for u, col := range color {
		n := s.colorN[col]
		if u < no {
			n[0]++
		} else {
			n[1]++
			s.colorJ[col] = u - no
			s.colorQ[col] = append(s.colorQ[col], u-no)
		}
		s.colorN[col] = n
	}
	s.byOuterC, s.byShapeC = map[string][]int{}, map[shape][]int{}
	for j, out := range s.newOuter {
		col := color[no+j]
		k := c.tag(c.groupOf(j, false)) + depsKey(out) + "\x04" + strconv.Itoa(int(col))
		s.byOuterC[k] = append(s.byOuterC[k], j)
		s.byShapeC[shape{col, len(out)}] = append(s.byShapeC[shape{col, len(out)}], j)
	}
	return color
}

// inClass is the place among the class's old specs of the old spec of
// hash h, if it is one (depOrder indexes them).
func (c *edgeClass) inClass(h string) (int, bool) {
	return c.at.at(h)
}

// depOrder is the order resolve visits the class's old specs in (nodes
// are their graph nodes): each after its dependencies in the class
// (Kahn's order, ties in the class's order). A cycle's specs (bad input)
// cannot all come after theirs: when none is ready, one of the first
// cycle (dependencies first) with specs not visited starts it (start):
// one whose dependencies in the class were partly visited, first in the
// order they were, else the one of least rank (resolve's: how sure its
// pair is), then in the class's order. The specs of the cycle above it
// follow it, so that each pairs by its edges with the new spec over the
// start's pair (resolve), and the cycle's pairs follow its edges, not
// cross it. It indexes the old specs by hash for inClass; without
// dependencies in the class it is the class's order.
func (c *edgeClass) depOrder(nodes []*GraphNode, rank func(i int) int) (order []int, start []bool) {
	c.at = newSpecIndex(c.olds)
	order = make([]int, 0, len(c.olds))
	var users [][]int32
	var wait []int32
	for i, n := range nodes {
		for _, d := range n.Deps() {
			if k, ok := c.at.at(d.Hash); ok && k != i {
				if users == nil {
					users, wait = make([][]int32, len(c.olds)), make([]int32, len(c.olds))
				}
				// A dependency listed twice counts twice, both ways.
				users[k] = append(users[k], int32(i))
				wait[i]++
			}
		}
	}
	c.inner = users != nil
	if users == nil {
		for i := range c.olds {
			order = append(order, i)
		}
		return order, nil
	}
	done := make([]bool, len(c.olds))
	var ready []int32
	for i := range c.olds {
		if wait[i] == 0 {
			ready = append(ready, int32(i))
		}
	}
	// The cycles, found when the order first stalls: each's specs, the
	// partly visited first (touched, in the order they were), then by
	// rank and the class's order (members from at on).
	var cycles []*orderCycle
	var cycleOf []int32 // each spec's cycle, -1: none
	cur := 0            // the first cycle maybe not visited whole
	// prefer says whether a partly visited spec is over another partly
	// visited one not visited yet: its pair is told a step further
	// (seeder's look), by that one's visited dependencies.
	prefer := func(i int32) bool {
		for _, d := range nodes[i].Deps() {
			if k, ok := c.at.at(d.Hash); ok && k != int(i) && !done[k] {
				for _, e := range nodes[k].Deps() {
					if x, ok := c.at.at(e.Hash); ok && x != k && done[x] {
						return true
					}
				}
			}
		}
		return false
	}
	for len(order) < len(c.olds) {
		var i int32
		if len(ready) > 0 {
			i, ready = ready[0], ready[1:]
		} else {
			if cycles == nil {
				cycles, cycleOf = c.cycles(nodes, done, rank)
			}
			i = -1
			for i < 0 {
				if i = cycles[cur].next(done, prefer); i < 0 {
					cur++
				}
			}
			if start == nil {
				start = make([]bool, len(c.olds))
			}
			start[i] = true
		}
		if done[i] {
			continue
		}
		done[i] = true
		order = append(order, int(i))
		for _, u := range users[i] {
			if wait[u]--; wait[u] == 0 && !done[u] {
				ready = append(ready, u)
			} else if cycleOf != nil && !done[u] && cycleOf[u] >= 0 {
				k := cycles[cycleOf[u]]
				k.touched = append(k.touched, u)
			}
		}
	}
	return order, start
}

// orderCycle is a cycle of the class's old specs (a strongly connected
// component of more than one) while depOrder visits them.
type orderCycle struct {
	touched []int32 // partly visited, in the order they were
	members []int32 // by rank, then in the class's order
	at      int     // members before it are visited
}

// preferScan is how many of a cycle's partly visited specs next looks
// at for one prefer takes.
const preferScan = 8

// next is the cycle's spec to start from, -1 when all are visited: of
// the first partly visited (preferScan), the first prefer takes, else
// the first.
func (k *orderCycle) next(done []bool, prefer func(int32) bool) int32 {
	for len(k.touched) > 0 && done[k.touched[0]] {
		k.touched = k.touched[1:]
	}
	for x, i := range k.touched[:min(len(k.touched), preferScan)] {
		if x > 0 && !done[i] && prefer(i) {
			return i
		}
	}
	for len(k.touched) > 0 {
		i := k.touched[0]
		k.touched = k.touched[1:]
		if !done[i] {
			return i
		}
	}
	for ; k.at < len(k.members); k.at++ {
		if i := k.members[k.at]; !done[i] {
			return i
		}
	}
	return -1
}

// cycles are the cycles of the class's old specs, dependencies first
// (scc.Components), and each spec's cycle (-1: none). A spec with a
// dependency visited already (done) is touched.
func (c *edgeClass) cycles(nodes []*GraphNode, done []bool, rank func(i int) int) ([]*orderCycle, []int32) {
	var cycles []*orderCycle
	cycleOf := make([]int32, len(c.olds))
	for i := range cycleOf {
		cycleOf[i] = -1
	}
	scc.Components(len(c.olds), nil, func(dst []int32, u int32) []int32 {
		for _, d := range nodes[u].Deps() {
			if k, ok := c.at.at(d.Hash); ok && k != int(u) {
				dst = append(dst, int32(k))
			}
		}
		return dst
	}, func(comp []int32, _ bool) {
		if len(comp) < 2 {
			return
		}
		k := &orderCycle{members: slices.Clone(comp)}
		ranks := make(map[int32]int, len(comp))
		for _, i := range comp {
			ranks[i] = rank(int(i))
			cycleOf[i] = int32(len(cycles))
			for _, d := range nodes[i].Deps() {
				if j, ok := c.at.at(d.Hash); ok && done[j] {
					k.touched = append(k.touched, i)
					break
				}
			}
		}
		slices.SortFunc(k.members, func(a, b int32) int { return cmp.Or(cmp.Compare(ranks[a], ranks[b]), cmp.Compare(a, b)) })
		cycles = append(cycles, k)
	})
	return cycles, cycleOf
}

// levels is order (depOrder's) stably sorted by level, and each old
// spec's level: 0 without dependencies in the class, else one more than
// the highest of those visited before it in order (a cycle's specs, bad
// input, count only those). Without dependencies in the class it is
// order itself, all of level 0.
func (c *edgeClass) levels(order []int, nodes []*GraphNode) ([]int, []int) {
	level := make([]int, len(c.olds))
	if !c.inner {
		return order, level
	}
	seen := make([]bool, len(c.olds))
	for _, i := range order {
		for _, d := range nodes[i].Deps() {
			if k, ok := c.at.at(d.Hash); ok && k != i && seen[k] {
				level[i] = max(level[i], level[k]+1)
			}
		}
		seen[i] = true
	}
	by := slices.Clone(order)
	slices.SortStableFunc(by, func(a, b int) int { return cmp.Compare(level[a], level[b]) })
	return by, level
}

// pairInner pairs the old specs of one level that found no exact pair
// (failed), but those whose group is full, at once with new specs not
// taken whose dependencies in the class are their own taken to their
// pairs (byInner): the pairs of the most dependencies in common first
// over the whole level (scoring at most budget candidates over the
// class), then each left in order with the first that fits. It pairs by
// pair and returns the budget left; a spec no new spec fits stays
// unpaired.
func (c *edgeClass) pairInner(failed []int, full func(int) bool, pair func(i, j int), oldEdges, newEdges [][]dep, byInner map[string][]int, newSet map[string]bool, pairs []int, taken []bool, kin func(i, j int) int, budget int) int {
	keys := make([]string, len(failed))
	type cand struct{ f, n, score, kin int }
	var cands []cand
	for f, i := range failed {
		// A dependency in the class without a pair keeps its place in
		// the key (as gone), matching no new spec's.
		ik := c.tag(c.groupOf(i, true)) + depsKey(innerDeps(oldEdges[i], func(d dep) bool {
			if h, ok := strings.CutPrefix(d.hash, "\x00"); ok {
				_, in := c.inClass(h)
				return in
			}
			return newSet[d.hash]
		}))
		q := byInner[ik]
		for len(q) > 0 && taken[q[0]] {
			q = q[1:]
		}
		byInner[ik], keys[f] = q, ik
		for _, j := range q {
			if budget <= 0 {
				break
			}
			budget--
			k := 0
			if kin != nil {
				k = kin(i, j)
			}
			cands = append(cands, cand{f, j, common(oldEdges[i], newEdges[j]), k})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(b.kin, a.kin))
	})
	for _, x := range cands {
		if i := failed[x.f]; pairs[i] < 0 && !taken[x.n] && !full(i) {
			pair(i, x.n)
		}
	}
	for f, i := range failed {
		if pairs[i] >= 0 || full(i) {
			continue
		}
		// Trimmed in the map, so that the specs of one key pass each
		// taken spec once.
		q := byInner[keys[f]]
		for len(q) > 0 && taken[q[0]] {
			q = q[1:]
		}
		byInner[keys[f]] = q
		if len(q) > 0 {
			pair(i, q[0])
		}
	}
	return budget
}

// innerDeps is the edges of l that in keeps (those to the class's own
// specs), in l's order.
func innerDeps(l []dep, in func(dep) bool) []dep {
	var r []dep
	for _, d := range l {
		if in(d) {
			r = append(r, d)
		}
	}
	return r
}

// depsKey is a sorted list of edges as one string.
func depsKey(l []dep) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(strconv.Itoa(len(d.name)))
		b.WriteByte(':')
		b.WriteString(d.name)
		b.WriteString(strconv.Itoa(len(d.hash)))
		b.WriteByte(':')
		b.WriteString(d.hash)
	}
	return b.String()
}

// common weighs the edges two sorted lists share (as multisets): 2 for
// each, 1 for one of a that is pending.
func common(a, b []dep) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch c := compareDeps(a[i], b[j]); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			n += 2
			if a[i].pending {
				n--
			}
			i++
			j++
		}
	}
	return n
}

// apply writes the class's pairing into p, when it changed, and says
// whether it did: its pairs into the slots of its kind, the old specs
// left over into its removed places and the new ones into its added
// places. The places are as many as before: the class pairs as many
// specs as the passes did.
func (c *edgeClass) apply(p *Package) bool {
	if !c.changed {
		return false
	}
	if c.subs != nil {
		return c.applySubs(p)
	}
	list := p.Specs.Rebuilt
	if c.kind == 1 {
		list = p.Specs.Updated
	}
	tmpl := list[c.slots[0]]
	same := sameFacets(c.olds[0], c.news[0])
	taken := make([]bool, len(c.news))
	var pairs []Pair
	var removed, added []Spec
	for i, o := range c.olds {
		j := c.pairs[i]
		if j < 0 {
			removed = append(removed, reportSpec(o))
			continue
		}
		taken[j] = true
		n := c.news[j]
		o, n = c.unlisted(i, j, o, n)
		pairs = append(pairs, newPair(o, n, &tmpl, same))
	}
	for j, n := range c.news {
		if !taken[j] {
			added = append(added, reportSpec(n))
		}
	}
	if len(pairs) != len(c.slots) || len(removed) != len(c.removed) || len(added) != len(c.added) {
		return false // not as many as the passes found: keep theirs
	}
	for i, s := range c.slots {
		list[s] = pairs[i]
	}
	for i, s := range c.removed {
		p.Specs.Removed[s] = removed[i]
	}
	for i, s := range c.added {
		p.Specs.Added[s] = added[i]
	}
	return true
}

// unlisted returns old spec i (o) and new spec j (n) to be paired: a
// spec of the removed or added list moves into a pair as a copy, as that
// list's place gets another spec (apply, applySubs).
func (c *edgeClass) unlisted(i, j int, o, n *Spec) (*Spec, *Spec) {
	if c.oldListed[i] {
		cp := *o
		o = &cp
	}
	if c.newListed[j] {
		cp := *n
		n = &cp
	}
	return o, n
}

// applySubs is apply of a class of several facets (mergeBySide): each
// pair goes into the slots of its sub, made as that sub's pairs were;
// every spec is paired, or nothing is written.
func (c *edgeClass) applySubs(p *Package) bool {
	lists := [2][]Pair{p.Specs.Rebuilt, p.Specs.Updated}
	tmpls := make([]Pair, len(c.subs))
	for s, sub := range c.subs {
		tmpls[s] = lists[sub.kind][sub.slots[0]]
	}
	pairs := make([][]Pair, len(c.subs))
	taken := make([]bool, len(c.news))
	var cellOf map[[2]int32]int32
	if c.cells {
		cellOf = make(map[[2]int32]int32, len(c.subs))
		for s := range c.subs {
			cellOf[[2]int32{c.subOldF[s], c.subNewF[s]}] = int32(s)
		}
	}
	var removed, added []Spec
	for i, o := range c.olds {
		j := c.pairs[i]
		if j < 0 {
			removed = append(removed, reportSpec(o))
			continue
		}
		taken[j] = true
		n := c.news[j]
		s := c.newSub[j]
		if c.cells {
			var ok bool
			if s, ok = cellOf[[2]int32{c.subOldF[c.oldSub[i]], c.subNewF[s]}]; !ok {
				return false // a pair of facets the passes paired none of
			}
		} else if c.subOfOld {
			s = c.oldSub[i]
		}
		o, n = c.unlisted(i, j, o, n)
		pairs[s] = append(pairs[s], newPair(o, n, &tmpls[s], sameFacets(o, n)))
	}
	for j, n := range c.news {
		if !taken[j] {
			added = append(added, reportSpec(n))
		}
	}
	if len(removed) != len(c.removed) || len(added) != len(c.added) {
		return false
	}
	for s, sub := range c.subs {
		if len(pairs[s]) != len(sub.slots) {
			return false
		}
	}
	for s, sub := range c.subs {
		for i, at := range sub.slots {
			lists[sub.kind][at] = pairs[s][i]
		}
	}
	for i, s := range c.removed {
		p.Specs.Removed[s] = removed[i]
	}
	for i, s := range c.added {
		p.Specs.Added[s] = added[i]
	}
	return true
}

// newPair pairs o with n as the pair tmpl of their class: the same kind
// and facet change (a class's old specs have the same facets, and so
// have its new ones; same says whether those are the same), their own
// stacks.
func newPair(o, n *Spec, tmpl *Pair, same bool) Pair {
	p := Pair{Old: o, New: n, Facet: tmpl.Facet, From: tmpl.From, To: tmpl.To}
	if !slices.Equal(o.Stacks, n.Stacks) {
		p.StacksJoined = listops.Minus(n.Stacks, o.Stacks, nil)
		p.StacksLeft = listops.Minus(o.Stacks, n.Stacks, nil)
	}
	p.plain = plainNo
	if len(p.StacksJoined)+len(p.StacksLeft) == 0 && same {
		p.plain = plainYes
	}
	return p
}

// reportSpec is s as a report lists an added or removed spec (public).
func reportSpec(s *Spec) Spec {
	return Spec{Hash: s.Hash, Versions: orEmpty(s.Versions), Compiler: s.Compiler,
		OS: s.OS, Platform: s.Platform, Target: s.Target,
		Variants: orEmpty(s.Variants), Stacks: orEmpty(s.Stacks)}
}

// sortRuns restores the engine's order (compareSpecs: the facets, then
// the stacks, then the hash; a pair by its old spec, then the new hash)
// in lists whose specs were re-paired: a class's specs have equal
// facets, neighbours in that order, so each run of equal facets is
// sorted by stacks and hash. Facets are equal as the engine has them,
// lists joined by sep (sameJoined): runs of slices.Equal lists were cut
// by a spec of ["a\x1fb"] among specs of ["a", "b"], and left a spec
// re-paired out of order (render refused the report).
func sortRuns(s *SpecChanges) {
	bySpec := func(a, b *Spec) int {
		// compareJoined, not the lists joined: cmp.Or takes its
		// arguments made, two strings a comparison.
		return cmp.Or(compareJoined(a.Stacks, b.Stacks), strings.Compare(a.Hash, b.Hash))
	}
	for _, l := range [2][]Spec{s.Removed, s.Added} {
		runs(len(l), func(i, j int) bool { return sameJoined(&l[i], &l[j]) }, func(i, j int) {
			slices.SortFunc(l[i:j], func(a, b Spec) int { return bySpec(&a, &b) })
		})
		// Classes joined by one side's facets (mergeBySide) hold specs
		// of several facets: the specs left over fill the places of
		// those the passes left, in the class's order, and may cross
		// a spec of other facets.
		//
		// Not stable, as no two specs of a list tie: each facet
		// compares by version.Compare, total where Spack holds two
		// versions equal (1.2, 1.02), and a hash is listed once a side
		// (TestSpecOrderTotal).
		for i := 1; i < len(l); i++ {
			if specOrder(&l[i-1], &l[i]) > 0 {
				slices.SortFunc(l, func(a, b Spec) int { return specOrder(&a, &b) })
				break
			}
		}
	}
	for _, l := range [2][]Pair{s.Rebuilt, s.Updated} {
		runs(len(l), func(i, j int) bool { return sameJoined(l[i].Old, l[j].Old) }, func(i, j int) {
			slices.SortFunc(l[i:j], func(a, b Pair) int { return cmp.Or(bySpec(a.Old, b.Old), strings.Compare(a.New.Hash, b.New.Hash)) })
		})
	}
}

// runs calls sort on each run [i, j) of n items the same as their first
// (same).
func runs(n int, same func(i, j int) bool, sort func(i, j int)) {
	for i := 0; i < n; {
		j := i + 1
		for j < n && same(i, j) {
			j++
		}
		if j-i > 1 {
			sort(i, j)
		}
		i = j
	}
}
