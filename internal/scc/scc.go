// Package scc finds the strongly connected components of a directed graph
// (Tarjan's algorithm), without recursion: a dependency chain of any
// length is searched in a loop, not on the goroutine's stack.
//
// The graph is given as a number of nodes (0 to n-1) and a function that
// lists a node's successors; the search calls it once per node it
// reaches. Callers number their nodes however suits them (dense ids,
// edges resolved from hashes) and keep what they know about edges that go
// nowhere to themselves: a successor list holds only nodes of the graph.
package scc

// Components calls each with every strongly connected component of the
// graph of n nodes whose successors of u are those succ appends to dst
// (succ must append, not overwrite, and return the extended dst).
//
// The search starts from each of roots in turn (every node, in order,
// when roots is nil) that an earlier start did not reach, and follows each
// node's successors in the order succ lists them. Components come in the
// order the search closes them, which is a reverse topological order: a
// component after every component it has edges to. comp lists the
// component's nodes in the order the search reached them; it is valid
// only during the call (each may reorder it). cycle is true for a
// component of more than one node, or of one node with an edge to itself.
func Components(n int, roots []int32, succ func(dst []int32, u int32) []int32, each func(comp []int32, cycle bool)) {
	const none = -1
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = none
	}
	// The successors of the nodes on the path being searched are kept in
	// one slice used as a stack: a frame's are edges[from:to], popped with
	// it.
	type frame struct {
		u        int32
		next, to int32 // the next successor's place in edges, and the end
		self     bool  // u has an edge to itself
	}
	var (
		frames []frame
		edges  []int32
		stack  []int32
		next   int32
	)
	visit := func(u int32) {
		index[u], low[u] = next, next
		next++
		onStack[u] = true
		stack = append(stack, u)
		from := int32(len(edges))
		edges = succ(edges, u)
		frames = append(frames, frame{u: u, next: from, to: int32(len(edges))})
	}
	search := func(s int32) {
		if index[s] != none {
			return
		}
		visit(s)
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			u := f.u
			if f.next < f.to {
				v := edges[f.next]
				f.next++
				switch {
				case index[v] == none:
					visit(v)
				case onStack[v]:
					low[u] = min(low[u], index[v])
					f.self = f.self || v == u
				}
				continue
			}
			self := f.self
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				p := &frames[len(frames)-1]
				low[p.u] = min(low[p.u], low[u])
				edges = edges[:p.to]
			} else {
				edges = edges[:0]
			}
			if low[u] != index[u] {
				continue
			}
			k := len(stack) - 1
			for stack[k] != u {
				k--
			}
			comp := stack[k:]
			for _, m := range comp {
				onStack[m] = false
			}
			each(comp, len(comp) > 1 || self)
			stack = stack[:k]
		}
	}
	if roots == nil {
		for s := range int32(n) {
			search(s)
		}
		return
	}
	for _, s := range roots {
		search(s)
	}
}
