package spackfmt

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/internal/scc"
)

// markRoots sets Root and Roots from a lockfile's roots: a node's roots
// are those whose DAG (every deptype) holds it. A record no root reaches
// is left out (dropUnreached).
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
	if d.set.Kind != Lockfile {
		return
	}
	if len(d.set.Roots) == 0 {
		d.dropUnreached(nil)
		return
	}
	// The roots found, by name index (names sorted, once each).
	tops := make([]*Node, len(d.set.Roots))
	names := make([]string, 0, len(d.set.Roots))
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
	// The nodes the roots reach, numbered in Mark (id+1) while this
	// runs, with their edges (CSR).
	nodes := make([]*Node, 0, len(d.set.Nodes))
	start := make([]int32, 0, len(d.set.Nodes)+1)
	var edges []int32
	defer func() {
		for _, n := range nodes {
			n.Mark = 0 // Decode leaves it zero
		}
	}()
	visit := func(n *Node) int32 {
		if n.Mark > 0 {
			return n.Mark - 1
		}
		i := int32(len(nodes))
		n.Mark = i + 1
		nodes = append(nodes, n)
		return i
	}
	id := func(n *Node) int32 { return n.Mark - 1 }
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
	d.dropUnreached(func(n *Node) bool { return n.Mark > 0 })
	n := len(nodes)
	own := make([][]int32, n)
	for i, r := range d.set.Roots {
		if t := tops[i]; t != nil {
			k, _ := slices.BinarySearch(names, r.Name())
			own[id(t)] = append(own[id(t)], int32(k))
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
	sets := make([][]int32, 1, len(names)+1)
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
	// single[k] is the set of name k alone, once made: the set of a root
	// no other root depends on, as in an environment of many roots
	// (interned by key, each cost two strings and two map entries).
	single := make([]int32, len(names))
	alone := make([]int32, len(names)) // alone[k:k+1] is the set {k}
	for k := range alone {
		alone[k] = int32(k)
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
		if len(ids) == 0 && len(mine) > 0 && !slices.ContainsFunc(mine, func(x int32) bool { return x != mine[0] }) {
			k := mine[0]
			if single[k] == 0 {
				single[k] = int32(len(sets))
				sets = append(sets, alone[k:k+1:k+1])
			}
			setOfComp[c] = single[k]
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
		if s != 0 && lists[s] == nil {
			if len(sets[s]) == 1 { // a slice of names, which is sorted
				x := sets[s][0]
				lists[s] = names[x : x+1 : x+1]
			} else {
				l := make([]string, len(sets[s]))
				for i, x := range sets[s] {
					l[i] = names[x]
				}
				lists[s] = l[:len(l):len(l)]
			}
		}
		nd.roots = s
	}
	d.set.rootLists = lists
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

// dropUnreached leaves out of Nodes the records that no root reaches:
// Spack reads a lockfile's environment from its roots, and a record
// they do not reach is in no environment (an edit that dropped a root
// and left its record). Each is named in a warning.
func (d *decoder) dropUnreached(reached func(*Node) bool) {
	set := d.set
	kept := set.Nodes[:0]
	var gone []string
	line := 0
	for _, n := range set.Nodes {
		if reached != nil && reached(n) {
			kept = append(kept, n)
			continue
		}
		n.in = notIn
		gone = append(gone, shown(specLabel(n)))
		if line == 0 || n.Line < line {
			line = n.Line
		}
	}
	if len(gone) == 0 {
		return
	}
	clear(set.Nodes[len(kept):])
	set.Nodes = kept
	slices.Sort(gone)
	what := "1 record that no root reaches is"
	if len(gone) > 1 {
		what = strconv.Itoa(len(gone)) + " records that no root reaches are"
	}
	d.warnf(line, "%s left out (%s): Spack reads a lockfile's specs from its roots", what, clipped(nameList(countRuns(gone))))
}

// countRuns names each label of sorted once, with how many records it
// stands for when more than one: "zlib@1.3 (3 records)".
func countRuns(sorted []string) []string {
	out := sorted[:0]
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && sorted[j] == sorted[i] {
			j++
		}
		l := sorted[i]
		if j-i > 1 {
			l += " (" + strconv.Itoa(j-i) + " records)"
		}
		out = append(out, l)
		i = j
	}
	return out
}
