package diff

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// checkCauseHashes follows the causes' paths by hashes, where
// checkCauseSets follows them by name: a pair's path to a cause goes
// from the pair through its changed dependencies (why.changed), each
// one a dependency of the one before, so that each name of a path is a
// changed dependency of the spec the path has reached, and the last is
// the cause's spec, of the cause's old and new hash (a dependency's own
// change: that dependency's hashes; an edge change: the edge's, as the
// spec whose edge changed lists it). A name of a path is found among the
// changed dependencies of the spec reached, whose hashes lead on to the
// report's pair of those hashes. A report of two builds of a package
// (two stacks, two targets) has two causes of one name: an edit of a
// reference's cause, a link's next, a pair's via or a reference's path
// to the other's rendered as the report cachediff wrote, but for the
// edit, which render -f json wrote back.
//
// A path that goes through a spec the report does not list (--package,
// --stack), or through a name a spec's changed dependencies hold twice
// (two edges of one name), is followed no further: what it reaches there
// is not known, but paths that go on from one such spec by one link end
// at one cause (checkUnlisted).
//
// Each link is followed once from each spec it is reached at (a memo of
// link and spec), and each set once from each spec its paths start at
// (a pair's, after its via; a base's, after the base's via): the M
// dependents of a hub with K changed leaves, which share the hub's set
// through their vias, cost M + K; a set is followed again from another
// spec only where its paths' first names lead on otherwise
// (sameAsChecked), so that M dependents of two such hubs, of one set of
// the hubs' causes and no via, cost M + 2K too. A report that would
// cost more than lawHashWalks steps an element of its causes and whys
// is refused, as checkDepSelves refuses bases too deep to search.
//
// A pair whose causes all come through its dependencies that share one
// set (and bring no own change) goes through the first of them (the
// shortest via, then the first by name, then its via name by name):
// cachediff's compose. A via edited to another of them reached the same
// causes by another path than the one cachediff finds.
func checkCauseHashes(r *Report) error {
	c := r.Causes
	if c == nil || len(c.Sets) <= 1 || len(c.Paths) == 0 {
		return nil
	}
	// The maps made at the sizes they come to in a report cachediff
	// writes (a link, a set, from about one spec each), rather than grown
	// by doubling.
	pairs := 0
	for i := range r.Packages {
		pairs += len(r.Packages[i].Specs.Rebuilt) + len(r.Packages[i].Specs.Updated)
	}
	h := &hashWalk{r: r, c: c, nodes: make([]hashNode, 0, pairs), byHash: make(map[[2]string]int32, pairs),
		memo: make(map[uint64]hashEnd, len(c.Paths)+pairs), sets: make(map[uint64]struct{}, len(c.Sets)),
		unlistedID: map[[2]string]int32{}}
	elements := len(c.Paths) + 1
	for _, s := range c.Sets {
		elements += len(s)
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		for _, l := range whyLists(p) {
			for j := range l.pairs {
				pr := &l.pairs[j]
				if pr.Why == nil || !pr.Why.Known || pr.Old == nil || pr.New == nil {
					continue
				}
				elements += 1 + len(pr.Why.Changed)
				id := int32(len(h.nodes))
				h.nodes = append(h.nodes, hashNode{w: pr.Why, name: p.Name, oldHash: pr.Old.Hash, newHash: pr.New.Hash, pkg: i, kind: l.name, at: j})
				h.byHash[[2]string{pr.Old.Hash, pr.New.Hash}] = id
			}
		}
	}
	if c.Roots != nil {
		for i := range c.Roots.Changed {
			rc := &c.Roots.Changed[i]
			if rc.Why == nil || !rc.Why.Known {
				continue
			}
			// A root whose spec's pair the report lists has that pair's
			// why (checkCauseSets): followed once, as the pair's.
			if _, ok := h.byHash[[2]string{rc.Old.Hash, rc.New.Hash}]; ok {
				continue
			}
			elements += 1 + len(rc.Why.Changed)
			h.nodes = append(h.nodes, hashNode{w: rc.Why, name: rc.New.Name, oldHash: rc.Old.Hash, newHash: rc.New.Hash, pkg: -1, at: i})
		}
	}
	h.budget = lawHashWalks*elements + 1024
	if err := h.checkSides(); err != nil {
		return err
	}
	// The links' depths and ranks, for the order of vias (compose).
	depth := make([]int, len(c.Paths))
	var walk []int
	for i := range c.Paths {
		walk = walk[:0]
		j := i
		for j >= 0 && depth[j] == 0 {
			walk = append(walk, j)
			j = -1
			if nx := c.Paths[walk[len(walk)-1]].Next; nx != nil {
				j = *nx
			}
		}
		d := 0
		if j >= 0 {
			d = depth[j]
		}
		for k := len(walk) - 1; k >= 0; k-- {
			d++
			depth[walk[k]] = d
		}
	}
	rank := pathRanks(c.Paths, depth)
	h.depth, h.shortBudget = depth, lawHashWalks*elements
	for id := range h.nodes {
		x := &h.nodes[id]
		w := x.w
		if w.Set <= 0 || w.Set >= len(c.Sets) {
			continue
		}
		if err := h.checkVia(int32(id), depth, rank); err != nil {
			return err
		}
		q := int32(id)
		if w.Via != nil {
			e, err := h.follow(*w.Via, q, int32(id), hashField{node: int32(id)})
			if err != nil {
				return err
			}
			if q = h.pairAt(e); q < 0 {
				continue
			}
		}
		if err := h.checkSet(w.Set, q, int32(id)); err != nil {
			return err
		}
	}
	return h.unlistedDone()
}

// lawHashWalks is how many steps checkCauseHashes may take an element of
// the report's causes and whys (a link, an element of a set, a pair's
// changed dependency).
const lawHashWalks = 32

// lawHashStep, when set (by tests), is called for each step that
// checkCauseHashes takes: a link followed from a spec, an element of a
// set looked at from a spec.
var lawHashStep func()

// hashNode is a pair (or a changed root whose pair is not listed) that
// a path starts at or goes through.
type hashNode struct {
	w                      *Why
	name, oldHash, newHash string
	// pkg, kind and at place the pair's why in the report
	// (packages[pkg].specs.kind[at].why); pkg -1: causes.roots.changed[at].why.
	pkg  int
	kind string
	at   int
}

func (x *hashNode) where() string {
	if x.pkg < 0 {
		return fmt.Sprintf("causes.roots.changed[%d].why", x.at)
	}
	return fmt.Sprintf("packages[%d].specs.%s[%d].why", x.pkg, x.kind, x.at)
}

// hashField is the field that names the first link of a path that
// checkCauseHashes follows: the via of node's why (node >= 0), else
// field name of causes.sets[set][elem] (a reference's path, a base's
// via). It is written out only when the path is refused.
type hashField struct {
	node      int32
	set, elem int
	name      string
}

func (f hashField) path(h *hashWalk) string {
	if f.node >= 0 {
		return h.nodes[f.node].where() + ".via"
	}
	return fmt.Sprintf("causes.sets[%d][%d]%s", f.set, f.elem, f.name)
}

// hashEnd is where a path ends: changed dependency k of node (node -1:
// not known). A path that reaches a spec the report does not list, and
// goes on, ends at un, that spec (an index into hashWalk.unlisted),
// then link (-1: neither).
type hashEnd struct{ node, k, un, link int32 }

type hashWalk struct {
	r      *Report
	c      *Causes
	nodes  []hashNode
	byHash map[[2]string]int32
	// memo holds where the path from a link ends, by link and the node
	// it starts at (link<<32 | node); sets the sets checked from a node.
	memo   map[uint64]hashEnd
	sets   map[uint64]struct{}
	walked []uint64
	stack  [][2]int32
	budget int
	// unlisted are the specs the report does not list that paths go on
	// from (by their hashes, unlistedID), and unlistedEnd the reference
	// first found to go on from one along a link (un<<32 | link).
	unlisted    []hashNode
	unlistedID  map[[2]string]int32
	unlistedEnd map[uint64]unlistedRef
	// unlistedAt is the cause that a set (from a spec) reaches by a
	// spec and link of unlistedEnd's, unlistedTwice such a spec and link
	// by which a set reaches two causes, and unlistedOdd the references
	// found to end elsewhere than the first (checkUnlisted).
	unlistedAt    map[[4]int32]int
	unlistedTwice map[uint64]bool
	unlistedOdd   [][2]unlistedRef
	// depth is each link's count of names to the end of its path;
	// shortBudget the steps checkShortest may yet take, bound and
	// boundSeen its bounds of a start's paths (a cause's, through a
	// dependency's set and via depth).
	depth       []int
	shortBudget int
	bound       map[int]shortBound
	boundSeen   map[[2]int]bool
	// The sets checked by the way their paths' first names lead on
	// (sameAsChecked): each set's first links of distinct names (firsts,
	// made once a set), its references of paths of several names by
	// their causes (direct), the changed dependencies' hashes numbered
	// (entryIDs), and the sets' keys checked.
	firsts   map[int][]int
	direct   map[int]map[[3]string]int
	entryIDs map[[2]string]int32
	checked  map[string]struct{}
	sig      []byte
}

// unlistedRef is a reference of set s (element i), of cause (an
// override's: over), whose path from origin's paths goes on from a spec
// the report does not list: end.un, along end.link.
type unlistedRef struct {
	cause, s, i int
	origin      int32
	over        bool
	end         hashEnd
}

// spend takes one step of the budget; false when it is spent.
func (h *hashWalk) spend() bool {
	if lawHashStep != nil {
		lawHashStep()
	}
	h.budget--
	return h.budget >= 0
}

func (h *hashWalk) tooCostly(at string) error {
	return lawf(at, "its paths, followed through the pairs' changed dependencies, would cost more than %d steps an element of the causes and the whys: cachediff writes paths shared so (vias, bases) that following them costs no more than the report's size", lawHashWalks)
}

// entry finds the changed dependency of node named name: its index, -1
// for none, -2 when the node has several of that name of other hashes.
// Entries alike (name and hashes) are one dependency: cachediff writes a
// virtual twice when two edges of one hash swapped provider, and before
// 3b8a0fa3 an edge its spec's file listed twice; an entry copied by hand
// beside its own turned the walk off for the pair's paths through it.
// The entries are sorted by name and hashes: the first and the last of
// a name alike are all alike.
func (h *hashWalk) entry(node int32, name string) int {
	ch := h.nodes[node].w.Changed
	byName := func(d DepChange, n string) int { return strings.Compare(d.Name, n) }
	k, ok := slices.BinarySearchFunc(ch, name, byName)
	switch {
	case !ok:
		return -1
	case k+1 < len(ch) && ch[k+1].Name == name:
		end, _ := slices.BinarySearchFunc(ch[k:], name+"\x00", byName)
		if last := &ch[k+end-1]; last.OldHash != ch[k].OldHash || last.NewHash != ch[k].NewHash {
			return -2
		}
	}
	return k
}

// pairAt is the node of the pair of end e's hashes, -1 for none.
func (h *hashWalk) pairAt(e hashEnd) int32 {
	if e.node < 0 {
		return -1
	}
	d := &h.nodes[e.node].w.Changed[e.k]
	if id, ok := h.byHash[[2]string{d.OldHash, d.NewHash}]; ok {
		return id
	}
	return -1
}

// follow follows the path from link from node start, and returns where
// it ends. origin is the pair whose path it is, field the field that
// names link (a reference's path, a via), blamed when the
// first name is no changed dependency of start; a later one blames the
// link before it (its next).
func (h *hashWalk) follow(link int, start, origin int32, field hashField) (hashEnd, error) {
	c := h.c
	walked := h.walked[:0]
	res := hashEnd{-1, -1, -1, -1}
	cur, prev := start, -1
	for l := link; ; {
		key := uint64(l)<<32 | uint64(cur)
		if e, ok := h.memo[key]; ok {
			res = e
			break
		}
		if !h.spend() {
			return res, h.tooCostly(field.path(h))
		}
		k := h.entry(cur, c.Paths[l].Name)
		if k == -1 {
			at := field.path(h)
			if prev >= 0 {
				at = fmt.Sprintf("causes.paths[%d].next", prev)
			}
			x, o := &h.nodes[cur], &h.nodes[origin]
			return res, lawf(at, "%d: the link's name %q is no changed dependency of %q %q → %q, which the path of %s (%q) reaches there (its changed dependencies: %s): a path goes on through a changed dependency of the spec it reached, to a link naming one",
				l, shortValue(c.Paths[l].Name), shortValue(x.name), shortValue(x.oldHash), shortValue(x.newHash), o.where(), shortValue(o.name), changedNames(x.w.Changed))
		}
		walked = append(walked, key)
		if k == -2 {
			break // two edges of the name: not known which
		}
		nx := c.Paths[l].Next
		if nx == nil {
			res = hashEnd{cur, int32(k), -1, -1}
			break
		}
		d := &h.nodes[cur].w.Changed[k]
		id, ok := h.byHash[[2]string{d.OldHash, d.NewHash}]
		if !ok {
			// A spec the report does not list: where the path goes
			// from it is not known, but it is the same from every
			// path that reaches it (unlistedEnd).
			key := [2]string{d.OldHash, d.NewHash}
			un, ok := h.unlistedID[key]
			if !ok {
				un = int32(len(h.unlisted))
				h.unlistedID[key] = un
				h.unlisted = append(h.unlisted, hashNode{name: d.Name, oldHash: d.OldHash, newHash: d.NewHash, pkg: -2})
			}
			res = hashEnd{-1, -1, un, int32(*nx)}
			break
		}
		prev, cur, l = l, id, *nx
	}
	for _, key := range walked {
		h.memo[key] = res
	}
	h.walked = walked
	return res, nil
}

// checkSides checks each changed dependency of the whys (why.changed,
// with both hashes) that the report lists no pair of: an edge whose
// both ends are specs of the snapshots, of the package the entry names
// (an edge names its spec's package), unless the table holds a cause
// of its name and hashes (an edge to a hash no snapshot holds, "not in
// the snapshot"; a provider swapped, named by the virtual). Where the
// report lists every spec of that package (none unchanged, and no
// --stack, which lists the specs of some stacks alone), its hashes are
// among them, each on its side; a report whose snapshots disagree on
// what a hash is is not checked. Hashes edited in by hand turned the
// walk off for every path through the entry: a via then edited to
// another dependency rendered.
func (h *hashWalk) checkSides() error {
	r := h.r
	if n, _ := HashConflicts(r); n > 0 || len(r.Options.Stacks) > 0 {
		return nil
	}
	var sides map[string]uint8 // 1 old, 2 new
	for id := range h.nodes {
		x := &h.nodes[id]
		for k := range x.w.Changed {
			d := &x.w.Changed[k]
			if d.OldHash == "" || d.NewHash == "" {
				continue
			}
			if _, ok := h.byHash[[2]string{d.OldHash, d.NewHash}]; ok {
				continue
			}
			i, ok := slices.BinarySearchFunc(r.Packages, d.Name, func(p Package, n string) int { return strings.Compare(p.Name, n) })
			if !ok || r.Packages[i].Counts.Unchanged != 0 {
				continue
			}
			if _, ok := slices.BinarySearchFunc(h.c.Table, *d, func(t Cause, d DepChange) int {
				return cmp.Or(strings.Compare(t.Name, d.Name), strings.Compare(t.OldHash, d.OldHash), strings.Compare(t.NewHash, d.NewHash))
			}); ok {
				continue
			}
			if sides == nil {
				sides = listedSides(r)
			}
			side, hash := "old", d.OldHash
			if sides[d.OldHash]&1 != 0 {
				if sides[d.NewHash]&2 != 0 {
					continue
				}
				side, hash = "new", d.NewHash
			}
			return lawf(fmt.Sprintf("%s.changed[%d]", x.where(), k), "%q %q → %q, but the report lists every spec of package %q (none unchanged), and no %s spec of hash %q: a changed dependency is an edge to a spec of each snapshot, of the package it names, or a cause of the table (a provider swapped, a spec not in the snapshot)",
				shortValue(d.Name), shortValue(d.OldHash), shortValue(d.NewHash), shortValue(d.Name), side, shortValue(hash))
		}
	}
	return nil
}

// listedSides maps the hashes of the specs r lists to the sides it
// lists each on (1 old, 2 new).
func listedSides(r *Report) map[string]uint8 {
	sides := map[string]uint8{}
	for i := range r.Packages {
		sp := &r.Packages[i].Specs
		for _, l := range [][]Pair{sp.Rebuilt, sp.Updated, sp.Restacked} {
			for j := range l {
				if l[j].Old != nil {
					sides[l[j].Old.Hash] |= 1
				}
				if l[j].New != nil {
					sides[l[j].New.Hash] |= 2
				}
			}
		}
		for _, x := range sp.Removed {
			sides[x.Hash] |= 1
		}
		for _, x := range sp.Added {
			sides[x.Hash] |= 2
		}
	}
	return sides
}

// changedNames quotes the names of a why's changed dependencies (at most
// 8, then how many more).
func changedNames(l []DepChange) string {
	names := make([]string, 0, min(len(l), 9))
	for i, d := range l {
		if i == 8 {
			names = append(names, fmt.Sprintf("… %d more", len(l)-8))
			break
		}
		names = append(names, fmt.Sprintf("%q", shortValue(d.Name)))
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// checkSet checks that set s's paths, from node start (the pair's, or
// the spec its via reaches), end at their causes' specs, and its bases'
// from the spec each base's via reaches. Each set is checked once from
// each node.
func (h *hashWalk) checkSet(s int, start, origin int32) error {
	c := h.c
	h.stack = append(h.stack[:0], [2]int32{int32(s), start})
	for len(h.stack) > 0 {
		top := h.stack[len(h.stack)-1]
		h.stack = h.stack[:len(h.stack)-1]
		key := uint64(top[0])<<32 | uint64(top[1])
		if _, ok := h.sets[key]; ok {
			continue
		}
		h.sets[key] = struct{}{}
		k, q := int(top[0]), top[1]
		if same, err := h.sameAsChecked(k, q); err != nil {
			return err
		} else if same {
			if err := h.checkDirectAll(k, q, origin); err != nil {
				return err
			}
			continue
		}
		for i := range c.Sets[k] {
			ref := &c.Sets[k][i]
			if !h.spend() {
				return h.tooCostly(fmt.Sprintf("causes.sets[%d][%d]", k, i))
			}
			if b := ref.SetBase; b != nil {
				e, err := h.follow(b.Via, q, origin, hashField{node: -1, set: k, elem: i, name: ".via"})
				if err != nil {
					return err
				}
				if p := h.pairAt(e); p >= 0 {
					h.stack = append(h.stack, [2]int32{int32(b.Set), p})
				}
				continue
			}
			e, err := h.follow(ref.Path, q, origin, hashField{node: -1, set: k, elem: i, name: ".path"})
			if err != nil {
				return err
			}
			if c.Paths[ref.Path].Next != nil {
				if err := h.checkDirect(k, i, ref, q, origin); err != nil {
					return err
				}
			}
			if e.node < 0 {
				if e.un >= 0 {
					h.checkUnlisted(e, k, i, ref, q, origin)
				}
				continue
			}
			d, t := &h.nodes[e.node].w.Changed[e.k], &c.Table[ref.Cause]
			if d.OldHash == t.OldHash && d.NewHash == t.NewHash {
				continue
			}
			return h.wrongEnd(fmt.Sprintf("causes.sets[%d][%d]", k, i), ref, d, origin, q)
		}
		// The set's paths found real, their lengths: after, so that an
		// edit is refused where the walk finds it.
		if k == s && q == start {
			if err := h.checkShortest(k, q); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkUnlisted checks that a reference (element i of set s, its paths
// from node q) whose path goes on from a spec the report does not list
// (e.un), along link e.link, ends at the cause, by name and hashes,
// that every other such path ends at: the names along a link lead from
// one spec to one spec, whatever path reached it, so that paths that
// share a spec and the rest of their names share their cause. A report
// filtered by --package or --stack lists some specs alone; the causes
// of two builds of one package (two stacks) swapped between two sets
// whose paths go on from one such spec are refused so. A spec whose
// changed dependencies hold a name twice leads by that name to either:
// a set that reaches two causes from one spec by one link says so, and
// that spec and link are not checked (unlistedDone).
func (h *hashWalk) checkUnlisted(e hashEnd, s, i int, ref *CauseRef, q, origin int32) {
	if h.unlistedEnd == nil {
		h.unlistedEnd = map[uint64]unlistedRef{}
		h.unlistedAt = map[[4]int32]int{}
		h.unlistedTwice = map[uint64]bool{}
	}
	key := uint64(e.un)<<32 | uint64(e.link)
	at := [4]int32{e.un, e.link, int32(s), q}
	if c, ok := h.unlistedAt[at]; ok && c != ref.Cause {
		h.unlistedTwice[key] = true
	}
	h.unlistedAt[at] = ref.Cause
	this := unlistedRef{cause: ref.Cause, s: s, i: i, origin: origin, over: ref.Over != nil, end: e}
	first, ok := h.unlistedEnd[key]
	if !ok {
		h.unlistedEnd[key] = this
		return
	}
	t, u := &h.c.Table[ref.Cause], &h.c.Table[first.cause]
	if t.Name != u.Name || t.OldHash != u.OldHash || t.NewHash != u.NewHash {
		h.unlistedOdd = append(h.unlistedOdd, [2]unlistedRef{first, this})
	}
}

// unlistedDone refuses the first reference that checkUnlisted found to
// end elsewhere than another path from the same spec, by the same link,
// where no set reaches two causes so.
func (h *hashWalk) unlistedDone() error {
	for _, odd := range h.unlistedOdd {
		first, ref := odd[0], odd[1]
		if h.unlistedTwice[uint64(ref.end.un)<<32|uint64(ref.end.link)] {
			continue
		}
		field := ".cause"
		if ref.over {
			field = ".over"
		}
		t, u := &h.c.Table[ref.cause], &h.c.Table[first.cause]
		x, o, p := &h.unlisted[ref.end.un], &h.nodes[ref.origin], &h.nodes[first.origin]
		return lawf(fmt.Sprintf("causes.sets[%d][%d]%s", ref.s, ref.i, field), "%d, %q %q → %q, but its path from %s (%q) goes on from %q %q → %q (a spec the report does not list) along link %d, as the path of causes.sets[%d][%d] from %s (%q) does, which ends at cause %d, %q %q → %q: paths that go on from one spec by the same names end at one spec",
			ref.cause, shortValue(t.Name), shortValue(t.OldHash), shortValue(t.NewHash), o.where(), shortValue(o.name),
			shortValue(x.name), shortValue(x.oldHash), shortValue(x.newHash), ref.end.link, first.s, first.i, p.where(), shortValue(p.name),
			first.cause, shortValue(u.Name), shortValue(u.OldHash), shortValue(u.NewHash))
	}
	return nil
}

// sameAsChecked reports whether set k was checked already from a node
// whose changed dependencies of the names its paths start with (each
// reference's path, each base's via) are those of q, by their hashes:
// where a path's first link leads on, from q, is that changed
// dependency's pair, and the rest of the path is followed from there,
// so that the paths end where they ended from that node. The m
// dependents of two hubs, whose one set of the hubs' k causes each
// (and no via) was followed from each, cost m·k steps, past the budget
// of a report cachediff writes. It takes a step a name; a name q has
// no changed dependency of leaves the set to be checked whole, which
// says where.
func (h *hashWalk) sameAsChecked(k int, q int32) (bool, error) {
	c := h.c
	firsts, ok := h.firsts[k]
	if !ok {
		if h.firsts == nil {
			h.firsts, h.checked, h.entryIDs = map[int][]int{}, map[string]struct{}{}, map[[2]string]int32{}
		}
		seen := map[string]bool{}
		for i := range c.Sets[k] {
			if !h.spend() {
				return false, h.tooCostly(fmt.Sprintf("causes.sets[%d][%d]", k, i))
			}
			ref := &c.Sets[k][i]
			l := ref.Path
			if b := ref.SetBase; b != nil {
				l = b.Via
			}
			if name := c.Paths[l].Name; !seen[name] {
				seen[name] = true
				firsts = append(firsts, l)
			}
		}
		h.firsts[k] = firsts
	}
	sig := append(h.sig[:0], byte(k), byte(k>>8), byte(k>>16), byte(k>>24))
	ch := h.nodes[q].w.Changed
	for _, l := range firsts {
		if !h.spend() {
			return false, h.tooCostly(fmt.Sprintf("causes.sets[%d]", k))
		}
		id := int32(-2) // several of the name: followed no further
		switch e := h.entry(q, c.Paths[l].Name); e {
		case -1:
			return false, nil
		case -2:
		default:
			hashes := [2]string{ch[e].OldHash, ch[e].NewHash}
			var ok bool
			if id, ok = h.entryIDs[hashes]; !ok {
				id = int32(len(h.entryIDs))
				h.entryIDs[hashes] = id
			}
		}
		sig = append(sig, byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
	}
	h.sig = sig
	if _, ok := h.checked[string(sig)]; ok {
		return true, nil
	}
	h.checked[string(sig)] = struct{}{}
	return false, nil
}

// checkDirectAll is checkDirect of each reference of set k whose path
// has several names, from node q, for a set that sameAsChecked found
// checked from another node: q's changed dependencies are looked up
// among those references' causes, the first reference of a cause
// blamed as checkSet would.
func (h *hashWalk) checkDirectAll(k int, q, origin int32) error {
	c := h.c
	byCause, ok := h.direct[k]
	if !ok {
		if h.direct == nil {
			h.direct = map[int]map[[3]string]int{}
		}
		for i := range c.Sets[k] {
			if !h.spend() {
				return h.tooCostly(fmt.Sprintf("causes.sets[%d][%d]", k, i))
			}
			ref := &c.Sets[k][i]
			if ref.SetBase != nil || c.Paths[ref.Path].Next == nil {
				continue
			}
			t := &c.Table[ref.Cause]
			key := [3]string{t.Name, t.OldHash, t.NewHash}
			if byCause == nil {
				byCause = map[[3]string]int{}
			}
			if _, ok := byCause[key]; !ok {
				byCause[key] = i
			}
		}
		h.direct[k] = byCause
	}
	if len(byCause) == 0 {
		return nil
	}
	first := -1
	for _, d := range h.nodes[q].w.Changed {
		if !h.spend() {
			return h.tooCostly(fmt.Sprintf("causes.sets[%d]", k))
		}
		if i, ok := byCause[[3]string{d.Name, d.OldHash, d.NewHash}]; ok && (first < 0 || i < first) {
			first = i
		}
	}
	if first < 0 {
		return nil
	}
	return h.checkDirect(k, first, &c.Sets[k][first], q, origin)
}

// wrongEnd is the error of a reference whose path, from node q (on the
// way of origin's paths), ends at d, not at its cause's spec: the
// reference's cause when the table has a cause of d's name and hashes
// (the cause edited, or the pair's set), else its path.
func (h *hashWalk) wrongEnd(at string, ref *CauseRef, d *DepChange, origin, q int32) error {
	c := h.c
	t := &c.Table[ref.Cause]
	o, x := &h.nodes[origin], &h.nodes[q]
	from := fmt.Sprintf("%s (%q)", o.where(), shortValue(o.name))
	if q != origin {
		from += fmt.Sprintf(" at %q %q → %q", shortValue(x.name), shortValue(x.oldHash), shortValue(x.newHash))
	}
	field := ".cause"
	if ref.Over != nil {
		field = ".over"
	}
	for j := range c.Table {
		if u := &c.Table[j]; u.Name == d.Name && u.OldHash == d.OldHash && u.NewHash == d.NewHash {
			return lawf(at+field, "%d, %q %q → %q, but its path %d from %s ends at %q %q → %q, cause %d: a reference's path ends at its cause's spec, by name and hashes",
				ref.Cause, shortValue(t.Name), shortValue(t.OldHash), shortValue(t.NewHash), ref.Path, from,
				shortValue(d.Name), shortValue(d.OldHash), shortValue(d.NewHash), j)
		}
	}
	return lawf(at+".path", "%d from %s ends at %q %q → %q, not at its cause %d's spec %q → %q: a reference's path ends at its cause's spec, by name and hashes",
		ref.Path, from, shortValue(d.Name), shortValue(d.OldHash), shortValue(d.NewHash), ref.Cause, shortValue(t.OldHash), shortValue(t.NewHash))
}

// checkVia checks that a pair with a via (not cut) goes through the
// first of its changed dependencies that bring its set (compose): the
// listed pairs of its changed dependencies of one name each, of the
// pair's set and without an own change, by their vias' depth, then
// their names, then their vias name by name (rank).
func (h *hashWalk) checkVia(id int32, depth, rank []int) error {
	x := &h.nodes[id]
	w := x.w
	if w.Via == nil || w.Cut || *w.Via < 0 || *w.Via >= len(h.c.Paths) {
		return nil
	}
	first := h.c.Paths[*w.Via].Name
	k := h.entry(id, first)
	if k < 0 {
		return nil
	}
	via := hashEnd{id, int32(k), -1, -1}
	d := h.pairAt(via)
	if d < 0 {
		return nil
	}
	key := func(n int32) (int, int) {
		v := h.nodes[n].w.Via
		if v == nil || *v < 0 || *v >= len(depth) {
			return 0, -1
		}
		return depth[*v], rank[*v]
	}
	dd, dr := key(d)
	for j := range w.Changed {
		if !h.spend() {
			return h.tooCostly(x.where() + ".via")
		}
		name := w.Changed[j].Name
		if j == k || h.entry(id, name) < 0 {
			continue
		}
		n := h.pairAt(hashEnd{id, int32(j), -1, -1})
		if n < 0 || n == id {
			continue
		}
		y := h.nodes[n].w
		if y.Set != w.Set || y.Self != nil || y.Cut {
			continue
		}
		nd, nr := key(n)
		if c := cmp.Or(cmp.Compare(nd, dd), strings.Compare(name, first), cmp.Compare(nr, dr)); c < 0 {
			// The link it should be: the name, then that dependency's via.
			want := ""
			for l := range h.c.Paths {
				if p := &h.c.Paths[l]; p.Name == name && (p.Next == nil && y.Via == nil || p.Next != nil && y.Via != nil && *p.Next == *y.Via) {
					want = fmt.Sprintf(" (link %d)", l)
					break
				}
			}
			return lawf(x.where()+".via", "%d, through %q, but %q, a changed dependency of the pair too, brings the same set (%d) by a via no longer: a pair whose causes all come through dependencies of one set goes through the first of them (the shortest via, then by name), here %q%s, as cachediff writes it",
				*w.Via, shortValue(first), shortValue(name), w.Set, shortValue(name), want)
		}
	}
	return nil
}

// checkDirect checks that a reference of a path of several names, from
// node q, is not of a cause that is q's own changed dependency (its
// name and hashes an entry of q's why.changed: that dependency's own
// change, or an edge change of q): cachediff reaches such a cause by
// the path of its one name, the shortest.
func (h *hashWalk) checkDirect(set, elem int, ref *CauseRef, q, origin int32) error {
	c := h.c
	t := &c.Table[ref.Cause]
	ch := h.nodes[q].w.Changed
	k, _ := slices.BinarySearchFunc(ch, t.Name, func(d DepChange, n string) int { return strings.Compare(d.Name, n) })
	for ; k < len(ch) && ch[k].Name == t.Name; k++ {
		if ch[k].OldHash != t.OldHash || ch[k].NewHash != t.NewHash {
			continue
		}
		o, x := &h.nodes[origin], &h.nodes[q]
		from := fmt.Sprintf("%s (%q)", o.where(), shortValue(o.name))
		if q != origin {
			from += fmt.Sprintf(" at %q %q → %q", shortValue(x.name), shortValue(x.oldHash), shortValue(x.newHash))
		}
		return lawf(fmt.Sprintf("causes.sets[%d][%d].path", set, elem), "%d, a path of several names from %s, to cause %d, %q %q → %q, a changed dependency of that spec itself: cachediff reaches it by a path of its one name, the shortest",
			ref.Path, from, ref.Cause, shortValue(t.Name), shortValue(t.OldHash), shortValue(t.NewHash))
	}
	return nil
}
