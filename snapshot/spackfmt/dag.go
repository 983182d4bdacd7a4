package spackfmt

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Lockfiles of versions 1 to 3 (Spack 0.12 to 0.17) key their concrete
// specs by one hash and give each node another: a version 2 or 3 file
// keys a spec by its build hash and writes, in the node, its DAG hash of
// the time, which leaves build dependencies out. Several records of one
// file can then share a DAG hash: a package needed twice with different
// build dependencies (a real tutorial lockfile has two pythons, two
// openssls and two setuptools so). Spack reads such a file by DAG hash
// (environment.py, _read_lockfile_dict): every record is a spec, the
// roots are walked in order, depth first, dependencies by their records'
// names, and the first record met of each DAG hash is the one kept; the
// roots and the edges then name specs by that hash. dagIdentity does the same, so that
// a spec is the spec Spack installs, once, under the hash Spack shows.
//
// A record that no root reaches is not in the environment Spack reads;
// cachediff keeps every record, as for other versions, and of records
// sharing a DAG hash that no root reaches keeps the first in the file.

// noteDAG records, while a lockfile of version 1 to 3 is read, the hash
// a concrete spec's node gives itself when it is not its key.
func (d *decoder) noteDAG(n *Node, own string) {
	if d.lockVersion == 0 || d.lockVersion > 3 || own == "" || own == n.Hash {
		return
	}
	if d.dagOf == nil {
		d.dagOf = map[*Node]string{}
	}
	d.dagOf[n] = own
}

// dagIdentity gives the specs of a lockfile of version 1 to 3 the
// identity Spack reads (above): once edges are resolved (they name keys),
// before roots are marked and nodes sorted.
func (d *decoder) dagIdentity() {
	if d.set.Kind != Lockfile || d.lockVersion > 3 || len(d.dagOf) == 0 {
		return
	}
	set := d.set
	id := func(n *Node) string {
		if h, ok := d.dagOf[n]; ok {
			return h
		}
		return n.Hash
	}
	byKey := make(map[string]*Node, len(set.Nodes))
	for _, n := range set.Nodes {
		byKey[n.Hash] = n
	}
	// The first record of each DAG hash that the roots reach, depth
	// first, in Spack's order.
	kept := map[string]*Node{}
	seen := map[*Node]bool{}
	type frame struct {
		n    *Node
		deps []*Node
		next int
	}
	// A node's dependencies in the order of their records' names, as
	// Spack's traverse.sort_edges takes them (edge.spec.name), whatever
	// name the file gives the dependency; in file order among one name.
	children := func(n *Node) []*Node {
		var out []*Node
		for _, dep := range n.Deps {
			if t := byKey[dep.Hash]; t != nil {
				out = append(out, t)
			}
		}
		slices.SortStableFunc(out, func(a, b *Node) int { return strings.Compare(a.Name, b.Name) })
		return out
	}
	enter := func(n *Node) frame {
		seen[n] = true
		if h := id(n); kept[h] == nil {
			kept[h] = n
		}
		return frame{n: n, deps: children(n)}
	}
	for _, r := range set.Roots {
		top := byKey[r.Hash]
		if top == nil || seen[top] {
			continue
		}
		stack := []frame{enter(top)}
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next == len(f.deps) {
				stack = stack[:len(stack)-1]
				continue
			}
			c := f.deps[f.next]
			f.next++
			if !seen[c] {
				stack = append(stack, enter(c))
			}
		}
	}
	// Then those no root reaches, in file order (Nodes is, until sorted).
	for _, n := range set.Nodes {
		if h := id(n); kept[h] == nil {
			kept[h] = n
		}
	}
	// Each key now names the record kept for its DAG hash.
	keyTo := make(map[string]*Node, len(byKey))
	for k, n := range byKey {
		keyTo[k] = kept[id(n)]
	}
	for i, r := range set.Roots {
		if t := keyTo[r.Hash]; t != nil {
			set.Roots[i] = Root{Hash: id(t), Spec: r.Name()}
		}
	}
	nodes := set.Nodes[:0]
	var merged []string
	line := 0
	for _, n := range set.Nodes {
		if k := kept[id(n)]; k != n {
			n.in = notIn
			merged = append(merged, twinLabel(n, k))
			if line == 0 || n.Line < line {
				line = n.Line
			}
			continue
		}
		nodes = append(nodes, n)
	}
	if len(merged) > 0 {
		slices.Sort(merged)
		d.warnf(line, "%s a DAG hash with another record (%s): each DAG hash is one spec, the first the roots reach, as Spack reads a lockfile of version %d", records(len(merged)), nameList(merged), d.lockVersion)
	}
	clear(set.Nodes[len(nodes):])
	set.Nodes = nodes
	for _, n := range nodes {
		for i, dep := range n.Deps {
			if t := keyTo[dep.Hash]; t != nil {
				n.Deps[i].Hash = id(t)
			}
		}
	}
	// Keys look up the record kept, and DAG hashes, which the roots and
	// edges now name, win where a key is also a DAG hash.
	for k, n := range keyTo {
		d.s.internHash([]byte(k)).node = n
	}
	for _, n := range nodes {
		h := id(n)
		n.Hash = h
		d.s.internHash([]byte(h)).node = n
	}
}

// records is "N records share", in the number of n.
func records(n int) string {
	if n == 1 {
		return "1 record shares"
	}
	return strconv.Itoa(n) + " records share"
}

// twinLabel names record n, read as record k of its DAG hash: its name,
// and what it is read as when they differ in more than their build
// dependencies (as twins Spack wrote do), which the file does not say.
func twinLabel(n, k *Node) string {
	switch {
	case n.Name != k.Name || n.Version != k.Version:
		return clip(n.Name+"@"+n.Version) + ", read as " + clip(k.Name+"@"+k.Version)
	case !sameFacets(n, k):
		return clip(n.Name+"@"+n.Version) + ", read as the " + clip(k.Name+"@"+k.Version) + " of other facets"
	}
	return clip(n.Name)
}

// sameFacets reports whether nodes of one name and version agree on
// their facets but their dependencies (and recipe).
func sameFacets(a, b *Node) bool {
	if a.Compiler != b.Compiler || (a.Detail == nil) != (b.Detail == nil) {
		return false
	}
	if a.Detail == nil {
		return true
	}
	return a.OS == b.OS && a.Platform == b.Platform && a.Target == b.Target && slices.Equal(a.Variants, b.Variants)
}

// nameList lists names, the first five and how many more.
func nameList(names []string) string {
	const most = 5
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:most], ", ") + " and " + strconv.Itoa(len(names)-most) + " more"
}

// checkRoots refuses a lockfile whose root concrete_specs lacks: Spack
// looks each root up by its key and refuses the file.
func (d *decoder) checkRoots() error {
	for i, r := range d.set.Roots {
		if n := d.lookup(r.Hash); n != nil && n.Hash == r.Hash { // a key, not another hash of its record
			continue
		}
		line, col := lineCol(d.s.data, d.rootAt[i])
		return &Error{File: d.file, Line: line, Col: col, Path: fmt.Sprintf("roots[%d].hash", i),
			Msg: fmt.Sprintf("root %s/%s is not in concrete_specs: Spack refuses such a lockfile", clip(r.Name()), short(r.Hash))}
	}
	return nil
}
