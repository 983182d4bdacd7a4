// Package spackfmt decodes Spack's own files that hold sets of concrete
// specs, with their dependency edges: build-cache indexes (index.json,
// database versions 6 to 9), environment lockfiles (spack.lock, lockfile
// versions 1 to 6) and spec files (*.spec.json, spec formats 2 to 6).
//
// It owns the formats and nothing else: it reads bytes already in memory
// (gzip'd, or with a UTF-8 byte order mark, as Spack reads them too; a
// clear-signed spec file is read inside its signature, and anything after
// that is an error), recognises the kind by content (Sniff), and returns
// neutral node records (Set, Node, Dep) mapped onto cachediff's facets.
// It imports nothing from
// package snapshot, which turns a Set into a snapshot (canonicalization,
// packages, warnings), and it never reads files, prints or exits.
//
// The facets of a node:
//
//   - Name and Version as written.
//   - Compiler: the node's "compiler" object (spec formats up to 4, or the
//     "compiler" annotation a database writes for an old node), written
//     name@version; from spec format 5 on, Spack records compilers as build
//     dependencies, so it is the build dependency that provides the c, cxx
//     or fortran virtual (in that order of preference), written
//     name@version; "none" when there is none.
//   - OS, Platform: arch.platform_os and arch.platform.
//   - Target: arch.target's name (a string in some formats, an object with
//     a name in others).
//   - Variants: from "parameters", in Spack's own spelling: true is
//     +name, false ~name (and so are the strings "true" and "false", in
//     any case, as Spack reads them), a string name=value, a list
//     name=v1,v2 (compiler flags name="-O2 -g"); an empty list (the six
//     empty flag lists every node has) is left out, and [""] is name=;
//     a list's true, false and null are True, False and None (null
//     alone is name=None), and a number, alone or in a list, is as
//     Python prints it (1.00 is 1.0, 1e2 is 100.0), as Spack prints
//     them. An object, alone or in a list, or a list in a list, is an
//     error naming the spec and the variant, and so is a compiler
//     flag given anything but a list (Spack reads a string's
//     characters as its flags, and fails on a number, a boolean or
//     null), and so is a compiler of null or a compiler's version
//     other than a string.
//     A string read (a name, a version, a variant, a root's spec, a
//     hash) that an escape makes a control character other than
//     whitespace is an error naming it quoted (controlEscape).
//     A value that holds a quote is quoted as Spack prints it: the
//     string "x" in quotes reads name='"x"'.
//   - Stacks: none from the file itself. For a lockfile, Roots lists the
//     environment's roots, and Set.RootsOf the roots whose DAG holds a
//     node: package snapshot uses those as the node's stacks.
//
// Each node keeps its dependency edges (Dep: name, hash, deptypes,
// virtuals). A dependency hash names a node of the same file; one that is
// absent is a Warning, never an error.
package spackfmt

import (
	"cmp"
	"fmt"
	"iter"
	"slices"
	"strings"
	"unicode"
)

// Kind is the kind of a Spack file.
type Kind int

// Kinds of file. Unknown is anything else (a catalogue page, a README).
const (
	Unknown  Kind = iota
	Index         // a build-cache index: build_cache/index.json
	Lockfile      // an environment lockfile: spack.lock
	SpecFile      // a spec file: *.spec.json
)

func (k Kind) String() string {
	switch k {
	case Index:
		return "build-cache index"
	case Lockfile:
		return "lockfile"
	case SpecFile:
		return "spec file"
	}
	return "unknown"
}

// Supported format versions, for checks and messages.
const (
	MinDatabase, MaxDatabase = 6, 9
	MinLockfile, MaxLockfile = 1, 7
	MinSpec, MaxSpec         = 2, 6
)

// Set is the decoded content of one file (or, after Merge, of several
// spec files).
type Set struct {
	Kind Kind
	// Version is the file's format version: the database version of an
	// index, the lockfile version of a lockfile, the spec format of a spec
	// file.
	Version int
	// Nodes are the concrete specs that count, sorted by hash: for an
	// index, the records in the build cache; for a lockfile, every node a
	// root reaches; for a spec file, its root, the first node, which is
	// what a build cache holds for the file (its tarball), as Spack's
	// index of a folder of spec files counts it (Whole counts every
	// node).
	Nodes []*Node
	// Others are nodes that do not count but that counted nodes depend on
	// (an index's records that are not in the build cache, an external
	// compiler, a spec file's nodes but its root): they resolve edges and
	// compilers. Sorted by hash.
	Others []*Node
	// Roots are a lockfile's roots, in file order.
	Roots []Root
	// Warnings are problems that do not stop the decoding, sorted.
	Warnings []Warning
	// Text is the length of the text decoded: the file's, or what it
	// inflated to when gzip'd (which its gzip trailer gives only for a
	// stream of one member, without padding).
	Text int64

	// rootLists are the lists of root names that nodes refer to by
	// number (Node.roots); the first is empty.
	rootLists [][]string

	// slabs are the blocks the nodes were read into, in the order they
	// were read (Drain); nil for a Merge.
	slabs [][]Node
}

// Drain yields the nodes of Nodes (counts true) and of Others, each once,
// and empties the set. The nodes of a decoded file come in the order they
// were read (the file's, but for a value read after the version that
// says how to read it), block by block, and each block is let go once its
// nodes are yielded: a caller that keeps no node (but what they refer
// to: strings, edge and variant lists) lets the nodes go while it builds
// what takes their place, rather than after. A Merge's come as Nodes,
// then Others.
func (s *Set) Drain() iter.Seq2[*Node, bool] {
	return func(yield func(*Node, bool) bool) {
		if s.slabs == nil {
			nodes, others := s.Nodes, s.Others
			s.Nodes, s.Others = nil, nil
			for _, n := range nodes {
				if !yield(n, true) {
					return
				}
			}
			for _, n := range others {
				if !yield(n, false) {
					return
				}
			}
			return
		}
		slabs := s.slabs
		s.slabs, s.Nodes, s.Others = nil, nil, nil
		for i, slab := range slabs {
			slabs[i] = nil
			for j := range slab {
				if n := &slab[j]; n.in != notIn && !yield(n, n.in == inNodes) {
					return
				}
			}
		}
	}
}

// All yields the nodes of Nodes (counts true) and of Others, each once,
// in the order Drain does, and keeps them: a caller that reads every node
// reads memory mostly forward, where Nodes and Others, sorted by hash,
// jump about it.
func (s *Set) All() iter.Seq2[*Node, bool] {
	return func(yield func(*Node, bool) bool) {
		if s.slabs == nil {
			for _, n := range s.Nodes {
				if !yield(n, true) {
					return
				}
			}
			for _, n := range s.Others {
				if !yield(n, false) {
					return
				}
			}
			return
		}
		for _, slab := range s.slabs {
			for j := range slab {
				if n := &slab[j]; n.in != notIn && !yield(n, n.in == inNodes) {
					return
				}
			}
		}
	}
}

// Root is one root of an environment lockfile.
type Root struct {
	Hash string
	Spec string // the root's spec as the user wrote it ("mpich~fortran")
}

// Name returns the root's spec as written, without a trailing /hash (Spack
// 1.x writes python@3.13.5/2myq44…): the name a report uses for it.
func (r Root) Name() string {
	s := r.Spec
	// Space after the hash too: "python@3.13.5/2myq44 " kept its /2myq44.
	t := strings.TrimRightFunc(s, unicode.IsSpace)
	if i := strings.LastIndexByte(t, '/'); i >= 0 && strings.HasPrefix(r.Hash, t[i+1:]) && i+1 < len(t) {
		s = strings.TrimSpace(t[:i])
	}
	if s == "" {
		return r.Hash
	}
	return s
}

// Node is one concrete spec. The facets a node may lack (all but its
// hash, name, version and compiler) are in its Detail, which is never nil
// once decoded: the nodes that lack them all (an index of bare records)
// share one, which must not be modified. A node of a bare record then
// takes 96 bytes rather than 288 (issue 35 item 19).
type Node struct {
	Hash     string
	Name     string
	Version  string
	Compiler string // name@version, or "none"
	*Detail
	// SpecFormat is the spec format the node was written in.
	SpecFormat int32
	// roots numbers the list of the lockfile roots whose DAG holds the
	// node in its Set's rootLists (Set.RootsOf); 0, the empty list, for
	// other kinds. A number rather than a list in Detail: a lockfile of
	// bare records (a name, a version and a hash) gave each node a
	// Detail (232 bytes) for its roots alone, and peaked at 4.6x its
	// bytes while decoded; the number fits in the room Line leaves.
	roots int32
	// Line is the line of the node's record in the file, for messages.
	Line int
	// Root says the node is itself one of the lockfile's roots.
	Root bool

	ownCompiler bool // while decoding: the node wrote its own compiler
	in          int8 // the list of the Set it is in (Drain)

	// Mark is the caller's, in the room the fields above leave (a Node
	// is no larger for it): Decode leaves it zero. Package snapshot
	// numbers the node's package in it while it maps the nodes, so that
	// no map of names is alive while it builds the packages.
	Mark int32
}

// The lists of a Set a node is in (Node.in).
const (
	notIn int8 = iota
	inNodes
	inOthers
)

// Detail is the facets of a node that a bare record lacks.
type Detail struct {
	OS       string
	Platform string
	Target   string
	Variants []string // Spack's spelling, in file order
	Deps     []Dep    // in file order
	// PackageHash is the hash of the package recipe, when the file has one:
	// a changed recipe explains a new hash that nothing else does.
	PackageHash string

	// pend is what only the decoding reads (pending), nil once the
	// node is finished: 72 bytes in a Detail of 184 kept every node's
	// Detail that much larger for as long as the node lived, and a
	// node without dependencies (half a lockfile's) never had any.
	pend *pending
}

// pending is a node's dependencies as written, and the other hashes the
// node answers to, while it decodes. A node whose every dependency names
// one hash (as Spack writes them) has its Deps from the start, but for
// their hashes, and in hashes the ref of each (resolved by finish); any
// other keeps its dependencies in refs.
type pending struct {
	refs    []depRef
	hashes  []*hashRef
	aliases []string
}

// depRefs is m's dependencies as written (pending.refs), nil when none.
func (m *Detail) depRefs() []depRef {
	if m.pend == nil {
		return nil
	}
	return m.pend.refs
}

// depHashes is the refs of m's dependencies' hashes (pending.hashes),
// nil when none.
func (m *Detail) depHashes() []*hashRef {
	if m.pend == nil {
		return nil
	}
	return m.pend.hashes
}

// aliasHashes is the other hashes m's node answers to (pending.aliases).
func (m *Detail) aliasHashes() []string {
	if m.pend == nil {
		return nil
	}
	return m.pend.aliases
}

// bareDetail is the Detail that the nodes without any share.
var bareDetail Detail

// Dep is a dependency edge.
type Dep struct {
	Name     string
	Hash     string
	Types    []string // deptypes: build, link, run, test
	Virtuals []string // the virtuals this dependency provides to the node
}

// Warning is a problem that does not stop the decoding.
type Warning struct {
	File    string
	Line    int
	Message string
}

// Error is a problem that stops the decoding: the file, where (line,
// column, and the JSON path of the value) and what.
type Error struct {
	File      string
	Line, Col int
	Path      string
	Msg       string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", e.File, e.Line, e.Col, e.Path, e.Msg)
}

// RootsOf returns the names (Root.Name) of the lockfile roots whose DAG
// holds n, a node of s, sorted; empty for other kinds. The list is
// shared by the nodes of the same roots: it is not to be changed.
func (s *Set) RootsOf(n *Node) []string {
	if n.roots == 0 {
		return nil
	}
	return s.rootLists[n.roots]
}

// Whole makes every node of a spec file count: its Others join its
// Nodes. A spec file read alone is one concrete spec with its DAG, as
// Spack reads it (Spec.from_json gives the root and every dependency,
// all concrete); in a build cache, only its root is the file's (Nodes,
// as decoded). Other kinds are left as they are.
func (s *Set) Whole() {
	if s.Kind != SpecFile || len(s.Others) == 0 {
		return
	}
	for _, n := range s.Others {
		n.in = inNodes
	}
	s.Nodes = append(s.Nodes, s.Others...)
	s.Others = nil
	sortByHash(s.Nodes)
}

// Merge joins the sets of several spec files (a folder of them, the shape
// of a build cache's build_cache/) into one, as Spack's index of the
// folder lists them (binary_distribution.py, _read_specs_and_push_index:
// each file's spec added with its dependencies, the spec alone marked
// in_buildcache): the nodes that count in a set count (each file's root),
// and a node that counts in no set (a dependency no file has for root)
// is one of Others. A node in several files (a shared dependency) is
// kept once. The sets' kind and version must agree on kind; the version
// kept is the highest.
func Merge(sets []*Set) *Set {
	out := &Set{Kind: SpecFile, rootLists: [][]string{nil}}
	seen := map[string]bool{}
	others := map[string]*Node{}
	for _, s := range sets {
		if s.Version > out.Version {
			out.Version = s.Version
		}
		// The nodes' lists of roots, numbered in out's.
		if len(s.rootLists) > 1 {
			base := int32(len(out.rootLists)) - 1
			out.rootLists = append(out.rootLists, s.rootLists[1:]...)
			for _, l := range [][]*Node{s.Nodes, s.Others} {
				for _, n := range l {
					if n.roots != 0 {
						n.roots += base
					}
				}
			}
			s.rootLists = nil // its nodes now refer to out's
		}
		for _, n := range s.Nodes {
			if !seen[n.Hash] {
				seen[n.Hash] = true
				out.Nodes = append(out.Nodes, n)
			}
		}
		for _, n := range s.Others {
			others[n.Hash] = n
		}
		out.Roots = append(out.Roots, s.Roots...)
		out.Warnings = append(out.Warnings, s.Warnings...)
	}
	for h, n := range others {
		if !seen[h] {
			out.Others = append(out.Others, n)
		}
	}
	byHash := func(a, b *Node) int { return strings.Compare(a.Hash, b.Hash) }
	slices.SortFunc(out.Nodes, byHash)
	slices.SortFunc(out.Others, byHash)
	slices.SortStableFunc(out.Warnings, func(a, b Warning) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), strings.Compare(a.Message, b.Message))
	})
	return out
}
