package diff

import (
	"slices"

	"github.com/cachediff/cachediff/snapshot"
)

// A lockfile's stacks are its roots as written (a spec's stacks are the
// roots that need it), so a root whose spec changed only in its own
// version (llvm@21 → llvm@22) would move every dependency it kept to a
// stack of another name: restacked, where nothing but the root changed.
// Such a root is the same root, changed (RootChanges.Changed), and the
// engine compares the old side under the root's new name.

// rootRenames returns, for the roots only one side holds, each old root
// whose spec differs from a new one's only in the package's own version
// (sameButVersion, the same package), with the new root's name: each old
// root, in order, takes the first such new root not taken, as roots pairs
// them. nil when there is none (catalogue pages have no roots).
func rootRenames(before, after Graph) map[string]string {
	oldRoots, newRoots := rootNames(before), rootNames(after)
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
	var out map[string]string
	taken := make([]bool, len(came))
	for _, x := range gone {
		for k, y := range came {
			if !taken[k] && oldRoots[x] == newRoots[y] && sameButVersion(x, y) {
				taken[k] = true
				if out == nil {
					out = map[string]string{}
				}
				out[x] = y
				break
			}
		}
	}
	return out
}

// rootNames maps each root of g to its package's name.
func rootNames(g Graph) map[string]string {
	var m map[string]string
	for _, n := range g {
		if n.Root != "" {
			if m == nil {
				m = map[string]string{}
			}
			m[n.Root] = n.Name
		}
	}
	return m
}

// renameStacks returns s with the stacks named in ren renamed: a copy of
// each package with a spec in one, and new stack lists, sorted (the
// loaded lists are shared and never modified); s itself when no spec is.
func renameStacks(s *snapshot.Snapshot, ren map[string]string) *snapshot.Snapshot {
	out := *s
	out.Packages = make([]*snapshot.Package, len(s.Packages))
	changed := false
	for i, p := range s.Packages {
		out.Packages[i] = p
		var specs []snapshot.Spec
		for j := range p.Specs {
			if !slices.ContainsFunc(p.Specs[j].Stacks, func(st string) bool { _, ok := ren[st]; return ok }) {
				continue
			}
			if specs == nil {
				specs = slices.Clone(p.Specs)
			}
			stacks := make([]string, len(p.Specs[j].Stacks))
			for k, st := range p.Specs[j].Stacks {
				if to, ok := ren[st]; ok {
					st = to
				}
				stacks[k] = st
			}
			slices.Sort(stacks)
			specs[j].Stacks = slices.Compact(stacks)
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
