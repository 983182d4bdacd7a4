// Package snapshot finds, decodes, validates and canonicalizes the specs
// of one snapshot: a Spack build-cache catalogue's package pages, or
// Spack's own files.
//
// A snapshot is a directory tree of pages (the _cache/<tag>/ folder of
// cache.spack.io) or a single page file (the page format: package
// snapshot/catalog), or Spack's own files. Load returns it as plain data:
// packages sorted by name, each with its specs in canonical form, the tag,
// how many strings each canonicalization rule rewrote, and warnings about
// the input (for example a page's meta disagreeing with its specs).
//
// The package owns reading input. It never prints and never exits; every
// problem is returned as an error that names the file and, where it has one,
// the line and column.
//
// # Reading and decoding
//
// Reading and decoding are separate. A [Source] lists a snapshot's files
// (Walk: each with a display name such as old/zlib/specs.md or
// HEAD~1:_cache/develop/zlib/specs.md, its type and size) and reads them
// (Read: bounded by the file's size, refusing what is not a regular file).
// [Open] gives the Source of a folder or a page file on disk (disk.go;
// package dirsrc walks and reads them, with raw open/fstat/read on
// Linux); a Source for a git tree or any other store
// is a type of its own, in its own file or package, passed to [LoadFrom].
// Load(path, opt) is LoadFrom(Open(path), opt).
//
// LoadFrom walks the Source on one goroutine and, while the walk goes on,
// reads and decodes the candidates on GOMAXPROCS goroutines, each with its
// own state (read buffer, canonicalization cache, list tables, and the
// state of each [Stateful] decoder; a [Shared] in Options passes these
// states from one Load to the next, as a diff's new snapshot takes over
// from the old). Which files are candidates is the loader's decision
// (classify): the files a [Decoder] claims by name, the file named on the
// command line (File.Root), and the files a [Fallback] takes (the page
// format: any *.md, and specs.md, which must be a page); a candidate that
// is not a regular file is an error when it must be in a format, a
// warning otherwise.
//
// Each format is a [Decoder]: Claims (by file name), Detect (by content),
// Decode (a whole file to []*Package). The formats are registered
// ([Register]: Spack's build-cache index.json, spack.lock and
// *.spec.json, built in, spack.go; the catalogue's package pages,
// package snapshot/catalog, which registers itself when linked in) or
// come in through Options.Decoders. A decoder with memory of its own
// from file to file is [Stateful]: the loader gives each goroutine a
// [State] of it, which finishes its specs itself through a [Finisher].
// Every format's specs go through the same finish (finish.go): a
// well-formed hash on each spec, once per package; canonicalization
// unless Options.Raw (canon.go); sorted by hash.
//
// After decoding, the loader checks what holds across files: one tag per
// snapshot, one page per package, each hash under one package.
package snapshot

import (
	"encoding/json"
	"fmt"
	"slices"
	"unsafe"

	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// Snapshot is one loaded snapshot tree.
type Snapshot struct {
	Path     string     // as given on the command line
	Tag      string     // from the pages' categories; "" when none says
	Rev      string     // the full commit id, when read from git (REV:PATH); else ""
	Date     string     // that commit's committer date, RFC 3339; else ""
	Layout   string     // a Spack mirror's layout ("v2", "v3"), read as a mirror; else ""
	IndexSum string     // the sha256 of that mirror's index, when the mirror says it; else ""
	Packages []*Package // sorted by name
	Raw      bool       // loaded without canonicalization
	Canon    RuleCounts // strings rewritten by each canonicalization rule
	Warnings []Warning  // sorted by file, line, message
	Skipped  []Skipped  // invalid pages left out (Options.SkipInvalid), sorted
	Bytes    int64      // bytes read: every file read as a page or a candidate, and what each Skipped holds
	// SpackFiles are the Spack files the packages were read from, sorted,
	// each once: where the files share a package, it names one of them
	// alone (Package.File), and a caller that must not write onto an
	// input (--output) would miss the others. For a Spack mirror in a
	// folder, every file of it read (input.Load: its index manifest and
	// blob, spec manifests, index.json.hash).
	SpackFiles []string

	lockVersions [2]int // LockfileVersions
}

// LockfileVersions returns the lowest and highest version of the
// lockfiles the snapshot was read from, 0 and 0 when none: as Load read
// them, before the packages that several files share merged (one
// package keeps one file's Origin).
func (s *Snapshot) LockfileVersions() (lo, hi int) {
	return s.lockVersions[0], s.lockVersions[1]
}

// noteLockfileVersions records LockfileVersions from the packages' Origins,
// before mergeSpackFiles keeps one of each name.
func (s *Snapshot) noteLockfileVersions() {
	lo, hi := 0, 0
	for _, p := range s.Packages {
		if o := p.Origin; o != nil && o.kind == spackfmt.Lockfile {
			if lo == 0 || o.version < lo {
				lo = o.version
			}
			hi = max(hi, o.version)
		}
	}
	s.lockVersions = [2]int{lo, hi}
}

// noteSpackFiles records SpackFiles from the packages' Origins, before
// mergeSpackFiles keeps one of each name.
func (s *Snapshot) noteSpackFiles() {
	var last *Origin
	seen := map[string]bool{}
	for _, p := range s.Packages {
		o := p.Origin
		if o == nil || o == last || !o.merge {
			continue
		}
		last = o // a lockfile's million packages share one Origin
		if !seen[o.File] {
			seen[o.File] = true
			s.SpackFiles = append(s.SpackFiles, o.File)
		}
	}
	slices.Sort(s.SpackFiles)
}

// Specs returns the number of specs over all packages.
func (s *Snapshot) Specs() int {
	n := 0
	for _, p := range s.Packages {
		n += len(p.Specs)
	}
	return n
}

// Package is one package page.
//
// A snapshot holds a Package per package, up to a million of them (a
// lockfile of tiny records has a package per spec): what a package knows
// of the file it was read from is in Origin, which every package of one
// Spack file shares. Read it through the methods File, Tag, TagLine and
// Unlisted, which work when Origin is nil.
type Package struct {
	Name  string
	Specs []Spec // sorted by hash
	Line  int    // line of spec_details in File, for messages
	// Origin is where the package was read, nil when unknown (a package
	// made by hand). Shared: written only by the loader that made it.
	Origin *Origin
}

// Origin is what a package knows of the file it was read from.
type Origin struct {
	File string // path of the page
	Tag  string
	// TagLine is the line of the page's categories (or, without them,
	// of the end of its front matter): where a page of another tag than
	// the rest of the snapshot is wrong.
	TagLine int
	// Unlisted are specs this package's file holds only as dependencies
	// of listed ones (an index's records outside the build cache, such as
	// an external compiler): not counted anywhere, only for the
	// dependency graph (spack.go). A package that has them has an Origin
	// of its own.
	Unlisted []NamedSpec
	// merge says the package came from a Spack file (spack.go): the same
	// package in several such files of a snapshot is one package.
	merge bool
	// kind is the kind of Spack file the decoder read it as (an index, a
	// lockfile, spec files), spackfmt.Unknown for a page: what
	// besideIndex goes by.
	kind spackfmt.Kind
	// version is the Spack file's format version (a lockfile's, an
	// index's database version, a spec file's format), 0 for a page.
	version int
}

// File is the path of the page the package was read from.
func (p *Package) File() string {
	if p.Origin == nil {
		return ""
	}
	return p.Origin.File
}

// Tag is the tag of the package's page.
func (p *Package) Tag() string {
	if p.Origin == nil {
		return ""
	}
	return p.Origin.Tag
}

// TagLine is the line of the page's categories (Origin.TagLine).
func (p *Package) TagLine() int {
	if p.Origin == nil {
		return 0
	}
	return p.Origin.TagLine
}

// Unlisted are the specs the package's file holds only as dependencies
// of listed ones (Origin.Unlisted).
func (p *Package) Unlisted() []NamedSpec {
	if p.Origin == nil {
		return nil
	}
	return p.Origin.Unlisted
}

// merge reports whether the package came from a Spack file.
func (p *Package) merge() bool { return p.Origin != nil && p.Origin.merge }

// ownOrigin returns p's Origin, copied first so that p alone has it:
// before a loader writes what is one package's (its Unlisted).
func (p *Package) ownOrigin() *Origin {
	o := &Origin{}
	if p.Origin != nil {
		*o = *p.Origin
	}
	p.Origin = o
	return o
}

// Spec is one built spec of a package page. Its string facets are in
// canonical form unless canonicalization was turned off.
type Spec struct {
	Hash     string   `json:"hash"`
	Versions []string `json:"versions"`
	Compiler string   `json:"compiler"`
	OS       string   `json:"os"`
	Platform string   `json:"platform"`
	Target   string   `json:"target"`
	Variants []string `json:"variants"`
	Stacks   []string `json:"stacks"`
	// More holds the fields few specs have (nil for most): a snapshot
	// holds up to millions of specs, and each field here would cost every
	// one of them. Read them through the methods Size, Tarball, Extra,
	// Deps, Recipe and Root, which work when More is nil.
	More *SpecMore `json:"-"`
}

// SpecMore are the fields of a Spec that few specs have. Every spec of a
// Spack file has one (its edges, its recipe, its line), so it holds only
// what Spack files give, in 80 bytes; the catalogue pages' fields that
// few specs have are one pointer further (PageFields). The specs of a
// Spack file that have nothing of their own to keep share one (see
// snapshot's decode): a spec alone in its package without edges or
// recipe, and one such that is a root spelled as its package's name.
type SpecMore struct {
	// Deps are the spec's dependency edges, from Spack's own files
	// (spack.go); nil when the format keeps none (a catalogue page).
	Deps []Dep
	// Recipe is the hash of the package recipe, when the file has one.
	Recipe string
	// Root names the lockfile root this spec is (its spec as written), or
	// "": the smallest name when the lockfile lists the spec's hash as
	// several roots (RootNames names them all). Read it through
	// Spec.Root: rootIsName says the root is the spec's package's name.
	Root string
	// page holds the fields of a catalogue page few specs have, or nil.
	page *PageFields
	// alsoRoots are the other roots, sorted, when there are: a pointer,
	// which an index of tiny records (a SpecMore a spec) can afford.
	alsoRoots *[]string
	// line is the line of the spec's record in its Spack file, for
	// messages; 0 when unknown.
	line int32
	// rootIsName says the spec is one root, written as its package's
	// name (Root is ""): a SpecMore that such specs share, a lockfile's
	// roots spelled as their names, says nothing of the spec but that.
	rootIsName bool
}

// PageFields are the fields of a catalogue page's spec that few specs
// have.
type PageFields struct {
	// Size is the page's size value as written, where it is not the
	// placeholder "-" (every catalogue page's today): a number of bytes.
	Size    string
	Tarball string
	// Extra keeps the fields this version of cachediff does not know.
	Extra map[string]json.RawMessage
}

// Page returns m's PageFields, made when m has none, for a page's parser
// to fill in.
func (m *SpecMore) Page() *PageFields {
	if m.page == nil {
		m.page = &PageFields{}
	}
	return m.page
}

// DropTarball forgets m's tarball, and its PageFields when that leaves
// them empty.
func (m *SpecMore) DropTarball() {
	if m.page == nil {
		return
	}
	m.page.Tarball = ""
	if pf := m.page; pf.Size == "" && pf.Extra == nil {
		m.page = nil
	}
}

// Empty reports whether m holds nothing: every field its zero value
// (TestSpecMoreEmpty keeps this in step with the fields).
func (m *SpecMore) Empty() bool {
	return m.page == nil && m.Deps == nil && m.Recipe == "" && m.Root == "" && m.alsoRoots == nil && m.line == 0 && !m.rootIsName
}

// more returns s.More, made when nil.
func (s *Spec) more() *SpecMore {
	if s.More == nil {
		s.More = &SpecMore{}
	}
	return s.More
}

// Size returns the page's size value as written (a number of bytes), or
// "" when the page gives none or the placeholder "-".
func (s *Spec) Size() string {
	if s.More == nil || s.More.page == nil {
		return ""
	}
	return s.More.page.Size
}

// Tarball is the URL of the spec's binary package, when the page gives it
// and the snapshot was loaded with Options.Tarballs (without, Load drops
// the catalogue pages' tarballs: "").
func (s *Spec) Tarball() string {
	if s.More == nil || s.More.page == nil {
		return ""
	}
	return s.More.page.Tarball
}

// Extra returns the fields of the spec this version of cachediff does not
// know, or nil.
func (s *Spec) Extra() map[string]json.RawMessage {
	if s.More == nil || s.More.page == nil {
		return nil
	}
	return s.More.page.Extra
}

// Deps returns the spec's dependency edges: nil when the format keeps none
// (a catalogue page).
func (s *Spec) Deps() []Dep {
	if s.More == nil {
		return nil
	}
	return s.More.Deps
}

// Recipe returns the hash of the package recipe, when the file has one.
func (s *Spec) Recipe() string {
	if s.More == nil {
		return ""
	}
	return s.More.Recipe
}

// Root names the lockfile root this spec of package name is (its spec as
// written), or ""; the smallest name when it is several roots (RootNames
// names them all).
func (s *Spec) Root(name string) string {
	if s.More == nil {
		return ""
	}
	if s.More.rootIsName {
		return name
	}
	return s.More.Root
}

// RootNames names every lockfile root this spec of package name is (its
// specs as written, sorted: a lockfile lists two specs as written that
// concretized to one spec under one hash), or nil.
func (s *Spec) RootNames(name string) []string {
	root := s.Root(name)
	if root == "" {
		return nil
	}
	if s.More.alsoRoots == nil {
		return []string{root}
	}
	return append([]string{root}, *s.More.alsoRoots...)
}

// setRoots sets the roots of m: names, sorted, once each (not empty).
func (m *SpecMore) setRoots(names []string) {
	m.Root, m.alsoRoots, m.rootIsName = names[0], nil, false
	if rest := names[1:]; len(rest) > 0 {
		m.alsoRoots = &rest
	}
}

// String is the spec as fmt's %v shows a struct of its fields but More:
// {hash [versions] compiler os platform target [variants] [stacks]}. A
// report's pairs point at specs (diff.Pair), and a user's template that
// prints a pair or a spec whole ({{.}}) shows this, as it did when pairs
// held the specs themselves, rather than the specs' addresses, which
// change from run to run.
func (s Spec) String() string {
	return fmt.Sprintf("{%s %v %s %s %s %s %v %v}", s.Hash, s.Versions, s.Compiler, s.OS, s.Platform, s.Target, s.Variants, s.Stacks)
}

// NamedSpec is a spec with its package's name (Package.Unlisted).
type NamedSpec struct {
	Name string
	Spec
}

// Dep is a dependency edge: the dependency's package name and hash, the
// dependency types (build, link, run, test) and the virtuals it provides
// to the dependent (c, cxx, mpi...). It is spackfmt's own type, so that
// edges are not copied; its lists may be shared between edges: never
// modify them.
type Dep = spackfmt.Dep

// Warning is a problem in the input that does not stop the diff.
type Warning struct {
	File    string `json:"file"`
	Line    int    `json:"line"` // 0 when the problem has no line
	Message string `json:"message"`
	// Same, when not empty, names what the warning is of wherever it
	// is found (a field and its value not ASCII): Load gives the
	// warnings of one Same once, at the first page, counting the pages
	// more that hold it. Not in reports.
	Same string `json:"-"`
}

// Skipped is an invalid page (or an unreadable folder) that Load left out
// because of Options.SkipInvalid: none of its specs is in the snapshot.
type Skipped struct {
	File   string `json:"file"`
	Line   int    `json:"line"`   // 1-based; 0 when the problem has no line
	Column int    `json:"column"` // 1-based byte column; 0 when unknown
	Reason string `json:"reason"`
}

// IsHash reports whether h is a well-formed Spack DAG hash: 32 characters
// of Spack's base32 alphabet (a-z and 2-7), as every page must have.
func IsHash(h string) bool { return isHash(h) }

// EqualLists reports whether a and b hold the same strings in the same
// order, as slices.Equal does, looking first at their arrays: the lists
// of the snapshots a Shared loads are shared, so two equal lists are
// mostly one array, equal without reading a string (comparing the lists
// of a real week's rebuilt pairs string by string showed in a JSON diff's
// instruction count).
func EqualLists(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	return len(a) == 0 || unsafe.SliceData(a) == unsafe.SliceData(b) || slices.Equal(a, b)
}
