package diff

import "slices"

// Roots of one spelling in two of the lists, removed, added and
// changed, read alike too: a folder of two environments' lockfiles,
// rhel8's and debian11's, each rooting cmake, debian11's gone and
// rhel8's cmake now 3.31.7, said "1 root removed (cmake); 1 root changed
// (cmake 3.31.6 → 3.31.7)" and "root cmake removed", "root cmake
// changed", which environment's root went unsaid. Each such root is
// told apart from the others of its spelling, in every list, as a list's
// roots are (RootsApart): by the first facet of its spec (a changed
// root's new one) whose values differ root to root, else its short
// hash, said longer until it reads as no root's spelling. The roots of
// several spellings, one spec each ("zlib = zlib@1.3"), take one label
// a root.

// Lists of the roots view, as acrossLabels indexes them.
const (
	listRemoved = iota
	listAdded
	listChanged
)

// SpecAcross returns the label that tells roots[i] (the report's roots
// removed or added) apart from the roots of its spelling in the other
// lists, or "" when no other list has its spelling.
func (a *RootsApart) SpecAcross(roots []RootSpec, i int) string {
	a.acrossIndex()
	if a.acrossRoots == nil || len(roots) == 0 {
		return ""
	}
	for k, l := range [...][]RootSpec{a.acrossRoots.Removed, a.acrossRoots.Added} {
		if len(l) == len(roots) && &l[0] == &roots[0] && len(a.across[k]) == len(roots) {
			return a.across[k][i]
		}
	}
	return ""
}

// ChangeAcross is SpecAcross of changed[i] (the report's roots changed).
func (a *RootsApart) ChangeAcross(changed []RootChange, i int) string {
	a.acrossIndex()
	if a.acrossRoots == nil || len(changed) == 0 {
		return ""
	}
	if l := a.acrossRoots.Changed; len(l) == len(changed) && &l[0] == &changed[0] && len(a.across[listChanged]) == len(changed) {
		return a.across[listChanged][i]
	}
	return ""
}

// acrossIndex makes the labels of the roots whose spellings two lists
// share, once: across[list][i], "" for a root no other list reads as.
func (a *RootsApart) acrossIndex() {
	if a.acrossDone {
		return
	}
	a.acrossDone = true
	a.index()
	if a.r == nil || a.r.Causes == nil || a.r.Causes.Roots == nil {
		return
	}
	rt := a.r.Causes.Roots
	a.acrossRoots = rt
	type entry struct {
		list, i  int
		spelling string
		root     string // the root's key: its list and hashes
		hash     string // the spec that tells it apart
	}
	// Each root, its key written into a buffer: an entry is made of the
	// roots of a key one of whose spellings another list has (wanted),
	// not of every root, most of which no other list reads as (of
	// 64,000 roots changed alike, their keys and entries were 10 MB
	// of News' peak).
	var buf []byte
	each := func(do func(list, i int, spelling string, key []byte, hash string)) {
		for k, l := range [...][]RootSpec{rt.Removed, rt.Added} {
			for i, x := range l {
				buf = append(append(buf[:0], byte('0'+k)), x.Hash...)
				do(k, i, x.Root, buf, x.Hash)
			}
		}
		for i, x := range rt.Changed {
			h := x.New.Hash
			if h == "" {
				h = x.Old.Hash
			}
			buf = append(append(append(append(buf[:0], '2'), x.Old.Hash...), ' '), x.New.Hash...)
			do(listChanged, i, x.Root, buf, h)
		}
	}
	lists := map[string]uint8{} // a spelling → the lists that have it
	each(func(list, _ int, spelling string, _ []byte, _ string) { lists[spelling] |= 1 << list })
	wanted := map[string]bool{} // the keys of roots of a spelling in two lists or more
	each(func(_, _ int, spelling string, key []byte, _ string) {
		if m := lists[spelling]; m&(m-1) != 0 {
			wanted[string(key)] = true
		}
	})
	if len(wanted) == 0 {
		return
	}
	var entries []entry
	each(func(list, i int, spelling string, key []byte, hash string) {
		if wanted[string(key)] {
			entries = append(entries, entry{list, i, spelling, string(key), hash})
		}
	})
	// The roots each spelling in two lists or more names, joined
	// where one root has two such spellings.
	parent := map[string]string{}
	var find func(r string) string
	find = func(r string) string {
		for parent[r] != r {
			parent[r] = parent[parent[r]]
			r = parent[r]
		}
		return r
	}
	first := map[string]string{} // a spelling → its first root
	for _, e := range entries {
		if m := lists[e.spelling]; m&(m-1) == 0 {
			continue // one list: told apart there, if at all
		}
		if _, ok := parent[e.root]; !ok {
			parent[e.root] = e.root
		}
		if f, ok := first[e.spelling]; !ok {
			first[e.spelling] = e.root
		} else if a, b := find(f), find(e.root); a != b {
			parent[b] = a
		}
	}
	if len(parent) == 0 {
		return
	}
	// Each set's roots, in the lists' order, and their specs.
	type set struct {
		roots     []string
		hashes    []string
		spellings map[string][]string // a root → its spellings
	}
	sets := map[string]*set{}
	var order []string
	for _, e := range entries {
		if _, ok := parent[e.root]; !ok {
			continue
		}
		s := find(e.root)
		if sets[s] == nil {
			sets[s] = &set{spellings: map[string][]string{}}
			order = append(order, s)
		}
		g := sets[s]
		if _, ok := g.spellings[e.root]; !ok {
			g.roots = append(g.roots, e.root)
			g.hashes = append(g.hashes, e.hash)
		}
		g.spellings[e.root] = append(g.spellings[e.root], e.spelling)
	}
	spelt := a.spellings()
	label := map[string]string{} // a root → its label
	for _, s := range order {
		g := sets[s]
		if len(slices.Compact(slices.Sorted(slices.Values(g.hashes)))) != len(g.hashes) || slices.Contains(g.hashes, "") {
			// Two roots of one spec (a changed root's new spec
			// rooted as added too): one spec, which no label
			// tells apart from itself.
			continue
		}
		readsAs := func(k int, l string) bool {
			for _, sp := range g.spellings[g.roots[k]] {
				if l != "" && spelt[sp+" "+l] {
					return true
				}
			}
			return false
		}
		reads := func(labels []string) bool {
			for k, l := range labels {
				if readsAs(k, l) {
					return true
				}
			}
			return false
		}
		labels := a.facetLabels(g.hashes, "")
		if labels == nil || reads(labels) {
			labels = hashLabels(nil, g.hashes, 0)
			for n := 7; reads(labels) && n < maxHashLen; {
				n = min(2*n, maxHashLen)
				labels = hashLabels(nil, g.hashes, n)
			}
			labels = hashWord(labels, readsAs)
		}
		for k, r := range g.roots {
			label[r] = labels[k]
		}
	}
	for k := range a.across {
		a.across[k] = make([]string, [...]int{len(rt.Removed), len(rt.Added), len(rt.Changed)}[k])
	}
	for _, e := range entries {
		a.across[e.list][e.i] = label[e.root]
	}
}
