package snapshot

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// Spack's own files as snapshots (issue 13): a build-cache index
// (index.json, or a build_cache/ folder holding one), an environment
// lockfile (spack.lock), a spec file (*.spec.json, *.spec.json.sig) or a
// folder of them. Package spackfmt decodes them; this file maps its nodes
// onto packages and specs:
//
//   - the facets as spackfmt documents them (compiler name@version, "none"
//     without one; variants in Spack's spelling), then canonicalized as
//     pages are;
//   - stacks: none for an index or spec files; for a lockfile, the
//     environment's roots whose DAG holds the spec, each named by its spec
//     as written in the lockfile's roots (py-numpy, mpich~fortran,
//     python@3.13.5), so the per-stack table, the restacked category and
//     the lost-stack gate speak of roots;
//   - Deps, Recipe and Root, for the rebuild causes (diff/causes.go);
//   - an index's records outside the build cache (an external compiler)
//     are no specs but are kept in Package.Unlisted, as dependencies; so
//     are a spec file's nodes but its root, in a folder (decodePart): a
//     spec file named alone has every node for a spec (Decode).
//
// The same package in several Spack files of one snapshot (a folder of
// spec files sharing dependencies) is one package; a hash in several
// files is one spec, which they must agree on (spackConflicts): the same
// package, facets, dependencies and recipe, whether the files list it or
// hold it as a dependency. Its stacks are those of every file (the roots
// of several lockfiles). A hash one file lists and another holds as a
// dependency is a spec (mergeSpackFiles): a dependency that another spec
// file of the folder has for root is in the build cache.

func init() { Register(spackDecoder{}) }

type spackDecoder struct{}

// Claims the names Spack gives these files; Detect decides by content.
func (spackDecoder) Claims(base string) bool {
	return base == "index.json" || base == "spack.lock" || IsSpecFile(base)
}

// IsSpecFile reports whether a file's name is that of a Spack spec file
// (*.spec.json, or *.spec.json.sig signed).
func IsSpecFile(name string) bool {
	return strings.HasSuffix(name, ".spec.json") || strings.HasSuffix(name, ".spec.json.sig")
}

func (spackDecoder) Detect(head []byte) bool { return spackfmt.Sniff(head) != spackfmt.Unknown }

// detectByContent: a file found under another name (index.v7.json) is
// read when its head is surely Spack's (spackfmt.SniffSure).
func (spackDecoder) detectByContent(head []byte) bool {
	return spackfmt.SniffSure(head) != spackfmt.Unknown
}

// Decode decodes a Spack file that is the snapshot itself (named alone
// on the command line): a spec file's every node is a spec, as Spack
// reads one spec file, a concrete spec with its DAG (spackfmt.Set.Whole).
func (d spackDecoder) Decode(file string, data []byte) ([]*Package, []Warning, error) {
	pkgs, warnings, _, err := d.decode(file, data, true)
	return pkgs, warnings, err
}

// decodePart decodes a Spack file of a folder (partDecoder): a spec file
// there is one of a build cache's, whose spec is its root, the first
// node (the tarball beside it is the root's); its other nodes are
// unlisted, dependencies for the edges, and are specs only where a spec
// file of their own has them for root. That is what Spack's index of the
// folder counts (spack buildcache update-index: each file's spec added
// with its dependencies, the spec alone marked in_buildcache), and what
// a layout-v3 mirror read from its spec manifests counts (package
// mirror): a dependency whose spec file is gone is gone from the build
// cache.
func (d spackDecoder) decodePart(file string, data []byte) ([]*Package, []Warning, error) {
	pkgs, warnings, _, err := d.decode(file, data, false)
	return pkgs, warnings, err
}

// decodeText is Decode (whole) or decodePart, telling the length of the
// text decoded too (textDecoder).
func (d spackDecoder) decodeText(file string, data []byte, whole bool) ([]*Package, []Warning, int64, error) {
	return d.decode(file, data, whole)
}

// decode is Decode (whole: a spec file's every node a spec) and
// decodePart, and the length of the text decoded (spackfmt.Set.Text).
func (spackDecoder) decode(file string, data []byte, whole bool) ([]*Package, []Warning, int64, error) {
	set, err := spackfmt.Decode(file, data)
	if err != nil {
		var e *spackfmt.Error
		if errors.As(err, &e) {
			return nil, nil, 0, &Error{File: e.File, Line: e.Line, Col: e.Col, Msg: e.Path + ": " + e.Msg}
		}
		return nil, nil, 0, &Error{File: file, Msg: err.Error()}
	}
	if whole {
		set.Whole()
	}
	if len(set.Nodes) == 0 && len(set.Others) > 0 {
		// Every record is out of the build cache: Spack installs none
		// from it (the file named once, as the error's, as below). Left
		// to the loader, the file's packages moved aside as dependencies
		// of none, and the file failed with no word why ("0 bad pages:").
		return nil, nil, 0, &Error{File: file, Line: set.Others[0].Line, Msg: fmt.Sprintf("the %s holds %s in the build cache (in_buildcache false or absent): Spack installs no spec from it; a Spack installation's database (.spack-db/index.json) is no build-cache index", set.Kind, noneOf(len(set.Others), "spec record"))}
	}
	var warnings []Warning
	for _, w := range set.Warnings {
		warnings = append(warnings, Warning{File: w.File, Line: w.Line, Message: w.Message})
	}
	// A lockfile may list one hash as several roots (two specs as
	// written that concretized to one spec: zlib and zlib@1.3): each is
	// a root, and keeping the last name only reported the others removed.
	// The roots are found by hash in the set's own list, sorted by hash
	// (rootsOf): a map of hashes to lists of names, one a root, was the
	// largest part of the decoding's scratch for a lockfile whose every
	// spec is a root, 70 bytes a root.
	roots := rootsOf(set.Roots)
	set.Roots = nil
	// The packages, their specs and the specs' SpecMore are carved out of
	// blocks (blocks), and a spec that is its package's only one and has
	// nothing of its own to keep in a SpecMore (no dependency, recipe
	// hash or root) shares one, its line being its package's (specLine):
	// an index of tiny records (a name and a hash, 80 bytes) kept over 5x
	// its bytes when each package grew its list by append and each spec
	// had a SpecMore of its own. The nodes are drained in the order they
	// were read (Set.Drain), so that they are let go as the blocks that
	// take their place are allocated, not all held until the last one is
	// (the heap held 5.1x an index of tiny records so).
	//
	// Each node's package is numbered in its Mark, with the count of its
	// listed specs and its line (of its first node by hash, listed ones
	// first) by number: the map of names is let go before any block.
	//
	// The nodes are read in the order they were read from the file
	// (Set.All), which is the order of their memory, rather than by hash
	// (Nodes, Others), which jumps about it: a package's line is that of
	// its node of the smallest hash (listed ones first), and a bad name or
	// hash is reported for the first such node by hash.
	//
	// The map and the lists are made for as many packages as nodes, at
	// most: grown by doubling, they held twice that and more at the
	// file's peak (a lockfile of tiny records has a package per node),
	// where they are let go before the blocks are made anyway.
	nodes := len(set.Nodes) + len(set.Others)
	slot := make(map[string]int32, nodes) // by package name: its number
	counts, nonBare := make([]int32, 0, nodes), make([]int32, 0, nodes)
	type first struct {
		n      *spackfmt.Node
		listed bool
	}
	firsts := make([]first, 0, nodes)
	bad := false
	for n, listed := range set.All() {
		k, ok := slot[n.Name]
		if !ok {
			k = int32(len(counts))
			slot[n.Name] = k
			counts, nonBare = append(counts, 0), append(nonBare, 0)
			firsts = append(firsts, first{n, listed})
		} else if f := &firsts[k]; listed && !f.listed || listed == f.listed && n.Hash < f.n.Hash {
			*f = first{n, listed}
		}
		n.Mark = k
		if !listed {
			continue
		}
		if CheckPackageName(n.Name) != nil || !isHash(n.Hash) {
			bad = true
		}
		counts[k]++
		if !isBare(n, roots) && !roots.named(n) {
			nonBare[k]++
		}
	}
	if bad {
		for _, n := range set.Nodes {
			if err := CheckPackageName(n.Name); err != nil {
				return nil, nil, 0, &Error{File: file, Line: n.Line, Msg: fmt.Sprintf("spec %s: %v", quotedNameShort(n.Hash, 40), err)}
			}
			if !isHash(n.Hash) {
				return nil, nil, 0, &Error{File: file, Line: n.Line, Msg: fmt.Sprintf("spec %s has a malformed hash %s (want 32 characters of a-z and 2-7)", quotedNameShort(n.Name, maxNameQuoted), quoteNameShort(n.Hash, 40))}
			}
		}
	}
	slot = nil
	lines := make([]int32, len(firsts))
	for k, f := range firsts {
		lines[k] = int32(f.n.Line)
	}
	firsts = nil
	bare := &SpecMore{Deps: noDeps}
	// A root spelled as its package's name that is bare otherwise shares
	// one too (Spec.Root): a lockfile whose every spec is such a root
	// (the tiny lockfile of cmd/cachediff's memory tests) kept 80 bytes a
	// spec for its name and line.
	named := &SpecMore{Deps: noDeps, rootIsName: true}
	// The specs with a SpecMore of their own: every one of a package of
	// several, and the only one of a package unless it is bare or named.
	mores := 0
	for k, c := range counts {
		if c > 1 {
			mores += int(c)
		} else {
			mores += int(nonBare[k])
		}
	}
	byNumber := make([]*Package, len(counts))
	pkgBlock := blocks[Package]{left: len(counts)}
	specBlock := blocks[Spec]{left: len(set.Nodes)}
	moreBlock := blocks[SpecMore]{left: mores + len(set.Others)}
	versions := blocks[string]{left: len(set.Nodes) + len(set.Others)}
	mk := func(n *spackfmt.Node, alone bool) Spec {
		more := bare
		switch {
		case alone && isBare(n, roots):
		case alone && roots.named(n):
			more = named
		default:
			more = &moreBlock.carve(1)[:1][0]
		}
		sp := specOf(n, roots, set.RootsOf(n), more)
		if n.Version != "" {
			sp.Versions = append(versions.carve(1), n.Version)
		}
		return sp
	}
	// Every package of the file shares one Origin; one with unlisted
	// specs gets its own.
	origin := &Origin{File: file, merge: true, kind: set.Kind, version: set.Version}
	pkg := func(n *spackfmt.Node) *Package {
		if p := byNumber[n.Mark]; p != nil {
			return p
		}
		p := &pkgBlock.carve(1)[:1][0]
		*p = Package{Name: n.Name, Line: int(lines[n.Mark]), Origin: origin}
		p.Specs = specBlock.carve(int(counts[n.Mark]))
		byNumber[n.Mark] = p
		return p
	}
	for n, listed := range set.Drain() {
		p := pkg(n)
		if listed {
			p.Specs = append(p.Specs, mk(n, cap(p.Specs) == 1))
		} else {
			o := p.Origin
			if o == origin {
				o = p.ownOrigin()
			}
			o.Unlisted = append(o.Unlisted, NamedSpec{n.Name, mk(n, false)})
		}
	}
	if mappingPeak != nil {
		mappingPeak()
	}
	// In file order, a package's unlisted specs are sorted by hash as
	// Others are (its specs are sorted when they are finished).
	pkgs := byNumber
	for _, p := range pkgs {
		if len(p.Unlisted()) > 1 {
			slices.SortFunc(p.Origin.Unlisted, func(a, b NamedSpec) int { return strings.Compare(a.Hash, b.Hash) })
		}
	}
	// Packages with only unlisted specs stay, for the graph, with no
	// specs; mergeSpackFiles moves them aside.
	slices.SortFunc(pkgs, func(a, b *Package) int { return strings.Compare(a.Name, b.Name) })
	if len(pkgs) == 0 {
		// The file is the error's, which "loading FILE: " names: named
		// here too, "loading m/e.lock: lockfile m/e.lock holds no spec"
		// said it twice, a long path's twice its length.
		msg := fmt.Sprintf("the %s holds no spec", set.Kind)
		if len(set.Warnings) > 0 { // a lockfile's records that no root reaches, say
			msg += ": " + set.Warnings[0].Message
		}
		return nil, nil, 0, &Error{File: file, Msg: msg}
	}
	return pkgs, warnings, set.Text, nil
}

// noneOf is "1 spec record, not" or "N spec records, none of them".
func noneOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun + ", not"
	}
	return plural(n, noun) + ", none of them"
}

// mappingPeak, when set (by tests), is called where the mapping of a
// Spack file onto packages may hold the most: after each block it
// allocates (blocks.carve), and at its end.
var mappingPeak func()

// blockSize is the most items of a block that blocks.carve allocates for
// several slices; a slice of more than blockSize/64 has its own. A
// block's tail too short for the next slice is left unused: at most
// 1/64 of it.
const blockSize = 4096

// blocks carves slices of T out of blocks of up to blockSize items, of
// left items in all: the last block is no longer than the items left.
type blocks[T any] struct {
	block []T
	left  int
}

// carve returns an empty slice with room for n items.
func (b *blocks[T]) carve(n int) []T {
	if n == 0 {
		return []T{}
	}
	if n > blockSize/64 {
		b.left -= n
		return make([]T, 0, n)
	}
	if cap(b.block)-len(b.block) < n {
		b.block = make([]T, 0, max(n, min(blockSize, b.left)))
		if mappingPeak != nil {
			mappingPeak()
		}
	}
	b.left -= n
	start := len(b.block)
	b.block = b.block[:start+n]
	return b.block[start : start : start+n]
}

// isBare reports whether node n has nothing of its own for a SpecMore but
// its line: no dependency, recipe hash or root.
func isBare(n *spackfmt.Node, roots rootsByHash) bool {
	return len(n.Deps) == 0 && n.PackageHash == "" && !roots.has(n.Hash)
}

// rootsByHash are a lockfile's roots sorted by hash.
type rootsByHash []spackfmt.Root

// rootsOf sorts rs, a lockfile's roots, by hash, in place.
func rootsOf(rs []spackfmt.Root) rootsByHash {
	slices.SortFunc(rs, func(a, b spackfmt.Root) int { return strings.Compare(a.Hash, b.Hash) })
	return rs
}

// find returns the span of rs whose roots are of hash h.
func (rs rootsByHash) find(h string) (i, j int) {
	i, _ = slices.BinarySearchFunc(rs, h, func(r spackfmt.Root, h string) int { return strings.Compare(r.Hash, h) })
	j = i
	for j < len(rs) && rs[j].Hash == h {
		j++
	}
	return i, j
}

// named reports whether node n has nothing of its own for a SpecMore
// but its line and its one root, which is spelled as its name.
func (rs rootsByHash) named(n *spackfmt.Node) bool {
	if len(n.Deps) != 0 || n.PackageHash != "" {
		return false
	}
	i, j := rs.find(n.Hash)
	return j == i+1 && rs[i].Name() == n.Name
}

// has reports whether a root is of hash h.
func (rs rootsByHash) has(h string) bool {
	i, j := rs.find(h)
	return j > i
}

// setRootsOf sets m's roots to the names of the roots of hash h, if
// any: sorted, once each.
func (rs rootsByHash) setRootsOf(m *SpecMore, h string) {
	i, j := rs.find(h)
	switch {
	case j == i:
	case j == i+1:
		m.Root, m.alsoRoots = rs[i].Name(), nil
	default:
		names := make([]string, 0, j-i)
		for _, r := range rs[i:j] {
			names = append(names, r.Name())
		}
		slices.Sort(names)
		m.setRoots(slices.Compact(names))
	}
}

// specOf returns the spec of node n, with more as its SpecMore (filled in,
// unless it is the shared one of bare specs: Deps alone) and stacks, the
// roots whose DAG holds it (Set.RootsOf); the caller sets its versions.
func specOf(n *spackfmt.Node, roots rootsByHash, stacks []string, more *SpecMore) Spec {
	// The node's lists are its own (spackfmt carves them for each node):
	// the spec takes them over, canonicalization may sort them in place.
	if more.Deps == nil {
		*more = SpecMore{Recipe: n.PackageHash, Deps: n.Deps, line: int32(min(n.Line, math.MaxInt32))}
		roots.setRootsOf(more, n.Hash)
		if more.Deps == nil {
			more.Deps = noDeps // known: no dependencies
		}
	}
	return Spec{Hash: n.Hash, Compiler: n.Compiler, OS: n.OS, Platform: n.Platform, Target: n.Target,
		Variants: n.Variants, Stacks: stacks, More: more}
}

// noDeps is the dependencies of a spec known to have none: empty, not nil.
var noDeps = []Dep{}

// mixedFormats returns the error of a snapshot that holds both catalogue
// pages and Spack files, or nil. It is the wrong folder, as one of pages
// of several tags is: a Spack file's packages have no tag, and counted as
// pages without one, the catalogue pages (or the Spack file's packages)
// would be blamed for it. The message names the first file of each kind,
// as a list names a path (listedPath): shown raw, the page "m/bc/specs.md
// is a package page, m/x/bc/specs.md" beside m/s.lock read as the page
// m/bc/specs.md beside "m/x/bc/specs.md is a package page, m/s.lock".
func (s *Snapshot) mixedFormats() *Error {
	var page, spack string
	pages := 0
	spackFiles := map[string]bool{}
	for _, p := range s.Packages {
		if p.merge() {
			spackFiles[p.File()] = true
			if spack == "" || p.File() < spack {
				spack = p.File()
			}
			continue
		}
		pages++
		if page == "" || p.File() < page {
			page = p.File()
		}
	}
	if pages == 0 || len(spackFiles) == 0 {
		return nil
	}
	more := func(n int, noun string) string {
		if n == 0 {
			return ""
		}
		return fmt.Sprintf(" (and %s)", plural(n, "more "+noun))
	}
	return &Error{File: s.Path, Msg: fmt.Sprintf("this folder mixes catalogue pages and Spack files: %s is a package page%s, %s a Spack file%s; a snapshot is one or the other: name a folder of pages alone, or the Spack files",
		listedPathCut(page, MaxPathShown), more(pages-1, "page"), listedPathCut(spack, MaxPathShown), more(len(spackFiles)-1, "Spack file"))}
}

// mergeSpackFiles makes the packages of Spack files that share a name one
// package (specs by hash, once), moving their warnings and counts along.
// A spec listed in one file is no unlisted one of another (a folder of
// spec files: a dependency in one file that another file has for root is
// in the build cache), and an unlisted spec is kept once. Packages left
// with no listed spec (only unlisted ones) go to the first package's
// Unlisted so that no package without specs is reported. The merged
// package is that of the first file, by name, that lists a spec of it
// (its File and Line): the spec file whose root it is, not one that
// holds it as a dependency. It keeps Packages sorted by name.
func (s *Snapshot) mergeSpackFiles(warnings map[*Package][]Warning, counts map[*Package]RuleCounts) {
	found := false
	for _, p := range s.Packages {
		if p.merge() {
			found = true
			break
		}
	}
	if !found {
		return
	}
	s.renameAcrossFiles(warnings)
	slices.SortStableFunc(s.Packages, func(a, b *Package) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), compareBool(len(b.Specs) > 0, len(a.Specs) > 0), strings.Compare(a.File(), b.File()))
	})
	out := s.Packages[:0]
	var orphans []NamedSpec // unlisted specs of packages with no listed spec
	var orphanOwner *Package
	for i := 0; i < len(s.Packages); {
		p := s.Packages[i]
		j, n, nu := i+1, len(p.Specs), len(p.Unlisted())
		for j < len(s.Packages) && s.Packages[j].Name == p.Name && p.merge() && s.Packages[j].merge() {
			n += len(s.Packages[j].Specs)
			nu += len(s.Packages[j].Unlisted())
			j++
		}
		if j > i+1 {
			// One allocation for the copies of all the files (a
			// compiler that each of 64k spec files lists), not one per
			// doubling.
			p.Specs = append(make([]Spec, 0, n), p.Specs...)
		}
		// The unlisted copies of every file, once all are known: a spec
		// that one file lists is no unlisted one of another, and a
		// dependency that thousands of spec files list is one.
		var unlisted []NamedSpec
		if j > i+1 && nu > 0 {
			unlisted = append(make([]NamedSpec, 0, nu), p.Unlisted()...)
		}
		for k := i + 1; k < j; k++ {
			q := s.Packages[k]
			p.Specs = append(p.Specs, q.Specs...)
			unlisted = append(unlisted, q.Unlisted()...)
			warnings[p] = append(warnings[p], warnings[q]...)
			if counts[q] != nil {
				if counts[p] == nil {
					counts[p] = RuleCounts{}
				}
				counts[p].add(counts[q])
			}
		}
		if j > i+1 {
			// The copies of a hash agree (spackConflicts) but for their
			// stacks and root, which are joined: what is kept does not
			// depend on the files' names.
			slices.SortStableFunc(p.Specs, func(a, b Spec) int { return strings.Compare(a.Hash, b.Hash) })
			out := p.Specs[:0]
			for k := 0; k < len(p.Specs); {
				sp := p.Specs[k]
				m := k + 1
				for m < len(p.Specs) && p.Specs[m].Hash == sp.Hash {
					sp = joinCopies(p.Name, sp, p.Specs[m])
					m++
				}
				out = append(out, sp)
				k = m
			}
			clear(p.Specs[len(out):])
			if len(out) < cap(out)/2 {
				// The copies of one spec in many files leave one: the
				// list of them all would be kept for it (10 MB for a
				// compiler that 64k spec files list).
				out = slices.Clone(out)
			}
			p.Specs = out
		}
		if unlisted != nil {
			p.ownOrigin().Unlisted = onlyUnlisted(unlisted, p.Specs)
		}
		// The packages merged into p are let go, and what they refer to:
		// a file's packages are carved out of one block, which its
		// listed package keeps (a spec file's root), and each of
		// thousands of spec files kept a package, an Origin and a copy
		// of a dependency they all list so.
		for k := i + 1; k < j; k++ {
			*s.Packages[k] = Package{}
		}
		if p.merge() && len(p.Specs) == 0 {
			orphans = append(orphans, p.Unlisted()...)
			if w := warnings[p]; len(w) > 0 || counts[p] != nil {
				// Keep what the file said (its warnings, and what its
				// canonicalization counted, which go with a file's first
				// package by name, an index's record out of the build
				// cache or a spec file's dependency as often as not): it
				// moves to the next package.
				if orphanOwner == nil {
					orphanOwner = &Package{}
				}
				warnings[orphanOwner] = append(warnings[orphanOwner], w...)
				if c := counts[p]; c != nil {
					if counts[orphanOwner] == nil {
						counts[orphanOwner] = RuleCounts{}
					}
					counts[orphanOwner].add(c)
				}
			}
			*p = Package{}
		} else {
			out = append(out, p)
		}
		i = j
	}
	// The packages merged into others, and their unlisted copies, are
	// let go: a dependency that each of thousands of spec files lists
	// kept a package and a copy for each.
	clear(s.Packages[len(out):])
	s.Packages = out
	if len(orphans) > 0 && len(out) > 0 {
		o := out[0].ownOrigin()
		o.Unlisted = append(o.Unlisted, orphans...)
	}
	if orphanOwner != nil && len(out) > 0 {
		warnings[out[0]] = append(warnings[out[0]], warnings[orphanOwner]...)
		if c := counts[orphanOwner]; c != nil {
			if counts[out[0]] == nil {
				counts[out[0]] = RuleCounts{}
			}
			counts[out[0]].add(c)
		}
	}
}

// renameAcrossFiles files each edge of the Spack files to be merged
// whose spec is in another of the files under that spec's package, as
// the decoder files one whose spec is in its own file (spackfmt's
// otherName), with a warning for each of the first mostRenamed and one
// for the rest, in place of the decoder's that the dependency is not in
// its file (takeBackMissing): curl's edge "zlib" to a spec of zlib-ng in
// another spec file of the folder is zlib-ng's, so that a cause's path
// ends at the package of its cause, as render checks.
//
// Of one Spack file (an index, a lockfile) no edge's spec is in another
// file, and the decoder has filed every edge to a spec of the file: it
// returns at once, building no map of every hash to its package.
func (s *Snapshot) renameAcrossFiles(warnings map[*Package][]Warning) {
	if s.oneSpackFile() {
		return
	}
	pkgOf := map[string]string{}
	for _, p := range s.Packages {
		if !p.merge() {
			continue
		}
		for i := range p.Specs {
			pkgOf[p.Specs[i].Hash] = p.Name
		}
		for _, u := range p.Unlisted() {
			if _, ok := pkgOf[u.Hash]; !ok {
				pkgOf[u.Hash] = u.Name
			}
		}
	}
	s.capMissingAcrossFiles(warnings, s.takeBackMissing(warnings, pkgOf))
	n, firstLine := 0, 0
	var first *Package
	rename := func(p *Package, name string, sp *Spec) {
		deps := sp.Deps()
		var out []Dep
		for k, d := range deps {
			target, ok := pkgOf[d.Hash]
			if !ok || target == d.Name {
				continue
			}
			if out == nil {
				out = slices.Clone(deps)
			}
			out[k].Name = target
			if n++; n <= mostRenamed {
				warnings[p] = append(warnings[p], Warning{File: p.File(), Line: specLine(p, sp),
					Message: spackfmt.RenamedDepMessage(name, sp.Hash, d.Name, d.Hash, target, " in another file")})
			} else if n == mostRenamed+1 {
				first, firstLine = p, specLine(p, sp)
			}
		}
		if out != nil {
			more := *sp.More
			more.Deps = out
			sp.More = &more
		}
	}
	for _, p := range s.Packages {
		if !p.merge() {
			continue
		}
		for i := range p.Specs {
			rename(p, p.Name, &p.Specs[i])
		}
		if u := p.Unlisted(); len(u) > 0 {
			for i := range u {
				rename(p, u[i].Name, &u[i].Spec)
			}
		}
	}
	if n > mostRenamed {
		warnings[first] = append(warnings[first], Warning{File: first.File(), Line: firstLine,
			Message: fmt.Sprintf("%d more dependencies are named for another package than their spec's in another file, the first of them at this line", n-mostRenamed)})
	}
}

// takeBackMissing takes back what the decoder of each Spack file to be
// merged said of its dependencies not in the file (spackfmt's
// MissingDepMessage, and MoreMissingMessage for those past the first
// few) for each edge whose spec another file holds (pkgOf, the package
// of each hash of the files): its warning goes, or the count of the
// rest is lowered, at the line of the first edge of them left, and goes
// at 0. The warnings taken back make room for the edges of the rest:
// each gets one of its own, up to spackfmt.MostMissing a file as the
// decoder writes them, so that no count stands for edges it could
// name. A warning says what holds once every file is read. The
// decoder's warnings are filed on its file's first package (loadFrom),
// not on the package whose edge it is: openssl's edge "zlib" in
// curl.spec.json warns on curl.
//
// Only the files whose decoder said so have their hashes gathered: spec
// files of a build cache, each holding its spec's whole DAG, have none.
// It returns, of each edge left whose spec no file holds, its message's
// dependency (name and hash) and the files whose edges name it.
func (s *Snapshot) takeBackMissing(warnings map[*Package][]Warning, pkgOf map[string]string) missingDeps {
	owner := map[string]*Package{} // by file: the package its warnings are filed on
	for _, p := range s.Packages {
		if !p.merge() {
			continue
		}
		for _, w := range warnings[p] {
			if missing, more := spackfmt.ParseMissing(w.Message); missing || more > 0 {
				owner[p.File()] = p
				break
			}
		}
	}
	if len(owner) == 0 {
		return missingDeps{}
	}
	depOf := map[string]string{}
	files := map[string]int{}              // by dependency: the files lacking it
	lacks := map[[2]string]bool{}          // by file and dependency
	inFile := map[string]map[string]bool{} // by file: its hashes
	for _, p := range s.Packages {
		if !p.merge() || owner[p.File()] == nil {
			continue
		}
		in := inFile[p.File()]
		if in == nil {
			in = map[string]bool{}
			inFile[p.File()] = in
		}
		for i := range p.Specs {
			in[p.Specs[i].Hash] = true
		}
		for _, u := range p.Unlisted() {
			in[u.Hash] = true
		}
	}
	type edge struct {
		msg  string
		line int
	}
	found := map[string][]string{} // by file: the edges whose spec another file holds
	left := map[string][]edge{}    // by file: the edges whose spec no file holds
	walk := func(p *Package, name string, sp *Spec) {
		in := inFile[p.File()]
		if in == nil {
			return
		}
		for _, d := range sp.Deps() {
			if in[d.Hash] {
				continue
			}
			msg := spackfmt.MissingDepMessage(name, sp.Hash, d.Name, d.Hash)
			if _, ok := pkgOf[d.Hash]; ok {
				found[p.File()] = append(found[p.File()], msg)
			} else {
				left[p.File()] = append(left[p.File()], edge{msg, specLine(p, sp)})
				dep := d.Name + "/" + d.Hash
				if _, ok := depOf[msg]; !ok {
					depOf[msg] = dep
				}
				if k := [2]string{p.File(), dep}; !lacks[k] {
					lacks[k] = true
					files[dep]++
				}
			}
		}
	}
	for _, p := range s.Packages {
		if !p.merge() {
			continue
		}
		for i := range p.Specs {
			walk(p, p.Name, &p.Specs[i])
		}
		u := p.Unlisted()
		for i := range u {
			walk(p, u[i].Name, &u[i].Spec)
		}
	}
	for file, msgs := range found {
		p := owner[file]
		named := map[string]int{} // the edges that have a warning each, by message
		for _, w := range warnings[p] {
			if missing, _ := spackfmt.ParseMissing(w.Message); missing {
				named[w.Message]++
			}
		}
		drop := map[string]int{}
		fewer := 0 // of the edges counted in the decoder's rest
		for _, m := range msgs {
			if named[m] > 0 {
				named[m]--
				drop[m]++
			} else {
				fewer++
			}
		}
		// The edges left that have no warning of their own, those the
		// decoder counted in its rest: by line, as the decoder met them
		// (a line not known last).
		var rest []edge
		for _, e := range left[file] {
			if named[e.msg] > 0 {
				named[e.msg]--
			} else {
				rest = append(rest, e)
			}
		}
		slices.SortStableFunc(rest, func(a, b edge) int {
			if (a.line == 0) != (b.line == 0) {
				return cmp.Compare(b.line, a.line) // a line not known last
			}
			return cmp.Compare(a.line, b.line)
		})
		ws := warnings[p]
		kept := ws[:0]
		one, more := 0, 0 // the edges left with a warning each, and counted in the rest
		var moreOf *Warning
		for _, w := range ws {
			if drop[w.Message] > 0 {
				drop[w.Message]--
				continue
			}
			missing, n := spackfmt.ParseMissing(w.Message)
			if n > 0 {
				more, moreOf = max(n-fewer, 0), &Warning{File: w.File, Same: w.Same}
				continue
			}
			if missing {
				one++
			}
			kept = append(kept, w)
		}
		// The warnings taken back make room for edges of the rest, each
		// with its own, as the decoder writes up to MostMissing: "10 more
		// dependencies are not in the file" alone named none of them.
		promote := min(max(spackfmt.MostMissing-one, 0), more, len(rest))
		for _, e := range rest[:promote] {
			kept = append(kept, Warning{File: moreOf.File, Line: e.line, Message: e.msg})
		}
		if more -= promote; more > 0 {
			w := *moreOf
			if promote < len(rest) {
				w.Line = rest[promote].line
			}
			w.Message = spackfmt.MoreMissingMessage(more)
			kept = append(kept, w)
		}
		if n := len(kept); n < len(ws) {
			clear(ws[n:])
		}
		warnings[p] = kept
	}
	return missingDeps{depOf, files}
}

// missingDeps are the edges of a folder's Spack files whose spec no
// file holds (takeBackMissing): the dependency (name and hash) of each
// edge's message, and by dependency the files whose edges name it,
// those whose decoder counted it past its first few (MostMissing) too.
type missingDeps struct {
	depOf map[string]string
	files map[string]int
}

// capMissingAcrossFiles makes the decoders' warnings of dependencies
// that no file of the folder holds (takeBackMissing's depOf, each
// edge's message to its dependency) the folder's, not each file's: a
// dependency that many spec files lack warned once in each, a folder of
// N spec files N times. Each dependency keeps the warnings of the first
// file that has one (by file, line and message, so that what is kept
// does not depend on the order the files are read in), the first of
// which counts the other files that lack it ("(nor in 3 more files
// naming it)"); the warnings of the first mostMissingAcross are kept,
// and one warning counts the edges of the rest with those the decoders
// counted past their own first few (MoreMissingMessage), at the first
// of them. A folder whose files lack each their own few dependencies
// warns as its files' decoders did.
func (s *Snapshot) capMissingAcrossFiles(warnings map[*Package][]Warning, missing missingDeps) {
	depOf := missing.depOf
	if len(depOf) == 0 {
		return
	}
	type entry struct {
		p    *Package
		at   int // in warnings[p]
		w    Warning
		dep  string // a named edge's dependency, "" for a count
		more int    // a count's edges
	}
	var named, counts []entry
	seen := map[*Package]bool{}
	for _, p := range s.Packages {
		if !p.merge() || seen[p] {
			continue
		}
		seen[p] = true
		for k, w := range warnings[p] {
			switch missing, more := spackfmt.ParseMissing(w.Message); {
			case missing:
				dep, ok := depOf[w.Message]
				if !ok {
					dep = w.Message
				}
				named = append(named, entry{p: p, at: k, w: w, dep: dep})
			case more > 0:
				counts = append(counts, entry{p: p, at: k, w: w, more: more})
			}
		}
	}
	order := func(a, b entry) int {
		return cmp.Or(strings.Compare(a.w.File, b.w.File), cmp.Compare(a.w.Line, b.w.Line), strings.Compare(a.w.Message, b.w.Message))
	}
	slices.SortFunc(named, order)
	slices.SortFunc(counts, order)
	type group struct {
		first        entry
		kept         []entry // the entries of its first file
		files, edges int
		past         bool // past the cap: counted in the rest
	}
	var groups []*group
	byDep := map[string]*group{}
	lastFile := map[string]string{} // by dependency: the last file counted
	across := false                 // a dependency lacking in two files or more
	for _, e := range named {
		g := byDep[e.dep]
		if g == nil {
			g = &group{first: e}
			byDep[e.dep] = g
			groups = append(groups, g)
		}
		g.edges++
		if g.files == 0 || lastFile[e.dep] != e.w.File {
			g.files++
			lastFile[e.dep] = e.w.File
			across = across || g.files > 1
		}
		if e.w.File == g.first.w.File {
			g.kept = append(g.kept, e)
		}
	}
	for _, g := range groups {
		// The files whose decoder counted the dependency in its rest
		// lack it too: "(nor in 1 more file naming it)" left out a
		// file that had 20 other missing dependencies named first.
		if n := missing.files[g.first.dep]; n > g.files {
			g.files = n
			across = true
		}
	}
	if !across && len(named) <= mostMissingAcross && len(counts) <= 1 {
		return // each dependency warned of in one file, and within the cap
	}
	drop := map[*Package]map[int]bool{}
	dropAt := func(e entry, dropped bool) {
		if drop[e.p] == nil {
			drop[e.p] = map[int]bool{}
		}
		drop[e.p][e.at] = dropped
	}
	keep := map[*Package]map[int]string{} // the kept warnings' new messages
	rest, first, kept := 0, entry{}, 0
	for _, e := range named {
		dropAt(e, true)
	}
	for _, g := range groups {
		if kept+len(g.kept) > mostMissingAcross {
			// Past the cap: counted, every edge of it, and no later
			// dependency named before it.
			kept = mostMissingAcross
			if rest == 0 || order(g.first, first) < 0 {
				first = g.first
			}
			rest += g.edges
			g.past = true
			continue
		}
		kept += len(g.kept)
		for _, e := range g.kept {
			dropAt(e, false)
		}
		if g.files > 1 {
			if keep[g.first.p] == nil {
				keep[g.first.p] = map[int]string{}
			}
			keep[g.first.p][g.first.at] = g.first.w.Message + " (nor in " + plural(g.files-1, "more file") + " naming it)"
		}
	}
	// The files of the edges counted: those of the dependencies past
	// the cap and of the decoders' counts.
	restFiles := map[string]bool{}
	for _, e := range named {
		if byDep[e.dep].past {
			restFiles[e.w.File] = true
		}
	}
	for _, e := range counts {
		dropAt(e, true)
		if rest == 0 || order(e, first) < 0 {
			first = e
		}
		rest += e.more
		restFiles[e.w.File] = true
	}
	for p, at := range drop {
		ws := warnings[p]
		out := ws[:0]
		for k, w := range ws {
			if at[k] {
				continue
			}
			if msg, ok := keep[p][k]; ok {
				w.Message = msg
			}
			out = append(out, w)
		}
		clear(ws[len(out):])
		warnings[p] = out
	}
	if rest > 0 {
		w := first.w
		w.Message = spackfmt.MoreMissingMessage(rest)
		if len(restFiles) > 1 {
			// Not all in the file the warning is filed at: said so
			// ("30 more … not in the file" there, of which it lacked
			// one), with how many files lack them.
			w.Message = moreMissingAcrossMessage(rest, len(restFiles))
		}
		warnings[first.p] = append(warnings[first.p], w)
	}
}

// moreMissingAcrossMessage is the warning that counts n dependencies
// past those named, of files of a folder, that no file of the folder
// holds: spackfmt.MoreMissingMessage says they are not in the file it
// is filed at, which lacks only some of them.
func moreMissingAcrossMessage(n, files int) string {
	return strconv.Itoa(n) + " more dependencies, of " + plural(files, "file") + ", are in no file of the folder, the first of them at this line"
}

// mostMissingAcross is the most dependencies in no file of a folder
// that capMissingAcrossFiles gives a warning each: as many as a decoder
// names of its file.
const mostMissingAcross = spackfmt.MostMissing

// oneSpackFile reports whether the packages of Spack files all come from
// one file.
func (s *Snapshot) oneSpackFile() bool {
	file, found := "", false
	for _, p := range s.Packages {
		if !p.merge() {
			continue
		}
		if found && p.File() != file {
			return false
		}
		file, found = p.File(), true
	}
	return true
}

// mostRenamed is the most edges renameAcrossFiles gives a warning each.
const mostRenamed = 20

// onlyUnlisted returns the specs of u, sorted by hash, once each (the
// first copy of a hash), but those listed (specs, sorted by hash): the
// unlisted specs of a package merged from several files. It sorts u in
// place (a list of its own), and returns a copy of what it keeps when
// that is less than half of u (the copies of a dependency that
// thousands of spec files list would keep their list for it), nil for
// none.
func onlyUnlisted(u []NamedSpec, specs []Spec) []NamedSpec {
	slices.SortStableFunc(u, func(a, b NamedSpec) int { return strings.Compare(a.Hash, b.Hash) })
	out := u[:0]
	prev := ""
	at := -1 // the listed spec of prev, if any
	for k, sp := range u {
		if k > 0 && sp.Hash == prev {
			if at >= 0 {
				specs[at].recipeFrom(&sp.Spec)
			} else if n := len(out); n > 0 && out[n-1].Hash == sp.Hash {
				out[n-1].canonicalAgainst(sp.Deps())
				out[n-1].recipeFrom(&sp.Spec)
			}
			continue
		}
		prev, at = sp.Hash, -1
		if i, listed := slices.BinarySearchFunc(specs, sp.Hash, func(s Spec, h string) int { return strings.Compare(s.Hash, h) }); listed {
			// The copy kept is the listed one: it keeps the recipe a
			// dependency's copy writes too (a listed copy without one
			// said "app hash changed" of a recipe changed).
			specs[i].recipeFrom(&sp.Spec)
			at = i
			continue
		}
		out = append(out, sp)
	}
	clear(u[len(out):])
	switch {
	case len(out) == 0:
		return nil
	case len(out) < cap(out)/2:
		return slices.Clone(out)
	}
	return out
}

// compareBool orders false before true.
func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// joinCopies returns a, a spec of a Spack file, with the stacks and roots
// of b, a copy of the same hash in another file: stacks joined, and roots
// (sorted, once each; Root the smallest). The lists of a and b may be
// shared with other specs: they are not changed.
func joinCopies(name string, a, b Spec) Spec {
	a.canonicalAgainst(b.Deps())
	a.recipeFrom(&b)
	if !slices.Equal(a.Stacks, b.Stacks) {
		stacks := slices.Concat(a.Stacks, b.Stacks)
		slices.Sort(stacks)
		a.Stacks = slices.Compact(stacks)
	}
	if ar, br := a.RootNames(name), b.RootNames(name); len(br) > 0 && !slices.Equal(ar, br) {
		names := slices.Concat(ar, br)
		slices.Sort(names)
		names = slices.Compact(names)
		more := *a.more()
		more.setRoots(names)
		a.More = &more
	}
	return a
}

// spackConflicts returns, for each Spack file of the snapshot that lists a
// hash another Spack file lists with other content (another package,
// version, compiler, os, platform, target, variants, dependencies or
// recipe; listed or unlisted, a spec file's dependency), its error: a
// hash names one spec, and which file is right cannot be told, so every
// file of the conflict is bad (as every page of a hash under two
// packages is), whatever the files' names. Copies that agree are one
// spec (a folder of spec files repeats shared dependencies). One file
// lists a hash once (spackfmt refuses it twice).
func (s *Snapshot) spackConflicts() map[string]*Error {
	first := ""
	several := false
	for _, p := range s.Packages {
		if p.merge() {
			if first == "" {
				first = p.File()
			} else if p.File() != first {
				several = true
				break
			}
		}
	}
	if !several {
		return nil
	}
	type listing struct {
		pkg  *Package
		spec *Spec
	}
	seen := map[string]listing{}
	var dups map[string][]listing // every listing of a hash listed more than once
	note := func(l listing) {
		f, ok := seen[l.spec.Hash]
		if !ok {
			seen[l.spec.Hash] = l
			return
		}
		if dups == nil {
			dups = map[string][]listing{}
		}
		if dups[l.spec.Hash] == nil {
			dups[l.spec.Hash] = []listing{f}
		}
		dups[l.spec.Hash] = append(dups[l.spec.Hash], l)
	}
	for _, p := range s.Packages {
		if !p.merge() {
			continue
		}
		for k := range p.Specs {
			note(listing{p, &p.Specs[k]})
		}
		// A file's copy of a spec it holds only as a dependency (a spec
		// file's nodes but its root) is a copy too: the same hash as
		// another file's root, or dependency, with other content is
		// the same contradiction. (A package's unlisted specs are of
		// its name: spackDecoder.)
		u := p.Unlisted()
		for k := range u {
			note(listing{p, &u[k].Spec})
		}
	}
	type fileConflict struct {
		hash   string
		at     listing
		others []listing // the first namedOthers listings in other files that differ from at
		total  int       // how many listings differ from at
		more   int       // other hashes of the file in conflict
	}
	conflicts := map[string]*fileConflict{}
	for _, h := range slices.Sorted(maps.Keys(dups)) {
		ls := dups[h]
		// The common case, every copy alike (each spec file repeats the
		// dependencies it shares with the others): linear. A hash whose
		// copies differ is not compared pair by pair either (N files in
		// conflict would be N² comparisons, and N lists of N-1 files), but
		// through classes (copyClasses).
		// Agreeing with the first copy is not enough when it has no
		// recipe: two others with other recipes agree with it, not with
		// each other (a folder of three loaded, or was refused, as its
		// files were named).
		agree, recipe := true, ls[0].spec.Recipe()
		for _, o := range ls[1:] {
			r := o.spec.Recipe()
			if specDiffers(ls[0].pkg.Name, ls[0].spec, o.pkg.Name, o.spec) != "" || r != "" && recipe != "" && r != recipe {
				agree = false
				break
			}
			recipe = cmp.Or(recipe, r)
		}
		if agree {
			continue
		}
		slices.SortFunc(ls, func(a, b listing) int { return strings.Compare(a.pkg.File(), b.pkg.File()) })
		cc := newCopyClasses(len(ls), func(i int) (string, *Spec) { return ls[i].pkg.Name, ls[i].spec })
		for i, l := range ls {
			total := cc.differing(i)
			if total == 0 {
				continue
			}
			if c := conflicts[l.pkg.File()]; c != nil {
				c.more++
				continue
			}
			var others []listing
			for _, k := range cc.firstDiffering(i, namedOthers) {
				others = append(others, ls[k])
			}
			conflicts[l.pkg.File()] = &fileConflict{hash: h, at: l, others: others, total: total}
		}
	}
	if len(conflicts) == 0 {
		return nil
	}
	errs := map[string]*Error{}
	for file, c := range conflicts {
		var named []string
		for _, o := range c.others {
			if len(named) == namedOthers {
				break
			}
			where := listedPath(o.pkg.File())
			if line := specLine(o.pkg, o.spec); line > 0 {
				where += fmt.Sprintf(" (line %d)", line)
			}
			named = append(named, fmt.Sprintf("%s in %s", specLabel(o.pkg.Name, o.spec), where))
		}
		msg := fmt.Sprintf("hash %s is %s here, but %s: they differ in %s; a hash names one spec",
			c.hash, specLabel(c.at.pkg.Name, c.at.spec), listSome(named, c.total),
			specDiffers(c.at.pkg.Name, c.at.spec, c.others[0].pkg.Name, c.others[0].spec))
		if c.more > 0 {
			msg += fmt.Sprintf("; and %s with other files", plural(c.more, "more hash", "more hashes"))
		}
		errs[file] = &Error{File: file, Line: specLine(c.at.pkg, c.at.spec), Msg: msg}
	}
	return errs
}

// canonicalAgainst makes the edges of s, a copy of a spec kept for
// another copy's (whose edges are deps) too, canonicalDeps when the two
// are written otherwise (spackConflicts found that Spack reads them
// alike): the copy kept is that of the first file by name, and a report
// said zlib (link, build) or (build, link) as the files were named.
func (s *Spec) canonicalAgainst(deps []Dep) {
	if slices.EqualFunc(s.Deps(), deps, sameDep) {
		return
	}
	more := *s.more()
	more.Deps = canonicalDeps(more.Deps)
	s.More = &more
}

// recipeFrom gives s, a copy of a spec kept for another copy o too, o's
// recipe hash when s has none (spackConflicts lets a copy lack it, as
// older formats write none): the copy kept is the first file's by name,
// and a report said "zlib hash changed" or "zlib recipe changed" as the
// files were named.
func (s *Spec) recipeFrom(o *Spec) {
	if s.Recipe() != "" || o.Recipe() == "" {
		return
	}
	more := *s.more()
	more.Recipe = o.Recipe()
	s.More = &more
}

// sameDeps reports whether two copies of a spec have the same edges as
// Spack reads them: as written (the common case, compared without a
// copy), or once each is made canonicalDeps.
func sameDeps(a, b []Dep) bool {
	return slices.EqualFunc(a, b, sameDep) || slices.EqualFunc(canonicalDeps(a), canonicalDeps(b), sameDep)
}

func sameDep(x, y Dep) bool {
	return x.Name == y.Name && x.Hash == y.Hash && slices.Equal(x.Types, y.Types) && slices.Equal(x.Virtuals, y.Virtuals)
}

// canonicalDeps returns a spec's edges in the one spelling of what Spack
// reads of them, whatever order they are written in: sorted by name
// (the node's, spackfmt) and hash, the edges to one dependency made one
// of all their deptypes and virtuals (as the engine's mergeEdges makes
// them), each list sorted and without repeats (Spack's deptypes are a
// set: dt.canonicalize). Two copies written (link, build) and (build,
// link), or with their edges in another order, were refused as
// differing in dependencies.
func canonicalDeps(l []Dep) []Dep {
	out := slices.SortedFunc(slices.Values(l), func(a, b Dep) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.Hash, b.Hash)
	})
	k := 0
	for _, d := range out {
		if k > 0 && out[k-1].Name == d.Name && out[k-1].Hash == d.Hash {
			out[k-1].Types = append(out[k-1].Types, d.Types...)
			out[k-1].Virtuals = append(out[k-1].Virtuals, d.Virtuals...)
			continue
		}
		// Copies: the lists are the spec's, and grow and sort here.
		d.Types, d.Virtuals = slices.Clone(d.Types), slices.Clone(d.Virtuals)
		out[k] = d
		k++
	}
	out = out[:k]
	for i := range out {
		slices.Sort(out[i].Types)
		slices.Sort(out[i].Virtuals)
		out[i].Types, out[i].Virtuals = slices.Compact(out[i].Types), slices.Compact(out[i].Virtuals)
	}
	return out
}

// copyClasses sorts the copies of one hash (in files sorted by name) into
// classes of the copies that agree, as specDiffers has it, so that what
// differs from a copy is counted and its first few found in linear time:
// copies agree when their package and facets (key) are the same and their
// recipe hashes do not differ (one of them has none, or they are equal).
type copyClasses struct {
	n      int
	key    []int // each copy's class of package and facets
	recipe []string
	// per class: its size, its copies with a recipe (in order), and how
	// many have each recipe ("" too)
	size     []int
	recipes  [][]int
	byRecipe []map[string]int
	// the first copies outside each class, and outside each class and
	// recipe, once asked for
	outside  map[int][]int
	otherRec map[classRecipe][]int
}

type classRecipe struct {
	class  int
	recipe string
}

func newCopyClasses(n int, copyAt func(int) (string, *Spec)) *copyClasses {
	c := &copyClasses{n: n, key: make([]int, n), recipe: make([]string, n),
		outside: map[int][]int{}, otherRec: map[classRecipe][]int{}}
	ids := map[string]int{}
	var b []byte
	for i := range n {
		name, sp := copyAt(i)
		b = appendCopyKey(b[:0], name, sp)
		id, ok := ids[string(b)]
		if !ok {
			id = len(c.size)
			ids[string(b)] = id
			c.size = append(c.size, 0)
			c.recipes = append(c.recipes, nil)
			c.byRecipe = append(c.byRecipe, map[string]int{})
		}
		c.key[i], c.recipe[i] = id, sp.Recipe()
		c.size[id]++
		c.byRecipe[id][c.recipe[i]]++
		if c.recipe[i] != "" {
			c.recipes[id] = append(c.recipes[id], i)
		}
	}
	return c
}

// appendCopyKey appends what specDiffers compares but the recipe, each
// string with its length, each list with its count: equal keys, equal
// copies.
func appendCopyKey(b []byte, name string, sp *Spec) []byte {
	str := func(s string) {
		b = strconv.AppendInt(b, int64(len(s)), 10)
		b = append(b, ':')
		b = append(b, s...)
	}
	list := func(l []string) {
		b = strconv.AppendInt(b, int64(len(l)), 10)
		b = append(b, '[')
		for _, s := range l {
			str(s)
		}
	}
	str(name)
	list(sp.Versions)
	str(sp.Compiler)
	str(sp.OS)
	str(sp.Platform)
	str(sp.Target)
	list(sp.Variants)
	deps := canonicalDeps(sp.Deps()) // as sameDeps compares them
	b = strconv.AppendInt(b, int64(len(deps)), 10)
	b = append(b, '{')
	for _, d := range deps {
		str(d.Name)
		str(d.Hash)
		list(d.Types)
		list(d.Virtuals)
	}
	return b
}

// differing returns how many copies differ from copy i.
func (c *copyClasses) differing(i int) int {
	k, r := c.key[i], c.recipe[i]
	same := c.size[k]
	if r != "" {
		same = c.byRecipe[k][r] + c.byRecipe[k][""]
	}
	return c.n - same
}

// firstDiffering returns the first n copies, in order, that differ from
// copy i: those of other classes, and those of its class with another
// recipe. Each list is found once per class (and recipe), at a cost of the
// copies it passes over, which are the class's (the recipe's): linear in
// all.
func (c *copyClasses) firstDiffering(i, n int) []int {
	k, r := c.key[i], c.recipe[i]
	out, ok := c.outside[k]
	if !ok {
		for j := 0; j < c.n && len(out) < n; j++ {
			if c.key[j] != k {
				out = append(out, j)
			}
		}
		c.outside[k] = out
	}
	if r == "" {
		return out
	}
	ck := classRecipe{k, r}
	in, ok := c.otherRec[ck]
	if !ok {
		for _, j := range c.recipes[k] {
			if len(in) == n {
				break
			}
			if c.recipe[j] != r {
				in = append(in, j)
			}
		}
		c.otherRec[ck] = in
	}
	merged := append(slices.Clone(out), in...)
	slices.Sort(merged)
	return merged[:min(len(merged), n)]
}

// specLine returns the line of spec sp of package p in its Spack file,
// or 0: a spec that shares its SpecMore (spackDecoder.Decode) is its
// package's only one, at the package's line.
func specLine(p *Package, sp *Spec) int {
	if line := sp.More.line; line > 0 {
		return int(line)
	}
	if len(p.Specs) == 1 {
		return p.Line
	}
	return 0
}

// specLabel names a spec of a Spack file in a message: name@version,
// as quotedName puts it (a version "1\n::error::x" read in the file
// held a raw newline in the message).
func specLabel(name string, s *Spec) string {
	if len(s.Versions) == 0 {
		return quotedName(name)
	}
	return quotedName(name + "@" + strings.Join(s.Versions, ","))
}

// specDiffers returns what two copies of a hash in Spack files differ in
// ("version", "dependencies"...), or "" when they agree. Stacks and the
// root are the files' (a lockfile's roots), not the spec's; a recipe hash
// only one of them has is no difference (older formats have none).
func specDiffers(nameA string, a *Spec, nameB string, b *Spec) string {
	switch {
	case nameA != nameB:
		return "package"
	case !slices.Equal(a.Versions, b.Versions):
		return "version"
	case a.Compiler != b.Compiler:
		return "compiler"
	case a.OS != b.OS:
		return "os"
	case a.Platform != b.Platform:
		return "platform"
	case a.Target != b.Target:
		return "target"
	case !slices.Equal(a.Variants, b.Variants):
		return "variants"
	case !sameDeps(a.Deps(), b.Deps()):
		return "dependencies"
	case a.Recipe() != "" && b.Recipe() != "" && a.Recipe() != b.Recipe():
		return "recipe"
	}
	return ""
}
