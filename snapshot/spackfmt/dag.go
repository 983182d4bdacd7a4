package spackfmt

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
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
// roots and the edges then name specs by that hash. dagIdentity does the
// same, so that a spec is the spec Spack installs, once, under the hash
// Spack shows. Spack reads a lockfile of version 4 on by the same code,
// where a record's key is its node's hash unless the file was edited:
// one whose node writes another hash is that hash's spec too.
//
// A record that no root reaches is not in the environment Spack reads,
// at any version: markRoots leaves it out once the specs have their
// identity. (Spack's walk also enters the dependencies of a record whose
// DAG hash was met before, and a spec it meets only so is in no
// environment either: the environment is what the roots reach through
// the records kept.)

// noteDAG records, while a lockfile is read, the hash
// a concrete spec's node gives itself when it is not its key; n is about
// to be filed at the end of the Set's Nodes.
func (d *decoder) noteDAG(n *Node, own string) {
	if d.lockVersion == 0 || own == "" || own == n.Hash {
		return
	}
	i := len(d.set.Nodes)
	if i >= len(d.dagOf) {
		d.dagOf = slices.Grow(d.dagOf, i+1-len(d.dagOf))[:i+1]
	}
	d.dagOf[i] = own
}

// dagIdentity gives the specs of a lockfile the
// identity Spack reads (above): once edges are resolved (they name keys),
// before roots are marked and nodes sorted. The records are numbered by
// their place in the file (Nodes, in Mark while it runs), and looked up
// by key in the file's table of hashes: no map but one of the DAG hashes
// (a tiny record's map entries made its decoding hold twice what a
// version 4 file's does).
func (d *decoder) dagIdentity() {
	if d.set.Kind != Lockfile || len(d.dagOf) == 0 {
		return
	}
	defer func() { d.dagOf = nil }()
	set := d.set
	nodes := slices.Clone(set.Nodes) // file order; Nodes is compacted below
	for i, n := range nodes {
		n.Mark = int32(i + 1)
	}
	defer func() {
		for _, n := range nodes {
			n.Mark = 0 // Decode leaves it zero
		}
	}()
	id := func(i int32) string {
		if int(i) < len(d.dagOf) && d.dagOf[i] != "" {
			return d.dagOf[i]
		}
		return nodes[i].Hash
	}
	// byKey is the record keyed h, or -1.
	byKey := func(h string) int32 {
		if t := d.lookup(h); t != nil && t.Mark > 0 && t.Hash == h {
			return t.Mark - 1
		}
		return -1
	}
	// Each record's group: the first record of its DAG hash in the file.
	group := make([]int32, len(nodes))
	{
		first := make(map[string]int32, len(nodes))
		for i := range nodes {
			h := id(int32(i))
			g, ok := first[h]
			if !ok {
				g = int32(i)
				first[h] = g
			}
			group[i] = g
		}
	}
	// The record kept of each group (by the group's number), -1 until
	// met: the first that the roots reach, depth first, in Spack's order.
	kept := make([]int32, len(nodes))
	for i := range kept {
		kept[i] = -1
	}
	seen := make([]bool, len(nodes))
	type frame struct {
		deps []int32
		next int
	}
	// A node's dependencies in the order of their records' names, as
	// Spack's traverse.sort_edges takes them (edge.spec.name), whatever
	// name the file gives the dependency; in file order among one name.
	children := func(i int32) []int32 {
		var out []int32
		for _, dep := range nodes[i].Deps {
			if t := byKey(dep.Hash); t >= 0 {
				out = append(out, t)
			}
		}
		slices.SortStableFunc(out, func(a, b int32) int { return strings.Compare(nodes[a].Name, nodes[b].Name) })
		return out
	}
	enter := func(i int32) frame {
		seen[i] = true
		if g := group[i]; kept[g] < 0 {
			kept[g] = i
		}
		return frame{deps: children(i)}
	}
	var stack []frame
	for _, r := range set.Roots {
		top := byKey(r.Hash)
		if top < 0 || seen[top] {
			continue
		}
		stack = append(stack[:0], enter(top))
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
	// Then those no root reaches, in file order.
	for i := range nodes {
		if g := group[i]; kept[g] < 0 {
			kept[g] = int32(i)
		}
	}
	// keyTo is the record kept for key h's DAG hash, or -1.
	keyTo := func(h string) int32 {
		if t := byKey(h); t >= 0 {
			return kept[group[t]]
		}
		return -1
	}
	for i, r := range set.Roots {
		if t := keyTo(r.Hash); t >= 0 {
			set.Roots[i] = Root{Hash: id(t), Spec: r.Name()}
		}
	}
	for i, n := range nodes {
		if kept[group[i]] != int32(i) {
			continue // dropped below
		}
		for j, dep := range n.Deps {
			if t := keyTo(dep.Hash); t >= 0 {
				n.Deps[j].Hash = id(t)
			}
		}
	}
	var merged []string
	line := 0
	compact := set.Nodes[:0]
	for i, n := range nodes {
		k := kept[group[i]]
		if k == int32(i) {
			compact = append(compact, n)
			continue
		}
		n.in = notIn
		merged = append(merged, twinLabel(n, nodes[k]))
		if line == 0 || n.Line < line {
			line = n.Line
		}
		// Its key looks up the record kept.
		d.s.internHash([]byte(n.Hash)).node = nodes[k]
	}
	if len(merged) > 0 {
		slices.Sort(merged)
		d.warnf(line, "%s a DAG hash with another record (%s): each DAG hash is one spec, the first the roots reach, as Spack reads a lockfile of version %d", records(len(merged)), clipped(nameList(merged)), d.lockVersion)
	}
	clear(set.Nodes[len(compact):])
	set.Nodes = compact
	// DAG hashes, which the roots and edges now name, win where a key is
	// also a DAG hash.
	for _, n := range compact {
		if h := id(n.Mark - 1); h != n.Hash {
			n.Hash = h
			d.s.internHash([]byte(h)).node = n
		}
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
		return shown(specLabel(n)) + ", read as " + shown(specLabel(k))
	case !sameFacets(n, k):
		return shown(specLabel(n)) + ", read as the " + shown(specLabel(k)) + " of other facets"
	}
	return shown(n.Name)
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

// checkDeps refuses a lockfile with a record whose dependency
// concrete_specs lacks: Spack links every record's dependencies by their
// hashes before it reads the roots (environment.py, _filter_specs:
// specs_by_hash[dep_hash]) and fails on one that is not there, so such a
// file is no environment at all. A pull request that deleted a shared
// dependency's record and left the edges to it read as "removed package"
// with a warning, and passed a gate on lost stacks. (An index or a spec
// file may name a dependency it does not hold: a warning, in finish.) It
// runs before finish, on the edges as read: a dependency is there when
// one of its hashes names a record, as finish resolves it.
func (d *decoder) checkDeps() error {
	for _, n := range d.nodes() {
		if n.Detail == nil { // no dependencies read
			continue
		}
		name, hash := "", ""
		for i, h := range n.depHashes() {
			if h.node == nil {
				name, hash = n.Deps[i].Name, h.s
				break
			}
		}
		for _, r := range n.depRefs() {
			if hash != "" {
				break
			}
			found := false
			for _, h := range r.refs {
				if h != nil && h.node != nil {
					found = true
					break
				}
			}
			if found {
				continue
			}
			for _, h := range r.refs {
				if h != nil {
					name, hash = r.name, h.s
					break
				}
			}
		}
		if hash == "" {
			continue
		}
		line, col := hashAt(d.s.data, n.Line, hash)
		return &Error{File: d.file, Line: line, Col: col, Path: "concrete_specs" + keyPath(n.Hash) + ".dependencies",
			Msg: fmt.Sprintf("%s/%s: dependency %s/%s is not in concrete_specs: Spack links a lockfile's records by their hashes and refuses such a file", shown(n.Name), shown(n.Hash), shown(name), shown(hash))}
	}
	return nil
}

// hashAt returns the line and column of hash, a dependency's as read, in
// the record that starts on line: where it is first written as a JSON
// string from that line on, else the line's first column (a hash written
// with escapes). Errors alone call it: it reads the file from its start.
func hashAt(data []byte, line int, hash string) (int, int) {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
	}
	if i := bytes.Index(data[off:], []byte(`"`+hash+`"`)); i >= 0 {
		return lineCol(data, off+i)
	}
	return line, 1
}

// checkRoots refuses a lockfile whose root concrete_specs lacks: Spack
// looks each root up by its key and refuses the file. It refuses too a
// root whose spec as written names another package of the file than
// its spec's (rootPackage): Spack writes a root's abstract spec, which
// its concrete spec satisfies, so it names the spec's own package, or a
// virtual the spec provides, never a package. Such a root (spelt cmake
// for a spec of tool, beside cmake's specs) was read as a stack of
// cmake's name that cmake's own root spec is not in, and the report
// broke a law render checks.
func (d *decoder) checkRoots() error {
	var names map[string]bool // the file's packages, made when first needed
	for i, r := range d.set.Roots {
		n := d.lookup(r.Hash)
		if n != nil && n.Hash == r.Hash { // a key, not another hash of its record
			name := rootPackage(r.Name())
			if name == "" || name == n.Name {
				continue
			}
			if names == nil {
				names = map[string]bool{}
				for _, x := range d.set.Nodes {
					names[x.Name] = true
				}
			}
			if !names[name] {
				continue // a virtual (mpi for a spec of openmpi)
			}
			line, col := lineCol(d.s.data, d.rootAt[i])
			return &Error{File: d.file, Line: line, Col: col, Path: fmt.Sprintf("roots[%d].spec", i),
				Msg: fmt.Sprintf("root %s/%s names the package %s, but its spec is of %s: Spack writes a root's spec under its own package's name, or a virtual's it provides", shown(r.Name()), shown(r.Hash), shown(name), shown(n.Name))}
		}
		line, col := lineCol(d.s.data, d.rootAt[i])
		return &Error{File: d.file, Line: line, Col: col, Path: fmt.Sprintf("roots[%d].hash", i),
			Msg: fmt.Sprintf("root %s/%s is not in concrete_specs: Spack refuses such a lockfile", shown(r.Name()), shown(r.Hash))}
	}
	return nil
}

// rootPackage is the package a root's spec as written names: its first
// word's name, before a version, variant, compiler, dependency or hash,
// and after a namespace (builtin.cmake@3.0 names cmake); "" where the
// first word is no name (an anonymous spec, or a key=value).
func rootPackage(spec string) string {
	s := strings.TrimLeftFunc(spec, unicode.IsSpace)
	end := strings.IndexFunc(s, func(c rune) bool { return unicode.IsSpace(c) || strings.ContainsRune("@%+~^/=", c) })
	if end < 0 {
		end = len(s)
	}
	if end < len(s) && s[end] == '=' {
		return ""
	}
	w := s[:end]
	if i := strings.LastIndexByte(w, '.'); i >= 0 {
		w = w[i+1:]
	}
	return w
}

// specLabel spells a record as Spack spells a spec: name@version, or the
// bare name when it has no version (a warning said "zlib@").
func specLabel(n *Node) string {
	if n.Version == "" {
		return n.Name
	}
	return n.Name + "@" + n.Version
}
