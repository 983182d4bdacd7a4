// Package version orders Spack version strings the way Spack does.
//
// It owns one thing: Compare (and Sort by it), a total order over version strings that
// follows Spack's StandardVersion rules, so that the engine can tell an
// upgrade from a downgrade.
//
// A version is split into components: maximal runs of digits (compared as
// numbers) and maximal runs of letters (compared as strings); the separators
// '.', '-' and '_' (and any other byte) only delimit components. Spack's
// "infinity" names sort above every number, in the order
// develop > main > master > head > trunk > nightly > stable; any other
// string component sorts below every number. A release sorts above its
// pre-releases: 1.2alpha1 < 1.2beta < 1.2rc < 1.2rc0 < 1.2rc2 < 1.2, and
// "final" names the release (1.2final is 1.2; 1.2final1 is above it), as
// in Spack's version/common.py. When one version is a prefix of the
// other, the shorter one is older (1.2 < 1.2.1).
//
// Versions that Spack considers equal but that are spelled differently
// (1.02 and 1.2, 1.2 and 1-2) are ordered by their bytes, so that Compare
// returns 0 only for identical strings and sorting is fully deterministic.
//
// A git version (Spack's GitVersion: git.REF, a 40-hex commit, or
// REF=VERSION) orders as Spack orders it: by the version it is assigned
// (git.v2.0=2.0 as 2.0, just above a 2.0 itself, then by REF), and one
// assigned none (git.main) above every other version.
package version

import (
	"math"
	"slices"
	"sort"
	"strings"
)

// infinity lists Spack's infinity-like names, lowest first.
var infinity = [...]string{"stable", "nightly", "trunk", "head", "master", "main", "develop"}

// pre-release kinds, in order; final is a release.
const (
	alpha = iota
	beta
	rc
	final
)

var prerelease = map[string]int8{"alpha": alpha, "beta": beta, "rc": rc, "final": final}

// component is one part of a version: a number (its digits without
// leading zeros; none for zero) or a string of letters, as the bytes
// v[off:off+n] of the version v it was parsed from. It is 12 bytes:
// Sorter parses every value of a list at once (a lockfile's stack
// roll-up sorts one value per root, hundreds of thousands in a large
// one), and its scratch is mostly components.
type component struct {
	off, n uint32
	isNum  bool
}

// text is c's bytes in v, the version it was parsed from.
func (c component) text(v string) string { return v[c.off : c.off+c.n] }

// infinityRank is -1 for a number or an ordinary string, else the
// string's place in infinity; v is the version c was parsed from.
func (c component) infinityRank(v string) int {
	if c.isNum {
		return -1
	}
	t := c.text(v)
	for i, s := range infinity {
		if t == s {
			return i
		}
	}
	return -1
}

// Kinds of version, as Spack's is_git_version and GitVersion tell them.
const (
	standard    = iota // a StandardVersion: 1.2.3, develop
	gitAssigned        // REF=VERSION, git.REF=VERSION: ordered as VERSION
	gitFree            // git.REF or a commit, assigned no version: above all
)

// gitKind says which kind of version v is and, for gitAssigned, where
// its VERSION starts. Spack reads a version as a git ref when it starts
// with "git.", is a 40-hex commit, or has an "=" after its first byte; a
// ref's constraint with a ':' is a range, not a version assigned. A
// string of other bytes is no version Spack reads (a compiler,
// gcc@=13.2.0, is ordered by this package too): standard.
func gitKind(v string) (kind int8, at int) {
	// A spec's @=V, the exact version, is V (Spack's from_string): the
	// loader strips the "=" unless --no-canonicalize.
	if strings.HasPrefix(v, "=") {
		if kind, at = refKind(v[1:]); kind == gitAssigned {
			at++
		}
		return kind, at
	}
	return refKind(v)
}

// refKind is gitKind of a version without the "=" of an exact version.
func refKind(v string) (kind int8, at int) {
	if !strings.HasPrefix(v, "git.") && !isCommit(v) && !strings.Contains(v[min(1, len(v)):], "=") || !versionBytes(v) {
		return standard, 0
	}
	i := strings.IndexByte(v, '=')
	if i < 0 || strings.Contains(v[i+1:], ":") {
		return gitFree, 0
	}
	return gitAssigned, i + 1
}

// versionBytes reports whether v has only the bytes of a Spack version
// (VALID_VERSION), a git ref's range (':') included.
func versionBytes(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; !isDigit(c) && !isLetter(c) && !strings.ContainsRune("_.-=:", rune(c)) {
			return false
		}
	}
	return true
}

// isCommit reports whether v is a full git commit id: 40 lower-case hex
// digits (Spack's COMMIT_VERSION).
func isCommit(v string) bool {
	if len(v) != 40 {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; !isDigit(c) && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// gitRef is the ref of a git version and its constraint: git.REF=C as
// REF and C (Spack ignores the "git." prefix when it compares refs, and
// reads an exact version's "=" before it as no part of the ref).
func gitRef(v string) (ref, constraint string) {
	ref, constraint, _ = strings.Cut(strings.TrimPrefix(strings.TrimPrefix(v, "="), "git."), "=")
	return ref, constraint
}

// zero is the number zero, in any version: no digits.
var zero = component{isNum: true}

// parsed is a version split into components.
type parsed struct {
	v string // the version, whose bytes the components are
	// release holds the release's components, or its first ones (see
	// keptComponents): there are nrel in all, and those not held are
	// read again from the byte more of v on (walker).
	release    []component
	nrel, more uint32
	preNum     component // the number after alpha, beta, rc or final; zero when absent
	pre        int8      // alpha, beta, rc or final
	// hasNum says a number follows the pre-release word: Spack's
	// (RC,) sorts below (RC, 0), 1.2rc below 1.2rc0.
	hasNum bool
	git    int8 // standard, gitAssigned or gitFree (gitKind)
}

func parse(v string) parsed {
	p, _ := parseAppend(nil, v, math.MaxInt)
	return p
}

// keptComponents is how many components of each version Sort and
// SortFunc keep while they sort (their scratch, 12 bytes a component, is
// made for all the values at once); a comparison that gets past them
// reads the rest of the two versions again (walker). A version has a few
// components; the engine also orders the values of the facets of its
// update groups, among them a spec's variants joined, thousands of
// components each where a spec has hundreds of variants: kept whole,
// 1,024 pairs of specs of 500 variants, every one changed, parsed to 48
// MB at once, 3x the input (TestSortScratchBounded).
const keptComponents = 16

// nextComponent is the component of v that starts at or after the byte
// i, and the byte past it; false when v has none there.
func nextComponent(v string, i int) (component, int, bool) {
	for ; i < len(v); i++ {
		c := v[i]
		switch {
		case isDigit(c):
			j := i
			for j < len(v) && isDigit(v[j]) {
				j++
			}
			k := i
			for k < j && v[k] == '0' {
				k++
			}
			return component{off: uint32(k), n: uint32(j - k), isNum: true}, j, true
		case isLetter(c):
			j := i
			for j < len(v) && isLetter(v[j]) {
				j++
			}
			return component{off: uint32(i), n: uint32(j - i)}, j, true
		}
	}
	return component{}, i, false
}

// walker reads the release components of a parsed version in turn: those
// it holds, then those read again from its bytes.
type walker struct {
	release []component // the components held
	v       string      // the version as parsed (its first maxParsed bytes)
	i       int         // the index of the next component
	pos     int         // the byte to read the next one from, past those held
}

func newWalker(p parsed) walker {
	v := p.v
	if uint64(len(v)) > maxParsed {
		v = v[:maxParsed]
	}
	return walker{release: p.release, v: v, pos: int(p.more)}
}

func (w *walker) next() component {
	if w.i < len(w.release) {
		w.i++
		return w.release[w.i-1]
	}
	c, pos, _ := nextComponent(w.v, w.pos)
	w.i, w.pos = w.i+1, pos
	return c
}

// components counts the components of v, as parseAppend makes them.
func components(v string) int {
	n := 0
	for i := 0; i < len(v); i++ {
		if c := v[i]; isDigit(c) && (i == 0 || !isDigit(v[i-1])) || isLetter(c) && (i == 0 || !isLetter(v[i-1])) {
			n++
		}
	}
	return n
}

// parseAppend parses v, appending its components to buf (so that many
// versions can share one allocation), at most keep of them (the rest are
// counted and read again when compared: walker); it returns buf grown.
// Only the first 4 GiB of a longer v are parsed (components count bytes
// in 32 bits).
// maxParsed is the most bytes of a version parseAppend reads: a variable,
// as a constant index of 4 GiB does not compile where an int is 32 bits.
var maxParsed uint64 = math.MaxUint32

func parseAppend(buf []component, v string, keep int) (parsed, []component) {
	whole := v
	if uint64(len(v)) > maxParsed {
		v = v[:maxParsed]
	}
	start := len(buf)
	comps := buf
	kind, at := gitKind(v)
	if kind == gitFree {
		at = len(v) // ordered by its ref, not by components
	}
	// n counts the components, more is the byte past the last one kept,
	// last and prev are the last two past those kept.
	n, more := 0, at
	var last, prev component
	for i := at; i < len(v); {
		// nextComponent, inline: most versions are parsed here.
		var c component
		switch b := v[i]; {
		case isDigit(b):
			j := i
			for j < len(v) && isDigit(v[j]) {
				j++
			}
			k := i
			for k < j && v[k] == '0' {
				k++
			}
			c, i = component{off: uint32(k), n: uint32(j - k), isNum: true}, j
		case isLetter(b):
			j := i
			for j < len(v) && isLetter(v[j]) {
				j++
			}
			c, i = component{off: uint32(i), n: uint32(j - i)}, j
		default:
			i++
			continue
		}
		if n < keep {
			comps = append(comps, c)
			more = i
		} else {
			prev, last = last, c
		}
		n++
	}
	buf = comps
	comps = comps[start:len(comps):len(comps)]
	// The last two components: those kept, or those past them.
	switch k := len(comps); {
	case n == k:
		if k > 0 {
			last = comps[k-1]
		}
		if k > 1 {
			prev = comps[k-2]
		}
	case n == k+1 && k > 0:
		prev = comps[k-1]
	}
	p := parsed{v: whole, pre: final, preNum: zero, git: kind}
	nrel := n
	switch {
	// <release>(alpha|beta|rc)<number>
	case n >= 3 && !prev.isNum && isPre(prev.text(v)) && last.isNum:
		p.pre, p.preNum, p.hasNum = prerelease[prev.text(v)], last, true
		nrel = n - 2
	// <release>(alpha|beta|rc)
	case n >= 2 && !last.isNum && isPre(last.text(v)):
		p.pre = prerelease[last.text(v)]
		nrel = n - 1
	}
	p.release, p.nrel, p.more = comps[:min(nrel, len(comps))], uint32(nrel), uint32(more)
	return p, buf
}

func isPre(s string) bool { _, ok := prerelease[s]; return ok }

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// compareComponent compares a, of version av, with b, of version bv.
func compareComponent(a component, av string, b component, bv string) int {
	switch {
	case a.isNum && b.isNum:
		if a.n != b.n { // no leading zeros: longer is larger
			if a.n < b.n {
				return -1
			}
			return 1
		}
		return strings.Compare(a.text(av), b.text(bv))
	case a.isNum: // b is a string
		if b.infinityRank(bv) >= 0 {
			return -1
		}
		return 1
	case b.isNum:
		if a.infinityRank(av) >= 0 {
			return 1
		}
		return -1
	}
	ra, rb := a.infinityRank(av), b.infinityRank(bv)
	if ra != rb {
		if ra < rb {
			return -1
		}
		return 1
	}
	if ra >= 0 {
		return 0
	}
	return strings.Compare(a.text(av), b.text(bv))
}

// Compare returns -1, 0 or +1 as a is older than, the same as, or newer than
// b under Spack's version ordering. It is a total order: it returns 0 only
// when a == b.
func Compare(a, b string) int {
	if a == b {
		return 0
	}
	if c := compareSpack(parse(a), parse(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// CompareSpack is Compare without the tie-break by bytes: 0 when Spack
// holds a and b equal (1.02 and 1.2, 1.2 and 1-2), as a question of
// whether a version rose or fell must (a respelling is neither).
func CompareSpack(a, b string) int {
	if a == b {
		return 0
	}
	return compareSpack(parse(a), parse(b))
}

// CompareAssigned compares the versions Spack places a and b at: a
// git ref by the version assigned to it (git.v2=2.0 as 2.0), and 0 when
// those are one version (Spack holds them equal, or a ref is assigned
// the other's version), where Compare goes on to store a ref just above
// the version, then refs by name. That order is "not a statement about
// which is newer" (GitVersion._order), and a question of whether a
// version rose or fell must not read one in it: a commit bump at one
// assigned version, ordered by its hex digits, is neither. A git ref
// assigned no version (Unassigned) has no place: the caller leaves it
// out; here it sorts above every other, as in Compare.
func CompareAssigned(a, b string) int {
	if a == b {
		return 0
	}
	pa, pb := parse(a), parse(b)
	if pa.git == gitFree || pb.git == gitFree {
		return compareSpack(pa, pb)
	}
	return compareRelease(pa, pb)
}

func compareSpack(a, b parsed) int {
	if a.git == gitFree || b.git == gitFree {
		switch {
		case a.git != gitFree:
			return -1
		case b.git != gitFree:
			return 1
		}
		ra, ca := gitRef(a.v)
		rb, cb := gitRef(b.v)
		if c := strings.Compare(ra, rb); c != 0 {
			return c
		}
		return strings.Compare(ca, cb)
	}
	if c := compareRelease(a, b); c != 0 {
		return c
	}
	// The same version: a git ref assigned it sorts above the version
	// itself (GitVersion._order), then refs by name.
	if a.git != b.git {
		if a.git < b.git {
			return -1
		}
		return 1
	}
	if a.git == gitAssigned {
		ra, _ := gitRef(a.v)
		rb, _ := gitRef(b.v)
		return strings.Compare(ra, rb)
	}
	return 0
}

// compareRelease compares the components of a and b (for a git version,
// of the version it is assigned).
func compareRelease(a, b parsed) int {
	held := min(len(a.release), len(b.release))
	for i := 0; i < held; i++ {
		if c := compareComponent(a.release[i], a.v, b.release[i], b.v); c != 0 {
			return c
		}
	}
	if n := int(min(a.nrel, b.nrel)); held < n {
		// Past the components held of one of them (keptComponents).
		wa, wb := newWalker(a), newWalker(b)
		for i := 0; i < n; i++ {
			ca, cb := wa.next(), wb.next()
			if i < held {
				continue
			}
			if c := compareComponent(ca, wa.v, cb, wb.v); c != 0 {
				return c
			}
		}
	}
	switch {
	case a.nrel < b.nrel:
		return -1
	case a.nrel > b.nrel:
		return 1
	}
	if a.pre != b.pre {
		if a.pre < b.pre {
			return -1
		}
		return 1
	}
	if a.hasNum != b.hasNum {
		if b.hasNum {
			return -1
		}
		return 1
	}
	return compareComponent(a.preNum, a.v, b.preNum, b.v)
}

// Unassigned reports whether v is a git ref assigned no version (git.REF,
// a 40-hex commit, REF=LO:HI). Compare stores it above every version, as
// Spack's GitVersion._order does, which says that order is "not a
// statement about which is newer": whether a version rose or fell to or
// from it cannot be told.
func Unassigned(v string) bool {
	kind, _ := gitKind(v)
	return kind == gitFree
}

// Max returns the newest of vs, or "" when vs is empty.
func Max(vs []string) string {
	var m string
	for i, v := range vs {
		if i == 0 || Compare(v, m) > 0 {
			m = v
		}
	}
	return m
}

// Sort sorts vs oldest first under Compare, parsing each version once
// rather than at every comparison.
func Sort(vs []string) {
	var s Sorter
	s.Sort(vs)
}

// SortFunc sorts xs by key, oldest first under Compare, as Sort sorts
// the keys: each parsed once, and nothing else allocated (the engine
// sorts a lockfile's stack rows, a root each, by their names).
func SortFunc[T any](xs []T, key func(*T) string) {
	if len(xs) < 2 {
		return
	}
	comps := 0
	for i := range xs {
		comps += min(components(key(&xs[i])), keptComponents)
	}
	ks := make([]parsed, len(xs))
	buf := make([]component, 0, comps)
	for i := range xs {
		ks[i], buf = parseAppend(buf, key(&xs[i]), keptComponents)
	}
	sort.Sort(&keyed[T]{ks, xs})
}

// keyed sorts xs by their parsed keys ks, moving both.
type keyed[T any] struct {
	ks []parsed
	xs []T
}

func (k *keyed[T]) Len() int { return len(k.ks) }

func (k *keyed[T]) Less(i, j int) bool { return compareParsed(k.ks[i], k.ks[j]) < 0 }

func (k *keyed[T]) Swap(i, j int) {
	k.ks[i], k.ks[j] = k.ks[j], k.ks[i]
	k.xs[i], k.xs[j] = k.xs[j], k.xs[i]
}

// compareParsed is the order Sort sorts by: Spack's, and the strings'
// where Spack's says equal.
func compareParsed(a, b parsed) int {
	if a.v == b.v {
		return 0
	}
	if c := compareSpack(a, b); c != 0 {
		return c
	}
	return strings.Compare(a.v, b.v)
}

// A Comparer compares versions as Compare does, keeping the scratch of
// its parses from one call to the next, where Compare allocates a
// version's components at each call: a caller that merges long lists
// sorted by SortFunc allocates once. The zero value is ready; a Comparer
// is not safe for concurrent use.
type Comparer struct {
	buf []component
}

// Compare returns Compare(a, b).
func (c *Comparer) Compare(a, b string) int {
	if a == b {
		return 0
	}
	pa, buf := parseAppend(c.buf[:0], a, keptComponents)
	pb, buf := parseAppend(buf, b, keptComponents)
	c.buf = buf[:0]
	return compareParsed(pa, pb)
}

// A Sorter sorts lists of versions as Sort does, keeping its scratch
// memory from one call to the next: a caller that sorts many short lists
// (the engine, a few per package) allocates once. The zero value is
// ready; a Sorter is not safe for concurrent use.
type Sorter struct {
	ks  []parsed
	buf []component
}

// Sort sorts vs oldest first under Compare.
func (s *Sorter) Sort(vs []string) {
	if len(vs) < 2 {
		return
	}
	// The scratch is made at its size: a parsed version a value (64
	// bytes) and its components (12 bytes each), counted first.
	comps := 0
	for _, v := range vs {
		comps += min(components(v), keptComponents)
	}
	ks := slices.Grow(s.ks[:0], len(vs))[:len(vs)]
	buf := slices.Grow(s.buf[:0], comps)
	for i, v := range vs {
		ks[i], buf = parseAppend(buf, v, keptComponents)
	}
	slices.SortFunc(ks, compareParsed)
	for i := range ks {
		vs[i] = ks[i].v
	}
	// Keep the memory, not the strings: a long-lived Sorter must not hold
	// on to what it sorted.
	clear(ks)
	clear(buf)
	s.ks, s.buf = ks[:0], buf[:0]
}
