package spackfmt

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/internal/scc"
)

// markRoots sets Root and Roots from a lockfile's roots: a node's roots
// are those whose DAG (every deptype) holds it.
//
// It used to walk the DAG once per root: roots × nodes even when the
// roots share their dependencies, as an environment's do (4,000 roots
// over 4,000 shared nodes: sixteen million steps, issue 35 item 11).
// Now the nodes the roots reach are walked once, their strongly connected components
// (a cycle is bad input, but must not loop) taken in topological order,
// and each component's set of roots is the union of its dependents'
// sets and its own roots, interned: nodes with the same roots share one
// sorted list of names (Roots is read-only; the snapshot's
// canonicalization rewrites a stack list only where a rule applies, and
// no rule applies to stacks). A node whose dependents' largest set holds
// the others costs their sizes, not a merge.
func (d *decoder) markRoots() {
	if len(d.set.Roots) == 0 {
		return
	}
	// The roots found, by name index (names sorted, once each).
	tops := make([]*Node, len(d.set.Roots))
	var names []string
	for i, r := range d.set.Roots {
		top := d.lookup(r.Hash)
		if top == nil { // refused before (checkRoots)
			continue
		}
		top.Root = true
		tops[i] = top
		names = append(names, r.Name())
	}
	slices.Sort(names)
	names = slices.Compact(names)
	// The nodes the roots reach, by id, with their edges (CSR).
	id := map[*Node]int32{}
	var nodes []*Node
	var start []int32
	var edges []int32
	visit := func(n *Node) int32 {
		if i, ok := id[n]; ok {
			return i
		}
		i := int32(len(nodes))
		id[n] = i
		nodes = append(nodes, n)
		return i
	}
	for _, t := range tops {
		if t != nil {
			visit(t)
		}
	}
	for i := 0; i < len(nodes); i++ {
		start = append(start, int32(len(edges)))
		for _, dep := range nodes[i].Deps {
			if t := d.lookup(dep.Hash); t != nil {
				edges = append(edges, visit(t))
			}
		}
	}
	start = append(start, int32(len(edges)))
	n := len(nodes)
	own := make([][]int32, n)
	for i, r := range d.set.Roots {
		if t := tops[i]; t != nil {
			k, _ := slices.BinarySearch(names, r.Name())
			own[id[t]] = append(own[id[t]], int32(k))
		}
	}
	comp, order := components(n, start, edges)
	// Each component's dependents' components.
	pstart := make([]int32, len(order)+1)
	for u := range n {
		for _, v := range edges[start[u]:start[u+1]] {
			if comp[u] != comp[v] {
				pstart[comp[v]+1]++
			}
		}
	}
	for c := range order {
		pstart[c+1] += pstart[c]
	}
	parents := make([]int32, pstart[len(order)])
	fill := slices.Clone(pstart[:len(order)])
	for u := range n {
		for _, v := range edges[start[u]:start[u+1]] {
			if comp[u] != comp[v] {
				parents[fill[comp[v]]] = comp[u]
				fill[comp[v]]++
			}
		}
	}
	members := make([][]int32, len(order))
	for u := range n {
		members[comp[u]] = append(members[comp[u]], int32(u))
	}
	// Sets of name indices, interned; set 0 is the empty set.
	sets := [][]int32{{}}
	setOf := map[string]int32{"": 0}
	intern := func(s []int32) int32 {
		var b strings.Builder
		for _, x := range s {
			b.WriteString(strconv.Itoa(int(x)))
			b.WriteByte(',')
		}
		k := b.String()
		if i, ok := setOf[k]; ok {
			return i
		}
		i := int32(len(sets))
		sets = append(sets, s)
		setOf[k] = i
		return i
	}
	merged := map[string]int32{}
	setOfComp := make([]int32, len(order))
	var ids []int32
	for _, c := range order { // dependents first
		ids = ids[:0]
		for _, p := range parents[pstart[c]:pstart[c+1]] {
			ids = append(ids, setOfComp[p])
		}
		slices.Sort(ids)
		ids = slices.Compact(ids)
		var mine []int32
		for _, u := range members[c] {
			mine = append(mine, own[u]...)
		}
		if len(mine) == 0 && len(ids) == 1 {
			setOfComp[c] = ids[0]
			continue
		}
		// The common case: the largest set holds all the others (roots
		// that share their dependencies): it is the union, found by
		// looking up the others' members, not by merging.
		big := int32(0)
		for _, x := range ids {
			if len(sets[x]) > len(sets[big]) {
				big = x
			}
		}
		within := func(l []int32) bool {
			for _, x := range l {
				if _, ok := slices.BinarySearch(sets[big], x); !ok {
					return false
				}
			}
			return true
		}
		holds := within(mine)
		for _, x := range ids {
			if holds && x != big {
				holds = within(sets[x])
			}
		}
		if holds {
			setOfComp[c] = big
			continue
		}
		var b strings.Builder
		for _, x := range ids {
			b.WriteString(strconv.Itoa(int(x)))
			b.WriteByte(',')
		}
		b.WriteByte('/')
		slices.Sort(mine)
		for _, x := range mine {
			b.WriteString(strconv.Itoa(int(x)))
			b.WriteByte(',')
		}
		k := b.String()
		if s, ok := merged[k]; ok {
			setOfComp[c] = s
			continue
		}
		all := mine
		for _, s := range ids {
			all = append(all, sets[s]...)
		}
		slices.Sort(all)
		s := intern(slices.Compact(all))
		merged[k] = s
		setOfComp[c] = s
	}
	lists := make([][]string, len(sets))
	for u, nd := range nodes {
		s := setOfComp[comp[u]]
		if lists[s] == nil {
			l := make([]string, len(sets[s]))
			for i, x := range sets[s] {
				l[i] = names[x]
			}
			lists[s] = l[:len(l):len(l)]
		}
		d.more(nd).Roots = lists[s]
	}
}

// components returns the strongly connected components of the graph of
// n nodes whose edges from u are edges[start[u]:start[u+1]] (see
// scc.Components): each node's component, and the components in
// topological order (a component before those it has edges to).
func components(n int, start, edges []int32) (comp []int32, order []int32) {
	comp = make([]int32, n)
	ncomp := int32(0)
	scc.Components(n, nil, func(dst []int32, u int32) []int32 {
		return append(dst, edges[start[u]:start[u+1]]...)
	}, func(c []int32, _ bool) {
		for _, v := range c {
			comp[v] = ncomp
		}
		ncomp++
	})
	// The components come in reverse topological order.
	order = make([]int32, ncomp)
	for i := range order {
		order[i] = ncomp - 1 - int32(i)
	}
	return comp, order
}
