package diff

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"maps"
	"math/bits"
	"slices"
	"strings"
	"unsafe"

	"github.com/cachediff/cachediff/internal/listops"
	"github.com/cachediff/cachediff/internal/memo"
	"github.com/cachediff/cachediff/snapshot"
)

// A lockfile's stacks are its roots as written (a spec's stacks are the
// roots that need it), so a root whose spec changed only in its own
// version (llvm@21 → llvm@22) would move every dependency it kept to a
// stack of another name: restacked, where nothing but the root changed.
// Such a root is the same root, changed (RootChanges.Changed), and the
// engine compares the old side under the root's new name.

// renamedRoots returns, for the roots only one side holds (oldRoots and
// newRoots are namesOf the graphs' roots), each old root whose spec differs
// from a new one's only in the package's own version (withoutVersion, the
// same package), with the new root's name: each old root, in order, takes
// the first such new root not taken, as roots pairs them; a root written
// for nodes of several packages (a hand-edited lockfile), by any of them.
// nil when there is none (catalogue pages have no roots).
func renamedRoots(oldRoots, newRoots map[string][]string) map[string]string {
	if len(oldRoots) == 0 || len(newRoots) == 0 {
		return nil
	}
	var gone, came []string
	for root := range oldRoots {
		if _, ok := newRoots[root]; !ok {
			gone = append(gone, root)
		}
	}
	for root := range newRoots {
		if _, ok := oldRoots[root]; !ok {
			came = append(came, root)
		}
	}
	if len(gone) == 0 || len(came) == 0 {
		return nil
	}
	slices.Sort(gone)
	slices.Sort(came)
	var olds, news []butVersion
	for _, x := range gone {
		for _, name := range oldRoots[x] {
			olds = append(olds, butVersion{name, x})
		}
	}
	for _, y := range came {
		for _, name := range newRoots[y] {
			news = append(news, butVersion{name, y})
		}
	}
	var out map[string]string
	pairs, _ := pairButVersion(olds, news)
	for i, k := range pairs {
		if k < 0 {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		if _, ok := out[olds[i].Root]; !ok {
			out[olds[i].Root] = news[k].Root
		}
	}
	return out
}

// respeltRoots is renamedRoots of the lockfile roots o and n (rootNodes
// of each graph), but an old root and a new one that hold a spec of one
// hash pair first, as roots pairs them: of roots curl@1 and curl@2 now
// curl@3 with curl@2's hash, curl@2 is curl@3 (renamed), where
// renamedRoots took curl@1, first by name, and the report said curl@2
// removed and curl@1 changed into curl@2's spec. Then an old root no
// hash pairs takes a new root left over of its environment (os,
// platform and target), of its version first, each new root once, and
// none of a hash the other side roots.
// Several old spellings whose roots one new spelling takes all take it
// (hdf5@1.0 and hdf5@2.0 both written hdf5 now, 2.0 rebuilt or not). An
// old spelling one side alone writes whose roots several new spellings
// take (hdf5 for 1.0 and 2.0, now hdf5@1.0 and hdf5@2.0, 2.0 rebuilt or
// not) takes none whole: it is in the second map returned, and each of
// its roots is respelt alone (respell), into the spelling of its own
// hash, or of its rebuild in its environment, so that no root of an
// unchanged hash is said removed and added, nor a rebuilt one. The third
// map returned holds the new root's hash each gone root paired with in
// its environment (respelling.mate).
func respeltRoots(o, n map[string][]*GraphNode) (map[string]string, map[string]bool, map[rootAt]string) {
	_, news := leftRoots(o, n)
	whole, split, mates, _, _ := respeltRootsLeft(o, n, news, &heldRoots{})
	return whole, split, mates
}

// respeltRootsLeft is respeltRoots, given the new roots leftRoots
// leaves over of the spellings both sides write: an old root of such a
// root's hash goes there (respell pairs it), so that its spelling, of
// which another new spelling takes a root, is split (of debian's
// hdf5@=3.0 and rhel's hdf5@=3.0, now debian's written hdf5, as
// debian's other root writes it, and rhel's hdf5@3.0: debian's was said
// removed and added, respelt whole into hdf5@3.0 with rhel's); each
// such new root goes to one old root, the first by spelling. The fourth
// map returned holds the spelling of the new root of the third's.
// held is heldAll of o and n, made here when not yet.
func respeltRootsLeft(o, n map[string][]*GraphNode, left []rootCand, held *heldRoots) (map[string]string, map[string]bool, map[rootAt]string, map[rootAt]string, map[rootAt]string) {
	// Only the roots of a spelling one side alone writes pair: the rest
	// are left out from the start (of 128,000 roots written on both
	// sides, the names of each were gathered, and looked through again,
	// for none).
	// Each list made at its bound when it takes its first root: grown by
	// append, their copies were as many bytes again.
	var gone, cameRoots []string
	for root := range o {
		if _, ok := n[root]; !ok {
			if gone == nil {
				gone = make([]string, 0, len(o))
			}
			gone = append(gone, root)
		}
	}
	for root := range n {
		if _, ok := o[root]; !ok {
			if cameRoots == nil {
				cameRoots = make([]string, 0, len(n))
			}
			cameRoots = append(cameRoots, root)
		}
	}
	if len(gone) == 0 || len(cameRoots) == 0 && len(left) == 0 {
		return nil, nil, nil, nil, nil
	}
	hm := hashMates(o, n)
	oldHeld, newHeld := held.of(o, n)
	// renamedRoots makes of these what it makes of all: a spelling both
	// sides write is none of them.
	oldNames, newNames := namesOfRoots(o, gone), namesOfRoots(n, cameRoots)
	// A spec is counted once: a root whose spec the other side roots
	// (under a spelling of its own, or one both sides write) is that
	// root respelt (removed and added, or renamed below), never another
	// spec's root changed. Of two environments' roots, rhel8's
	// cmake@3.31.6 now cmake@3.31.7 and debian11's cmake now cmake
	// %gcc@10 of one hash, debian11's cmake took cmake@3.31.7, first by
	// name: "changed" into rhel8's spec, while its own hash was said
	// added; so did debian's cmake@=3.0, now cmake@3.0 as rhel's roots
	// write it, take debian's cmake@=1.0 by name.
	// A gone root no hash pairs pairs within its own environment: with a
	// new root of the same package, spelling but for the version, os,
	// platform and target (two environments' roots of one spelling,
	// rhel8's and debian11's, are each their own), of its version first
	// (hdf5 2.0 rebuilt is hdf5@2.0's root, not hdf5@1.0's), then of its
	// facets (rootEnv), each pass over every gone root before the next;
	// each new root once, whatever its
	// spelling (hdf5@1.0 and hdf5@2.0 both written hdf5 now, 2.0
	// rebuilt: hdf5@2.0 joins the spelling hdf5@1.0 takes by hash). A
	// hash either side roots under any spelling pairs by hash alone: such
	// a root is kept or respelt, never another root rebuilt.
	slices.Sort(cameRoots)
	var spelt []string     // a new root's spelling, by its number
	var nodes []*GraphNode // a new root's spec, by its number
	var used []bool        // a new root paired, by its number
	for _, y := range cameRoots {
		for _, g := range n[y] {
			if oldHeld[g.Hash()] {
				continue
			}
			spelt, nodes, used = append(spelt, y), append(nodes, g), append(used, false)
		}
	}
	// The new roots not paired yet by their rootEnv of one pass, filed
	// when that pass first looks one up: a pass's keys are its own. Filed
	// by the rootEnv's hash (envSeed), each hash's roots chained in
	// order and their rootEnvs kept once for all passes: a map keyed by
	// the 120-byte rootEnv, each key's list a slice of its own, was a
	// thirtieth of a lockfile pair's allocation.
	var heads map[uint64]int32 // a hash's first new root not dropped yet
	var chain []int32          // a new root's next of its hash, -1 at the end
	var envs []rootEnv         // a new root's rootEnv of the pass filed
	filed := int8(-1)
	next := func(k rootEnv) (string, string) {
		if filed != k.pass {
			filed = k.pass
			clear(heads)
			if heads == nil {
				heads, chain, envs = make(map[uint64]int32, len(spelt)), make([]int32, len(spelt)), make([]rootEnv, len(spelt))
			}
			for j := len(spelt) - 1; j >= 0; j-- {
				if !used[j] {
					envs[j] = rootArch(nodes[j], spelt[j], k.pass)
					h := maphash.Comparable(envSeed, envs[j])
					chain[j] = -1
					if first, ok := heads[h]; ok {
						chain[j] = first
					}
					heads[h] = int32(j)
				}
			}
		}
		h := maphash.Comparable(envSeed, k)
		first, ok := heads[h]
		if !ok {
			return "", ""
		}
		for first >= 0 && used[first] { // each dropped once
			first = chain[first]
		}
		heads[h] = first
		for j := first; j >= 0; j = chain[j] {
			if !used[j] && envs[j] == k {
				used[j] = true
				return spelt[j], nodes[j].Hash()
			}
		}
		return "", ""
	}
	slices.Sort(gone)
	// The new spelling of each gone spelling's specs' hashes (as
	// hashMates pairs a hash's roots), and whether they are several; then those of its roots no hash pairs, in their
	// environment: a spelling of which another new spelling takes a root
	// is split (hdf5 for 1.0 and 2.0, now hdf5@1.0 for 1.0 and hdf5@2.0
	// for 2.0 rebuilt, took hdf5@1.0 whole: 2.0 was said removed and its
	// rebuild added). A root whose spec the new side roots under a
	// spelling of its own pairs by hash alone, and its spelling's other
	// roots in their environments still (rhel8's hdf5 %gcc now hdf5,
	// one hash, and ubuntu's hdf5@2.0 now hdf5 rebuilt: the other way
	// round, hdf5 took none, as its roots were one spelling, and both
	// were removed, where this way hdf5@2.0 is changed into its rebuild).
	tos, several := make([]string, len(gone)), make([]bool, len(gone))
	var noted map[string]bool // the new spellings a gone root took
	note := func(i int, y string) {
		if y != "" {
			if noted == nil {
				noted = map[string]bool{}
			}
			noted[y] = true
		}
		switch {
		case y == "":
		case tos[i] == "":
			tos[i] = y
		case y != tos[i]:
			several[i] = true
		}
	}
	// left's roots, by hash, package and spelling: their spellings, in
	// order, each joined by one gone root (of hdf5@1.0 and hdf5@=1.0 of
	// one hash, now hdf5 for it as debian's roots write it, hdf5@1.0
	// takes it, and hdf5@=1.0 is not split for it). A gone spelling
	// whose roots join those of two spellings is split, as one whose
	// roots two new spellings take (rhel8's cmake@1.0 for v and s, now
	// cmake@=1.0 for v and cmake for s, spellings both sides write:
	// cmake@1.0 went into cmake whole, and v was said removed and added).
	joining := make([]bool, len(gone))
	joined := make([]string, len(gone)) // the spelling a gone spelling's root joined first
	for i, x := range gone {
		for _, node := range o[x] {
			// Each new root once (hashMates): of hdf5 and hdf5@1.0 of
			// one hash, now hdf5@=1.0 of that hash alone, hdf5@1.0 took
			// it too, and its root was said changed into another's spec.
			y := hm[rootAt{x, node.Hash()}]
			switch {
			case y == "":
			case len(o[y]) == 0:
				note(i, y)
			case !joining[i]:
				joining[i], joined[i] = true, y
			case joined[i] != y:
				several[i] = true
			}
		}
	}
	var paired map[rootAt]string     // a gone root paired with a new root in its environment: the new root's hash
	var pairedRoot map[rootAt]string // and its spelling
	for pass := range int8(3) {
		for i, x := range gone {
			for _, g := range o[x] {
				if _, ok := paired[rootAt{x, g.Hash()}]; ok || newHeld[g.Hash()] {
					continue
				}
				if y, h := next(rootArch(g, x, pass)); y != "" {
					if paired == nil {
						paired, pairedRoot = map[rootAt]string{}, map[rootAt]string{}
					}
					paired[rootAt{x, g.Hash()}], pairedRoot[rootAt{x, g.Hash()}] = h, y
					note(i, y)
				}
			}
		}
	}
	var out map[string]string
	var split map[string]bool
	for i, x := range gone {
		switch {
		case several[i] || joining[i] && tos[i] != "":
			if split == nil {
				split = map[string]bool{}
			}
			split[x] = true
			delete(oldNames, x)
		case tos[i] != "":
			if out == nil {
				out = map[string]string{}
			}
			out[x] = tos[i]
		}
	}
	// The rest pair as renamedRoots pairs them, without these, nor the
	// new spellings a split spelling's roots took: of ubuntu's hdf5 for
	// 1.0 and 2.0, now hdf5@2.0.1 and hdf5@=2.0, each rebuilt, and
	// debian11's hdf5@3.0 removed, hdf5@3.0 took hdf5@2.0.1 by name, its
	// stack renamed while its root was said removed.
	for x := range out {
		delete(oldNames, x)
	}
	for y := range noted {
		delete(newNames, y)
	}
	for _, x := range gone {
		if _, ok := oldNames[x]; ok && slices.ContainsFunc(o[x], func(g *GraphNode) bool { return newHeld[g.Hash()] }) {
			delete(oldNames, x)
		}
	}
	for _, y := range cameRoots {
		if _, ok := newNames[y]; ok && slices.ContainsFunc(n[y], func(g *GraphNode) bool { return oldHeld[g.Hash()] }) {
			delete(newNames, y)
		}
	}
	for x, y := range renamedRoots(oldNames, newNames) {
		if out == nil {
			out = map[string]string{}
		}
		out[x] = y
	}
	return out, split, paired, pairedRoot, hm
}

// rootEnv is a root's environment as a root no hash pairs pairs within
// it (respeltRoots): its package, spelling but for the version, os,
// platform and target, and, by the pass, its version (0), its facets
// (1: compiler and variants, as its spec pairs: of hdf5@1.0 for B
// ~shared and J +shared, now hdf5@2.0 for E +shared and hdf5@3.1 for Z
// ~shared, B took hdf5@2.0 in hash order while its spec was updated
// into Z) or neither (2).
type rootEnv struct {
	name, rest, os, platform, target, version, facets string
	pass                                              int8
}

// envSeed hashes the rootEnvs respeltRootsLeft files (a hash is a
// key alone: the roots of one are told apart by their rootEnv).
var envSeed = maphash.MakeSeed()

// rootArch is g's rootEnv, rooted under root, for pass.
func rootArch(g *GraphNode, root string, pass int8) rootEnv {
	k := rootEnv{name: g.Name, rest: withoutVersion(root), os: g.OS(), platform: g.Platform(), target: g.Target(), pass: pass}
	switch pass {
	case 0:
		k.version = g.Version()
	case 1:
		k.facets = rootFacets(g)
	}
	return k
}

// rootFacets is g's compiler and variants as one key (listKey): joined
// by NULs, a variant's value may hold one (a lockfile's "\u0000"), and
// hdf5's a="x\x00b=y" read as a=x b=y, so that a root took the root of
// the other facets in hash order while its spec paired by its own
// (TestRootFacetsHoldingNUL).
func rootFacets(g *GraphNode) string {
	return listKey(append([]string{g.Compiler()}, g.Variants()...))
}

// heldElsewhere returns the hashes m (rootNodes) roots under a spelling
// other does not root them under: merged, each spelling's roots being
// in hash order.
func heldElsewhere(m, other map[string][]*GraphNode) map[string]bool {
	hs := map[string]bool{}
	for root, l := range m {
		eachNotIn(l, other[root], func(g *GraphNode) { hs[g.Hash()] = true })
	}
	return hs
}

// eachNotIn calls f with each of mine whose hash theirs lacks, in
// order: both in hash order (rootNodes), merged.
func eachNotIn(mine, theirs []*GraphNode, f func(g *GraphNode)) {
	j := 0
	for _, g := range mine {
		h := g.Hash()
		for j < len(theirs) && theirs[j].Hash() < h {
			j++
		}
		if j == len(theirs) || theirs[j].Hash() != h {
			f(g)
		}
	}
}

// heldRoots are heldAll of the old and the new roots, made when first
// needed, once for respell and respeltRootsLeft.
type heldRoots struct{ old, cur map[string]bool }

// of returns heldAll of o and of n, made on the first call.
func (h *heldRoots) of(o, n map[string][]*GraphNode) (map[string]bool, map[string]bool) {
	if h.old == nil {
		h.old, h.cur = heldAll(o), heldAll(n)
	}
	return h.old, h.cur
}

// heldAll returns the hashes m (rootNodes) roots under any spelling.
func heldAll(m map[string][]*GraphNode) map[string]bool {
	n := 0
	for _, l := range m {
		n += len(l)
	}
	hs := make(map[string]bool, n)
	for _, l := range m {
		for _, g := range l {
			hs[g.Hash()] = true
		}
	}
	return hs
}

// heldIn returns the hashes m (rootNodes) roots under any spelling
// that g holds too: heldAll of them.
func heldIn(m map[string][]*GraphNode, g Graph) map[string]bool {
	n := 0
	for _, l := range m {
		for _, x := range l {
			if g.Node(x.Hash()) != nil {
				n++
			}
		}
	}
	hs := make(map[string]bool, n)
	for _, l := range m {
		for _, x := range l {
			if h := x.Hash(); g.Node(h) != nil {
				hs[h] = true
			}
		}
	}
	return hs
}

// butVersion is a root as written (Root) with its package's name.
type butVersion struct{ Name, Root string }

// pairButVersion pairs each of olds, in order, with the first of news
// not taken that is of the same package and differs from it only in the
// package's own version (withoutVersion): pairs[i] is olds[i]'s index
// into news, or -1. The news are filed by that key, so that n removed and
// m added roots of one package cost O(n+m) look-ups, not the n·m of a
// scan of news for each old root (8,000 roots of one package a side took
// 39 s); probes counts the news looked at.
func pairButVersion(olds, news []butVersion) (pairs []int, probes int) {
	type key struct{ name, rest string }
	byKey := make(map[key][]int, len(news))
	for j, y := range news {
		k := key{y.Name, withoutVersion(y.Root)}
		byKey[k] = append(byKey[k], j)
	}
	pairs = make([]int, len(olds))
	for i, x := range olds {
		pairs[i] = -1
		k := key{x.Name, withoutVersion(x.Root)}
		list := byKey[k]
		for at, j := range list {
			probes++
			if news[j].Root == x.Root {
				continue // the same root, not one of another version
			}
			pairs[i] = j
			if at == 0 {
				byKey[k] = list[1:]
			} else {
				byKey[k] = slices.Delete(list, at, at+1)
			}
			break
		}
	}
	return pairs, probes
}

// withoutVersion returns a root as written without its package's own
// version: the first word (up to a space, a variant, a compiler or a
// dependency) with its @version left out, and the rest. Two roots are
// the same but for that version when they differ and this is equal.
func withoutVersion(s string) string {
	end := strings.IndexAny(s, " \t+~%^")
	if end < 0 {
		end = len(s)
	}
	at := strings.IndexByte(s[:end], '@')
	if at < 0 {
		return s
	}
	return s[:at] + s[end:]
}

// namesOf maps each root of m (rootNodes) to the names of its packages,
// sorted (one, unless a lockfile wrote one root for nodes of several
// packages): all of them, so that what renamedRoots makes of a root does
// not depend on the map's order.
func namesOf(m map[string][]*GraphNode) map[string][]string {
	return namesOfRoots(m, slices.Collect(maps.Keys(m)))
}

// namesOfRoots is namesOf of the roots of m named in roots alone.
func namesOfRoots(m map[string][]*GraphNode, roots []string) map[string][]string {
	out := make(map[string][]string, len(roots))
	for _, root := range roots {
		ns := m[root]
		l := make([]string, len(ns))
		for i, x := range ns {
			l[i] = x.Name
		}
		slices.Sort(l)
		out[root] = slices.Compact(l)
	}
	return out
}

// renamedStacks returns the stacks a filter names (sorted), with the new
// name of each old root among them that ren renames: the old side is
// compared under the new name, so a filter that names the root as the old
// lockfile writes it selects that root on both sides, as its new name
// does (a spelling respelt for some of its roots alone selects those
// under both spellings, and the roots keeping it); stacks itself when
// none is renamed.
func renamedStacks(stacks []string, ren map[string][]string) []string {
	var out []string
	for _, st := range stacks {
		if to, ok := ren[st]; ok {
			if out == nil {
				out = slices.Clone(stacks)
			}
			out = append(out, to...)
		}
	}
	if out == nil {
		return stacks
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// renameStacks returns s with the stacks named in ren renamed: a copy of
// each package with a spec in one, and new stack lists, sorted (the
// loaded lists are shared and never modified); s itself when no spec is.
// A list that many specs share (a lockfile's roots above a hub) is
// renamed once, and its new list shared the same: renamed spec by spec,
// a hub of n packages under n roots that all changed version made n
// copies of the n roots, n² strings, and the diff of 4x the nodes cost
// 20x the time and 8x the memory.
func renameStacks(s *snapshot.Snapshot, ren map[string]string) *snapshot.Snapshot {
	return withStacks(s, stacksRenamed(ren))
}

// stacksRenamed is renameStacks' new stacks of a spec: nil where ren
// renames none of them.
func stacksRenamed(ren map[string]string) func(sp *snapshot.Spec) []string {
	renamed := map[memo.Key][]string{} // the new list of each list renamed, by its identity
	return func(sp *snapshot.Spec) []string {
		l := sp.Stacks
		k := memo.List(l)
		stacks, ok := renamed[k]
		if !ok {
			if slices.ContainsFunc(l, func(st string) bool { _, ok := ren[st]; return ok }) {
				stacks = make([]string, len(l))
				for k, st := range l {
					if to, ok := ren[st]; ok {
						st = to
					}
					stacks[k] = st
				}
				slices.Sort(stacks)
				stacks = slices.Compact(stacks)
			}
			renamed[k] = stacks
		}
		return stacks
	}
}

// withStacks returns s with each spec's stacks replaced by what
// stacksOf returns for it where that is not nil: a copy of each package
// with such a spec (the loaded packages and lists are shared and never
// modified); s itself when no spec is.
func withStacks(s *snapshot.Snapshot, stacksOf func(sp *snapshot.Spec) []string) *snapshot.Snapshot {
	out := *s
	out.Packages = make([]*snapshot.Package, len(s.Packages))
	changed := false
	for i, p := range s.Packages {
		out.Packages[i] = p
		var specs []snapshot.Spec
		for j := range p.Specs {
			stacks := stacksOf(&p.Specs[j])
			if stacks == nil {
				continue
			}
			if specs == nil {
				specs = slices.Clone(p.Specs)
			}
			specs[j].Stacks = stacks
		}
		if specs != nil {
			cp := *p
			cp.Specs = specs
			out.Packages[i] = &cp
			changed = true
		}
	}
	if !changed {
		return s
	}
	return &out
}

// respeltInPlace moves the stacks of respelt (loaded, the old side as
// loaded, its stacks respelt by withStacks) into loaded's own specs, for
// a caller done with the snapshots (CompareReleasing): each package of
// respelt that withStacks copied takes loaded's list of specs back, its
// specs' stacks written in place, and og (loaded's graph, whose nodes
// point at those specs) keeps the lists they held (Graph.asLoaded),
// which its readers (otherID, otherStacks.alike, keyOrder, the
// respelling the other way round) take as the specs' own. The copies
// of every respelt package's specs, 144 bytes a spec alive from the
// matching to the report's specs (reportSpecs), are garbage then: a
// lockfile pair of 64,000 builds alike respelt held 9.8 MB of them at
// the pairing's and Explain's marks of the live heap. A package whose
// list after (the new side) shares is left copied, and so is one the
// copy does not mirror spec for spec. It returns og with the lists kept.
func respeltInPlace(respelt, loaded, after *snapshot.Snapshot, og Graph) Graph {
	if respelt == loaded || len(respelt.Packages) != len(loaded.Packages) {
		return og
	}
	shared := make(map[*snapshot.Spec]bool, len(after.Packages))
	for _, p := range after.Packages {
		if len(p.Specs) > 0 {
			shared[&p.Specs[0]] = true
		}
	}
	for i, p := range respelt.Packages {
		lp := loaded.Packages[i]
		if p == lp || p.Name != lp.Name || len(p.Specs) != len(lp.Specs) || len(p.Specs) == 0 || shared[&lp.Specs[0]] {
			continue
		}
		if !slices.EqualFunc(p.Specs, lp.Specs, func(a, b snapshot.Spec) bool { return a.Hash == b.Hash }) {
			continue // not a copy of loaded's: kept as it is
		}
		for j := range p.Specs {
			sp, lsp := &p.Specs[j], &lp.Specs[j]
			if memo.List(sp.Stacks) == memo.List(lsp.Stacks) {
				continue
			}
			if n, at := og.place(lsp.Hash); at >= 0 && n.Spec == lsp {
				if og.asLoaded == nil {
					og.asLoaded = make([][]string, len(og.nodes))
				}
				og.asLoaded[at] = asLoadedList(lsp.Stacks)
			}
			lsp.Stacks = sp.Stacks
		}
		p.Specs = lp.Specs
	}
	return og
}

// nilStacks stands in Graph.asLoaded for a spec's stacks loaded nil.
var nilStacks = make([]string, 0, 1)

// asLoadedList is l as Graph.asLoaded holds it: never nil.
func asLoadedList(l []string) []string {
	if l == nil {
		return nilStacks
	}
	return l
}

// loadedList is the list asLoadedList held as l.
func loadedList(l []string) []string {
	if unsafe.SliceData(l) == unsafe.SliceData(nilStacks) {
		return nil
	}
	return l
}

// sortedShared is what the sorted lists alts and l (neither with a
// value twice) share, in order. The shorter is walked: l's values
// looked up in alts as a set (altsSet, made once for each list of
// alts), or alts' values looked up in l by binary search, or the two
// walked side by side where that takes fewer steps. A weak rename's
// alts (the n/2 spellings respelt alone in its environment) walked for
// each new list of its specs (n/2 zlibs, each in its own respelt
// mate's stack alone) were n² steps: 4x the roots took 13x the CPU in
// respellStacks. Two lists of one length looked up by binary search
// were n log n: 4.85x the time for 4x the values.
func sortedShared(alts []string, altsSet func() map[string]bool, l []string) []string {
	var out []string
	if len(l) <= len(alts) {
		set := altsSet()
		for _, v := range l {
			respellSteps(1)
			if set[v] {
				out = append(out, v)
			}
		}
		return out
	}
	if search := bits.Len(uint(len(l))); len(alts)*search < len(alts)+len(l) {
		for _, v := range alts {
			respellSteps(search)
			if _, in := slices.BinarySearch(l, v); in {
				out = append(out, v)
			}
		}
		return out
	}
	for i, j := 0, 0; i < len(alts) && j < len(l); {
		respellSteps(1)
		switch c := strings.Compare(alts[i], l[j]); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			out = append(out, alts[i])
			i, j = i+1, j+1
		}
	}
	return out
}

// listKey is a map key of the list l that no other list has: its
// length, then each value's length and bytes. Joined by NULs, as a
// root's spelling may hold one (a lockfile's "\u0000"), the alts
// ["foo@1", "foo@2\x00foo@3"] of one environment and ["foo@1\x00foo@2",
// "foo@3"] of another were one key, and a weak root's spec took the
// stacks of the other's alts, or of none, by the map's order
// (TestRespeltAltsHoldingNUL).
func listKey(l []string) string {
	b := binary.AppendUvarint(nil, uint64(len(l)))
	for _, v := range l {
		b = binary.AppendUvarint(b, uint64(len(v)))
		b = append(b, v...)
	}
	return string(b)
}

// respellSteps tells respellProbe, when set, of n steps.
func respellSteps(n int) {
	if respellProbe != nil {
		for range n {
			respellProbe()
		}
	}
}

// respellProbe, when set (by the tests), is called for each root respell
// looks at to pair, each edge respellStacks follows and each value it
// looks up in a list of stacks (sortedShared).
var respellProbe func()

// splitBackProbe, when set (by the tests), is called each time respell
// builds the reverse respeltRootsLeft its splitBack reads: once at most,
// and only when a root left over asks.
var splitBackProbe func()

// rootAt is a lockfile root: its spelling and its spec's hash.
type rootAt struct{ root, hash string }

// A respelling is what respell makes of the lockfile roots: the old
// spellings respelt whole (respeltRoots: every root of the spelling, the
// old side's stack renamed as it is), and the roots respelt alone,
// whose old spelling roots of another environment keep, or whose new
// spelling roots of another environment wrote already.
type respelling struct {
	whole map[string]string // old spelling → new, of every root of it
	// part maps a root respelt alone (old spelling, hash) to its new
	// spelling: roots of another os, platform or target keep the old
	// spelling on the new side (of two environments' roots zlib@1.3,
	// rhel8's alone now written zlib@=1.3, rhel8's).
	part map[rootAt]string
	// into are the new roots (new spelling, hash) that a root respelt
	// (whole or alone) came to, of a spelling the old side writes too
	// (roots of another environment wrote it already).
	into map[rootAt]bool
	// kept counts, by old spelling of part, the new side's roots that
	// keep it; joined, by new spelling of into, the old side's roots
	// that wrote it already.
	kept, joined map[string]int
	// stack maps an old root (old spelling, hash) to the spelling the
	// specs it needs take in the old side's stacks, where that is not
	// whole's name for name (respellStacks): each root of part, and each
	// root of a spelling of whole respelt into a spelling the old side
	// writes too (perRoot).
	stack   map[rootAt]string
	perRoot map[string]bool // the spellings of whole whose stacks go root by root
	// byRoot are the old spellings of stack's roots (part's and
	// perRoot's): spellings respelt root by root, a root of which no
	// new root pairs with keeps it.
	byRoot map[string]bool
	weak   map[rootAt]bool // roots that keep their spelling only where no root respelt out of it goes
	// wholeThere holds, by old spelling of stack's roots and
	// environment, the new spellings its roots there take whose every
	// root there is one of them (fillWholeThere).
	wholeThere map[[2]spellingAt]bool
	// wholeInto holds, by old spelling one side alone writes, the new
	// spellings one side alone writes that its roots alone take
	// (sorted): the other way round, each goes whole into it.
	wholeInto map[string][]string
	// mate maps an old root that respell or respeltRoots paired by
	// environment (old spelling, hash) to the hash of the new root it
	// paired with: the roots' changes pair them so (rootChanges), as the
	// stacks were renamed.
	mate map[rootAt]string
	// changed maps, of a spelling both sides write, its one old root
	// left once the roots of one hash and those respelt are set aside
	// (old spelling, hash) to the hash of its one new root left so:
	// roots pairs them, a root changed under its spelling
	// (changedRoots), and so do the specs (mates).
	changed map[rootAt]string
}

// of returns the new spelling of the old root (root, hash), or "".
func (r *respelling) of(root, hash string) string {
	if r == nil {
		return ""
	}
	if to, ok := r.whole[root]; ok && !r.perRoot[root] {
		return to
	}
	return r.stack[rootAt{root, hash}]
}

// byName returns the spellings of whole whose stacks are renamed name
// for name (renameStacks): all but perRoot's.
func (r *respelling) byName() map[string]string {
	if len(r.perRoot) == 0 {
		return r.whole
	}
	out := make(map[string]string, len(r.whole))
	for x, y := range r.whole {
		if !r.perRoot[x] {
			out[x] = y
		}
	}
	return out
}

// mates returns mate and changed by old hash (old hash → new hash), or
// nil: the pairs the specs' matcher takes first (matcher.mates). Only a hash
// paired with one hash alone, both ways: a spec rooted under two
// spellings whose roots paired with two new roots (ubuntu's curl@=3.0
// and curl for one 3.0, now curl@3.1 for 3.1 and curl@2.0 for another)
// pairs as the stacks and facets say, both ways round alike.
func (r *respelling) mates() map[string]string {
	if r == nil || len(r.mate)+len(r.changed) == 0 {
		return nil
	}
	out := make(map[string]string, len(r.mate)+len(r.changed))
	bad := map[string]bool{}
	of := make(map[string]string, len(r.mate)+len(r.changed)) // new hash → old hash
	for _, m := range [2]map[rootAt]string{r.mate, r.changed} {
		for x, y := range m {
			if h, ok := out[x.hash]; ok && h != y {
				bad[x.hash] = true
			}
			out[x.hash] = y
			if h, ok := of[y]; ok && h != x.hash {
				bad[h], bad[x.hash] = true, true
			}
			of[y] = x.hash
		}
	}
	for h := range bad {
		delete(out, h)
	}
	for h, y := range out {
		if bad[of[y]] {
			delete(out, h)
		}
	}
	return out
}

// partly reports whether old spelling root is respelt for some of its
// roots alone.
func (r *respelling) partly(root string) bool {
	return r != nil && r.kept[root] > 0
}

// none reports whether nothing is respelt.
func (r *respelling) none() bool {
	return r == nil || len(r.whole) == 0 && len(r.part) == 0
}

// envArch is a root's os, platform and target.
type envArch struct{ os, platform, target string }

// archOf is g's envArch.
func archOf(g *GraphNode) envArch { return envArch{g.OS(), g.Platform(), g.Target()} }

// A rootCand is a root respell pairs: its spelling, spec and hash.
type rootCand struct {
	root string
	node *GraphNode
	hash string
	a    bool // of a spelling both sides write
	// split: of an old spelling one side alone writes whose specs
	// several new spellings hold (respeltRoots), respelt root by
	// root as a spelling both sides write is.
	split bool
}

// leftRoots returns the roots of the spellings both sides write that
// the other side's roots of each spelling leave over, old and new (as
// cands of a spelling both sides write), as left below gathers them.
func leftRoots(o, n map[string][]*GraphNode) (olds, news []rootCand) {
	// left gathers the roots of a spelling both sides write that the
	// other side's roots of it do not match by hash: those of an arch the
	// other side's have none of are left over, and so are those whose
	// hash the other side roots under a spelling this one does not root
	// it under, whatever the counts: such a root is that root respelt,
	// never changed into another root of its spelling while its hash is
	// said added under the other (of debian11's curl rooting d3 and d1,
	// now curl@=3.0 for d3 and curl for d2, d3 is renamed into
	// curl@=3.0 and d1 changed into d2; of rhel8's hdf5 for b 1.0 and d
	// 3.0, now hdf5@=1.0 and hdf5@=3.0 for them and hdf5 for c 3.0, b and
	// d are renamed and c added, where d was changed into c, and added
	// under hdf5@=3.0).
	var oldElse, newElse map[string]bool // made when first needed
	left := func(mine, theirs []*GraphNode, root string, elsewhere func(h string) bool, out *[]rootCand) {
		archs := map[envArch]bool{} // theirs' archs, filled when first needed
		eachNotIn(mine, theirs, func(g *GraphNode) {
			h := g.Hash()
			if len(archs) == 0 {
				for _, y := range theirs {
					archs[archOf(y)] = true
				}
			}
			if !archs[archOf(g)] || elsewhere(h) {
				*out = append(*out, rootCand{root, g, h, true, false})
			}
		})
	}

	for root, ons := range o {
		if nns, ok := n[root]; ok && len(nns) > 0 {
			left(ons, nns, root, func(h string) bool {
				if newElse == nil {
					newElse = heldElsewhere(n, o)
				}
				return newElse[h]
			}, &olds)
		}
	}
	for root, nns := range n {
		if ons, ok := o[root]; ok && len(ons) > 0 {
			left(nns, ons, root, func(h string) bool {
				if oldElse == nil {
					oldElse = heldElsewhere(o, n)
				}
				return oldElse[h]
			}, &news)
		}
	}
	return olds, news
}

// respell is respeltRoots, and then the roots respelt alone: of a
// spelling both sides write, a root of an os, platform and target no
// root of that spelling on the other side has is the other side's root
// of another spelling of its environment (rhel8's zlib@1.3 now zlib@=1.3,
// while debian11's stays zlib@1.3): it pairs with a root left over, of
// the same package and spelling but for the version, of one hash first,
// then of the same os, platform and target (and version first), never
// across environments: not "removed" while its respelling is "added",
// its change and cause lost. So does each root of an old spelling split
// (respeltRoots), by hash before the roots of spellings both sides write,
// then with the new root respeltRoots paired it with in its environment. Roots of one environment (one arch) that share a
// spelling are each their own: a root keeping the spelling there may be
// the one changed, unless the other side roots its hash under a
// spelling of its own, whatever the counts (leftRoots). A
// hash is never respelt into a spelling the old side roots it under
// (its arch is that spelling's on the old side). A root left over of a
// spelling both sides write pairs by hash with a root of a spelling
// another old one takes whole, unless that old spelling roots the hash
// too: of debian's roots hdf5 for 3.0 and 2.0 and rhel's hdf5@3.0,
// now debian's 3.0 and rhel's written hdf5@=3.0, debian's 3.0 is
// renamed into hdf5@=3.0, which rhel's hdf5@3.0 takes whole (the
// mirror of an old spelling split into a spelling both sides write). The spellings both sides write are compared by
// merging their roots' lists (sorted by hash): those of one hash on
// both sides cost no look-up, and the rest are filed once by their
// keys.
func respell(o, n map[string][]*GraphNode) *respelling {
	olds, news := leftRoots(o, n)
	var held heldRoots
	whole, split, mates, mateRoots, hm := respeltRootsLeft(o, n, news, &held)
	r := &respelling{whole: whole, mate: mates}
	if len(olds) == 0 && len(news) == 0 && len(split) == 0 {
		r.stacks(o, n, r.mergedRoots(o, n, hm, &held, nil))
		r.changedRoots(o, n)
		return r
	}
	// Those of a spelling one side alone writes that respeltRoots left.
	taken := map[string]bool{}
	for _, to := range r.whole {
		taken[to] = true
	}
	for root, ons := range o {
		if _, ok := n[root]; !ok {
			if _, ok := r.whole[root]; !ok {
				for _, g := range ons {
					olds = append(olds, rootCand{root, g, g.Hash(), false, split[root]})
				}
			}
		}
	}
	for root, nns := range n {
		// A new spelling an old one takes whole is none of these, but
		// where old spellings are split: its roots may be theirs.
		if _, ok := o[root]; !ok {
			for _, g := range nns {
				news = append(news, rootCand{root, g, g.Hash(), false, false})
			}
		}
	}
	byRootHash := func(a, b rootCand) int {
		return cmp.Or(strings.Compare(a.root, b.root), strings.Compare(a.hash, b.hash))
	}
	slices.SortFunc(olds, byRootHash)
	slices.SortFunc(news, byRootHash)
	if hm == nil && len(olds) > 0 && len(news) > 0 {
		hm = hashMates(o, n) // respeltRootsLeft had no spelling one side alone writes to pair
	}
	// The hashes each side roots under any spelling: a root whose hash
	// the other side roots is that root respelt (by hash) or kept, never
	// another environment's root respelt by its arch.
	oldHeld, newHeld := held.of(o, n)
	type key struct {
		hash, name, rest, version, facets string
		arch                              envArch
	}
	var wholeTo map[string]string  // an old spelling one side alone writes: the one new spelling it takes
	byOwner := map[string]string{} // a new spelling one side alone writes: the old spelling that took it
	newTaken, oldTaken := make([]bool, len(news)), make([]bool, len(olds))
	// A new root respeltRoots paired with a root of a spelling it
	// respelt whole is that root's: never a split spelling's root's too
	// (rhel's curl@=2.0.1 for b, gone whole into curl@1.0 with b paired
	// with c, and curl@=3.0 split: new → old its removed root r took c
	// by environment too, its stack renamed curl@1.0 while the roots
	// said r removed, and render refused the report).
	if len(mates) > 0 && len(whole) > 0 {
		held := map[rootAt]bool{}
		for at, h := range mates {
			if _, ok := whole[at.root]; ok {
				held[rootAt{mateRoots[at], h}] = true
			}
		}
		for j, y := range news {
			if held[rootAt{y.root, y.hash}] {
				newTaken[j] = true
			}
		}
	}
	var intoRoots map[rootAt]string // a root of a spelling of wholeTo come to a spelling both sides write
	// wholeRoots reports whether an old spelling respelt whole into y
	// roots hash h.
	var wholeFrom map[string][]string // made when first needed
	wholeRoots := func(y, h string) bool {
		if wholeFrom == nil {
			wholeFrom = make(map[string][]string, len(r.whole))
			for x, to := range r.whole {
				wholeFrom[to] = append(wholeFrom[to], x)
			}
		}
		for _, x := range wholeFrom[y] {
			if _, ok := slices.BinarySearchFunc(o[x], h, func(g *GraphNode, h string) int { return strings.Compare(g.Hash(), h) }); ok {
				return true
			}
		}
		return false
	}
	// splitBack reports whether the new spelling y, one side alone
	// writes, is split the other way round (respeltRootsLeft of n and
	// o, made when first asked): its roots go into several old
	// spellings, and each is respelt alone, free to take a root left
	// over of a spelling both sides write, so a root left over here of
	// such a spelling may take one of y's roots as well.
	var backSplit map[string]bool
	splitBack := func(y string) bool {
		if backSplit == nil {
			if splitBackProbe != nil {
				splitBackProbe()
			}
			// olds whole, not its roots left over alone as respell
			// gives news: respeltRootsLeft asks only whether its list
			// is empty where no new spelling is one side's (of n and
			// o: an old one here), and each of olds' other roots is of
			// such a spelling.
			back := heldRoots{old: newHeld, cur: oldHeld}
			_, backSplit, _, _, _ = respeltRootsLeft(n, o, olds, &back)
			if backSplit == nil {
				backSplit = map[string]bool{}
			}
		}
		return backSplit[y]
	}
	pairs := func(byHash bool, keyOf func(c rootCand, old bool) (key, bool)) {
		idx := map[key][]int{}
		for j, y := range news {
			if k, ok := keyOf(y, false); ok && !newTaken[j] {
				idx[k] = append(idx[k], j)
			}
		}
		if len(idx) == 0 {
			return
		}
		// An old spelling one side alone writes goes whole into one new
		// spelling (wholeTo): the one first by name its roots reach, as
		// a new spelling one side alone writes is taken by the old
		// spelling first by name that reaches it (byOwner), not by its
		// first root by hash (of rhel's curl and curl@=1.0 and ubuntu's
		// curl@=1.0 and curl, now rhel's curl@1.0 beside curl and
		// ubuntu's curl@1.0 beside curl@=1.0: old → new ubuntu's curl
		// was changed into its curl@1.0, rhel's curl@=1.0 removed, while
		// new → old rhel's curl@1.0 went into curl@=1.0, ubuntu's
		// removed, TestRootOneSidedSpellingByName).
		order := make([]int, 0, len(olds))
		for i := 0; i < len(olds); {
			e := i + 1
			for e < len(olds) && olds[e].root == olds[i].root {
				e++
			}
			lead, leadRoot := -1, ""
			if x := olds[i]; !x.a && !x.split && wholeTo[x.root] == "" {
				for i2 := i; i2 < e; i2++ {
					if olds[i2].hash == "" || oldTaken[i2] {
						continue
					}
					k, ok := keyOf(olds[i2], true)
					if !ok {
						continue
					}
					l := idx[k]
					for len(l) > 0 && newTaken[l[0]] {
						l = l[1:]
					}
					idx[k] = l
					// That first free new root is of a spelling both sides
					// write: a one-sided old spelling's roots and a one-sided
					// new one's are respeltRoots' to pair, before this.
					if len(l) > 0 && (lead < 0 || news[l[0]].root < leadRoot) {
						lead, leadRoot = i2, news[l[0]].root
					}
				}
			}
			if lead >= 0 {
				order = append(order, lead)
			}
			for i2 := i; i2 < e; i2++ {
				if i2 != lead {
					order = append(order, i2)
				}
			}
			i = e
		}
		for _, i := range order {
			x := olds[i]
			if x.hash == "" || oldTaken[i] {
				continue
			}
			k, ok := keyOf(x, true)
			if !ok {
				continue
			}
			l := idx[k]
			for len(l) > 0 && newTaken[l[0]] { // each dropped once
				l = l[1:]
			}
			idx[k] = l
			for at, j := range l {
				if respellProbe != nil {
					respellProbe()
				}
				if newTaken[j] {
					continue // taken past the first: each new root once
				}
				y := news[j]
				if y.root == x.root || !x.a && !x.split && !y.a {
					continue // the same spelling, or respeltRoots' to pair
				}
				if !y.a && taken[y.root] && !x.split && !(byHash && x.a && !wholeRoots(y.root, x.hash)) && !(x.a && splitBack(y.root)) {
					// taken whole: its roots are a split spelling's alone,
					// or, by hash, a root's of a spelling both sides write
					// that no old spelling taking it roots, or a root's left
					// over of one where the other way round it is split
					// (TestRootLeftTakesSplitBackSpelling)
					continue
				}
				if !x.a && !x.split && wholeTo[x.root] != "" && wholeTo[x.root] != y.root {
					continue // an old spelling takes one new spelling
				}
				if !y.a && !x.split && !(byHash && x.a) && byOwner[y.root] != "" && byOwner[y.root] != x.root && !(x.a && splitBack(y.root)) {
					continue // a new spelling is taken by one old spelling, but by split ones' roots each alone
				}
				newTaken[j], oldTaken[i] = true, true
				if r.mate == nil {
					r.mate = map[rootAt]string{}
				}
				r.mate[rootAt{x.root, x.hash}] = y.hash
				if at == 0 {
					idx[k] = l[1:]
				}
				if x.a || x.split {
					if r.part == nil {
						r.part = map[rootAt]string{}
					}
					r.part[rootAt{x.root, x.hash}] = y.root
				} else {
					if wholeTo == nil {
						wholeTo = map[string]string{}
					}
					wholeTo[x.root] = y.root
					if y.a {
						if intoRoots == nil {
							intoRoots = map[rootAt]string{}
						}
						intoRoots[rootAt{x.root, x.hash}] = y.root
					}
				}
				if !y.a {
					byOwner[y.root] = x.root
				} else {
					if r.into == nil {
						r.into = map[rootAt]bool{}
					}
					r.into[rootAt{y.root, y.hash}] = true
				}
				break
			}
		}
	}
	// By hash first, then by arch (the same environment) and version
	// (of hdf5 2.0 and 3.0 rebuilt, now hdf5@2.0 and hdf5@3.0, each its
	// own, whatever the hashes' order), then by arch and facets (as the
	// specs pair, rootEnv), then by arch.
	// A split spelling's roots first: respeltRoots split the spelling by
	// the new roots of its hashes, which a root of a spelling both sides
	// write, first by name, took (rhel's curl@=2.0 and curl@2.0 of one
	// hash, now curl: curl@=2.0's root was said removed, the spelling gone
	// into one new spelling alone while its stack was kept).
	for _, split := range []bool{true, false} {
		pairs(true, func(c rootCand, old bool) (key, bool) {
			if !old {
				return key{hash: c.hash, rest: c.root}, true
			}
			y, ok := hm[rootAt{c.root, c.hash}]
			return key{hash: c.hash, rest: y}, ok && c.split == split
		})
	}
	// A root of a split spelling keeps the new root respeltRoots paired
	// it with in its environment (mates and mateRoots: that root's hash
	// and spelling, not another root of its hash): that pair split the spelling,
	// and a root of a spelling both sides write taking that new root by
	// version left the split root removed, its spelling gone into one new
	// spelling alone, and the new root paired twice.
	pairs(false, func(c rootCand, old bool) (key, bool) {
		if !old {
			return key{hash: c.hash, rest: c.root}, true
		}
		at := rootAt{c.root, c.hash}
		h, ok := mates[at]
		return key{hash: h, rest: mateRoots[at]}, ok && c.split
	})
	for pass := range 3 {
		pairs(false, func(c rootCand, _ bool) (key, bool) {
			if oldHeld[c.hash] && newHeld[c.hash] {
				return key{}, false
			}
			k := key{name: c.node.Name, rest: withoutVersion(c.root), arch: archOf(c.node)}
			switch pass {
			case 0:
				k.version = c.node.Version()
			case 1:
				k.facets = rootFacets(c.node)
			}
			return k, true
		})
	}
	// An old spelling one side alone writes, some of its roots paired:
	// respelt whole, as respeltRoots respells (its stack renamed as it
	// is; the rest of its roots pair in roots, or are removed).
	for x, y := range wholeTo {
		if r.whole == nil {
			r.whole = map[string]string{}
		}
		r.whole[x] = y
	}
	for x := range r.part {
		if k := len(n[x.root]); k > 0 {
			if r.kept == nil {
				r.kept = map[string]int{}
			}
			r.kept[x.root] = k
		}
	}
	for y := range r.into {
		if r.joined == nil {
			r.joined = map[string]int{}
		}
		r.joined[y.root] = len(o[y.root])
	}
	r.stacks(o, n, r.mergedRoots(o, n, hm, &held, intoRoots))
	r.changedRoots(o, n)
	return r
}

// changedRoots fills r.changed, when r respells a root: of each
// spelling both sides write, the old root and the new root left, one
// each, once the roots of one hash and those respelt (part and into)
// are set aside, as roots pairs them (a root changed under its
// spelling). The specs pair so too (mates): of old ubuntu's 2 rooted
// cmake@2.0 and t cmake@=2.0, now m rooted cmake@=1.0, w cmake@2.0 and
// t kept under a tool root, 2's root changed into w's, while old → new
// 2's spec paired with w's and new → old m's, alike in facets, took it
// (TestRootChangedUnderItsSpellingMatesItsSpec). Several roots left on
// a side pair as the specs do (pairedFirst): none of these.
func (r *respelling) changedRoots(o, n map[string][]*GraphNode) {
	if r.none() {
		return // no mates are read (compareSnapshots)
	}
	for root, ons := range o {
		nns, ok := n[root]
		if !ok {
			continue
		}
		var x, y *GraphNode
		xs, ys := 0, 0
		i, j := 0, 0
		for i < len(ons) || j < len(nns) {
			switch {
			case j == len(nns) || i < len(ons) && ons[i].Hash() < nns[j].Hash():
				if r.part[rootAt{root, ons[i].Hash()}] == "" {
					x, xs = ons[i], xs+1
				}
				i++
			case i == len(ons) || nns[j].Hash() < ons[i].Hash():
				if !r.into[rootAt{root, nns[j].Hash()}] {
					y, ys = nns[j], ys+1
				}
				j++
			default:
				i++
				j++
			}
		}
		if xs == 1 && ys == 1 {
			if r.changed == nil {
				r.changed = map[rootAt]string{}
			}
			r.changed[rootAt{root, x.Hash()}] = y.Hash()
		}
	}
}

// mergedRoots returns into with the paired roots of each old spelling
// that r respells whole into a spelling several old ones go into
// (merged), one root of it paired (by hash, hashMates, or in its
// environment, mate) and another left over in an environment where
// the merged spelling has a new root no old root of those spellings
// pairs with. A root is left over whose hash the new side roots under
// no spelling, or under any where none of the merged spelling's new
// roots in its environment is paired (a new root of the merged
// spelling whose hash an old spelling going whole into it roots is
// paired, so the merged spelling rooting the hash is none of these):
// the other way round, the merged spelling, split, gives that
// environment's specs no old spelling, and its roots there keep it
// (of ubuntu's cmake for 1 and cmake@1.0 for 2 and debarm's
// cmake@=2.0 and cmake@1.0 for 3, now ubuntu's cmake@2.0 for 101 and
// 2 and debarm's cmake@=2.0 for 3 and cmake@2.0 for l, 3's lib read
// unchanged with cmake@1.0 renamed whole, while the other way round,
// l removed keeping cmake@2.0, it was restacked:
// TestMergedRootLeftHeldByThirdSpelling). Where one of them is
// paired there, the other way round it gives the old spelling back
// there, and a root whose hash the new side roots is none left over
// (of debarm's cmake@=2.0 for 1, cmake@1.0 and cmake@=2.0 for 2 and
// cmake@1.0 for 3, now cmake for 1, 102 and 3 of another variant and
// cmake@=2.0 for 2, 3 paired with 102: respelt root by root, 2's lib
// read restacked old → new alone, TestMergedRootLeftHeldWherePaired).
// Such a spelling goes root by root (stacks), each root paired taking
// the new spelling and the rest keeping the old one, as the mirror of
// a spelling split (respeltRoots), whose root removed keeps it.
// Renamed name for name, the root left over took the new spelling
// too: of debarm's cmake for 7 and ubuntu's for w, and debarm's
// cmake@1.0 for v, now cmake@2.0 for 7 and v with w gone and ubuntu's
// p added under cmake@2.0, a lib of w's and p's read unchanged, while
// the other way round, cmake@2.0 split and p removed keeping it, the
// lib was restacked (TestSpellingMergedRootRemoved). into itself when
// there are none.
func (r *respelling) mergedRoots(o, n map[string][]*GraphNode, hm map[rootAt]string, held *heldRoots, into map[rootAt]string) map[rootAt]string {
	merged := r.merged()
	if len(merged) == 0 {
		return into
	}
	_, newHeld := held.of(o, n)
	var came map[string]map[envArch]bool   // of a merged spelling, the archs of its new roots no old root pairs with
	var paired map[string]map[envArch]bool // of a merged spelling, the archs of its new roots an old root pairs with
	for x, y := range r.whole {
		if !merged[y] {
			continue
		}
		if hm == nil {
			hm = hashMates(o, n)
		}
		if came == nil {
			mated := make(map[string]bool, len(r.mate))
			for _, h := range r.mate {
				mated[h] = true
			}
			for x2, y2 := range r.whole {
				if merged[y2] {
					for _, g := range o[x2] {
						mated[g.Hash()] = true
					}
				}
			}
			came, paired = map[string]map[envArch]bool{}, map[string]map[envArch]bool{}
			for y := range merged {
				for _, g := range n[y] {
					m := came
					if mated[g.Hash()] {
						m = paired
					}
					if m[y] == nil {
						m[y] = map[envArch]bool{}
					}
					m[y][archOf(g)] = true
				}
			}
		}
		var pairedRoots []string
		left := false
		for _, g := range o[x] {
			at := rootAt{x, g.Hash()}
			_, inMate := r.mate[at]
			if hm[at] != "" || inMate {
				pairedRoots = append(pairedRoots, at.hash)
			} else if a := archOf(g); came[y][a] && (!newHeld[at.hash] || !paired[y][a]) {
				left = true
			}
		}
		if !left || len(pairedRoots) == 0 {
			continue
		}
		if into == nil {
			into = map[rootAt]string{}
		}
		for _, h := range pairedRoots {
			into[rootAt{x, h}] = y
		}
	}
	return into
}

// stacks fills r.stack, r.perRoot and r.weak: the roots of part, and
// those of intoRoots (of a spelling respelt whole into a spelling the
// old side writes too), each take its new spelling in the stacks; the
// spelling of intoRoots goes root by root, so that a root of it no new
// root pairs with keeps it, as a root respelt alone out of a spelling
// both sides write is the mirror of one respelt into it. In an
// environment where the new side roots nothing under an old spelling,
// the other roots of that spelling there beside one respelt are weak:
// a spec they need that a root respelt needs too takes the new
// spelling alone. Stacks are sets of names: of the one old root
// debian's hdf5@=2.0, now hdf5 rebuilt beside another root added there
// under hdf5, the old side's zlib is compared under hdf5 (the root
// added is not seen to join it); the other way round, with the added
// root keeping hdf5 on the old side over that zlib while the rebuilt
// one took hdf5@=2.0, zlib was counted restacked, leaving hdf5, one way
// and unchanged the other.
func (r *respelling) stacks(o, n map[string][]*GraphNode, intoRoots map[rootAt]string) {
	if len(r.part) == 0 && len(intoRoots) == 0 {
		return
	}
	r.stack = make(map[rootAt]string, len(r.part)+len(intoRoots))
	for k, y := range r.part {
		r.stack[k] = y
	}
	for k, y := range intoRoots {
		r.stack[k] = y
		if r.perRoot == nil {
			r.perRoot = map[string]bool{}
		}
		r.perRoot[k.root] = true
	}
	var olds []string
	for k := range r.stack {
		olds = append(olds, k.root)
	}
	slices.Sort(olds)
	olds = slices.Compact(olds)
	r.byRoot = make(map[string]bool, len(olds))
	for _, x := range olds {
		r.byRoot[x] = true
	}
	r.fillWholeThere(o, n, olds)
	for _, x := range olds {
		respelt := map[envArch]bool{} // of x's roots, one respelt there
		for _, g := range o[x] {
			if _, ok := r.stack[rootAt{x, g.Hash()}]; ok {
				respelt[archOf(g)] = true
			}
		}
		for _, g := range n[x] {
			delete(respelt, archOf(g)) // the new side writes x there: its roots keep it
		}
		for _, g := range o[x] {
			k := rootAt{x, g.Hash()}
			if _, ok := r.stack[k]; !ok && respelt[archOf(g)] {
				if r.weak == nil {
					r.weak = map[rootAt]bool{}
				}
				r.weak[k] = true
			}
		}
	}
}

// A spellingAt is a spelling in an environment (os, platform and
// target).
type spellingAt struct {
	root string
	arch envArch
}

// fillWholeThere fills r.wholeThere: of each old spelling of olds
// (r.stack's), by environment, the new spellings its roots there take
// (each other than it) every root of which there is one of them,
// paired (r.mate): the other way round, such a spelling goes whole into
// the old one there, its stack renamed as it is.
func (r *respelling) fillWholeThere(o, n map[string][]*GraphNode, olds []string) {
	// A new spelling one side alone writes that roots of one old
	// spelling x alone take, x one side alone writes too, goes whole
	// into x the other way round, in every environment.
	owner := map[string]string{} // a new spelling: the old spelling of stack's roots that take it, "" if several
	for at, y := range r.stack {
		if w, ok := owner[y]; !ok {
			owner[y] = at.root
		} else if w != at.root {
			owner[y] = ""
		}
	}
	for _, y := range r.whole {
		owner[y] = ""
	}
	for y, x := range owner {
		if _, ok := o[y]; !ok && x != "" {
			if _, ok := n[x]; !ok {
				if r.wholeInto == nil {
					r.wholeInto = map[string][]string{}
				}
				r.wholeInto[x] = append(r.wholeInto[x], y)
			}
		}
	}
	for _, l := range r.wholeInto {
		slices.Sort(l)
	}
	there := map[spellingAt]int{} // a new spelling's roots in an environment
	counted := map[string]bool{}  // the new spellings there counts
	for _, x := range olds {
		came := map[spellingAt]map[string]bool{} // by new spelling there: the hashes of its roots x's took
		for _, g := range o[x] {
			at := rootAt{x, g.Hash()}
			y := r.stack[at]
			if y == "" || y == x {
				continue
			}
			h, ok := r.mate[at]
			if !ok {
				continue
			}
			k := spellingAt{y, archOf(g)}
			if came[k] == nil {
				came[k] = map[string]bool{}
			}
			came[k][h] = true
		}
		for k, hs := range came {
			if !counted[k.root] {
				counted[k.root] = true
				for _, g := range n[k.root] {
					there[spellingAt{k.root, archOf(g)}]++
				}
			}
			if there[k] == len(hs) {
				if r.wholeThere == nil {
					r.wholeThere = map[[2]spellingAt]bool{}
				}
				r.wholeThere[[2]spellingAt{{x, k.arch}, k}] = true
			}
		}
	}
}

// A weakTook is what a spec takes of a rename's alts (respellStacks):
// those the new side's spec of its hash is in, and whether it is in
// the rename's old spelling's stack too. Found once for each set and
// new list.
type weakTook struct {
	alts []string
	kept bool
	dup  bool  // alts are an earlier rename's of the same old spelling and alts
	into int32 // the number of its old spelling's r.wholeInto, where the new list holds some
}

// A tookCombo is what a rename's weakTook depends on but the new list:
// its old spelling, whether it is weak, and its alts' numbers.
type tookCombo struct {
	from       string
	weak       bool
	alts, into int32
}

// weakTookKey writes took out (the key respellStacks makes a spec's
// stacks once for), its renames in order; "" when it is empty.
func weakTookKey(took map[int32]weakTook, into map[int32][]string) string {
	if len(took) == 0 {
		return ""
	}
	ids := slices.Sorted(maps.Keys(took))
	var b strings.Builder
	for _, id := range ids {
		fmt.Fprintf(&b, "%d:%v:%v:%d:%s", id, took[id].kept, took[id].dup, took[id].into, listKey(took[id].alts))
	}
	b.WriteString("\x02")
	for _, id := range slices.Sorted(maps.Keys(into)) {
		// listKey, not the list joined: joined, the lists ran on
		// unmarked, and {1: [foo@1.2:3]} was {1: [foo@1.], 2: [3]}
		// (TestWeakTookKeyIntoApart).
		fmt.Fprintf(&b, "%d:%s", id, listKey(into[id]))
	}
	return b.String()
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// respellStacks returns s (the old side, its roots o) with the stacks of
// the roots respelt alone (r.part) renamed: a spec that a root respelt
// needs is in the new spelling's stack, one that a root keeping the old
// spelling needs stays in the old one's, and one both need is in both.
// The specs each root needs are walked from the root along every edge
// (as the loader's stacks are), through the specs of its stack alone:
// each spec of an old spelling respelt alone is walked once, however
// many new spellings its roots take (stackWalk: walked once for each,
// n roots of n spellings over a chain of n specs cost n² steps). A spec's
// new list is made once for each list and set of renames (a list that
// many specs share, renamed alike, is shared again); s itself when none
// is renamed.
func respellStacks(s *snapshot.Snapshot, og, ng Graph, o map[string][]*GraphNode, r *respelling) *snapshot.Snapshot {
	stacksOf := stacksRespelt(og, ng, o, r)
	if stacksOf == nil {
		return s
	}
	return withStacks(s, stacksOf)
}

// stacksRespelt is respellStacks' new stacks of a spec (nil: kept as
// they are), made over the graphs alone; nil when r respells no stack.
// It is for one goroutine at a time.
func stacksRespelt(og, ng Graph, o map[string][]*GraphNode, r *respelling) func(sp *snapshot.Spec) []string {
	if r == nil || len(r.stack) == 0 {
		return nil
	}
	olds := make([]string, 0, len(r.stack))
	for x := range r.stack {
		olds = append(olds, x.root)
	}
	slices.Sort(olds)
	olds = slices.Compact(olds)
	// The renames (old spelling, a spelling it takes) are numbered; a
	// spec's set of them is a number too: edits[set] is the set, joined
	// the set of a set and another spelling's renames.
	// A weak rename (of r.weak's roots) keeps from where no other
	// rename of from moves a spec.
	// A weak rename also names the spellings the roots respelt out of
	// from take in its environment that go whole into from the other
	// way round (alts, joined): a spec it needs that
	// the new side's spec of its hash is in the stack of one of them
	// takes that one, and leaves from unless the new side's is in from's
	// too, but for a weak root's own spec (debian11's hdf5 for 4 and
	// rhel8's hdf5@2.0 for s, now rhel8's hdf5 for w, 4 moved, and for
	// p, s rebuilt: old → new, s's lib took hdf5 whole, and w needs it
	// on the new side; new → old, p alone took hdf5@2.0, and the lib,
	// needed by w, weak, alone, kept hdf5, though in hdf5@2.0 on the
	// other side: restacked one way and not the other).
	// A rename into a spelling that goes whole into from the other way
	// round (r.wholeThere, r.wholeInto) names those spellings of its
	// environment too (alts): the other way round they are one name, so
	// a spec the new side's spec of whose hash is in one of them, or in
	// from, takes those the new side's is in, and from if it is in
	// from, whatever roots need it here (rhel8's hdf5@2.0 for s and
	// hdf5@=2.0 for h over one lib, now hdf5 for h and for p, s rebuilt
	// over another lib: old → new the lib went into hdf5 whole,
	// unchanged; new → old it took hdf5@=2.0 from h alone: restacked).
	type rename struct {
		from, to string
		weak     bool
		alts     bool // it has alts (renameAlts, renameInto)
	}
	// Each environment's alts are numbered (altsSplit, by listKey), and
	// a weak root's group is keyed by the number: keyed by
	// the joined string, each of n/2 weak roots beside n/2 roots respelt
	// alone in its environment hashed all n/2 spellings, n² bytes.
	var altsAt map[envArch]int32 // of one old spelling, by environment
	altsSplit := [][]string{nil}
	altsID := map[string]int32{listKey(nil): 0}
	// altsNumber numbers the spellings l (sorted here), once, keyed by
	// listKey: a spelling may hold any byte a separator could be.
	altsNumber := func(l []string) int32 {
		slices.Sort(l)
		l = slices.Compact(l)
		k := listKey(l)
		id, ok := altsID[k]
		if !ok {
			id = int32(len(altsSplit))
			altsID[k] = id
			altsSplit = append(altsSplit, l)
		}
		return id
	}
	altsOf := func(x string, a envArch) int32 {
		if altsAt == nil {
			by := map[envArch][]string{}
			for _, g := range o[x] {
				if y := r.stack[rootAt{x, g.Hash()}]; y != "" {
					by[archOf(g)] = append(by[archOf(g)], y)
				}
			}
			altsAt = make(map[envArch]int32, len(by))
			for e, l := range by {
				altsAt[e] = altsNumber(l)
			}
		}
		return altsAt[a]
	}
	// wholeAltsOf is altsOf, but of the spellings alone that go whole
	// into x there the other way round (r.wholeThere); those that go
	// whole into x in every environment (r.wholeInto) are numbered once
	// for x (intoID): joined to each environment's, one spelling's n
	// environments each copied its n spellings.
	var wholeAt map[envArch]int32
	wholeAltsOf := func(x string, a envArch) int32 {
		if wholeAt == nil {
			wholeAt = map[envArch]int32{}
		}
		if id, ok := wholeAt[a]; ok {
			return id
		}
		var l []string
		for _, e := range altsSplit[altsOf(x, a)] {
			if r.wholeThere[[2]spellingAt{{x, a}, {e, a}}] {
				l = append(l, e)
			}
		}
		id := altsNumber(l)
		wholeAt[a] = id
		return id
	}
	// group is a rename as its roots are grouped, its alts by number.
	type group struct {
		to   string
		weak bool
		alts int32
		into bool // takes the spellings that go whole into from too (intoID)
	}
	var renames []rename
	var renameAlts []int32 // by rename: its alts' number (altsSplit)
	var renameInto []int32 // by rename: the number of its old spelling's r.wholeInto, or 0
	// parts holds, by hash, the walk's sets of renames (w.sets, interned
	// across spellings) its spec took, one for each old spelling that
	// needs it; a spec's set of renames is theirs joined, made once for
	// each list of parts. Joined spelling by spelling, the set of a spec
	// that n spellings' roots need (their zlib, each spelling's one root
	// respelt whole) was copied n times as it grew: n² of memory.
	parts := map[string][]int32{}
	var w stackWalk
	for _, x := range olds {
		altsAt, wholeAt = nil, nil
		intoID := altsNumber(slices.Clone(r.wholeInto[x]))
		groups := map[group][]*GraphNode{}
		for _, g := range o[x] {
			k := rootAt{x, g.Hash()}
			to := r.stack[k]
			if to == "" {
				to = x // a root keeping the old spelling
			}
			gk := group{to: to, weak: r.weak[k]}
			if gk.weak {
				// Of the spellings respelt out of x there, those alone
				// that go whole into x the other way round: of debarm's
				// q and m curl, now n (q changed) curl, and m and u
				// (added over q's lib) curl@1.0, new → old u took curl
				// alone for the lib, though q kept curl, not m alone.
				gk.alts = wholeAltsOf(x, archOf(g))
			} else if to != x {
				if _, into := slices.BinarySearch(r.wholeInto[x], to); into || r.wholeThere[[2]spellingAt{{x, archOf(g)}, {to, archOf(g)}}] {
					gk.alts = wholeAltsOf(x, archOf(g))
					gk.into = true
				}
			}
			if gk.weak {
				gk.into = intoID != 0
			}
			groups[gk] = append(groups[gk], g)
		}
		tos := make([]group, 0, len(groups))
		for gk := range groups {
			tos = append(tos, gk)
		}
		slices.SortFunc(tos, func(a, b group) int {
			return cmp.Or(strings.Compare(a.to, b.to), cmp.Compare(boolInt(a.weak), boolInt(b.weak)), slices.Compare(altsSplit[a.alts], altsSplit[b.alts]),
				cmp.Compare(boolInt(a.into), boolInt(b.into)))
		})
		w.reset()
		for _, gk := range tos {
			id := int32(len(renames))
			into := int32(0)
			if gk.into {
				into = intoID
			}
			renames = append(renames, rename{x, gk.to, gk.weak, gk.alts != 0 || into != 0})
			renameAlts, renameInto = append(renameAlts, gk.alts), append(renameInto, into)
			for _, g := range groups[gk] {
				w.root(g, id)
			}
		}
		w.walk(og, x)
		for i, g := range w.nodes {
			if p := w.setOf[w.comp[i]]; p != 0 {
				parts[g.Hash()] = append(parts[g.Hash()], p)
			}
		}
	}
	edits := [][]int32{nil}
	setOf := make(map[string]int32, len(parts)) // by hash: the set of renames of its spec
	byParts := map[string]int32{}
	var key []byte
	for h, ps := range parts {
		key = key[:0]
		for _, p := range ps {
			key = binary.LittleEndian.AppendUint32(key, uint32(p))
		}
		set, ok := byParts[string(key)]
		if !ok {
			set = int32(len(edits))
			var xs []int32
			for _, p := range ps {
				xs = append(xs, w.sets[p]...)
			}
			edits = append(edits, xs)
			byParts[string(key)] = set
		}
		setOf[h] = set
	}
	type listSet struct {
		list memo.Key
		set  int32
		kept string // the old spellings the new side's spec of its hash is in (listKey)
		took string // the weak renames' alts taken (weakTook), written out (listKey)
	}
	made := map[listSet][]string{}
	// An old spelling whose stack holds the new side's spec of a hash
	// keeps it there (a root added beside one respelt out of it in its
	// environment, the mirror of a root respelt whole into a spelling
	// beside a root of it removed: stacks are sets of names, and that
	// way round the root removed kept the spec in the spelling's
	// stack). Found once for each set and new list.
	type newSet struct {
		list memo.Key
		set  int32
	}
	keptBy := map[newSet][]string{}
	// The renames' alts taken, written out (the key of made), and the
	// weak renames among them, once for each set and new list: written
	// spec by spec, n specs taking n/2 renames' alts were n² bytes.
	type tookSet struct {
		took map[int32]weakTook
		key  string
		weak []int32
		into map[int32][]string // by number of an r.wholeInto list: what of it the new list holds
	}
	tookBy := map[newSet]tookSet{}
	altsSets := map[int32]map[string]bool{}  // by alts' number, made when first walked
	nlSets := map[memo.Key]map[string]bool{} // a new list as a set, made when first looked in
	nlSetOf := func(nl []string) map[string]bool {
		k := memo.List(nl)
		set, ok := nlSets[k]
		if !ok {
			set = make(map[string]bool, len(nl))
			for _, v := range nl {
				respellSteps(1)
				set[v] = true
			}
			nlSets[k] = set
		}
		return set
	}
	return func(sp *snapshot.Spec) []string {
		set := setOf[sp.Hash]
		if set == 0 {
			return nil
		}
		l := sp.Stacks
		var keptOf []string
		var took map[int32]weakTook
		var tookKey string
		var tookInto map[int32][]string
		if y, at := ng.place(sp.Hash); y != nil {
			nl := ng.stacks(y, at)
			nk := newSet{memo.List(nl), set}
			var ok bool
			if keptOf, ok = keptBy[nk]; !ok {
				var combos map[tookCombo]int32 // the first rename of each
				var intoShared map[int32][]string
				// shared is what of the alts numbered a nl holds.
				shared := func(a int32, nl []string) []string {
					altsSet := func() map[string]bool {
						if altsSets[a] == nil {
							altsSets[a] = map[string]bool{}
							for _, v := range altsSplit[a] {
								altsSets[a][v] = true
							}
						}
						return altsSets[a]
					}
					if len(altsSplit[a]) >= len(nl) {
						return sortedShared(altsSplit[a], altsSet, nl)
					}
					// Each alt looked up in the new list as a set, made
					// once for each list: n/2 renames' one alt each
					// looked up in the list of n/2 stacks of a hub they
					// all need, by binary search, were n log n steps.
					in := nlSetOf(nl)
					var out []string
					for _, v := range altsSplit[a] {
						respellSteps(1)
						if in[v] {
							out = append(out, v)
						}
					}
					return out
				}
				for _, id := range edits[set] {
					x := renames[id]
					if x.to != x.from && !x.weak {
						if _, in := slices.BinarySearch(nl, x.from); in {
							keptOf = append(keptOf, x.from)
						}
					}
					if x.alts && (x.weak || x.to != x.from) {
						// Split once: n/2 alts split for each of n/2
						// specs was n².
						c := tookCombo{x.from, x.weak, renameAlts[id], renameInto[id]}
						if first, ok := combos[c]; ok {
							// Taken once for its old spelling and alts: n
							// roots of one spelling, each respelt into a
							// spelling of its own, all of which go whole
							// into it the other way round, took the n
							// alts for each of them over the spec they
							// all need.
							if w, ok := took[first]; ok {
								took[id] = weakTook{kept: w.kept, dup: true}
							}
							continue
						}
						if combos == nil {
							combos = map[tookCombo]int32{}
						}
						combos[c] = id
						var w weakTook
						if a := renameAlts[id]; a != 0 {
							w.alts = shared(a, nl)
						}
						if b := renameInto[id]; b != 0 {
							// Once for each list of x's r.wholeInto.
							sh, ok := intoShared[b]
							if !ok {
								sh = shared(b, nl)
								if intoShared == nil {
									intoShared = map[int32][]string{}
								}
								intoShared[b] = sh
							}
							if len(sh) > 0 {
								w.into = b
							}
						}
						_, in := slices.BinarySearch(nl, x.from)
						if len(w.alts) > 0 || w.into != 0 || in && !x.weak {
							w.kept = in
							if took == nil {
								took = map[int32]weakTook{}
							}
							took[id] = w
						}
					}
				}
				keptOf = slices.Compact(keptOf)
				tb := tookSet{took: took, key: weakTookKey(took, intoShared), into: intoShared}
				for id := range took {
					if renames[id].weak {
						tb.weak = append(tb.weak, id)
					}
				}
				slices.Sort(tb.weak)
				keptBy[nk], tookBy[nk] = keptOf, tb
			}
			tb := tookBy[nk]
			took, tookKey = tb.took, tb.key
			changed := false
			for _, id := range tb.weak {
				if w, x := took[id], renames[id]; !w.kept && r.weak[rootAt{x.from, sp.Hash}] {
					// A weak root's own spec stays in its stack.
					if !changed {
						took, changed = maps.Clone(took), true
					}
					w.kept = true
					took[id] = w
				}
			}
			if changed {
				tookKey = weakTookKey(took, tb.into)
			}
			tookInto = tb.into
		}
		k := listSet{memo.List(l), set, listKey(keptOf), tookKey}
		stacks, ok := made[k]
		if !ok {
			drop, moved := map[string]bool{}, map[string]bool{}
			for _, id := range edits[set] {
				x := renames[id]
				drop[x.from] = !slices.Contains(keptOf, x.from)
				if !x.weak && x.to != x.from {
					moved[x.from] = true
				}
			}
			stacks = make([]string, 0, len(l)+len(edits[set]))
			for _, st := range l {
				if !drop[st] {
					stacks = append(stacks, st)
				}
			}
			var intoDone map[int32]bool // the r.wholeInto lists appended
			var class map[string]bool   // the old spellings whose class took decides
			for id := range took {
				if x := renames[id]; !x.weak {
					if class == nil {
						class = map[string]bool{}
					}
					class[x.from] = true
				}
			}
			for _, id := range edits[set] {
				x := renames[id]
				if w, ok := took[id]; ok {
					if !w.dup {
						stacks = append(stacks, w.alts...)
						if w.into != 0 && !intoDone[w.into] {
							if intoDone == nil {
								intoDone = map[int32]bool{}
							}
							intoDone[w.into] = true
							stacks = append(stacks, tookInto[w.into]...)
						}
					}
					if !w.kept {
						continue
					}
					if !x.weak {
						stacks = append(stacks, x.from)
						continue
					}
				}
				if !x.weak && x.to == x.from && class[x.from] {
					continue // in the old spelling as the other side's spec is (took)
				}
				if !x.weak || !moved[x.from] {
					stacks = append(stacks, x.to)
				}
			}
			slices.Sort(stacks)
			stacks = slices.Clip(slices.Compact(stacks))
			made[k] = stacks
		}
		return stacks
	}
}

// stackNames returns, for renamedStacks, each old spelling respelt
// (whole, or for some of its roots) with a new spelling it takes: a
// filter naming a root as the old side wrote it selects it on both sides
// under either spelling.
func (r *respelling) stackNames() map[string][]string {
	if r.none() {
		return nil
	}
	out := make(map[string][]string, len(r.whole)+len(r.kept))
	for x, y := range r.whole {
		out[x] = append(out[x], y)
	}
	for x, y := range r.part {
		out[x.root] = append(out[x.root], y)
	}
	return out
}

// stackWalk finds, for the roots of one old spelling (each with the
// number of the rename its group takes), the renames whose roots need
// each spec of that spelling's stack: those from whose roots it is
// reached along edges through specs of the stack alone (as the loader's
// stacks are). The specs are walked once, not once for each rename:
// their strongly connected components in topological order, each
// component's set the union of its own roots' renames and the sets of
// the components with an edge into it, a union made once and shared by
// identity (a chain below a hub that n renames' roots need costs its
// length, not n times it).
type stackWalk struct {
	index map[*GraphNode]int32 // a spec's place in nodes
	nodes []*GraphNode
	own   [][]int32 // by node: the renames of the roots it is
	adj   [][]int32 // by node: the nodes its edges reach in the stack
	comp  []int32   // by node: its component
	setOf []int32   // by component: its set, an index of sets
	sets  [][]int32 // the sets of renames, sorted; interned by key, across spellings
	keyed map[string]int32
}

// reset readies w for another spelling's roots; the sets are kept (the
// renames' numbers are the whole snapshot's).
func (w *stackWalk) reset() {
	sets, keyed := w.sets, w.keyed
	if sets == nil {
		sets, keyed = [][]int32{nil}, map[string]int32{"": 0}
	}
	*w = stackWalk{index: map[*GraphNode]int32{}, sets: sets, keyed: keyed}
}

// add gives g a place, once.
func (w *stackWalk) add(g *GraphNode) int32 {
	i, ok := w.index[g]
	if !ok {
		i = int32(len(w.nodes))
		w.index[g] = i
		w.nodes = append(w.nodes, g)
		w.own = append(w.own, nil)
	}
	return i
}

// root says that g is a root of the spelling whose rename is id.
func (w *stackWalk) root(g *GraphNode, id int32) {
	i := w.add(g)
	w.own[i] = append(w.own[i], id)
}

// walk finds the specs the roots need through stack x and their sets.
func (w *stackWalk) walk(og Graph, x string) {
	// The specs reached, and their edges within the stack.
	for i := 0; i < len(w.nodes); i++ {
		var out []int32
		for _, e := range w.nodes[i].Deps() {
			if respellProbe != nil {
				respellProbe()
			}
			d, at := og.place(e.Hash)
			if d == nil {
				continue
			}
			if _, in := slices.BinarySearch(og.stacks(d, at), x); !in {
				continue // needed by no root of the spelling: not through it
			}
			out = append(out, w.add(d))
		}
		w.adj = append(w.adj, out)
	}
	// Tarjan's components, iteratively: each is numbered after those it
	// reaches, so the last numbered comes first in topological order.
	n := len(w.nodes)
	w.comp = make([]int32, n)
	low, num := make([]int32, n), make([]int32, n) // num 0: not visited
	onStack := make([]bool, n)
	var stack []int32
	type frame struct{ v, next int32 }
	var calls []frame
	comps := int32(0)
	counter := int32(0)
	for s := range int32(n) {
		if num[s] != 0 {
			continue
		}
		calls = append(calls[:0], frame{s, 0})
		counter++
		num[s], low[s] = counter, counter
		stack = append(stack, s)
		onStack[s] = true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			v := f.v
			if int(f.next) < len(w.adj[v]) {
				u := w.adj[v][f.next]
				f.next++
				switch {
				case num[u] == 0:
					counter++
					num[u], low[u] = counter, counter
					stack = append(stack, u)
					onStack[u] = true
					calls = append(calls, frame{u, 0})
				case onStack[u]:
					low[v] = min(low[v], num[u])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				p := calls[len(calls)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] == num[v] {
				for {
					u := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[u] = false
					w.comp[u] = comps
					if u == v {
						break
					}
				}
				comps++
			}
		}
	}
	// The members of each component, and the sets coming into it.
	members := make([][]int32, comps)
	for v := range int32(n) {
		members[w.comp[v]] = append(members[w.comp[v]], v)
	}
	in := make([][]int32, comps)
	w.setOf = make([]int32, comps)
	var ids []int32
	var key []byte
	for c := comps - 1; c >= 0; c-- { // topological order
		ids = ids[:0]
		for _, v := range members[c] {
			ids = append(ids, w.own[v]...)
		}
		set := int32(0)
		if len(ids) == 0 && len(in[c]) > 0 && !slices.ContainsFunc(in[c], func(s int32) bool { return s != in[c][0] }) {
			set = in[c][0] // one set comes in, and no root: the same set
		} else {
			slices.Sort(in[c])
			for _, s := range slices.Compact(in[c]) {
				ids = append(ids, w.sets[s]...)
			}
			slices.Sort(ids)
			ids = slices.Compact(ids)
			key = key[:0]
			for _, id := range ids {
				key = append(key, byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
			}
			var ok bool
			if set, ok = w.keyed[string(key)]; !ok {
				set = int32(len(w.sets))
				w.sets = append(w.sets, slices.Clone(ids))
				w.keyed[string(key)] = set
			}
		}
		w.setOf[c] = set
		in[c] = nil
		for _, v := range members[c] {
			for _, u := range w.adj[v] {
				if cu := w.comp[u]; cu != c {
					if l := in[cu]; len(l) == 0 || l[len(l)-1] != set {
						in[cu] = append(l, set)
					}
				}
			}
		}
	}
}

// hashMates pairs, by hash, the lockfile roots (o and n, rootNodes of
// each graph) that one side roots a hash under and the other does not:
// each old root (spelling, hash) with the new spelling of its hash it
// is that root respelt into. The pairing is a relation between the two
// sides, made the same both ways round: a hash's old roots and its new
// ones, of one package and spelling but for the version, are each put
// in one order (the spellings one side alone writes first, then by
// spelling) and paired one to one in it, of one kind first (a spelling
// one side alone writes with one the other side alone writes, one both
// sides write with one both write), then the rest; never one side's
// roots in turn taking the first of the other's. Of debarm's h rooted
// hdf5@=1.0 and hdf5@1.0, now hdf5 alone (hdf5@1.0 written by both
// sides, hdf5 by the new one alone), hdf5@=1.0 is renamed into hdf5
// both ways round, where new → old the root hdf5 took hdf5@1.0, first
// by name, and its mirror hdf5@=1.0 was said added
// (TestRootHashMatesMirror); of debian's 3 rooted curl@1.0 and
// curl@=1.0, now curl, a spelling both sides write, curl@1.0 is
// renamed into it (TestRootHashMatesOfOneKindFirst).
func hashMates(o, n map[string][]*GraphNode) map[rootAt]string {
	type root struct {
		spelling string
		both     bool
	}
	type key struct{ hash, name, rest string }
	// The new roots are filed only under a key of the old ones: the
	// rest pair with none (filed all, they were a twentieth of a
	// lockfile pair's allocation).
	only := func(mine, theirs map[string][]*GraphNode, out, of map[key][]root) {
		for x, l := range mine {
			tl := theirs[x]
			both := len(tl) > 0
			rest := ""
			eachNotIn(l, tl, func(g *GraphNode) { // not rooted under x on both sides
				if rest == "" {
					rest = withoutVersion(x)
				}
				k := key{g.Hash(), g.Name, rest}
				if of != nil {
					if _, ok := of[k]; !ok {
						return
					}
				}
				out[k] = append(out[k], root{x, both})
			})
		}
	}
	olds := map[key][]root{}
	only(o, n, olds, nil)
	if len(olds) == 0 {
		return nil
	}
	news := make(map[key][]root, len(olds))
	only(n, o, news, olds)
	order := func(a, b root) int {
		return cmp.Or(cmp.Compare(boolInt(a.both), boolInt(b.both)), strings.Compare(a.spelling, b.spelling))
	}
	var out map[rootAt]string
	for k, xs := range olds {
		ys := news[k]
		if len(ys) == 0 {
			continue
		}
		slices.SortFunc(xs, order)
		slices.SortFunc(ys, order)
		if out == nil {
			out = map[rootAt]string{}
		}
		// Of one kind first (a spelling one side alone writes with one
		// the other side alone writes, then one both write with one both
		// write), then the rest, each in order.
		paired := func(x, y []root) (restX, restY []root) {
			n := min(len(x), len(y))
			for i := range n {
				out[rootAt{x[i].spelling, k.hash}] = y[i].spelling
			}
			return x[n:], y[n:]
		}
		xb, yb := slices.IndexFunc(xs, func(x root) bool { return x.both }), slices.IndexFunc(ys, func(y root) bool { return y.both })
		if xb < 0 {
			xb = len(xs)
		}
		if yb < 0 {
			yb = len(ys)
		}
		xo, yo := paired(xs[:xb], ys[:yb])
		xw, yw := paired(xs[xb:], ys[yb:])
		paired(append(slices.Clip(xo), xw...), append(slices.Clip(yo), yw...))
	}
	return out
}

// merged returns the new spellings that the roots of several old
// spellings go into (whole, or some of their roots alone: part), or nil.
func (r *respelling) merged() map[string]bool {
	if r == nil || len(r.whole)+len(r.part) < 2 {
		return nil
	}
	from := make(map[string]string, len(r.whole)+len(r.part)) // a new spelling → the first old one into it
	var out map[string]bool
	into := func(x, y string) {
		if f, ok := from[y]; !ok {
			from[y] = x
		} else if f != x {
			if out == nil {
				out = map[string]bool{}
			}
			out[y] = true
		}
	}
	for x, y := range r.whole {
		into(x, y)
	}
	for x, y := range r.part {
		into(x.root, y)
	}
	return out
}

// stacksDifferShared reports whether a spec of respelt whose hash the
// new side's graph ng holds has other stacks there: the only specs
// alikeOtherWay may give the new side's stacks.
func stacksDifferShared(respelt *snapshot.Snapshot, ng Graph) bool {
	for _, p := range respelt.Packages {
		for i := range p.Specs {
			if y := ng.Node(p.Specs[i].Hash); y != nil && !slices.Equal(y.spec().Stacks, p.Specs[i].Stacks) {
				return true
			}
		}
	}
	return false
}

// respeltBack is after (the new side) with its stacks respelt as rev
// (respell of the new roots and the old ones) respells them: the old
// side of the diff the other way round.
func respeltBack(after *snapshot.Snapshot, og, ng Graph, roots [2]map[string][]*GraphNode, rev *respelling) *snapshot.Snapshot {
	if rev.none() {
		return after
	}
	if w := rev.byName(); len(w) > 0 {
		after = renameStacks(after, w)
	}
	return respellStacks(after, ng, og, roots[1], rev)
}

// alikeOtherWay returns respelt (the old side, its stacks respelt as the
// new roots' spellings: respellStacks) with the stacks of each spec
// whose hash both sides hold, respelt otherwise than the new side's
// spec's, the new side's, where the other way round they are alike: back
// (the new side's stacks respelt the other way round: respeltBack)
// against loaded's (the old side as loaded).
// A spec is restacked when its stacks differ both ways round: respelt
// into one side's spellings alone, a spec that two roots of one
// spelling need, one of which came from a root of another spelling
// (debian's curl for p over one lib and curl@=3.0 for i and y over
// another, now curl@=1.0 for p and for r, y's, over p's lib, and
// curl@=1.0.1 for h, i's), was unchanged old → new, p's curl being
// curl@=1.0 on both sides, and restacked new → old, r's curl@=3.0
// joining it; y's lib the other way round: neither diff was the mirror
// of the other. A spec keeps respelt's stacks where the new side's
// differ from them by a spelling the old side roots under that ren
// respells no root out of or into alone (neither byRoot nor joined):
// the old side's count of such a name is the old snapshot's, as the
// step before's new side counted it in a log (PartlyRespelt). Of debian's 2 rooted cmake@3.0 (and cmake and
// cmake@2.0) over its lib, now 200 cmake@=1.0 over that lib beside
// cmake@=1.0's roots respelt into cmake and cmake@3.0: new → old 200,
// removed, kept cmake@=1.0 for the lib, which oldNamed held there
// though the old side counts in cmake@=1.0 what the roots removed
// alone need, and the lib read restacked one way round alone
// (TestSplitRootHeldBySpellingBothWrite). respelt itself when no spec
// takes other stacks.
func alikeOtherWay(respelt, loaded, back *snapshot.Snapshot, og, ng Graph, roots [2]map[string][]*GraphNode, ren *respelling) *snapshot.Snapshot {
	// Lists compared once for each pair: the specs of a hub under M
	// roots share one list a side, and compared spec by spec, K specs
	// read K·M strings.
	alike := map[[2]memo.Key]bool{}
	equal := func(a, b []string) bool {
		k := [2]memo.Key{memo.List(a), memo.List(b)}
		if k[0] == k[1] {
			return true
		}
		eq, ok := alike[k]
		if !ok {
			eq = slices.Equal(a, b)
			alike[k] = eq
		}
		return eq
	}
	// oldNamed reports whether a name the respelt list a and the new
	// side's b do not share is one the old side roots under that ren
	// respells no root out of or into alone: taking b would move the
	// spec out of or into a name whose count is the old snapshot's.
	// A spelling respelt root by root (byRoot) is spared whole: the new
	// side writes it only where it is kept (part's, kept > 0: the
	// old side counts it in part), and the old side's respelt list
	// names it only for a root of it left unrespelt, removed or weak,
	// which keeps it beside the roots respelt out of it, so that the
	// old side counts in it what those roots alone need (PartlyRespelt).
	named := map[[2]memo.Key]bool{}
	oldNamed := func(a, b []string) bool {
		k := [2]memo.Key{memo.List(a), memo.List(b)}
		v, ok := named[k]
		if !ok {
			for _, l := range [2][]string{listops.Minus(a, b, nil), listops.Minus(b, a, nil)} {
				for _, x := range l {
					if _, held := roots[0][x]; held && ren.joined[x] == 0 && !ren.byRoot[x] {
						v = true
					}
				}
			}
			named[k] = v
		}
		return v
	}
	differ := map[string]bool{} // hashes both sides hold, their stacks unlike new → old
	olds := make(map[string]*snapshot.Package, len(loaded.Packages))
	for _, p := range loaded.Packages {
		olds[p.Name] = p
	}
	for _, np := range back.Packages {
		op := olds[np.Name]
		if op == nil {
			continue
		}
		stacks := make(map[string][]string, len(op.Specs))
		for i := range op.Specs {
			stacks[op.Specs[i].Hash] = op.Specs[i].Stacks
		}
		for i := range np.Specs {
			if l, ok := stacks[np.Specs[i].Hash]; ok && !equal(l, np.Specs[i].Stacks) {
				differ[np.Specs[i].Hash] = true
			}
		}
	}
	return withStacks(respelt, func(sp *snapshot.Spec) []string {
		y := ng.Node(sp.Hash)
		if y == nil || differ[sp.Hash] {
			return nil
		}
		if nl := y.spec().Stacks; !equal(nl, sp.Stacks) && !oldNamed(sp.Stacks, nl) {
			return nl
		}
		return nil
	})
}
