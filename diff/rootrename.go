package diff

import (
	"slices"
	"strings"

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
// removed and curl@1 changed into curl@2's spec.
func respeltRoots(o, n map[string][]*GraphNode) map[string]string {
	// Only the roots of a spelling one side alone writes pair: the rest
	// are left out from the start (of 128,000 roots written on both
	// sides, the names of each were gathered, and looked through again,
	// for none).
	var gone, cameRoots []string
	for root := range o {
		if _, ok := n[root]; !ok {
			gone = append(gone, root)
		}
	}
	for root := range n {
		if _, ok := o[root]; !ok {
			cameRoots = append(cameRoots, root)
		}
	}
	if len(gone) == 0 || len(cameRoots) == 0 {
		return nil
	}
	only := func(m map[string][]*GraphNode, roots []string) map[string][]*GraphNode {
		out := make(map[string][]*GraphNode, len(roots))
		for _, root := range roots {
			out[root] = m[root]
		}
		return out
	}
	// renamedRoots makes of these what it makes of all: a spelling both
	// sides write is none of them.
	oldNames, newNames := namesOf(only(o, gone)), namesOf(only(n, cameRoots))
	type key struct{ hash, name, rest string }
	came := map[key][]string{} // the new roots of a spec, by name
	for _, root := range cameRoots {
		for _, y := range n[root] {
			k := key{y.Hash(), y.Name, withoutVersion(root)}
			came[k] = append(came[k], root)
		}
	}
	var out map[string]string
	if len(came) > 0 {
		slices.Sort(gone)
		for _, l := range came {
			slices.Sort(l)
		}
		taken := map[string]bool{}
		for _, x := range gone {
			for _, node := range o[x] {
				k := key{node.Hash(), node.Name, withoutVersion(x)}
				l := came[k]
				for len(l) > 0 && taken[l[0]] { // each dropped once
					l = l[1:]
				}
				came[k] = l
				if len(l) > 0 {
					if out == nil {
						out = map[string]string{}
					}
					out[x], taken[l[0]], came[k] = l[0], true, l[1:]
					break
				}
			}
		}
		// The rest pair as renamedRoots pairs them, without these.
		for x, y := range out {
			delete(oldNames, x)
			delete(newNames, y)
		}
	}
	// A spec is counted once: a root whose spec the other side writes
	// under a spelling of its own is that root respelt (removed and
	// added, or renamed above), never another spec's root changed. Of two
	// environments' roots, rhel8's cmake@3.31.6 now cmake@3.31.7 and
	// debian11's cmake now cmake %gcc@10 of one hash, debian11's cmake
	// took cmake@3.31.7, first by name: "changed" into rhel8's spec,
	// while its own hash was said added.
	held := func(m map[string][]*GraphNode, roots []string) map[string]bool {
		hs := map[string]bool{}
		for _, root := range roots {
			for _, x := range m[root] {
				hs[x.Hash()] = true
			}
		}
		return hs
	}
	goneHeld, cameHeld := held(o, gone), held(n, cameRoots)
	for _, x := range gone {
		if _, ok := oldNames[x]; ok && slices.ContainsFunc(o[x], func(g *GraphNode) bool { return cameHeld[g.Hash()] }) {
			delete(oldNames, x)
		}
	}
	for _, y := range cameRoots {
		if _, ok := newNames[y]; ok && slices.ContainsFunc(n[y], func(g *GraphNode) bool { return goneHeld[g.Hash()] }) {
			delete(newNames, y)
		}
	}
	// Then a root pairs within its own environment first: a new root of
	// the same package, spelling but for the version, os, platform and
	// target (two environments' roots of one spelling, rhel8's and
	// debian11's, are each their own), then by name alone.
	type arch struct{ name, rest, os, platform, target string }
	archOf := func(g *GraphNode, root string) arch {
		return arch{g.Name, withoutVersion(root), g.OS(), g.Platform(), g.Target()}
	}
	byArch := map[arch][]string{}
	slices.Sort(cameRoots)
	for _, y := range cameRoots {
		if _, ok := newNames[y]; ok {
			for _, g := range n[y] {
				byArch[archOf(g, y)] = append(byArch[archOf(g, y)], y)
			}
		}
	}
	if len(byArch) > 0 {
		slices.Sort(gone)
		taken := map[string]bool{}
		for _, x := range gone {
			if _, ok := oldNames[x]; !ok {
				continue
			}
			for _, g := range o[x] {
				k := archOf(g, x)
				l := byArch[k]
				for len(l) > 0 && (taken[l[0]] || newNames[l[0]] == nil) { // each dropped once
					l = l[1:]
				}
				byArch[k] = l
				if len(l) > 0 {
					if out == nil {
						out = map[string]string{}
					}
					out[x], taken[l[0]], byArch[k] = l[0], true, l[1:]
					delete(oldNames, x)
					delete(newNames, l[0])
					break
				}
			}
		}
	}
	for x, y := range renamedRoots(oldNames, newNames) {
		if out == nil {
			out = map[string]string{}
		}
		out[x] = y
	}
	return out
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
	out := make(map[string][]string, len(m))
	for root, ns := range m {
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
// does; stacks itself when none is renamed.
func renamedStacks(stacks []string, ren map[string]string) []string {
	var out []string
	for _, st := range stacks {
		if to, ok := ren[st]; ok {
			if out == nil {
				out = slices.Clone(stacks)
			}
			out = append(out, to)
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
	out := *s
	out.Packages = make([]*snapshot.Package, len(s.Packages))
	changed := false
	renamed := map[memo.Key][]string{} // the new list of each list renamed, by its identity
	for i, p := range s.Packages {
		out.Packages[i] = p
		var specs []snapshot.Spec
		for j := range p.Specs {
			l := p.Specs[j].Stacks
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
