package diff

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/cachediff/cachediff/internal/fresh"
	"github.com/cachediff/cachediff/internal/listops"
	"github.com/cachediff/cachediff/internal/lookalike"
	"github.com/cachediff/cachediff/internal/memo"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/version"
)

// facet indexes the six facets that identify a build, in the order of the
// updated passes.
const (
	fVersion = iota
	fCompiler
	fVariants
	fTarget
	fOS
	fPlatform
	numFacets
)

var facetNames = [numFacets]string{"version", "compiler", "variants", "target", "os", "platform"}

// sep joins list elements in matching keys, so that ["1.0,2.0"] and
// ["1.0", "2.0"] never make the same key. Real facet values never have it;
// lists whose joined form would be ambiguous all the same (an element with
// sep in it, or [""], joined as [] is) are told apart by the interner
// (interner.list), so that equal ids always mean equal lists.
const sep = "\x1f"

// spec is a snapshot spec with its facets prepared for matching.
type spec struct {
	*snapshot.Spec
	// in is the interner of ids and stack (nil for a spec that wrap
	// made, which has neither): a facet's string is in.vals[id] (see
	// facet), not a field of its own, which would make a spec, held for
	// every spec of a package at once, twice its size.
	in     *interner
	ids    [numFacets]uint32 // the facets interned (see interner): equal ids, equal strings
	stack  uint32            // the stacks interned
	rank   [numFacets]int32  // see rankSpecs
	ranked bool
	// stackRank ranks stacks as rank does the facets; ord packs the
	// ranks in compareSpecs' order when packed (see rankSpecs). Ranks
	// compare only with those of the same rankSpecs call: compareSpecs
	// only compares specs of one package.
	stackRank int32
	ord       [2]uint64
	packed    bool
	paired    bool // by a pass of matchPackage
	// pass is the matcher's pass (matcher.pass) that paired it: waits
	// reads a mate as its pass found it.
	pass uint32
}

// matchKey is the matching key of a spec: its interned facets, with the
// skipped and ignored ones zero.
type matchKey [numFacets]uint32

// interner gives each distinct string (a facet value, or a list joined
// by sep) a small id, so that matching keys are arrays of integers rather
// than a string built per spec per pass. A string is copied only the first
// time it is seen: looking up a list joined in buf does not allocate.
type interner struct {
	ids  map[string]uint32
	odd  map[string]uint32 // lists whose joined form another list has (see list)
	vals []string
	buf  []byte
	// seen remembers recent lookups by the identity of what was looked
	// up (see memo): the loader shares equal strings and equal lists, so
	// most lookups are of one seen before, and a probe here is cheaper
	// than hashing the string (or joining the list) for the map. A power
	// of two of slots, at most maxSeen, sized by the specs compared
	// (seenSlots); made at the first lookup when empty.
	seen []memo.Slot[seenEntry]
	// local are the lists that noteLocal found joined longer than localJoin
	// for the package being matched, and their keys in seen: the
	// matcher forgets them once the package is matched (dropLocal).
	local []localEntry
	// longKeys are the slots of the table of recent lookups set since
	// the last package for strings longer than localJoin: a list's
	// other arrays (the new side's own) and strings hold its id in slots
	// of their own, which dropLocal clears too.
	longKeys []localEntry
}

// localEntry is a list interned for one package: its id and its key in
// the interner's table of recent lookups.
type localEntry struct {
	id uint32
	k  memo.Key
}

// localJoin is the longest join of a list of versions or variants that
// an interner keeps from one package to the next. Their ids are used
// within the package only (matching keys, ranks), and a longer join is
// one spec's list of hundreds of distinct variants: kept, the joins of
// every package's specs stayed to the end of the comparison, 0.8x the
// input of pages of specs of 500 variants, every one changed
// (cmd/cachediff's TestManyChangedVariantsMemory). The longest variant
// list of the real pages in ../shared is under 500 bytes.
const localJoin = 1 << 10

// noteLocal records l, a list whose id is used only while its package
// is matched (a spec's versions or variants), interned just now with id
// (list added a string): a join longer than localJoin is forgotten once
// the package is matched (dropLocal).
func (in *interner) noteLocal(id uint32, l []string) {
	if v := in.vals[id]; len(v) > localJoin {
		if got, ok := in.ids[v]; ok && got == id { // not an odd list's
			k := memo.List(l)
			if len(l) == 1 {
				k = memo.String(l[0]) // list looked it up as one string
			}
			in.local = append(in.local, localEntry{id, k})
		}
	}
}

// live says whether e, a slot of the table of recent lookups, holds an
// id not forgotten (dropLocal): a slot that dropLocal did not clear
// must not give a forgotten id, which the same list of another array
// in the next package would not get (a rebuild read as updated).
func (in *interner) live(e *memo.Slot[seenEntry]) bool {
	return len(in.vals[e.Value.id]) == len(e.Value.s)
}

// dropLocal forgets the joins noteLocal recorded for the package just
// matched, but those that keep(id) says are in use beyond it: their
// strings, their entries in the map and in the table of recent lookups.
// Their ids are not given again; the same list in a later package gets
// one of its own.
func (in *interner) dropLocal(keep func(uint32) bool) {
	for _, e := range in.local {
		if keep(e.id) {
			continue
		}
		delete(in.ids, in.vals[e.id])
		in.vals[e.id] = ""
		if slot := memo.Lookup(in.table(), e.k); slot.Holds(e.k) {
			*slot = memo.Slot[seenEntry]{}
		}
	}
	for _, e := range in.longKeys {
		if in.vals[e.id] != "" {
			continue // not forgotten
		}
		if slot := memo.Lookup(in.table(), e.k); slot.Holds(e.k) && slot.Value.id == e.id {
			*slot = memo.Slot[seenEntry]{}
		}
	}
	clear(in.local)
	in.local = in.local[:0]
}

// maxSeen is the most slots of an interner's table of recent lookups.
const maxSeen = 4096

// seenSlots is how many slots an interner's table of recent lookups has
// for a comparison of specs specs: the next power of two of twice as
// many, from 64 to maxSeen. Each worker of a comparison has its own
// table, and each step of a log makes new ones: at maxSeen always
// (160 KB), a log of many small steps allocates and clears a table per
// worker per step, and the collections that sets off mark the growing
// series each time (diff.TestCompareSmallAllocs).
func seenSlots(specs int) int {
	n := 64
	for n < maxSeen && n < 2*specs {
		n *= 2
	}
	return n
}

// table returns in's table of recent lookups, made with maxSeen slots
// if it has none yet.
func (in *interner) table() []memo.Slot[seenEntry] {
	if in.seen == nil {
		in.seen = make([]memo.Slot[seenEntry], maxSeen)
	}
	return in.seen
}

type seenEntry struct {
	s  string // what the lookup returned
	id uint32
}

// one interns a single string.
func (in *interner) one(s string) (string, uint32) {
	if len(s) == 0 {
		return in.lookup(s)
	}
	k := memo.String(s)
	e := memo.Lookup(in.table(), k)
	if e.Holds(k) && in.live(e) {
		return e.Value.s, e.Value.id
	}
	v, id := in.lookup(s)
	e.Set(k, seenEntry{v, id})
	in.noteKey(k, v, id)
	return v, id
}

// noteKey records k, a key of the table of recent lookups just set to
// v, of id, when v is longer than localJoin (longKeys).
func (in *interner) noteKey(k memo.Key, v string, id uint32) {
	if len(v) > localJoin {
		in.longKeys = append(in.longKeys, localEntry{id, k})
	}
}

// lookup interns s through the map.
func (in *interner) lookup(s string) (string, uint32) {
	if id, ok := in.ids[s]; ok {
		return in.vals[id], id
	}
	return in.add(s)
}

// list interns l joined by sep. Equal ids mean equal lists: the joined
// form is the same for [] and [""], and for ["a\x1fb"] and ["a", "b"], so
// such lists (odd) get ids of their own (see joined).
func (in *interner) list(l []string) (string, uint32) {
	switch {
	case len(l) == 0:
		return in.one("")
	case len(l) == 1 && l[0] != "" && !strings.Contains(l[0], sep):
		return in.one(l[0])
	}
	k := memo.List(l)
	e := memo.Lookup(in.table(), k)
	if e.Holds(k) && in.live(e) {
		return e.Value.s, e.Value.id
	}
	v, id := in.joined(l)
	e.Set(k, seenEntry{v, id})
	in.noteKey(k, v, id)
	return v, id
}

// joined interns l joined by sep through the map, or, for an odd list
// (one that another list joins the same as), through in.odd, by a form
// that tells every list apart: each element's length, then its bytes.
//
// The join is made at its size, counted first: grown by append, a list
// of a spec of 1.28M variants (12 MB joined) left twice that of garbage
// behind, on each side, and was copied again into the string interned.
// A join past bigJoin is a buffer of its own, which the string interned
// (new: a list another spec has is found without a copy) is made over,
// not a copy of it (TestInternLongListAllocs).
func (in *interner) joined(l []string) (string, uint32) {
	n := len(sep) * (len(l) - 1)
	for _, v := range l {
		n += len(v)
	}
	own := n > bigJoin
	if own {
		in.buf = make([]byte, 0, n)
	} else {
		in.buf = slices.Grow(in.buf[:0], n)
	}
	odd := len(l) == 1 // [""] (a list of one other string went to one)
	for i, v := range l {
		if i > 0 {
			in.buf = append(in.buf, sep...)
		}
		in.buf = append(in.buf, v...)
		odd = odd || strings.Contains(v, sep)
	}
	if own && !odd {
		buf := in.buf
		in.buf = nil
		if id, ok := in.ids[string(buf)]; ok { // no allocation
			return in.vals[id], id
		}
		return in.add(unsafe.String(unsafe.SliceData(buf), len(buf)))
	}
	if odd {
		joined := string(in.buf)
		in.buf = in.buf[:0]
		for _, v := range l {
			in.buf = strconv.AppendInt(in.buf, int64(len(v)), 10)
			in.buf = append(in.buf, ':')
			in.buf = append(in.buf, v...)
		}
		if id, ok := in.odd[string(in.buf)]; ok {
			return in.vals[id], id
		}
		if in.odd == nil {
			in.odd = map[string]uint32{}
		}
		id := uint32(len(in.vals))
		in.odd[string(in.buf)] = id
		in.vals = append(in.vals, joined)
		return joined, id
	}
	if id, ok := in.ids[string(in.buf)]; ok { // no allocation
		return in.vals[id], id
	}
	return in.add(string(in.buf))
}

// bigJoin is the longest join (bytes) made in an interner's reused
// buffer; a longer one is made in a buffer of its own (joined).
const bigJoin = 64 << 10

func (in *interner) add(s string) (string, uint32) {
	if in.ids == nil {
		in.ids = map[string]uint32{}
	}
	id := uint32(len(in.vals))
	in.ids[s] = id
	in.vals = append(in.vals, s)
	return s, id
}

// matcher matches the specs of one package at a time. Each worker of
// compareAll has its own and reuses its buffers from package to package,
// so that matching allocates per package, not per spec.
type matcher struct {
	ignore [numFacets]bool // facets left out of the matching keys
	in     interner
	// counts, when set, counts each package's specs for the roll-ups as
	// it is compared (package number pkg), by the ids prepare found.
	counts *rollCounts
	pkg    int
	equal  equalLists // comparePackage's memory of lists found equal
	// deltas are the stacks joined and left between two lists, by their
	// interned ids (stacksDelta).
	deltas map[[2]uint32][2][]string
	buf    []spec    // backing store of the current package's specs
	olds   []*spec   // the current package's old specs,
	news   []*spec   // and new ones
	ms     []matched // the pairs found for the current package
	group  []int32   // per spec of a pass: the index of its group; see match
	scan   []*spec   // scratch for one group
	scanN  []*spec
	// rankSpecs' scratch, indexed by interned id: the rank of a value,
	// and the generation that last saw it.
	rankOf   []int32
	stamp    []uint32
	stampGen uint32
	distinct []uint32
	strs     []string
	vsort    version.Sorter
	// global ranks the compilers, oss and targets (see globalRanks).
	global [numFacets]globalRanks
	vbuf   []string // distinctVersions' scratch
	// kept are the current package's hashes that both unfiltered
	// snapshots hold, under a stack filter (keptHashes); nil otherwise.
	kept map[string]bool
	// mates are the old roots' hashes respell paired by environment
	// with a new root's hash (respelling.mates): in a group, such an
	// old spec pairs with its mate first (pairGroup), as the roots'
	// changes pair them; nil for none.
	mates map[string]string
	// other gives each spec its stacks in the old side's spelling: an
	// old spec's as loaded, a new spec's respelt the other way round
	// (otherStacks), nil when neither side is respelt.
	other *otherStacks
	// held are the package's old and new specs by hash, made when waits
	// first needs them.
	held [2]map[string]*spec
	// pass numbers match's calls: a spec's pass is the one that paired
	// it.
	pass uint32
	// waited says waits left a spec for its mate in this package's
	// passes; noWait that the passes run again, none waiting.
	waited, noWait bool
	// single says which facets have one value (one interned id) in the
	// specs rankSpecs ranked last: the updated pass of such a facet
	// would find nothing.
	single [numFacets]bool
	// indexed counts the passes that went through matchIndexed, for the
	// tests.
	indexed int
	// stackBits is the width of the stacks' rank in the ord of the
	// specs rankSpecs ranked last (see ordWidths).
	stackBits uint
	// probes counts the candidates the pairing and the list operations
	// looked at: the tests check that it stays linear in the input.
	probes int
	// ambiguous is set when a group of pairGroup had more than one spec
	// on a side (see pairByEdges).
	ambiguous bool
}

func newMatcher(ignore *[numFacets]bool) *matcher { return newMatcherFor(ignore, maxSeen) }

// newMatcherFor is newMatcher for a comparison of specs specs in all,
// its interner's table sized for them (seenSlots).
func newMatcherFor(ignore *[numFacets]bool, specs int) *matcher {
	m := &matcher{}
	m.in.seen = make([]memo.Slot[seenEntry], seenSlots(specs))
	fresh.Touch(unsafe.Slice(m, 1))
	fresh.Touch(m.in.seen) // probed before it is written
	if ignore != nil {
		m.ignore = *ignore
	}
	return m
}

// prepare readies specs for matching: it appends them to m.buf and
// returns their pointers appended to dst. The pointers stay valid until
// the next reset.
func (m *matcher) prepare(dst []*spec, specs []snapshot.Spec) []*spec {
	start := len(m.buf)
	m.buf = slices.Grow(m.buf, len(specs))[:start+len(specs)]
	in := &m.in
	for i := range specs {
		s := &m.buf[start+i]
		*s = spec{Spec: &specs[i], in: in}
		// The ids of versions and variants serve this package only: a
		// long join added for them is forgotten after it (noteLocal).
		n := len(in.vals)
		if _, s.ids[fVersion] = in.list(specs[i].Versions); len(in.vals) > n {
			in.noteLocal(s.ids[fVersion], specs[i].Versions)
		}
		_, s.ids[fCompiler] = in.one(specs[i].Compiler)
		n = len(in.vals)
		if _, s.ids[fVariants] = in.list(specs[i].Variants); len(in.vals) > n {
			in.noteLocal(s.ids[fVariants], specs[i].Variants)
		}
		_, s.ids[fTarget] = in.one(specs[i].Target)
		_, s.ids[fOS] = in.one(specs[i].OS)
		_, s.ids[fPlatform] = in.one(specs[i].Platform)
		_, s.stack = in.list(specs[i].Stacks)
	}
	for i := range specs {
		dst = append(dst, &m.buf[start+i])
	}
	return dst
}

// byHash reports whether specs are in strictly ascending order of hash,
// as a loaded package's are (snapshot.Package.Specs): no hash twice.
func byHash(specs []*spec) bool {
	for i := 1; i < len(specs); i++ {
		if specs[i-1].Hash >= specs[i].Hash {
			return false
		}
	}
	return true
}

// reserve grows m.buf for the specs of op and np at once, so that the
// pointers prepare hands out all point into one array.
func (m *matcher) reserve(op, np *snapshot.Package) {
	n := 0
	for _, p := range [2]*snapshot.Package{op, np} {
		if p != nil {
			n += len(p.Specs)
		}
	}
	if n > cap(m.buf) {
		m.buf = slices.Grow(m.buf[:0], n)
		fresh.Touch(m.buf) // prepare stores pointers in it
	}
	m.buf = m.buf[:0]
}

// reset forgets the current package's specs (keeping the buffers).
func (m *matcher) reset() {
	if len(m.in.local) > 0 {
		// A list of stacks that joins as a spec's versions or variants
		// has their id: the roll-ups count stacks by it, from package
		// to package.
		if n := len(m.in.vals); len(m.stamp) < n {
			m.stamp = slices.Grow(m.stamp, n-len(m.stamp))[:n]
		}
		m.stampGen++
		for i := range m.buf {
			m.stamp[m.buf[i].stack] = m.stampGen
		}
		m.in.dropLocal(func(id uint32) bool { return m.stamp[id] == m.stampGen })
	}
	clear(m.in.longKeys)
	m.in.longKeys = m.in.longKeys[:0]
	m.held = [2]map[string]*spec{}
	clear(m.buf) // drop the pointers into the snapshot
	m.buf, m.olds, m.news, m.ms = m.buf[:0], m.olds[:0], m.news[:0], m.ms[:0]
}

// key is s's matching key leaving out the facet at skip (-1 for none) and
// the ignored ones.
func (m *matcher) key(s *spec, skip int) matchKey {
	k := matchKey(s.ids)
	for f := range numFacets {
		if f == skip || m.ignore[f] {
			k[f] = 0
		}
	}
	return k
}

// show writes facet f of s for people: lists joined by ", " (versions)
// or " " (variants).
func (s *spec) show(f int) string {
	switch f {
	case fVersion:
		return strings.Join(s.Versions, ", ")
	case fVariants:
		return listops.Join(s.Variants, " ") // a variant with a space quoted
	}
	return s.facet(f)
}

// facet is facet f of s as matched: a list joined by sep ("" for a spec
// that wrap made).
func (s *spec) facet(f int) string {
	if s.in == nil {
		return ""
	}
	return s.in.vals[s.ids[f]]
}

// stacks is s's stacks joined by sep ("" for a spec that wrap made).
func (s *spec) stacks() string {
	if s.in == nil {
		return ""
	}
	return s.in.vals[s.stack]
}

// compareSpecs is the engine's one order of specs: by facets (versions
// under Spack's ordering, the rest naturally), then stacks, then hash.
//
// It returns at the first facet that differs: cmp.Or would compare all
// eight every time, and sorting the specs of a real week is most of the
// engine's comparisons.
func compareSpecs(a, b *spec) int {
	if a.packed && b.packed {
		if a.ord[0] != b.ord[0] {
			return cmp.Compare(a.ord[0], b.ord[0])
		}
		if a.ord[1] != b.ord[1] {
			return cmp.Compare(a.ord[1], b.ord[1])
		}
		return strings.Compare(a.Hash, b.Hash)
	}
	if a.ranked && b.ranked {
		if c := compareRanks(a, b); c != 0 {
			return c
		}
		if a.stackRank != b.stackRank {
			return cmp.Compare(a.stackRank, b.stackRank)
		}
		return strings.Compare(a.Hash, b.Hash)
	}
	for _, f := range [...]int{fVersion, fCompiler, fOS} {
		if c := compareRanked(a, b, f); c != 0 {
			return c
		}
	}
	if c := strings.Compare(a.facet(fPlatform), b.facet(fPlatform)); c != 0 {
		return c
	}
	if c := compareRanked(a, b, fTarget); c != 0 {
		return c
	}
	if c := strings.Compare(a.facet(fVariants), b.facet(fVariants)); c != 0 {
		return c
	}
	if c := strings.Compare(a.stacks(), b.stacks()); c != 0 {
		return c
	}
	return strings.Compare(a.Hash, b.Hash)
}

// compareRanks orders two ranked specs by their facets' ranks, in
// compareSpecs' order, leaving out the stacks: what rankSpecs' ranks
// give when they are too many to pack.
func compareRanks(a, b *spec) int {
	for _, f := range ordOrder[:numFacets] {
		if a.rank[f] != b.rank[f] {
			return cmp.Compare(a.rank[f], b.rank[f])
		}
	}
	return 0
}

// CompareWith diffs two snapshots narrowed and loosened by f: both
// snapshots are filtered first, then compared, so every count is of what
// the filters keep. It does not modify them. The error is f's, from
// Filter.Check.
func CompareWith(before, after *snapshot.Snapshot, f Filter) (*Report, error) {
	return compareSnapshots(before, after, f, false)
}

// CompareReleasing is CompareWith for a caller that is done with the
// snapshots once it has the report (the command line): each package's
// specs are dropped from the snapshots as soon as the package is compared,
// and then stay only where the report's pairs point at them (Pair). When
// pairs held copies, a report of a million tiny specs per side, 30% of
// them rebuilt, held both, past the memory budget (issue 11 item 6).
// The old side's specs whose stacks the lockfile roots' respelling
// changes take the respelt stacks in place (respeltInPlace), not
// through a copy. Afterwards the snapshots' packages have no specs.
func CompareReleasing(before, after *snapshot.Snapshot, f Filter) (*Report, error) {
	return compareSnapshots(before, after, f, true)
}

func compareSnapshots(before, after *snapshot.Snapshot, f Filter, release bool) (*Report, error) {
	f, err := f.normalize()
	if err != nil {
		return nil, err
	}
	// Rebuild causes follow edges through the whole snapshots, filtered
	// out packages included (causes.go).
	og, ng, roots := graphsOf(before, after)
	applied := f
	var mates map[string]string
	ren := respell(roots[0], roots[1])
	loaded := before
	if !ren.none() {
		mates = ren.mates()
		if w := ren.byName(); len(w) > 0 {
			before = renameStacks(before, w) // rootrename.go
		}
		before = respellStacks(before, og, ng, roots[0], ren)
		applied.Stacks = renamedStacks(f.Stacks, ren.stackNames())
	}
	// The roots respelt the other way round now only where a spec both
	// sides hold has other stacks (alikeOtherWay changes no other), or
	// where no root is respelt this way round (then otherStacks is
	// needed only if some is the other way round); else when a pass
	// first needs them (lazyOtherStacks): that respelling is a tenth of
	// a lockfile pair's allocation.
	var other *otherStacks
	if shared := stacksDifferShared(before, ng); shared || ren.none() {
		if rev := respell(roots[1], roots[0]); !ren.none() || !rev.none() {
			back := respeltBack(after, og, ng, roots, rev)
			other = newOtherStacks(og, back)
			other.addMates(mates, false)
			other.addMates(rev.mates(), true)
			if shared {
				before = alikeOtherWay(before, loaded, back, og, ng, roots, ren)
			}
		}
	} else {
		other = lazyOtherStacks(og, ng, after, mates)
	}
	if release && before != loaded {
		og = respeltInPlace(before, loaded, after, og)
		if other != nil {
			other.og = og
		}
	}
	roots = [2]map[string][]*GraphNode{} // garbage while the packages are compared: Explain gathers them again
	unfiltered := [2]*snapshot.Snapshot{before, after}
	var ignore [numFacets]bool
	for _, name := range f.Ignore {
		ignore[slices.Index(facetNames[:], name)] = true
	}
	// The explainer matches a spec's several edges of one name along the
	// pairs (reportPair), and follows edges through the packages the
	// filter leaves out: those are the pairs of the whole snapshots, not
	// the report's. Given only the report's, a spec of the view over two
	// builds of a package left out matched them in hash order, crossed:
	// causes "app@1 added" and "app@1 removed" the unfiltered report has
	// not, and N² pairs of nodes.
	// The pairing by edges of a package of the view over several builds
	// of one package and version reads its dependencies' pairs, in the
	// packages left out too: given the view's alone, lib over dep@1 and
	// lib over dep@2, dep left out and rebuilt, paired in hash order,
	// crossed, with causes "dep 1 → 2" the unfiltered report has not.
	// So does the explainer the pairs of a cycle (bad input) left out: a
	// spec of the view over a ring of same@1 one longer was said rebuilt
	// for the zlib swap along 50 of the ring's edges, not for the ring's
	// "same@1 added" and "same@1 removed".
	var allPairs [][2]string
	var allCycles map[string]string
	filtered := len(f.Packages) > 0 || len(f.Stacks) > 0
	before, after = applied.apply(before), applied.apply(after)
	byName := packagePairs(before, after)
	if filtered && og.HasEdges() && ng.HasEdges() &&
		(severalOfOneName(og) || severalOfOneName(ng) || severalBuilds(packagePairs(unfiltered[0], unfiltered[1]))) {
		allPairs, allCycles = wholePairs(unfiltered[0], unfiltered[1], &ignore, og, ng, mates, other)
	}
	r := &Report{
		Old: newSide(before),
		New: newSide(after),
		Options: Options{Canonicalize: !before.Raw && !after.Raw,
			Packages: f.Packages, Stacks: f.Stacks, Ignore: f.Ignore},
		Packages: []Package{},
		Warnings: append(slices.Clone(before.Warnings), after.Warnings...),
	}
	r.Summary.Packages.Old, r.Summary.Packages.New = r.Old.Packages, r.New.Packages

	// Both package lists are sorted by name: merge them, compare the pairs
	// (in parallel), and add up in order.
	var kept []map[string]bool
	if len(f.Stacks) > 0 {
		kept = keptHashes(byName, unfiltered)
	}
	compared, list, rolled := compareAll(byName, &ignore, release, kept, mates, other)
	if og.HasEdges() && ng.HasEdges() {
		r.cyclePairs = pairByEdges(compared, og, ng, kept, allPairs, mates, other)
		if len(allCycles) > 0 {
			in := viewSpecs(compared)
			for o, n := range allCycles {
				if !in[o] && !in[n] {
					if r.cyclePairs == nil {
						r.cyclePairs = map[string]string{}
					}
					r.cyclePairs[o] = n
				}
			}
		}
	}
	r.Facets, r.Stacks = rolled.rollups()
	r.Summary.Packages.Unchanged += rolled.unchanged
	r.Summary.Specs.add(rolled.unchangedSpecs)
	// The report's packages are compareAll's list, each moved down over
	// the slots of those found unchanged before it (its own slot or an
	// earlier one: the slots are in the pairs' order), not copied into a
	// list of their own while every result is alive; into a list grown
	// by append if one is not in a slot (listedInPlace: compareAll leaves
	// each in one, and nothing after it changes a package's status).
	r.Packages = list[:0]
	if !listedInPlace(compared, list) {
		r.Packages = []Package{}
	}
	for _, c := range compared {
		if c == nil {
			continue // unchanged, counted in rolled
		}
		p, warnings := c.p, c.warnings
		r.Warnings = append(r.Warnings, warnings...)
		r.Summary.Specs.add(p.Counts)
		switch p.Status {
		case Added:
			r.Summary.Packages.Added++
		case Removed:
			r.Summary.Packages.Removed++
		case Changed:
			r.Summary.Packages.Changed++
		case Unchanged:
			r.Summary.Packages.Unchanged++
			continue
		}
		r.Packages = append(r.Packages, *p)
	}
	r.Packages = listed(r.Packages, list)
	r.Warnings = append(r.Warnings, movedHashes(r.Packages)...)
	r.Updates = updateGroups(r.Packages)
	r.Canonicalized = canonCounts(before, after)
	validTexts(r) // as the JSON holds them, before the warnings are sorted
	r.Warnings = sortedWarnings(r.Warnings)
	if r.Warnings == nil {
		r.Warnings = []snapshot.Warning{}
	}
	r.allPairs = allPairs
	r.respelt = &respeltGraphs{graphs: [2]Graph{og, ng}, ren: ren}
	r.Explain(og, ng)
	reportSpecs(r.Packages)
	r.Highlights = News(r)
	return r, nil
}

// listed is the report's packages, the first of list's slots (see
// compareAll): the slots past them are cleared, and the list is copied
// to its length when more than a quarter of it is left, so that the
// report keeps no more than that besides its packages.
func listed(packages, list []Package) []Package {
	if len(list) == 0 || unsafe.SliceData(packages) != unsafe.SliceData(list) {
		return packages
	}
	clear(list[len(packages):])
	if 4*len(packages) < 3*len(list) {
		return slices.Clone(packages)
	}
	return packages
}

// listedInPlace says whether every package of out the report lists
// (changed, added or removed) is a slot of list, as compareAll leaves
// them: then each can be moved down over the slots before it.
func listedInPlace(out []*compared, list []Package) bool {
	for _, c := range out {
		if c == nil || c.p.Status == Unchanged {
			continue
		}
		if at := uintptr(unsafe.Pointer(c.p)) - uintptr(unsafe.Pointer(unsafe.SliceData(list))); len(list) == 0 || at >= uintptr(len(list))*unsafe.Sizeof(list[0]) {
			return false
		}
	}
	return true
}

// keptHashes returns, for each pair of packages of a view narrowed by
// stacks, the hashes both unfiltered snapshots hold in that package (nil
// for none). A spec of the view with such a hash that the other side of
// the view lacks left or joined the selected stacks: it is removed or
// added in the view (docs/json.md, Filters), never paired with another
// spec as rebuilt or updated, which would hide a removal from the gate.
func keptHashes(pairs [][2]*snapshot.Package, unfiltered [2]*snapshot.Snapshot) []map[string]bool {
	var byName [2]map[string]*snapshot.Package
	for side, s := range unfiltered {
		byName[side] = make(map[string]*snapshot.Package, len(s.Packages))
		for _, p := range s.Packages {
			byName[side][p.Name] = p
		}
	}
	out := make([]map[string]bool, len(pairs))
	for k, pr := range pairs {
		name := ""
		for _, p := range pr {
			if p != nil {
				name = p.Name
			}
		}
		op, np := byName[0][name], byName[1][name]
		if op == nil || np == nil {
			continue
		}
		old := make(map[string]bool, len(op.Specs))
		for i := range op.Specs {
			old[op.Specs[i].Hash] = true
		}
		for i := range np.Specs {
			if h := np.Specs[i].Hash; old[h] {
				if out[k] == nil {
					out[k] = map[string]bool{}
				}
				out[k][h] = true
			}
		}
	}
	return out
}

func newSide(s *snapshot.Snapshot) Side {
	skipped := slices.Clone(s.Skipped) // sorted by Load
	if skipped == nil {
		skipped = []snapshot.Skipped{}
	}
	return Side{Path: s.Path, Tag: s.Tag, Rev: s.Rev, Date: s.Date, Layout: s.Layout, IndexSHA256: s.IndexSum, Packages: len(s.Packages), Specs: s.Specs(), Skipped: skipped}
}

// matchPackage matches the specs of one package; op or np is nil for a
// package on one side only. The matching keys leave out the facets marked
// in m.ignore.
func (m *matcher) matchPackage(op, np *snapshot.Package) (Package, []snapshot.Warning) {
	defer m.reset()
	var p Package
	m.reserve(op, np)
	if op != nil {
		p.Name, p.OldFile = op.Name, op.File()
		m.olds = m.prepare(m.olds, op.Specs)
	}
	if np != nil {
		p.Name, p.NewFile = np.Name, np.File()
		m.news = m.prepare(m.news, np.Specs)
	}
	olds, news := m.olds, m.news
	if m.counts != nil {
		m.counts.addPrepared(0, m.pkg, olds)
		m.counts.addPrepared(1, m.pkg, news)
	}
	p.Counts.Old, p.Counts.New = len(olds), len(news)
	var warnings []snapshot.Warning

	// Pass 1: same hash.
	var restOld, restNew []*spec
	// Both specs of a hash are paired, the old one too: waits reads a
	// root's mate of either side as paired, so that a spec whose mate
	// is a hash both sides hold waits for it neither way round
	// (TestMateHeldBothSidesWaitedForNeitherWay).
	sameHash := func(o, n *spec) {
		o.paired, n.paired = true, true
		if o.ids != n.ids {
			warnings = append(warnings, snapshot.Warning{File: np.File(), Line: np.Line,
				Message: fmt.Sprintf("hash %s of %s has other facets than in the old snapshot (%s)", o.Hash, safeName(p.Name), facetDelta(o, n)) + hashOneBuild})
		}
		if delta := depsDelta(o.Deps(), n.Deps()); delta != "" {
			warnings = append(warnings, snapshot.Warning{File: np.File(), Line: np.Line,
				Message: fmt.Sprintf("hash %s of %s has other link or run dependencies than in the old snapshot (%s)", o.Hash, safeName(p.Name), delta) + hashOneBuild})
		}
		if !recipesAlike(o.Recipe(), n.Recipe()) {
			warnings = append(warnings, snapshot.Warning{File: np.File(), Line: np.Line,
				Message: fmt.Sprintf("hash %s of %s has another recipe than in the old snapshot (package_hash %s → %s)", o.Hash, safeName(p.Name), shortName(o.Recipe()), shortName(n.Recipe())) + hashOneBuild})
		}
		if o.stack == n.stack {
			p.Counts.Unchanged++
			return
		}
		m.ms = append(m.ms, matched{o: o, n: n, kind: kindRestacked})
	}
	switch {
	case len(olds) == 0 || len(news) == 0:
		restOld, restNew = slices.Clone(olds), slices.Clone(news)
	case byHash(olds) && byHash(news):
		// As Load gives them (Package.Specs): walk the two lists.
		restOld, restNew = make([]*spec, 0, len(olds)), make([]*spec, 0, len(news))
		i, j := 0, 0
		for i < len(olds) && j < len(news) {
			switch o, n := olds[i], news[j]; {
			case o.Hash < n.Hash:
				restOld = append(restOld, o)
				i++
			case o.Hash > n.Hash:
				restNew = append(restNew, n)
				j++
			default:
				sameHash(o, n)
				i++
				j++
			}
		}
		restOld, restNew = append(restOld, olds[i:]...), append(restNew, news[j:]...)
	default:
		newByHash := make(map[string]*spec, len(news))
		for _, s := range news {
			newByHash[s.Hash] = s
		}
		restOld = make([]*spec, 0, len(olds))
		for _, o := range olds {
			if n, ok := newByHash[o.Hash]; ok {
				sameHash(o, n)
			} else {
				restOld = append(restOld, o)
			}
		}
		restNew = make([]*spec, 0, len(news))
		for _, n := range news {
			if !n.paired {
				restNew = append(restNew, n)
			}
		}
	}
	restacked := len(m.ms)
	if restacked > 0 {
		ranked := make([]*spec, 0, len(restOld)+len(restNew)+restacked)
		ranked = append(append(ranked, restOld...), restNew...)
		for _, x := range m.ms {
			ranked = append(ranked, x.o)
		}
		m.rankSpecs(ranked)
	} else {
		m.rankSpecs(restOld, restNew)
	}
	slices.SortFunc(restOld, compareSpecs)
	slices.SortFunc(restNew, compareSpecs)
	// Under a stack filter, a spec whose hash both unfiltered snapshots
	// hold left or joined the selected stacks: removed or added, not
	// paired (keptHashes).
	var leftOld, joinedNew []*spec
	if m.kept != nil {
		restOld, leftOld = splitKept(restOld, m.kept)
		restNew, joinedNew = splitKept(restNew, m.kept)
	}

	m.waited = false
	restOld, restNew = m.passes(restOld, restNew)
	if m.waited {
		// A spec left for its mate (waits) that another took: the
		// passes again, none waiting.
		m.waited, m.noWait = false, true
		restOld, restNew = m.passes(restOld, restNew)
		m.noWait = false
	}
	// Pass 4: whatever is left.
	if len(leftOld) > 0 {
		restOld = append(restOld, leftOld...)
		slices.SortFunc(restOld, compareSpecs)
	}
	if len(joinedNew) > 0 {
		restNew = append(restNew, joinedNew...)
		slices.SortFunc(restNew, compareSpecs)
	}
	p.Specs.Removed = make([]Spec, len(restOld))
	for i, o := range restOld {
		p.Specs.Removed[i] = public(o)
	}
	p.Specs.Added = make([]Spec, len(restNew))
	for i, n := range restNew {
		p.Specs.Added[i] = public(n)
	}

	p.Specs.Restacked, p.Specs.Rebuilt, p.Specs.Updated = m.pairs()
	c := &p.Counts
	c.Restacked, c.Rebuilt, c.Updated = len(p.Specs.Restacked), len(p.Specs.Rebuilt), len(p.Specs.Updated)
	c.Added, c.Removed = len(p.Specs.Added), len(p.Specs.Removed)
	switch {
	case op == nil:
		p.Status = Added
	case np == nil:
		p.Status = Removed
	case c.Unchanged == c.Old && c.Old == c.New:
		p.Status = Unchanged
	default:
		p.Status = Changed
	}
	p.Versions = m.versionChange(olds, news, p.Status, true)
	p.SharedVariants = m.sharedVariants(olds, news, true)
	return p, warnings
}

// passes are matchPackage's passes 2 and 3 over the specs left by the
// first.
func (m *matcher) passes(restOld, restNew []*spec) ([]*spec, []*spec) {
	// Pass 2: rebuilt, the same facets under a new hash.
	restOld, restNew = m.match(restOld, restNew, -1)
	// Pass 3: updated, exactly one facet differs, one pass per facet.
	for f := range numFacets {
		if m.ignore[f] || m.single[f] {
			// The rebuilt pass paired whatever this one could: its keys
			// leave out f, and so did the rebuilt pass's when f is
			// ignored, or f has one value in the specs left (the
			// rebuilt pass left no old and new spec of one key).
			continue
		}
		restOld, restNew = m.match(restOld, restNew, f)
	}
	return restOld, restNew
}

// match pairs olds with news whose facets are equal but for the one at
// skip (-1: all equal), recording the pairs in m.ms. Both lists are
// sorted by compareSpecs. Within a group of equal keys, specs with equal
// stacks pair first (pairGroup: both ways round, then one way, then the
// other), then the rest, both in order: in the version pass
// from the newest down, so that old {1.0, 2.0} and new {2.1} read as 2.0 →
// 2.1 with 1.0 gone. The pairing is symmetric, so diff(B,A) mirrors
// diff(A,B). It returns the unpaired specs, still sorted (reusing the
// lists' storage).
//
// The cost is linear in the specs: each group is gathered once, and within
// a group the equal-stacks pairing looks each new spec up by its stacks
// rather than scanning the group for every old spec.
func (m *matcher) match(olds, news []*spec, skip int) (restOld, restNew []*spec) {
	m.pass++
	if len(olds) == 0 || len(news) == 0 {
		return olds, news
	}
	if skip < 0 && m.ignore == ([numFacets]bool{}) && m.in.odd == nil && olds[0].ranked && news[0].ranked {
		return m.matchSorted(olds, news)
	}
	return m.matchIndexed(olds, news, skip)
}

// matchIndexed is match by a map of the groups' keys.
func (m *matcher) matchIndexed(olds, news []*spec, skip int) (restOld, restNew []*spec) {
	m.indexed++
	// Number the groups of news, then give each old its group (-1: no
	// new spec has its key).
	index := make(map[matchKey]int32, len(news))
	m.group = slices.Grow(m.group[:0], len(olds)+len(news))[:len(olds)+len(news)]
	gOf, gOfNew := m.group[:len(olds)], m.group[len(olds):]
	size := []int32{}
	for i, n := range news {
		k := m.key(n, skip)
		g, ok := index[k]
		if !ok {
			g = int32(len(size))
			index[k] = g
			size = append(size, 0)
		}
		gOfNew[i] = g
		size[g]++
	}
	oldSize := make([]int32, len(size))
	found := false
	for i, o := range olds {
		g, ok := index[m.key(o, skip)]
		if !ok {
			g = -1
		} else {
			oldSize[g]++
			found = true
		}
		gOf[i] = g
	}
	if !found {
		return olds, news
	}
	// Lay the groups out one after another, each in list order: a
	// counting sort by group.
	startNew, startOld := offsets(size), offsets(oldSize)
	m.scan = slices.Grow(m.scan[:0], len(olds))[:len(olds)]
	m.scanN = slices.Grow(m.scanN[:0], len(news))[:len(news)]
	for i, o := range olds {
		if g := gOf[i]; g >= 0 {
			m.scan[startOld[g]] = o
			startOld[g]++
		}
	}
	for i, n := range news {
		g := gOfNew[i]
		m.scanN[startNew[g]] = n
		startNew[g]++
	}
	oEnd, nEnd := startOld, startNew // each group's end, after the fill
	for g := range size {
		if oldSize[g] == 0 {
			continue
		}
		gOld := m.scan[oEnd[g]-oldSize[g] : oEnd[g]]
		gNew := m.scanN[nEnd[g]-size[g] : nEnd[g]]
		if skip == fVersion { // newest first
			slices.Reverse(gOld)
			slices.Reverse(gNew)
		}
		m.pairGroup(gOld, gNew, skip)
	}
	return unpaired(olds), unpaired(news)
}

// matchSorted is match's rebuilt pass (all facets equal, none ignored)
// for ranked specs (rankSpecs): the facets' ranks are the first part of
// the order both lists are sorted in, so the specs of a group are
// neighbours in each, and walking the two lists together finds the
// groups, in the order match numbers them, without a map. Equal ranks
// are equal facets when the interner has no odd list (an odd list ranks
// with the list that joins alike, but is another facet value).
func (m *matcher) matchSorted(olds, news []*spec) (restOld, restNew []*spec) {
	// The facets' ranks: ord without the stacks' (its low stackBits), or
	// the ranks one by one when they are not packed.
	mask := ^uint64(0) << m.stackBits
	order := func(a, b *spec) int {
		if a.packed && b.packed {
			x, y := [2]uint64{a.ord[0], a.ord[1] & mask}, [2]uint64{b.ord[0], b.ord[1] & mask}
			return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1]))
		}
		return compareRanks(a, b)
	}
	found := false
	for i, j := 0, 0; i < len(olds) && j < len(news); {
		switch c := order(olds[i], news[j]); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			i2, j2 := i+1, j+1
			for i2 < len(olds) && order(olds[i2], olds[i]) == 0 {
				i2++
			}
			for j2 < len(news) && order(news[j2], news[j]) == 0 {
				j2++
			}
			m.pairGroup(olds[i:i2], news[j:j2], -1)
			i, j = i2, j2
			found = true
		}
	}
	if !found {
		return olds, news
	}
	return unpaired(olds), unpaired(news)
}

// offsets turns sizes into start offsets, in place order.
func offsets(size []int32) []int32 {
	start := make([]int32, len(size))
	var at int32
	for g, n := range size {
		start[g] = at
		at += n
	}
	return start
}

// pairGroup pairs the specs of one group: respell's mates first
// (pairMates), then equal stacks, each old spec in order with the first
// unpaired new spec in order with its stacks; then the rest, in order.
// Where a side is respelt (m.other), stacks equal both ways round pair
// first, then those equal one way (the old spec's respelt against the
// new spec's as written) or the other (the old spec's as written
// against the new spec's respelt into the old side's: the diff the
// other way round pairs them by its equal stacks), in the order of the
// hashes (pairAlikeByHash), before the rest: taking first those equal
// one way paired an old spec equal to one new spec one way and to
// another the other way with the first old → new and the second new →
// old (TestUpdatedByOSMirror, TestFacetAlikeOneWayOrOtherMirror). The
// rest leaves a spec whose mate
// a later pass pairs with it (waits: TestRootMateWaitsForItsPass).
func (m *matcher) pairGroup(gOld, gNew []*spec, skip int) {
	if len(gOld)+len(gNew) > 2 {
		m.ambiguous = true
		m.pairMates(gOld, gNew, skip)
		if m.other != nil {
			m.pairByKey(gOld, gNew, skip, m.bothWays)
		}
	}
	if m.other != nil {
		m.pairAlikeByHash(gOld, gNew, skip)
	} else if len(gOld) == 1 || len(gNew) == 1 {
		// One side is a single spec: a scan finds its partner.
		for _, o := range gOld {
			for _, n := range gNew {
				m.probes++
				if o.paired {
					break // its mate's (pairMates)
				}
				if !n.paired && o.stack == n.stack {
					m.record(o, n, skip)
					break
				}
			}
		}
	} else {
		// Queues of new specs per stacks, in order: next links them.
		head := make(map[uint32]int, len(gNew))
		next := make([]int, len(gNew))
		for i := len(gNew) - 1; i >= 0; i-- {
			m.probes++
			n := gNew[i]
			if h, ok := head[n.stack]; ok {
				next[i] = h
			} else {
				next[i] = -1
			}
			head[n.stack] = i
		}
		for _, o := range gOld {
			m.probes++
			if o.paired {
				continue // its mate's (pairMates)
			}
			h, ok := head[o.stack]
			for ok && h >= 0 && gNew[h].paired { // a mate's: off the queue
				h = next[h]
				head[o.stack] = h
			}
			if ok && h >= 0 {
				m.record(o, gNew[h], skip)
				head[o.stack] = next[h]
			}
		}
	}
	// Then the rest, in order.
	if m.other != nil {
		gOld, gNew = m.restByHash(gOld, skip), m.restByHash(gNew, skip)
	}
	i, j := 0, 0
	for {
		for i < len(gOld) && (gOld[i].paired || m.waits(gOld[i], true, skip)) {
			i++
		}
		for j < len(gNew) && (gNew[j].paired || m.waits(gNew[j], false, skip)) {
			j++
		}
		if i == len(gOld) || j == len(gNew) {
			return
		}
		m.probes++
		m.record(gOld[i], gNew[j], skip)
	}
}

// restByHash is g's specs not paired, where a side is respelt, for
// pairGroup's rest: in the group's order but for the stacks, ties by
// hash (in the version pass newest first, the hashes reversed too). The
// group's order ranks the old specs' stacks respelt into the new
// side's spellings, so one way round and the other they came in
// another order, and builds alike of one version paired crosswise
// (drawRootFolders' seed 27154, TestLeadBuildsAlikeCrosswiseOneWay).
func (m *matcher) restByHash(g []*spec, skip int) []*spec {
	var out []*spec
	for _, s := range g {
		m.probes++
		if !s.paired {
			out = append(out, s)
		}
	}
	if len(out) < 2 {
		return out
	}
	mask := ^uint64(0) << m.stackBits
	slices.SortStableFunc(out, func(a, b *spec) int {
		var c int // rankSpecs ranked them all
		if a.packed && b.packed {
			c = cmp.Or(cmp.Compare(a.ord[0], b.ord[0]), cmp.Compare(a.ord[1]&mask, b.ord[1]&mask))
		} else {
			c = compareRanks(a, b)
		}
		c = cmp.Or(c, strings.Compare(a.Hash, b.Hash))
		if skip == fVersion {
			return -c
		}
		return c
	})
	return out
}

// pairAlikeByHash pairs, where a side is respelt, the specs of a group
// whose stacks are equal one way round (the old spec's respelt against
// the new spec's as written) or the other (the old spec's as written
// against the new spec's respelt into the old side's), in the order of
// their hashes: each spec in turn, of either side, with the first by
// hash of the other side's alike to it. The same pairs whichever side
// is old, where taking first the pairs equal one way left the order of
// the specs to choose (drawFacetFolders' seed 32324: debian's cmake a
// took ubuntu's e, as the roots, old → new, rhel's c new → old,
// TestFacetAlikeOneWayOrOtherMirror).
func (m *matcher) pairAlikeByHash(gOld, gNew []*spec, skip int) {
	type side struct {
		specs []*spec
		keys  [][2]uint32 // stacks and other stacks (other: 0 none)
		by    [2]map[uint32][]int
		old   bool
	}
	if len(gOld) == 1 || len(gNew) == 1 {
		// One side is a single spec: it pairs with the first by hash
		// of the other side's alike to it, a scan without maps.
		one, old := gOld[0], true
		if len(gOld) != 1 {
			one, old = gNew[0], false
		}
		if one.paired {
			return
		}
		others := gNew
		if !old {
			others = gOld
		}
		k, kok := m.otherID(one, old)
		var best *spec
		for _, x := range others {
			m.probes++
			if x.paired || best != nil && x.Hash >= best.Hash {
				continue
			}
			if x.stack == one.stack {
				best = x
			} else if xk, ok := m.otherID(x, !old); ok && kok && xk == k {
				best = x
			}
		}
		if best != nil && old {
			m.record(one, best, skip)
		} else if best != nil {
			m.record(best, one, skip)
		}
		return
	}
	sides := [2]*side{{old: true}, {}}
	for x, g := range [2][]*spec{gOld, gNew} {
		sd := sides[x]
		for _, s := range g {
			m.probes++
			if !s.paired {
				sd.specs = append(sd.specs, s)
			}
		}
		slices.SortFunc(sd.specs, func(a, b *spec) int { return strings.Compare(a.Hash, b.Hash) })
		for i, s := range sd.specs {
			id, ok := m.otherID(s, sd.old)
			k := [2]uint32{s.stack, 0}
			if ok {
				k[1] = id + 1
			}
			sd.keys = append(sd.keys, k)
			for w := range 2 {
				if w == 1 && k[w] == 0 {
					continue
				}
				if sd.by[w] == nil {
					sd.by[w] = map[uint32][]int{}
				}
				sd.by[w][k[w]] = append(sd.by[w][k[w]], i)
			}
		}
	}
	if len(sides[0].specs) == 0 || len(sides[1].specs) == 0 {
		return
	}
	// first is the first unpaired spec of sd by hash whose key w is k.
	first := func(sd *side, w int, k uint32) int {
		q := sd.by[w][k]
		for len(q) > 0 && sd.specs[q[0]].paired {
			q = q[1:]
		}
		sd.by[w][k] = q
		if len(q) == 0 {
			return -1
		}
		return q[0]
	}
	for i, j := 0, 0; i < len(sides[0].specs) || j < len(sides[1].specs); {
		x, at := 0, i
		if i == len(sides[0].specs) || j < len(sides[1].specs) && sides[1].specs[j].Hash < sides[0].specs[i].Hash {
			x, at = 1, j
			j++
		} else {
			i++
		}
		me, them := sides[x], sides[1-x]
		s := me.specs[at]
		if s.paired {
			continue
		}
		best := -1
		for w := range 2 {
			k := me.keys[at][w]
			if k == 0 && w == 1 {
				continue
			}
			m.probes++
			if c := first(them, w, k); c >= 0 && (best < 0 || c < best) {
				best = c
			}
		}
		if best < 0 {
			continue
		}
		if x == 0 {
			m.record(s, them.specs[best], skip)
		} else {
			m.record(them.specs[best], s, skip)
		}
	}
}

// pairMates pairs each old spec of a group whose root respell paired
// by environment with a new root (m.mates) with that root's spec, when
// it is of the group and not paired yet: the roots' changes pair them so
// (rootChanges), and the stacks may not tell them apart (rhel8's
// curl@=2.0 for a 2.0 respelt into curl, changed into 7 1.0, beside
// ubuntu's curl for l 1.0 changed into rhel8's z 3.0: a's spec in stack
// curl, as are 7's and z's, paired with z, newest first, and l's with
// 7's, where the other way round 7's, in stack curl@=2.0, paired with
// a's, and z was removed and l added).
func (m *matcher) pairMates(gOld, gNew []*spec, skip int) {
	if len(m.mates) == 0 {
		return
	}
	var at map[string]*spec // the group's new specs by hash, made when first needed
	for _, o := range gOld {
		h, ok := m.mates[o.Hash]
		if !ok || o.paired {
			continue
		}
		if at == nil {
			at = make(map[string]*spec, len(gNew))
			for _, n := range gNew {
				m.probes++
				at[n.Hash] = n
			}
		}
		m.probes++
		if n := at[h]; n != nil && !n.paired {
			m.record(o, n, skip)
		}
	}
}

// record pairs o with n, found by the pass that skips facet skip (-1:
// rebuilt).
func (m *matcher) record(o, n *spec, skip int) {
	o.paired, n.paired = true, true
	o.pass, n.pass = m.pass, m.pass
	kind := kindRebuilt
	if skip >= 0 && m.other != nil && m.facetsDiffer(o, n) == 0 {
		// Of the rebuilt pass's rest, left for a mate that another took
		// (waits): rebuilt.
		skip = -1
	}
	if skip >= 0 {
		kind = kindUpdated
	}
	m.ms = append(m.ms, matched{o: o, n: n, kind: kind, facet: int8(skip)})
}

// unpaired keeps the specs not paired, in order, in specs' storage.
func unpaired(specs []*spec) []*spec {
	out := specs[:0]
	for _, s := range specs {
		if !s.paired {
			out = append(out, s)
		}
	}
	return out
}

func public(s *spec) Spec { return publicSpec(s.Spec) }

// reportSpecs makes the specs of the pairs of packages specs of a
// report: a pair holds the loaded spec itself from its matching on
// (m.pair), which the report shares with its snapshot (a real week pairs
// nearly every spec, and a copy of each was 19 MB more of a 60k-spec
// diff's peak memory), unless it has what a reported spec has not: a
// nil list (written [] in a report, never null) or the fields of More
// (Deps, Tarball, ...; a report's spec has none, as public gives it).
// Those, every spec of Spack's own files, get a copy as public makes it
// here, once the pairs are explained: made as each pair was, the copies
// of a lockfile pair of 32,000 roots were 5 MB more of the live heap at
// compareAll's end, where it peaks, and during Explain.
func reportSpecs(packages []Package) {
	n := 0
	for i := range packages {
		for _, l := range pairLists(&packages[i].Specs) {
			for j := range l {
				n += copied(l[j].Old) + copied(l[j].New)
			}
		}
	}
	if n == 0 {
		return
	}
	copies := make([]Spec, 0, n)
	for i := range packages {
		for _, l := range pairLists(&packages[i].Specs) {
			for j := range l {
				for _, sp := range [2]**Spec{&l[j].Old, &l[j].New} {
					if copied(*sp) == 1 {
						copies = append(copies, publicSpec(*sp))
						*sp = &copies[len(copies)-1]
					}
				}
			}
		}
	}
}

// pairLists are the lists of pairs of c.
func pairLists(c *SpecChanges) [3][]Pair {
	return [...][]Pair{c.Restacked, c.Rebuilt, c.Updated}
}

// copied is 1 when a pair's spec sp is not a report's spec as it is (see
// reportSpecs), else 0.
func copied(sp *Spec) int {
	if sp == nil || sp.More == nil && sp.Versions != nil && sp.Variants != nil && sp.Stacks != nil {
		return 0
	}
	return 1
}

// publicSpec is sp as a report holds it, as public makes it.
func publicSpec(sp *Spec) Spec {
	return Spec{
		Hash: sp.Hash, Versions: orEmpty(sp.Versions), Compiler: sp.Compiler,
		OS: sp.OS, Platform: sp.Platform, Target: sp.Target,
		Variants: orEmpty(sp.Variants), Stacks: orEmpty(sp.Stacks),
	}
}

// onceEach is a copy of a spec's variants l, never nil, with the later
// copies of each value left out: canonicalized, l is sorted
// (snapshot.ListOrder), so its neighbours tell, and only a list as
// written is looked through.
func onceEach(l []string) []string {
	out := make([]string, 0, len(l))
	sorted := slices.IsSortedFunc(l, snapshot.ListOrder("variant"))
	var seen map[string]bool
	for i, v := range l {
		switch {
		case sorted:
			if i > 0 && l[i-1] == v {
				continue
			}
		case len(l) <= smallList:
			if slices.Contains(out, v) {
				continue
			}
		default:
			if seen == nil {
				seen = make(map[string]bool, len(l))
			}
			if seen[v] {
				continue
			}
			seen[v] = true
		}
		out = append(out, v)
	}
	return out
}

// orEmpty makes empty lists [] rather than null in JSON.
func orEmpty[T any](l []T) []T {
	if l == nil {
		return []T{}
	}
	return l
}

// sharedVariants returns the variants that every spec has, on both sides,
// in the order of the first spec's list, each once. keyed says the specs
// come from m.prepare: then each distinct list of variants (by its
// interned id) is looked at once, not once per spec. A --no-canonicalize
// page's list may hold a variant twice (it stays as written): the report
// listed it twice as shared, "Every spec has ~ipo ~ipo", and render
// refused the report cachediff wrote (a shared variant is there once).
func (m *matcher) sharedVariants(olds, news []*spec, keyed bool) []string {
	var first *spec
	switch {
	case len(olds) > 0:
		first = olds[0]
	case len(news) > 0:
		first = news[0]
	default:
		return []string{}
	}
	order := snapshot.ListOrder("variant")
	if len(first.Variants) > smallList && sortedLists(olds, order) && sortedLists(news, order) {
		return m.sharedSorted(first.Variants, olds, news, order)
	}
	shared := onceEach(first.Variants) // never nil: a list of the report, never null
	if len(shared) <= smallList {
		// Few candidates: a scan of each spec's list for each of them is
		// linear in the specs' variants.
		if keyed {
			if n := len(m.in.vals); len(m.stamp) < n {
				m.stamp = slices.Grow(m.stamp, n-len(m.stamp))[:n]
			}
			m.stampGen++
		}
		for _, side := range [2][]*spec{olds, news} {
			for _, s := range side {
				if keyed {
					if id := s.ids[fVariants]; m.stamp[id] != m.stampGen {
						m.stamp[id] = m.stampGen
					} else {
						continue // a list looked at already
					}
				}
				if len(shared) == 0 {
					return shared
				}
				shared = slices.DeleteFunc(shared, func(v string) bool {
					m.probes += len(s.Variants)
					return !slices.Contains(s.Variants, v)
				})
			}
		}
		return shared
	}
	// Many: count in how many specs each candidate is, once per spec.
	type count struct{ specs, last int }
	counts := make(map[string]*count, len(shared))
	for _, v := range shared {
		counts[v] = &count{}
	}
	k := 0
	for _, side := range [2][]*spec{olds, news} {
		for _, s := range side {
			k++
			for _, v := range s.Variants {
				m.probes++
				if c := counts[v]; c != nil && c.last != k {
					c.specs, c.last = c.specs+1, k
				}
			}
		}
	}
	return slices.Clone(slices.DeleteFunc(shared, func(v string) bool { return counts[v].specs != k }))
}

// sharedSorted is sharedVariants of specs whose lists are all in the
// canonical order (as loaded, unless --no-canonicalize), the first's
// cand, of more than smallList variants: a merge of the candidates with
// each spec's list, where a map of them per package cost an allocation
// per candidate and the time of a map that outgrew the caches (one spec
// of a million variants; TestManyVariantsCompareAllocs). The candidates
// are cand's own, a mark each; once half are gone the others are copied
// out, so that each spec's merge costs what is left. They were a copy
// of cand, and the result a copy of that: two lists of the spec's every
// variant (20 MB each at 1.28M) beside the diff's others at its peak
// (TestSharedVariantsManyAllocs).
func (m *matcher) sharedSorted(cand []string, olds, news []*spec, order func(a, b string) int) []string {
	keep := make([]bool, len(cand))
	n := 0
	for i, v := range cand {
		if i == 0 || cand[i-1] != v {
			keep[i] = true
			n++
		}
	}
	for _, side := range [2][]*spec{olds, news} {
		for _, s := range side {
			m.probes += n + len(s.Variants)
			j, l := 0, s.Variants
			for i, v := range cand {
				if !keep[i] {
					continue
				}
				for j < len(l) && order(l[j], v) < 0 {
					j++
				}
				if j == len(l) || l[j] != v {
					keep[i] = false
					n--
				}
			}
			if n == 0 {
				return []string{}
			}
			if n < len(cand)/2 {
				cand, keep = kept(cand, keep, n), keep[:n]
				for i := range keep {
					keep[i] = true
				}
			}
		}
	}
	return kept(cand, keep, n)
}

// kept returns the n strings of l whose mark in keep is set, in a list
// of their own.
func kept(l []string, keep []bool, n int) []string {
	out := make([]string, 0, n)
	for i, v := range l {
		if keep[i] {
			out = append(out, v)
		}
	}
	return out
}

// sortedLists reports whether every spec's variants are in order.
func sortedLists(specs []*spec, order func(a, b string) int) bool {
	for _, s := range specs {
		if !slices.IsSortedFunc(s.Variants, order) {
			return false
		}
	}
	return true
}

// smallList is the length up to which the list operations scan rather
// than build a set: a scan for each of at most smallList values is linear.
const smallList = 16

// movedHashes warns about hashes that left one package and joined another:
// a hash names one build of one package, so this is an anomaly of the
// input (each side is reported as removed and added, or as a rebuild or
// update in each package). It needs the report
// alone: a hash added to one package that an old package had is not in
// that package's new page (a hash is on one page of a snapshot), so it
// left that package as a removed spec or as the old spec of a rebuild or
// update, and the report lists it there.
func movedHashes(pkgs []Package) []snapshot.Warning {
	// A real week rebuilds most specs, so the new hashes are most of the
	// report, and a hash moves almost never. The new hashes are filed
	// first as their maphash alone, in a table of 8 bytes a hash (a map
	// of strings cost the whole diff 6% more time and memory), and only
	// the old hashes that table may hold are then looked up by string.
	n := 0
	for i := range pkgs {
		eachNewHash(&pkgs[i], func(string) { n++ })
	}
	if n == 0 {
		return nil
	}
	seen := newHashFilter(n)
	for i := range pkgs {
		eachNewHash(&pkgs[i], seen.add)
	}
	// Which package each new hash left: the last one, in order, whose
	// old specs hold it. The old hashes of a real week are every pair of
	// the report, too many to read on one core alone: the two
	// halves of the packages are read at once, each noting what it
	// may have found, and the notes are applied in order.
	type note struct{ hash, name string }
	scan := func(pkgs []Package) []note {
		var notes []note
		for _, p := range pkgs {
			for _, s := range p.Specs.Removed {
				if seen.has(s.Hash) {
					notes = append(notes, note{s.Hash, p.Name})
				}
			}
			for _, l := range [][]Pair{p.Specs.Rebuilt, p.Specs.Updated, p.Specs.Restacked} {
				for i := range l {
					if seen.has(l[i].Old.Hash) {
						notes = append(notes, note{l[i].Old.Hash, p.Name})
					}
				}
			}
		}
		return notes
	}
	var second []note
	var wg sync.WaitGroup
	wg.Go(func() { second = scan(pkgs[len(pkgs)/2:]) })
	first := scan(pkgs[:len(pkgs)/2])
	wg.Wait()
	if len(first)+len(second) == 0 {
		return nil
	}
	// An old hash noted is a new one, or one whose maphash is a new
	// one's: looked up by string, the second kind finds nothing.
	left := map[string]string{}
	for _, n := range append(first, second...) {
		left[n.hash] = n.name
	}
	var warnings []snapshot.Warning
	for _, p := range pkgs {
		eachNewHash(&p, func(h string) {
			if from := left[h]; from != "" && from != p.Name {
				// A page retitled "bс", its c Cyrillic, read "moved from
				// package bc to bс": quoted in ASCII (lookalike.Pair).
				warnings = append(warnings, snapshot.Warning{File: p.NewFile,
					Message: fmt.Sprintf("hash %s moved from package %s to %s", h, lookalike.Pair(from, p.Name), lookalike.Pair(p.Name, from)) + hashOnePackage})
			}
		})
	}
	return warnings
}

// hashFilter is a set of strings kept as their maphash alone, in an open
// table of at least twice as many slots: has may say yes for a string
// that was not added (two strings of one maphash), never no for one that
// was.
type hashFilter struct {
	slots []uint64 // maphash | 1; 0 is empty
	mask  uint64
}

func newHashFilter(n int) *hashFilter {
	size := 16
	for size < 2*n {
		size *= 2
	}
	return &hashFilter{slots: make([]uint64, size), mask: uint64(size - 1)}
}

func (f *hashFilter) add(s string) {
	h := maphash.String(graphSeed, s) | 1
	for i := h >> 1 & f.mask; ; i = (i + 1) & f.mask {
		switch f.slots[i] {
		case 0:
			f.slots[i] = h
			return
		case h:
			return
		}
	}
}

func (f *hashFilter) has(s string) bool {
	h := maphash.String(graphSeed, s) | 1
	for i := h >> 1 & f.mask; ; i = (i + 1) & f.mask {
		switch f.slots[i] {
		case 0:
			return false
		case h:
			return true
		}
	}
}

// eachNewHash calls f with each hash of p's new specs that its old ones
// lack, in list order: the added specs, then the new specs of rebuilds
// and updates. A hash that left another package may be either: two
// pages whose hashes were swapped read as two rebuilds.
func eachNewHash(p *Package, f func(h string)) {
	for i := range p.Specs.Added {
		f(p.Specs.Added[i].Hash)
	}
	for _, l := range [][]Pair{p.Specs.Rebuilt, p.Specs.Updated} {
		for i := range l {
			f(l[i].New.Hash)
		}
	}
}

// updateGroups counts updated specs by (facet, from, to): the pass order
// of facets, then most specs first, then from and to.
func updateGroups(pkgs []Package) []UpdateGroup {
	idx := map[[3]string]int{}
	groups := []UpdateGroup{}
	for _, p := range pkgs {
		for _, u := range p.Specs.Updated {
			k := [3]string{u.Facet, u.From, u.To}
			i, ok := idx[k]
			if !ok {
				i = len(groups)
				idx[k] = i
				groups = append(groups, UpdateGroup{Facet: u.Facet, From: u.From, To: u.To})
			}
			g := &groups[i]
			g.Specs++
			if n := len(g.Packages); n == 0 || g.Packages[n-1] != p.Name {
				g.Packages = append(g.Packages, p.Name) // pkgs are sorted by name
			}
		}
	}
	rank := map[string]int{}
	for i, f := range facetNames {
		rank[f] = i
	}
	// Order the values once (version.Compare parses at every call): the
	// values of the groups that tie on facet and specs, the only ones the
	// order is asked for. All of them were parsed, whose scratch is 12
	// bytes a component: one pair of a spec of 1.28M variants, every one
	// flipped, is one group whose from and to parsed to 60 MB at once,
	// the compare's peak (TestUpdateGroupsParseTiesOnly).
	type tie struct{ rank, specs int }
	ties := make(map[tie]int, len(groups))
	for _, g := range groups {
		ties[tie{rank[g.Facet], g.Specs}]++
	}
	var values []string
	for _, g := range groups {
		if ties[tie{rank[g.Facet], g.Specs}] > 1 {
			values = append(values, g.From, g.To)
		}
	}
	slices.Sort(values)
	values = slices.Compact(values)
	version.Sort(values)
	order := make(map[string]int, len(values))
	for i, v := range values {
		order[v] = i
	}
	slices.SortFunc(groups, func(a, b UpdateGroup) int {
		return cmp.Or(cmp.Compare(rank[a.Facet], rank[b.Facet]), cmp.Compare(b.Specs, a.Specs),
			cmp.Compare(order[a.From], order[b.From]), cmp.Compare(order[a.To], order[b.To]))
	})
	return groups
}

// pair is the Pair of a matched old and new spec.
func (m *matcher) pair(x matched) (p Pair) {
	o, n := x.o, x.n
	// The loaded specs: the report's copies, where it needs them, are
	// made once its pairs are explained (reportSpecs).
	p.Old, p.New = o.Spec, n.Spec
	if o.stack != n.stack { // equal ids, equal lists: nothing joined or left
		p.StacksJoined, p.StacksLeft = m.stacksDelta(o, n)
	}
	p.plain = plainNo
	if len(p.StacksJoined)+len(p.StacksLeft) == 0 && o.ids == n.ids {
		p.plain = plainYes // equal ids, equal facets (see interner)
	}
	if x.kind == kindUpdated {
		f := int(x.facet)
		p.Facet = facetNames[f]
		if f == fVariants {
			// Not the lists whole (show), which a spec of many
			// variants wrote only to drop: 12 MB each at 1.28M.
			p.From = listops.MinusJoin(o.Variants, n.Variants, " ", &m.probes)
			p.To = listops.MinusJoin(n.Variants, o.Variants, " ", &m.probes)
		} else if f == fVersion {
			p.From, p.To = JoinVersions(o.Versions, n.Versions), JoinVersions(n.Versions, o.Versions)
		} else {
			p.From, p.To = o.show(f), n.show(f)
		}
	}
	return p
}

// JoinVersions writes a spec's versions l beside the other spec's,
// other (nil for a list alone), as an updated pair's from and to and
// every view's list of versions: joined by ", ", each as it is, unless
// a version of either list holds a comma or a double quote, or is
// empty: then each is quoted, as Go quotes a string. Joined as they
// are, the versions ["1.0, 2.0"] and ["1.0", "2.0"] read alike ("1.0,
// 2.0 → 1.0, 2.0", no change), [""] as [], and [`"1.0`, `2.0"`] as
// ["1.0, 2.0"] quoted (versionsDelta quotes the facets warning's
// alike).
func JoinVersions(l, other []string) string {
	odd := func(v string) bool { return v == "" || strings.ContainsAny(v, `,"`) }
	if !slices.ContainsFunc(l, odd) && !slices.ContainsFunc(other, odd) {
		return strings.Join(l, ", ")
	}
	q := make([]string, len(l))
	for i, v := range l {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ", ")
}

// stacksDelta returns the stacks only n holds and those only o holds,
// remembered by the two lists' interned ids: the pairs of one old list
// and one new share the two results. A lockfile's stacks are its roots,
// and the specs under the same roots one list: K packages under a root
// that became M roots had each pair compute the M joined, K·M, and the
// diff of a lockfile of 8,000 nodes cost 23x the time of 2,000 and 1.4
// GB.
func (m *matcher) stacksDelta(o, n *spec) (joined, left []string) {
	if o.in == nil || o.in != n.in {
		return m.minus(n.Stacks, o.Stacks), m.minus(o.Stacks, n.Stacks)
	}
	k := [2]uint32{o.stack, n.stack}
	if d, ok := m.deltas[k]; ok {
		return d[0], d[1]
	}
	joined, left = m.minus(n.Stacks, o.Stacks), m.minus(o.Stacks, n.Stacks)
	if m.deltas == nil {
		m.deltas = map[[2]uint32][2][]string{}
	}
	m.deltas[k] = [2][]string{joined, left}
	return joined, left
}

// minus returns the strings of a not in b, in a's order (nil for none),
// counting its probes.
func (m *matcher) minus(a, b []string) []string { return listops.Minus(a, b, &m.probes) }

// facetDelta names the facets in which o and n, of one hash, differ, each
// as "os old → new". A value is quoted in ASCII when it or the other is
// not ASCII, or either is odd (lookalike.Pair): a compiler gсc@13, its c
// Cyrillic, read "compiler gcc@13 → gсc@13", two values that look the
// same, and one spelled "g\u0441c", quotes its own, read as the quoted
// gсc. The variants are quoted once, each as an element of their list
// (lookalike.Item, variantsDelta): their list quoted again as a value
// read v=x and +w as the one variant "v=x +w".
func facetDelta(o, n *spec) string {
	var parts []string
	for f := range numFacets {
		if o.facet(f) != n.facet(f) {
			var lead, ov, om, nv, nm string
			switch f {
			case fVariants:
				lead, ov, om, nv, nm = variantsDelta(o.Variants, n.Variants)
			case fVersion:
				ov, nv = versionsDelta(o.Versions, n.Versions), versionsDelta(n.Versions, o.Versions)
			default:
				ov, nv = lookalike.Pair(o.show(f), n.show(f)), lookalike.Pair(n.show(f), o.show(f))
			}
			parts = append(parts, fmt.Sprintf("%s%s %s%s → %s%s", facetNames[f], lead, ov, om, nv, nm))
		}
	}
	return strings.Join(parts, ", ")
}

// versionsDelta writes a spec's versions l beside the other spec's,
// other, for facetDelta: joined by ", ", each as it is, unless a version
// of either list holds a comma or is empty, or lookalike would quote it
// (a space at its end, a letter not ASCII): then each is quoted in
// ASCII. Joined as they are, the two versions 1.0 and 2.0 read as the
// one version "1.0, 2.0".
func versionsDelta(l, other []string) string {
	odd := func(v string) bool { return v == "" || strings.Contains(v, ",") || lookalike.Value(v) != v }
	if !slices.ContainsFunc(l, odd) && !slices.ContainsFunc(other, odd) {
		return strings.Join(l, ", ")
	}
	q := make([]string, len(l))
	for i, v := range l {
		q[i] = strconv.QuoteToASCII(v)
	}
	return strings.Join(q, ", ")
}

// variantsDelta says how the variants of one hash differ, for
// facetDelta: those only the old spec has, and those only the new one
// has, as a pair's From and To list them (pair), each cut after
// maxDeltaVariants, with " …and N more" for the rest ("none" for none).
// The lists whole, which it wrote before, were each spec's every
// variant: a spec of 1.28M variants, one flipped, warned in 25 MB,
// built in as much again (TestFacetDeltaManyVariants). Two lists of the
// same variants in another order, or with one repeated (not
// canonicalized), are each shown from the first place they part, cut
// the same way, and lead says how many alike it skips: shown whole,
// a spec of 800k variants and its reversed copy (--no-canonicalize)
// warned in 16 MB and peaked at 5.6x the pair's input
// (TestFacetDeltaReorderedVariants).
func variantsDelta(o, n []string) (lead, ov, omore, nv, nmore string) {
	gone, came := listops.Minus(o, n, nil), listops.Minus(n, o, nil)
	if len(gone) == 0 && len(came) == 0 {
		i := 0
		for i < len(o) && i < len(n) && o[i] == n[i] {
			i++
		}
		if i > 0 {
			lead = fmt.Sprintf(", past the first %d alike,", i)
		}
		gone, came = o[i:], n[i:]
	}
	ov, omore = firstVariants(gone)
	nv, nmore = firstVariants(came)
	return lead, ov, omore, nv, nmore
}

// maxDeltaVariants is the most variants variantsDelta names a side.
const maxDeltaVariants = 8

// firstVariants joins l by spaces, each variant as lookalike.Item
// writes it, cut after its first maxDeltaVariants, and says how many
// more it has; "none" when empty, and a variant spelled none alone
// quoted ("variants none → none" said nothing).
func firstVariants(l []string) (joined, more string) {
	switch {
	case len(l) == 0:
		return "none", ""
	case len(l) == 1 && l[0] == "none":
		return strconv.Quote(l[0]), ""
	case len(l) > maxDeltaVariants:
		more = fmt.Sprintf(" …and %d more", len(l)-maxDeltaVariants)
		l = l[:maxDeltaVariants]
	}
	var b strings.Builder
	for i, v := range l {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(lookalike.Item(v))
	}
	return b.String(), more
}

// depsDelta says how the link and run dependencies of one hash differ
// between the snapshots ("" when they agree, or when a side keeps no
// edges: a catalogue page). A spec's hash covers them in every version
// of Spack (build dependencies only since 0.18, so those are left out),
// so two such lists under one hash are two builds, as two sets of facets
// are; Load refuses the same within one snapshot ("they differ in
// dependencies"). The common case, edges written alike, allocates
// nothing.
func depsDelta(od, nd []snapshot.Dep) string {
	if edgesAlike(od, nd) {
		return ""
	}
	ok, nk := linkRunEdges(od), linkRunEdges(nd)
	if slices.Equal(ok, nk) {
		return ""
	}
	gone, came := minusEdges(ok, nk), minusEdges(nk, ok)
	// Each edge printed is name/hash, the hash of as many characters as
	// tell it from the others' of its name (at least 7), the name of as
	// many as tell it from the other names (at least shortChars):
	// compared whole, two hashes of the same first 7, or two names of
	// the same first shortChars, would print alike.
	list := func(l []nameHash) string {
		if len(l) == 0 {
			return "none"
		}
		var b strings.Builder
		for i, x := range l[:min(3, len(l))] {
			if i > 0 {
				b.WriteString(", ")
			}
			n, chars := 7, shortChars
			for _, y := range [2][]nameHash{gone, came} {
				for _, z := range y {
					switch {
					case z.name == x.name && z.hash != x.hash:
						n = max(n, samePrefix(z.hash, x.hash)+1)
					case z.name != x.name:
						if p := samePrefix(z.name, x.name); p >= shortChars {
							chars = max(chars, utf8.RuneCountInString(x.name[:p])+1)
						}
					}
				}
			}
			b.WriteString(shortNameAt(x.name, chars) + "/" + x.hash[:min(n, len(x.hash))])
		}
		if len(l) > 3 {
			fmt.Fprintf(&b, ", …and %d more", len(l)-3)
		}
		return b.String()
	}
	return list(gone) + " → " + list(came)
}

// nameHash is a dependency edge by its name and hash, both whole.
type nameHash struct{ name, hash string }

func compareNameHash(a, b nameHash) int {
	return cmp.Or(strings.Compare(a.name, b.name), strings.Compare(a.hash, b.hash))
}

// samePrefix is how many bytes a and b share at their start.
func samePrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// linkRunEdges returns the edges of l that are link or run dependencies
// (or of no deptype written), by their whole name and hash, sorted and
// without repeats; shortened only when printed, so that a dependency
// changed to a hash of the same first 7 characters is a change.
func linkRunEdges(l []snapshot.Dep) []nameHash {
	out := make([]nameHash, 0, len(l)) // sized at once: linear bytes (TestDepsDeltaLinear)
	for _, d := range l {
		if len(d.Types) == 0 || slices.Contains(d.Types, "link") || slices.Contains(d.Types, "run") {
			out = append(out, nameHash{d.Name, d.Hash})
		}
	}
	slices.SortFunc(out, compareNameHash)
	return slices.Compact(out)
}

// minusEdges returns the edges of a not in b, both sorted
// (linkRunEdges): a merge, counted, then made.
func minusEdges(a, b []nameHash) []nameHash {
	each := func(f func(x nameHash)) {
		j := 0
		for _, x := range a {
			for j < len(b) && compareNameHash(b[j], x) < 0 {
				j++
			}
			if j == len(b) || b[j] != x {
				f(x)
			}
		}
	}
	n := 0
	each(func(nameHash) { n++ })
	if n == 0 {
		return nil
	}
	out := make([]nameHash, 0, n)
	each(func(x nameHash) { out = append(out, x) })
	return out
}

// matched is a pair of specs found by a pass, before it becomes a Pair.
type matched struct {
	o, n  *spec
	kind  int8 // kindRestacked, kindRebuilt or kindUpdated
	facet int8 // for kindUpdated, the facet that differs
}

const (
	kindRestacked int8 = iota
	kindRebuilt
	kindUpdated
)

// pairs returns the pairs of m.ms by kind, each sorted by old spec, then
// new hash.
func (m *matcher) pairs() (restacked, rebuilt, updated []Pair) {
	slices.SortFunc(m.ms, func(a, b matched) int {
		if c := cmp.Compare(a.kind, b.kind); c != 0 {
			return c
		}
		if c := compareSpecs(a.o, b.o); c != 0 {
			return c
		}
		return strings.Compare(a.n.Hash, b.n.Hash)
	})
	var n [3]int
	for _, x := range m.ms {
		n[x.kind]++
	}
	all := make([]Pair, len(m.ms))
	for i, x := range m.ms {
		all[i] = m.pair(x) // a store, where filling &all[i] read it first (docs/performance.md, "Fresh memory")
	}
	return all[:n[0]:n[0]], all[n[0] : n[0]+n[1] : n[0]+n[1]], all[n[0]+n[1]:]
}

// versionChange compares the versions of a package's old and new specs;
// keyed says they come from m.prepare (see distinctVersions).
func (m *matcher) versionChange(olds, news []*spec, st Status, keyed bool) VersionChange {
	vc := VersionChange{Old: m.distinctVersions(olds, keyed), New: m.distinctVersions(news, keyed)}
	vc.Added = orEmpty(m.minus(vc.New, vc.Old))
	vc.Removed = orEmpty(m.minus(vc.Old, vc.New))
	switch {
	case st == Added:
		vc.Direction = New
	case st == Removed:
		vc.Direction = Gone
	case !vc.Changed():
		vc.Direction = NoChange
	default:
		vc.Direction = changeDirection(vc.New, vc.Old)
	}
	return vc
}

// changeDirection is the direction of a changed package's versions:
// where the newest went, in any order of the lists. render's laws hold a
// saved report's direction to it (checkVersionChange). A newest that
// Spack holds equal to the old one, spelt otherwise (1.2 → 1.02), did
// not move: version.Compare orders such spellings by their bytes, which
// made it a downgrade that tripped --fail-on downgrade. A side with no
// version (specs listed with "versions": [], or only "") has no newest:
// its version is missing, not below 0, and the change is neither a rise
// nor a fall (a version gone missing tripped --fail-on downgrade). Nor
// does a git ref assigned no version (git.main) count, which Spack
// stores above every version without saying it is newer: the newest are
// of the versions Spack places, and a side with none did not move. Nor
// does a ref assigned the other side's version (git.a=2.0 → git.b=2.0,
// git.v2=2.0 → 2.0): Spack stores it just above that version, then by
// ref name, which says nothing of which is newer (version.CompareAssigned).
func changeDirection(news, olds []string) Direction {
	newest, was := newestPlaced(news), newestPlaced(olds)
	if newest == "" || was == "" {
		return Other
	}
	switch c := version.CompareAssigned(newest, was); {
	case c > 0:
		return Upgraded
	case c < 0:
		return Downgraded
	}
	return Other
}

// newestPlaced is the newest of vs that is a version Spack places: not
// "" and not a git ref assigned no version (version.Unassigned); "" when
// none is.
func newestPlaced(vs []string) string {
	var m string
	for _, v := range vs {
		if v != "" && !version.Unassigned(v) && (m == "" || version.Compare(v, m) > 0) {
			m = v
		}
	}
	return m
}

// rollCounts are the counts the roll-ups are made of: specs per facet
// value on each side and, for stacks, packages too. Each goroutine of
// compareAll counts the packages it compares; merge adds them up.
type rollCounts struct {
	compiler, opsys, platform, target, stack *counter
	// in is the interner of the goroutine's matcher: add finds a value's
	// tally by the value's id (in.one, mostly a probe by address), not by
	// hashing the string. byList holds, per id of a list of stacks, the
	// tallies of its stacks (countStacks).
	in     *interner
	byList [][]*tally
	// pendAt holds, per id of a list of stacks, 1 + the index in pending
	// of the counts pend counted in it (0: none). A list of one stack
	// gets no tally for those: stackRows lists it in a row, and the
	// roll-up adds up the rows of a stack; a longer list's counts are
	// added to its stacks' tallies once, when merged (settle). A lockfile
	// whose every root is a stack of its own held a tally, an entry in
	// stack's map and in byList a root on each goroutine, and again in
	// the merged counts.
	pendAt  []int32
	pending []pendingList
	// rows, once merged, are the stacks' counts, unsorted, a stack in as
	// many rows as goroutines and lists of it alone counted it.
	rows []StackRow
	// unchanged counts the packages compareAll found unchanged and left
	// out of its results, and unchangedSpecs adds up their counts.
	unchanged      int
	unchangedSpecs Counts
}

// newRollCounts counts with the ids of in (nil: an interner of its own).
func newRollCounts(in *interner) *rollCounts {
	if in == nil {
		in = &interner{}
	}
	return &rollCounts{compiler: newCounter(), opsys: newCounter(), platform: newCounter(), target: newCounter(), stack: newCounter(), in: in}
}

// add counts the specs of one package's page on side (0 old, 1 new); pkg
// numbers the package, one number per package of the comparison, and
// each package's page is added once a side.
func (c *rollCounts) add(side, pkg int, specs []snapshot.Spec) {
	in := c.in
	var first uint32
	same := true
	for i := range specs {
		s := &specs[i]
		_, compiler := in.one(s.Compiler)
		_, opsys := in.one(s.OS)
		_, platform := in.one(s.Platform)
		_, target := in.one(s.Target)
		_, stacks := in.list(s.Stacks)
		c.countFacets(side, s, [...]uint32{compiler, opsys, platform, target})
		if i == 0 {
			first = stacks
		}
		if same && stacks != first {
			same = false
			c.countStacks(side, pkg, specs[0].Stacks, first, i)
		}
		if !same {
			c.countStacks(side, pkg, s.Stacks, stacks, 1)
		}
	}
	if same && len(specs) > 0 {
		c.pend(side, specs[0].Stacks, first, len(specs))
	}
}

// addPrepared is add for specs prepare readied: it has their ids.
func (c *rollCounts) addPrepared(side, pkg int, specs []*spec) {
	same := true
	for i, s := range specs {
		c.countFacets(side, s.Spec, [...]uint32{s.ids[fCompiler], s.ids[fOS], s.ids[fPlatform], s.ids[fTarget]})
		if same && s.stack != specs[0].stack {
			same = false
			c.countStacks(side, pkg, specs[0].Stacks, specs[0].stack, i)
		}
		if !same {
			c.countStacks(side, pkg, s.Stacks, s.stack, 1)
		}
	}
	if same && len(specs) > 0 {
		c.pend(side, specs[0].Stacks, specs[0].stack, len(specs))
	}
}

// countFacets counts s on side, given the ids of its compiler, OS,
// platform and target.
func (c *rollCounts) countFacets(side int, s *snapshot.Spec, ids [4]uint32) {
	c.compiler.at(ids[0], s.Compiler).inc(side)
	c.opsys.at(ids[1], s.OS).inc(side)
	c.platform.at(ids[2], s.Platform).inc(side)
	c.target.at(ids[3], s.Target).inc(side)
}

// tallies returns the tallies of the stacks of list l, whose id is id.
func (c *rollCounts) tallies(l []string, id uint32) []*tally {
	if int(id) >= len(c.byList) {
		was := cap(c.byList)
		c.byList = append(c.byList, make([][]*tally, int(id)+1-len(c.byList))...)
		if cap(c.byList) != was {
			fresh.Touch(c.byList) // a new array: its slots are read before they are written
		}
	}
	tallies := c.byList[id]
	if tallies == nil {
		if listReads != nil {
			listReads(len(l))
		}
		tallies = make([]*tally, len(l))
		for j, st := range l {
			tallies[j] = c.stack.get(st)
		}
		c.byList[id] = tallies
	}
	return tallies
}

// countStacks counts n specs of package pkg on side in each stack of list
// l, whose id is id.
func (c *rollCounts) countStacks(side, pkg int, l []string, id uint32, n int) {
	tallies := c.tallies(l, id)
	if listReads != nil {
		listReads(len(tallies))
	}
	for _, t := range tallies {
		t.add(side, n)
		if t.lastPkg[side] != pkg+1 { // the package's first spec in st
			t.lastPkg[side] = pkg + 1
			t.pkgs.inc(side)
		}
	}
}

// pend counts the n specs of one package's page on side, all in the
// stacks of list l (id id), in the list's pending counts, which settle
// or stackRows count in each of its stacks once. A lockfile's leaf is in
// the stacks of every root above it: a hub of K leaves under M roots
// counted each leaf's M stacks, K·M, where its K one-spec pages in one
// list are pending counts of one list, listed for its M stacks once. A
// page whose specs are in several lists goes through countStacks, so
// that a package in two lists that share a stack counts in it once.
func (c *rollCounts) pend(side int, l []string, id uint32, n int) {
	if int(id) >= len(c.pendAt) {
		was := cap(c.pendAt)
		c.pendAt = append(c.pendAt, make([]int32, int(id)+1-len(c.pendAt))...)
		if cap(c.pendAt) != was {
			fresh.Touch(c.pendAt) // a new array: its slots are read before they are written
		}
	}
	at := c.pendAt[id]
	if at == 0 {
		c.pending = append(c.pending, pendingList{list: l})
		at = int32(len(c.pending))
		c.pendAt[id] = at
	}
	p := &c.pending[at-1]
	p.specs[side] += uint32(n)
	p.pkgs[side]++
}

// settle adds the pending counts of each list of several stacks to its
// stacks' tallies, reading the list once: lists of one stack (every
// root of a lockfile of tiny records) are rows of their own (stackRows),
// but a row a stack of every longer list would be as many as the lists'
// strings, a stack in as many rows as lists hold it (a lockfile's nodes
// under many roots in lists that differ), where a tally is one a stack.
func (c *rollCounts) settle() {
	for i := range c.pending {
		p := &c.pending[i]
		if len(p.list) < 2 {
			continue
		}
		if listReads != nil {
			listReads(len(p.list))
		}
		for _, st := range p.list {
			t := c.stack.get(st)
			t.Old += int(p.specs[0])
			t.New += int(p.specs[1])
			t.pkgs.Old += int(p.pkgs[0])
			t.pkgs.New += int(p.pkgs[1])
		}
		p.list = nil // counted
	}
}

// stackRowCount is how many rows stackRows appends, once settled.
func (c *rollCounts) stackRowCount() int {
	n := len(c.stack.m)
	for i := range c.pending {
		if len(c.pending[i].list) == 1 {
			n++
		}
	}
	return n
}

// stackRows appends to rows a row for each list of one stack of the
// pending counts, and one for each stack counted in a tally (countStacks
// and settle), and then forgets its counts of stacks (and its interner).
func (c *rollCounts) stackRows(rows []StackRow) []StackRow {
	for i := range c.pending {
		p := &c.pending[i]
		if len(p.list) != 1 {
			continue // empty, or settled
		}
		if listReads != nil {
			listReads(1)
		}
		rows = append(rows, StackRow{Name: p.list[0],
			Specs:    OldToNew{Old: int(p.specs[0]), New: int(p.specs[1])},
			Packages: OldToNew{Old: int(p.pkgs[0]), New: int(p.pkgs[1])}})
	}
	for v, t := range c.stack.m {
		rows = append(rows, StackRow{Name: v, Specs: t.OldToNew, Packages: t.pkgs})
	}
	c.pending, c.pendAt, c.byList, c.in = nil, nil, nil, nil
	c.stack = newCounter()
	return rows
}

// listReads, when set (by tests), is called with the length of each list
// of stacks that the roll-ups read (rollCounts) and of each pair of lists
// comparePackage compares string by string (equalLists): a list that
// many specs share is read once, not once a spec.
var listReads func(n int)

// pendingList is what pend counted of one list of stacks: specs, and
// packages (each page of one package on one side in the list alone), by
// side. 40 bytes: a lockfile of tiny records has one a root.
type pendingList struct {
	list        []string
	specs, pkgs [2]uint32
}

// mergeAll adds up the counts of cs (nil for a goroutine that counted
// nothing) into one: the facets' tallies, and the stacks' rows of each
// (settle, stackRows), made at their number, each goroutine's counts let
// go once listed.
func mergeAll(cs []*rollCounts) *rollCounts {
	n := 0
	for _, c := range cs {
		if c != nil {
			c.settle()
			n += c.stackRowCount()
		}
	}
	rows := make([]StackRow, 0, n)
	var m *rollCounts
	for _, c := range cs {
		if c == nil {
			continue
		}
		rows = c.stackRows(rows)
		if m == nil {
			m = c
			continue
		}
		m.unchanged += c.unchanged
		m.unchangedSpecs.add(c.unchangedSpecs)
		for _, pair := range [][2]*counter{{m.compiler, c.compiler}, {m.opsys, c.opsys}, {m.platform, c.platform}, {m.target, c.target}} {
			for v, t := range pair[1].m {
				u := pair[0].get(v)
				u.Old += t.Old
				u.New += t.New
			}
		}
	}
	if m == nil {
		m = newRollCounts(nil)
	}
	m.rows = rows
	return m
}

// rollups makes the roll-ups per facet value and the stack rows, from
// counts mergeAll made.
func (c *rollCounts) rollups() (Facets, []StackRow) {
	compiler, opsys, platform, target := c.compiler, c.opsys, c.platform, c.target
	addedRemoved := func(r *Rollup) {
		for _, vc := range r.Counts {
			switch {
			case vc.Old == 0:
				r.Added = append(r.Added, vc.Value)
			case vc.New == 0:
				r.Removed = append(r.Removed, vc.Value)
			}
		}
	}
	rollup := func(c *counter) Rollup {
		r := Rollup{Added: []string{}, Removed: []string{}, Counts: ValueCounts{}}
		values := slices.Collect(maps.Keys(c.m))
		version.Sort(values)
		for _, v := range values {
			r.Counts = append(r.Counts, ValueCount{Value: v, OldToNew: c.m[v].OldToNew})
		}
		addedRemoved(&r)
		return r
	}
	f := Facets{Compiler: rollup(compiler), OS: rollup(opsys), Platform: rollup(platform), Target: rollup(target)}
	// The stacks' rows, sorted by name as the other roll-ups' values,
	// and a stack's rows (one a list and a goroutine that counted it)
	// added up into one.
	rows := c.rows
	c.rows = nil
	version.SortFunc(rows, func(r *StackRow) string { return r.Name })
	out := 0
	for i := range rows {
		if out > 0 && rows[out-1].Name == rows[i].Name {
			last := &rows[out-1]
			last.Specs.Old += rows[i].Specs.Old
			last.Specs.New += rows[i].Specs.New
			last.Packages.Old += rows[i].Packages.Old
			last.Packages.New += rows[i].Packages.New
			continue
		}
		rows[out] = rows[i]
		out++
	}
	clear(rows[out:])
	rows = rows[:out:out]
	if rows == nil {
		rows = []StackRow{}
	}
	f.Stack = Rollup{Added: []string{}, Removed: []string{}, Counts: make(ValueCounts, len(rows))}
	for i, row := range rows {
		f.Stack.Counts[i] = ValueCount{Value: row.Name, OldToNew: row.Specs}
	}
	addedRemoved(&f.Stack)
	return f, rows
}

// tally counts the specs with one facet value on each side and, for
// stacks, the packages with a spec in the stack.
type tally struct {
	OldToNew
	pkgs    OldToNew
	lastPkg [2]int // per side, 1 + the index of the last package counted in pkgs
}

// add adds n to c's count on side.
func (c *OldToNew) add(side, n int) {
	if side == 0 {
		c.Old += n
	} else {
		c.New += n
	}
}

func (c *OldToNew) inc(side int) {
	if side == 0 {
		c.Old++
	} else {
		c.New++
	}
}

// counter maps facet values to tallies.
type counter struct {
	m map[string]*tally
	// ids holds the tallies by the id of their value in rollCounts.in.
	ids []*tally
}

func newCounter() *counter { return &counter{m: map[string]*tally{}} }

func (c *counter) get(v string) *tally {
	t := c.m[v]
	if t == nil {
		t = &tally{}
		c.m[v] = t
	}
	return t
}

// at is get for v, whose id in rollCounts.in is id. It is small enough
// to be inlined into rollCounts.count, which calls it four times a spec;
// addID does the rest.
func (c *counter) at(id uint32, v string) *tally {
	if int(id) < len(c.ids) {
		if t := c.ids[id]; t != nil {
			return t
		}
	}
	return c.addID(id, v)
}

// addID is at for an id without a tally yet.
func (c *counter) addID(id uint32, v string) *tally {
	if int(id) >= len(c.ids) {
		was := cap(c.ids)
		c.ids = append(c.ids, make([]*tally, int(id)+1-len(c.ids))...)
		if cap(c.ids) != was {
			fresh.Touch(c.ids) // a new array: its slots are read before they are written
		}
	}
	t := c.get(v)
	c.ids[id] = t
	return t
}

// canonCounts lists, for every rule, the strings it rewrote on each side.
func canonCounts(before, after *snapshot.Snapshot) ValueCounts {
	vc := ValueCounts{}
	for _, rule := range snapshot.RuleNames() {
		vc = append(vc, ValueCount{Value: rule, OldToNew: OldToNew{Old: before.Canon[rule], New: after.Canon[rule]}})
	}
	return vc
}

// splitKept moves the specs whose hash is in kept out of l, keeping the
// order of both parts.
func splitKept(l []*spec, kept map[string]bool) (rest, out []*spec) {
	rest = l[:0]
	for _, s := range l {
		if kept[s.Hash] {
			out = append(out, s)
		} else {
			rest = append(rest, s)
		}
	}
	return rest, out
}

// packagePairs merges two snapshots' package lists (each sorted by name)
// into pairs by name, nil for a side without the package.
func packagePairs(before, after *snapshot.Snapshot) [][2]*snapshot.Package {
	// The pairs are counted first, so that their list is made at its
	// size: grown by append, it would be copied about five times over.
	pairs := 0
	for i, j := 0, 0; i < len(before.Packages) || j < len(after.Packages); pairs++ {
		switch {
		case j == len(after.Packages) || i < len(before.Packages) && before.Packages[i].Name < after.Packages[j].Name:
			i++
		case i == len(before.Packages) || after.Packages[j].Name < before.Packages[i].Name:
			j++
		default:
			i++
			j++
		}
	}
	byName := make([][2]*snapshot.Package, 0, pairs)
	i, j := 0, 0
	for i < len(before.Packages) || j < len(after.Packages) {
		var op, np *snapshot.Package
		switch {
		case j == len(after.Packages) || i < len(before.Packages) && before.Packages[i].Name < after.Packages[j].Name:
			op = before.Packages[i]
			i++
		case i == len(before.Packages) || after.Packages[j].Name < before.Packages[i].Name:
			np = after.Packages[j]
			j++
		default:
			op, np = before.Packages[i], after.Packages[j]
			i++
			j++
		}
		byName = append(byName, [2]*snapshot.Package{op, np})
	}
	return byName
}

// wholePairs are the pairs (old hash, new hash) of the rebuilt and
// updated specs of the whole snapshots before and after (not narrowed
// by a filter), as the report of them pairs them, and the pairs of
// those in cycles (Report.cyclePairs). It leaves the snapshots as they
// are. mates are compareAll's.
func wholePairs(before, after *snapshot.Snapshot, ignore *[numFacets]bool, og, ng Graph, mates map[string]string, other *otherStacks) (out [][2]string, cycles map[string]string) {
	compared, _, _ := compareAll(packagePairs(before, after), ignore, false, nil, mates, other)
	cycles = pairByEdges(compared, og, ng, nil, nil, mates, other)
	for _, c := range compared {
		if c == nil {
			continue
		}
		for _, l := range [2][]Pair{c.p.Specs.Rebuilt, c.p.Specs.Updated} {
			for i := range l {
				out = append(out, [2]string{l[i].Old.Hash, l[i].New.Hash})
			}
		}
	}
	return out, cycles
}

// severalBuilds says whether a package has several specs on both sides
// (the pairing by edges may re-pair them).
func severalBuilds(byName [][2]*snapshot.Package) bool {
	for _, p := range byName {
		if p[0] != nil && p[1] != nil && len(p[0].Specs) > 1 && len(p[1].Specs) > 1 {
			return true
		}
	}
	return false
}

// severalOfOneName says whether a node of g has several edges of one
// name (the explainer matches those along the pairs).
func severalOfOneName(g Graph) bool {
	byName := func(a, b Edge) int { return strings.Compare(a.Name, b.Name) }
	for _, n := range g.Nodes() {
		d := n.Deps()
		if len(d) < 2 {
			continue
		}
		if !slices.IsSortedFunc(d, byName) {
			d = slices.Clone(d)
			slices.SortFunc(d, byName)
		}
		if dupNames(d) {
			return true
		}
	}
	return false
}

// otherStacks gives the specs of a comparison their stacks in the old
// side's spelling: an old spec's as loaded (its graph's), a new spec's
// respelt the other way round (respeltBack), as the diff the other way
// round compares them.
type otherStacks struct {
	og   Graph
	back map[string][]string // the new specs' by hash
	// mate is respell's mates of both ways round (respelling.mates of
	// the diff and of the diff the other way round), of the old roots'
	// specs (0) and of the new ones' (1), by hash: the same pairs
	// whichever side is old.
	mate [2]map[string][]string
	// fill, when not nil, makes back and mate the first time a pass
	// needs them (ready): lazyOtherStacks.
	fill func()
	once sync.Once
}

// ready makes x's stacks and mates if they are not yet made (fill):
// the passes of every worker read them after.
func (x *otherStacks) ready() {
	if x.fill != nil {
		x.once.Do(x.fill)
	}
}

// lazyOtherStacks is the otherStacks of og's specs and of after's (the
// new side, its graph ng) respelt the other way round, with the mates
// of respell's of the diff (mates) and of the diff the other way round,
// made the first time a pass needs them: of a lockfile pair whose specs
// pair as the passes pair them one way round, with no spec left over in
// a group of several, that is never, and the respelling the other way
// round (respell of the new roots and the old ones), the new side's
// stacks respelt so and their map were a tenth of what the pair
// allocates (TestRootsLockAllocates). The roots are gathered again from
// the graphs, and the new specs read from their lists taken now:
// CompareReleasing drops the packages' lists as they are compared.
func lazyOtherStacks(og, ng Graph, after *snapshot.Snapshot, mates map[string]string) *otherStacks {
	specs := make([][]snapshot.Spec, len(after.Packages))
	for i, p := range after.Packages {
		specs[i] = p.Specs
	}
	x := &otherStacks{og: og}
	x.fill = func() {
		og := x.og // with the stacks as loaded of specs respelt in place since (respeltInPlace)
		roots := [2]map[string][]*GraphNode{rootNodes(og), rootNodes(ng)}
		rev := respell(roots[1], roots[0])
		x.back = backStacks(specs, og, ng, roots, rev)
		x.addMates(mates, false)
		x.addMates(rev.mates(), true)
	}
	return x
}

// backStacks is the stacks by hash of the specs of specs (a new
// side's packages' lists, in order: a later spec of a hash over an
// earlier, as newOtherStacks files them) respelt the other way round as
// respeltBack respells them.
func backStacks(specs [][]snapshot.Spec, og, ng Graph, roots [2]map[string][]*GraphNode, rev *respelling) map[string][]string {
	n := 0
	for _, l := range specs {
		n += len(l)
	}
	out := make(map[string][]string, n)
	var renamed, respelt func(sp *snapshot.Spec) []string
	if !rev.none() {
		if w := rev.byName(); len(w) > 0 {
			renamed = stacksRenamed(w)
		}
		respelt = stacksRespelt(ng, og, roots[1], rev)
	}
	for _, l := range specs {
		for i := range l {
			sp := &l[i]
			st := sp.Stacks
			if renamed != nil {
				if r := renamed(sp); r != nil {
					c := *sp
					c.Stacks, st = r, r
					sp = &c
				}
			}
			if respelt != nil {
				if r := respelt(sp); r != nil {
					st = r
				}
			}
			out[sp.Hash] = st
		}
	}
	return out
}

// addMates adds to x.mate the mates of one way round: old hash to new
// (turned: new to old).
func (x *otherStacks) addMates(mates map[string]string, turned bool) {
	for a, b := range mates {
		if turned {
			a, b = b, a
		}
		for k, pr := range [2][2]string{{a, b}, {b, a}} {
			if x.mate[k] == nil {
				x.mate[k] = map[string][]string{}
			}
			if !slices.Contains(x.mate[k][pr[0]], pr[1]) {
				x.mate[k][pr[0]] = append(x.mate[k][pr[0]], pr[1])
			}
		}
	}
}

// newOtherStacks is the otherStacks of og's specs and back's.
func newOtherStacks(og Graph, back *snapshot.Snapshot) *otherStacks {
	o := &otherStacks{og: og, back: make(map[string][]string, back.Specs())}
	for _, p := range back.Packages {
		for i := range p.Specs {
			o.back[p.Specs[i].Hash] = p.Specs[i].Stacks
		}
	}
	return o
}

// waits says whether s, an old spec (old) or a new one, is a root's
// spec whose mate, respell's either way round (otherStacks.mate), is a
// spec of the package left unpaired that a later pass than the one that
// skips skip pairs with it (their facets differ in one alone, a later
// pass's): pairGroup's rest leaves s for it, as the diff the other way
// round does.
func (m *matcher) waits(s *spec, old bool, skip int) bool {
	if m.other == nil || m.noWait {
		return false
	}
	m.other.ready()
	if len(m.other.mate[0]) == 0 {
		return false
	}
	side := 1
	if old {
		side = 0
	}
	hs := m.other.mate[side][s.Hash]
	if len(hs) == 0 {
		return false
	}
	if m.held[0] == nil {
		for k, l := range [2][]*spec{m.olds, m.news} {
			m.held[k] = make(map[string]*spec, len(l))
			for _, x := range l {
				m.held[k][x.Hash] = x
			}
		}
	}
	for _, h := range hs {
		// x as the pass found it: paired by another group of the pass,
		// it is still waited for, as the groups come in another order
		// the other way round (the new specs' order), and the passes
		// run again.
		if x := m.held[1-side][h]; x != nil && (!x.paired || x.pass == m.pass) && m.laterPass(s, x, skip) {
			m.waited = true
			return true
		}
	}
	return false
}

// laterPass says whether a and b differ in exactly one facet the
// matcher does not ignore, one whose updated pass comes after the pass
// that skips skip (-1: the rebuilt pass).
func (m *matcher) laterPass(a, b *spec, skip int) bool {
	at := -1
	for f := range numFacets {
		if m.ignore[f] || a.ids[f] == b.ids[f] {
			continue
		}
		if at >= 0 {
			return false
		}
		at = f
	}
	return at > skip
}

// facetsDiffer is how many facets the matcher does not ignore a and b
// differ in.
func (m *matcher) facetsDiffer(a, b *spec) int {
	k := 0
	for f := range numFacets {
		if !m.ignore[f] && a.ids[f] != b.ids[f] {
			k++
		}
	}
	return k
}

// otherID is s's stacks in the old side's spelling, interned: an old
// spec's as loaded, a new spec's respelt the other way round. False when
// its graph has no such spec.
func (m *matcher) otherID(s *spec, old bool) (uint32, bool) {
	if old {
		x, at := m.other.og.place(s.Hash)
		if x == nil {
			return 0, false
		}
		_, id := m.in.list(m.other.og.stacks(x, at))
		return id, true
	}
	m.other.ready()
	st, ok := m.other.back[s.Hash]
	if !ok {
		return 0, false
	}
	_, id := m.in.list(st)
	return id, true
}

// pairByKey pairs each unpaired old spec of a group in order with the
// first unpaired new spec in order of its key (key's second result
// false: none).
func (m *matcher) pairByKey(gOld, gNew []*spec, skip int, key func(s *spec, old bool) (uint64, bool)) {
	var head map[uint64]int
	next := make([]int, len(gNew))
	for i := len(gNew) - 1; i >= 0; i-- {
		n := gNew[i]
		m.probes++
		if n.paired {
			continue
		}
		k, ok := key(n, false)
		if !ok {
			continue
		}
		if head == nil {
			head = make(map[uint64]int, len(gNew))
		}
		if h, ok := head[k]; ok {
			next[i] = h
		} else {
			next[i] = -1
		}
		head[k] = i
	}
	if head == nil {
		return
	}
	for _, o := range gOld {
		m.probes++
		if o.paired {
			continue
		}
		k, ok := key(o, true)
		if !ok {
			continue
		}
		if h, ok := head[k]; ok && h >= 0 {
			m.record(o, gNew[h], skip)
			head[k] = next[h]
		}
	}
}

// bothWays is the key of pairGroup's pass of stacks equal both ways
// round: s's stacks (an old spec's respelt) and its other stacks.
func (m *matcher) bothWays(s *spec, old bool) (uint64, bool) {
	id, ok := m.otherID(s, old)
	return uint64(s.stack)<<32 | uint64(id), ok
}

// alike says whether old spec o and new spec n have equal stacks one way
// round or the other: o's respelt into the new side's spellings and n's
// as written, or o's as written and n's respelt into the old side's. The
// same whichever side is old. x is nil when neither side is respelt.
func (x *otherStacks) alike(o, n *Spec) bool {
	if !slices.Equal(o.Stacks, n.Stacks) {
		return false
	}
	if x == nil {
		return true // neither side respelt
	}
	x.ready()
	b, ok := x.back[n.Hash]
	y, at := x.og.place(o.Hash)
	return ok && y != nil && slices.Equal(x.og.stacks(y, at), b)
}
