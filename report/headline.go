package report

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
)

// Headline facts (issue 34) that every format states the same way, as
// plain text: each format escapes them for its own syntax.

// maxHeadlineRoots is how many roots a roots headline names per kind
// before it counts the rest.
const maxHeadlineRoots = 3

// OnlyRebuilds reports whether r's only changes are rebuilds: specs with
// a new hash and the same facets and stacks (diff.Pair.Plain), and
// nothing added, removed, updated or restacked.
func OnlyRebuilds(r *diff.Report) bool {
	s := r.Summary.Specs
	p := r.Summary.Packages
	if s.Rebuilt == 0 || s.Added+s.Removed+s.Updated+s.Restacked > 0 || p.Added+p.Removed > 0 {
		return false
	}
	for i := range r.Packages {
		for j := range r.Packages[i].Specs.Rebuilt {
			if !r.Packages[i].Specs.Rebuilt[j].Plain() {
				return false // it moved stacks, or an ignored facet changed
			}
		}
	}
	return true
}

// RebuildsHeadline is rebuildsHeadline of a report whose only changes
// are rebuilds, and "" for any other.
func RebuildsHeadline(r *diff.Report) string {
	if !OnlyRebuilds(r) {
		return ""
	}
	return rebuildsHeadline(r)
}

// rebuildsHeadline is the headline of a report whose only changes are
// rebuilds (onlyRebuilds): "Only rebuilds: 69 specs of 13 packages have
// new hashes; nothing added, removed or changed".
func rebuildsHeadline(r *diff.Report) string {
	s := r.Summary.Specs.Rebuilt
	verb := "have"
	if s == 1 {
		verb = "has"
	}
	return "Only rebuilds: " + specsOf(s) + " of " + CountNoun(r.Summary.Packages.Changed, "package", "packages") +
		" " + verb + " new hashes; nothing added, removed or changed"
}

// RootsHeadline is the headline of a comparison of Spack's own files
// (lockfiles, build-cache indexes, spec files), in roots: "1 root removed
// (rocksdb); 26 specs unchanged; 14 dependencies are now needed by fewer
// roots". A lockfile's stacks are the roots that need a spec, so a
// restacked pair whose stacks shrank is needed by fewer roots. ok is
// false when r has no roots view (catalogue pages). It fits what Shorten
// keeps whole (fitsText): long roots give up characters and spellings
// (headlineCuts), never a clause.
func RootsHeadline(r *diff.Report) (string, bool) { return RootsHeadlineOf(r, same) }

// RootsHeadlineShown is RootsHeadline as NewsShown writes a
// highlight's words: each value VisibleSpaces, the headline a message
// (VisibleMessage), so that a root's edge spaces are shown and the
// headline's own spaces beside them are not.
func RootsHeadlineShown(r *diff.Report) (string, bool) {
	h, ok := RootsHeadlineOf(r, VisibleSpaces)
	return VisibleMessage(h), ok
}

// RootsHeadlineOf is RootsHeadline with each value of the input in it
// (a root's spelling, a version) written by val (NewsTextOf). A
// changed root's versions are written as a one-for-one move's
// (MoveSide), and the roots of a list quoted where one could read as
// more than a root (headlineQuoted): the root "a " from 1.0 and the
// root a from " 1.0" both read "a  1.0 → 2.0", and the root "b); 1 root
// added (c" removed as the root b removed beside the root c added.
func RootsHeadlineOf(r *diff.Report, val func(string) string) (string, bool) {
	if r.Causes == nil || r.Causes.Roots == nil {
		return "", false
	}
	rt := r.Causes.Roots
	var names [3]spelt
	apart := diff.NewRootsApart(r)
	rootNames := func(l []diff.RootSpec) spelt {
		out, keys := make([]string, len(l)), make([]string, len(l))
		for i, x := range l {
			out[i], keys[i] = x.Root, x.Hash
		}
		// Two roots of one spelling, each its own spec (two
		// environments' zlib), are told apart: "zlib %gcc@9, zlib %gcc@10".
		BySpelling(out, keys, func(int) (string, bool) { return "", false },
			func(group []int) []string { return ApartLabels(apart.SpecLabels(l, group)) },
			func(i int) bool { return apart.SpecAcross(l, i) != "" })
		return oneRootEach(out, keys)
	}
	// Roots of the same old and new hash are one (RootChangeKeys). A
	// root is said by its name, then what changed (what: " 1.3 → 1.5"),
	// so that one root spelt several ways says what changed once, after
	// its spellings, as the roots line and the news say it: "zlib =
	// zlib@1.3 1.3 → 1.5", not "zlib 1.3 → 1.5 = zlib@1.3 1.3 → 1.5".
	rootKeys := diff.RootChangeKeys(rt.Changed)
	n := len(rt.Changed)
	changed, keys, what := make([]string, n), make([]string, n), make([]string, n)
	for i, x := range rt.Changed {
		changed[i] = x.Root
		if x.Swapped() {
			// Another package (a provider swap: mpi mpich@4.1 →
			// openmpi@5.0): the new one's name before both versions
			// said "openmpi 4.1 → 5.0", a version it never had.
			what[i] = " " + val(Same(x.Old.SpecText())) + " → " + val(Same(x.New.SpecText()))
		} else if x.Old.Version != x.New.Version && x.Old.Version != "" && x.New.Version != "" {
			// By the package's name: a root renamed by its own version
			// (app@1.0 → app@2.0) is written "app 1.0 → 2.0", not
			// "app@2.0 1.0 → 2.0".
			changed[i] = cmp.Or(x.New.Name, x.Root)
			what[i] = " " + val(MoveSide(x.Old.Version)) + " → " + val(MoveSide(x.New.Version))
		}
		if rootKeys[i] != "" {
			keys[i] = rootKeys[i] + "\x00" + what[i]
		}
	}
	said, label := make([]string, n), make([]string, n)
	for i := range said {
		said[i] = changed[i] + what[i]
	}
	BySpelling(said, keys, func(i int) (string, bool) {
		x := &rt.Changed[i]
		return x.Root + what[i], !x.Swapped() && x.Old.Version != x.New.Version && x.Old.Version != "" && x.New.Version != ""
	}, func(group []int) []string {
		l := ApartLabels(apart.Labels(rt.Changed, group))
		for k, i := range group {
			label[i] = " " + l[k]
		}
		return l
	}, func(i int) bool { return apart.ChangeAcross(rt.Changed, i) != "" })
	for i := range said {
		if strings.TrimSuffix(said[i], label[i]) != changed[i]+what[i] {
			changed[i] = rt.Changed[i].Root // said by its spelling
		}
		what[i] += label[i]
	}
	names[0], names[1], names[2] = rootNames(rt.Removed), rootNames(rt.Added), oneRootEach(changed, keys)
	// What changed of each root named, its first spelling's.
	seen := map[string]bool{}
	for i, k := range keys {
		if k == "" || !seen[k] {
			seen[k] = true
			names[2].what = append(names[2].what, what[i])
		}
	}
	var counts []string // the clauses after the roots'
	s := r.Summary.Specs
	// Specs added or removed beyond the roots' own, and the rest.
	removed, added := rootSpecsGone(r)
	if n := s.Removed - removed; n > 0 {
		counts = append(counts, specsOf(n)+" removed")
	}
	if n := s.Added - added; n > 0 {
		counts = append(counts, specsOf(n)+" added")
	}
	if s.Updated > 0 {
		counts = append(counts, specsOf(s.Updated)+" updated")
	}
	if s.Rebuilt > 0 {
		counts = append(counts, specsOf(s.Rebuilt)+" rebuilt")
	}
	if same := s.Unchanged + s.Restacked; same > 0 {
		counts = append(counts, specsOf(same)+" unchanged")
	}
	fewer, more, other := restackedBy(r)
	for _, k := range [...]struct {
		n    int
		what string
	}{{fewer, "fewer roots"}, {more, "more roots"}, {other, "other roots"}} {
		if k.n == 0 {
			continue
		}
		verb := " are now needed by "
		if k.n == 1 {
			verb = " is now needed by "
		}
		counts = append(counts, CountNoun(k.n, "dependency", "dependencies")+verb+k.what)
	}
	if len(counts) == 0 && len(names[0].first)+len(names[1].first)+len(names[2].first) == 0 {
		return "no root and no spec changed", true
	}
	// The whole headline, each clause in its place, within what a
	// format's text keeps (Shorten: maxText characters, words of
	// maxWord): cut, the headline lost its last clauses ("; 1 spec
	// unchanged") to three roots spelled three ways with long
	// spellings. Long names are cut in the middle first, then a root's
	// spellings after the first are counted, then shorter still; the
	// last resort names no root, and every count stays.
	for _, c := range headlineCuts {
		if h := rootsHeadline(&names, counts, c.spellings, c.width, val); fitsText(h) {
			return h, true
		}
	}
	return rootsHeadline(&names, counts, 0, 0, val), true
}

// BySpelling writes names[i], a changed root said by its package's
// name ("zlib 1.3 → 1.5"), as spelt(i) says it, by its spelling as
// written ("zlib@1.3 1.3 → 1.5"), when another root (another key,
// diff.RootChangeKeys; "" a root alone) reads the same: two builds of
// zlib 1.3 each to one of zlib 1.5, roots zlib and zlib@1.3, were "2
// roots changed (zlib 1.3 → 1.5, zlib 1.3 → 1.5)". ok is false for a
// name that is the spelling already. Roots that still read the same
// (zlib of two environments' lockfiles, both 1.3 → 1.5) are told apart
// by what apart says of each group of them (diff.RootsApart: a facet,
// "%gcc@10", or a short hash, "/ccccccc"), after a space.
//
// A root for which across is true (its spelling is another list's too:
// diff.RootsApart.SpecAcross) is labelled by apart whether or not a root
// of its list reads the same: "root cmake removed" beside "root cmake
// changed" of another environment's cmake.
func BySpelling(names, keys []string, spelt func(i int) (string, bool), apart func(group []int) []string, across func(i int) bool) {
	labelled := bySpelling(names, keys, spelt, apart)
	if across == nil {
		return
	}
	var group []int
	for i := range names {
		if across(i) && (labelled == nil || !labelled[i]) {
			group = append(group, i)
		}
	}
	if len(group) > 0 {
		for k, l := range apart(group) {
			names[group[k]] += " " + l
		}
	}
}

// bySpelling is BySpelling of the roots of one list, and the roots it
// labelled (nil: none).
func bySpelling(names, keys []string, spelt func(i int) (string, bool), apart func(group []int) []string) []bool {
	clashes := func() map[string]bool {
		first := make(map[string]string, len(names)) // a name → the key of its first root
		var clash map[string]bool
		for i, n := range names {
			if k, ok := first[n]; !ok {
				first[n] = keys[i]
			} else if k != keys[i] || k == "" {
				if clash == nil {
					clash = map[string]bool{}
				}
				clash[n] = true
			}
		}
		return clash
	}
	clash := clashes()
	if clash == nil {
		return nil
	}
	for i, n := range names {
		if clash[n] {
			if s, ok := spelt(i); ok {
				names[i] = s
			}
		}
	}
	if clashes() == nil {
		return nil
	}
	// A root is said by all its spellings (OneRootEach): roots of one
	// key read the same as others only when their spellings, in any
	// order, are the others' too. Each of their names takes the label:
	// put on one spelling, "zlib 1.3 → 1.5 /ddddddd = zlib@1.3 1.3 →
	// 1.5" was labelled, and its label read beside the others', where
	// it read apart already, and its first spelling (the input's order)
	// decided whether the roots line labelled it.
	spellings := map[string][]string{} // a key → its roots' names, each once
	spelling := map[[2]string]bool{}
	for i, n := range names {
		if k := keys[i]; k != "" && !spelling[[2]string{k, n}] {
			spelling[[2]string{k, n}] = true
			spellings[k] = append(spellings[k], n)
		}
	}
	read := make(map[string]string, len(spellings)) // a key → what its root reads as, its spellings in any order
	for k, l := range spellings {
		// As OneRootEach names it: its first maxSpellings spellings,
		// in any order, and a count of the rest. Two roots whose fourth
		// spellings differ read "zlib = zlib@1.3 = zlib@1.3: (and 1
		// more spelling)" alike, and the news tells them apart.
		// Each spelling after its length, not joined by NUL: the
		// spec spelt "a" and "b" read as the root spelt "a\x00b" (a
		// report given to render may hold one), and took the labels
		// of two roots so spelt, "a /aaaaaaab = b /aaaaaaab", as
		// diff's RootsApart did (7b857354).
		named := slices.Sorted(slices.Values(l[:min(len(l), maxSpellings)]))
		key := binary.AppendUvarint([]byte{1}, uint64(max(len(l)-maxSpellings, 0)))
		for _, n := range named {
			key = binary.AppendUvarint(key, uint64(len(n)))
			key = append(key, n...)
		}
		read[k] = string(key)
	}
	reads := make([]string, len(names)) // what root i's root reads as
	for i, n := range names {
		// A root alone reads as its spelling after a NUL, a key's
		// roots after a byte 1.
		if reads[i] = "\x00" + n; keys[i] != "" {
			reads[i] = read[keys[i]]
		}
	}
	roots := map[string]map[string]bool{} // what roots read as → their keys ("" a root alone, counted by index)
	for i, s := range reads {
		if roots[s] == nil {
			roots[s] = map[string]bool{}
		}
		k := keys[i]
		if k == "" {
			k = "\x00" + strconv.Itoa(i)
		}
		roots[s][k] = true
	}
	groups := map[string][]int{}
	var order []string
	for i, s := range reads {
		if len(roots[s]) > 1 {
			if _, ok := groups[s]; !ok {
				order = append(order, s)
			}
			groups[s] = append(groups[s], i)
		}
	}
	labelled := make([]bool, len(names))
	for _, s := range order {
		g := groups[s]
		for k, l := range apart(g) {
			names[g[k]] += " " + l
			labelled[g[k]] = true
		}
	}
	return labelled
}

// headlineCuts are the ways RootsHeadline names roots, tried in order
// until the headline fits (fitsText): spellings named of each root (the
// rest counted) and the characters each spelling keeps (CutLabel; 0:
// whole). A spelling of headlineWord characters is a word that Shorten
// keeps whole, with the punctuation around it.
var headlineCuts = [...]struct{ spellings, width int }{
	{maxSpellings, 0},
	{maxSpellings, headlineWord}, {maxSpellings, 100}, {maxSpellings, 60},
	{1, headlineWord}, {1, 100}, {1, 60}, {1, 32}, {1, 16},
}

// headlineWord is the most characters of a spelling in a headline that
// cuts them: a word of Shorten's with "(", ")", "," and ";" around it.
const headlineWord = maxWord - 4

// rootsHeadline writes the roots headline: the clauses of the roots
// (removed, added, changed), their first maxHeadlineRoots named, each
// with its first spellings (0: no names at all) of at most width
// characters (0: whole), each spelling quoted where one of its list
// could read as more than a root (headlineQuoted) and written by val,
// then counts.
func rootsHeadline(names *[3]spelt, counts []string, spellings, width int, val func(string) string) string {
	var b strings.Builder
	for k, verb := range [...]string{"removed", "added", "changed"} {
		l := &names[k]
		if len(l.first) == 0 {
			continue
		}
		q := headlineQuoted(l)
		name := func(s string) string { return val(ListItem(s, q)) }
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		b.WriteString(CountNoun(len(l.first), "root", "roots") + " " + verb)
		if spellings == 0 {
			continue
		}
		n := min(len(l.first), maxHeadlineRoots)
		said := make([]string, n)
		for j := range n {
			more := make([]string, len(l.more[j]))
			for i, s := range l.more[j] {
				more[i] = name(s)
			}
			if l.what == nil || l.what[j] == "" {
				said[j] = spellOut(name(l.first[j]), more, spellings, width)
			} else if len(more) == 0 {
				// As one name, cut as one.
				said[j] = spellOut(name(l.first[j])+l.what[j], nil, spellings, width)
			} else {
				// What changed once, after the spellings.
				w := l.what[j]
				if width > 0 {
					w = CutLabel(w, width-1, func(rune) int { return 1 })
				}
				said[j] = spellOut(name(l.first[j]), more, spellings, width) + w
			}
		}
		b.WriteString(" (")
		b.WriteString(strings.Join(said, ", "))
		if n < len(l.first) {
			b.WriteString(", …and " + strconv.Itoa(len(l.first)-n) + " more")
		}
		b.WriteString(")")
	}
	for _, c := range counts {
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		b.WriteString(c)
	}
	return b.String()
}

// headlineQuoted reports whether the roots of l are quoted in the
// roots headline: where one of their spellings could read as other
// items of a list of names (NamesQuoted: "a, b" as the roots a and b),
// or as more than a root there: one holding ";", which joins the
// headline's clauses, a parenthesis, which holds each clause's roots,
// or " = ", which joins a root's spellings. Unquoted, the root "b); 1
// root added (c" removed read as the root b removed beside the root c
// added.
func headlineQuoted(l *spelt) bool {
	odd := func(s []string) bool {
		return NamesQuoted(s) || slices.ContainsFunc(s, func(s string) bool { return strings.ContainsAny(s, ";()") || strings.Contains(s, " = ") })
	}
	if odd(l.first) {
		return true
	}
	return slices.ContainsFunc(l.more, odd)
}

// fitsText reports whether Shorten keeps s whole: at most maxText
// characters, and no word of more than maxWord.
func fitsText(s string) bool {
	if utf8.RuneCountInString(s) > maxText {
		return false
	}
	word := 0
	for _, r := range s {
		if r == ' ' || r == '\n' || r == '\r' || r == '\t' {
			word = 0
		} else if word++; word > maxWord {
			return false
		}
	}
	return true
}

// OneRootEach are names, a lockfile's roots of one kind (added, removed
// or changed), one a root: a lockfile may name one concrete spec as
// several roots (zlib and zlib@1, one hash), each spelling a root and a
// stack of its own to Spack, but one spec added or removed to the user:
// they are one name, "zlib = zlib@1", where the first spelling stands,
// and counted once ("1 root added", not 2). keys[i] is what makes
// names[i] the same root as another (its hash; "" is a root alone);
// spellings that read the same are said once, and a root names its
// first maxSpellings spellings and counts the rest.
func OneRootEach(names, keys []string) []string {
	l := oneRootEach(names, keys)
	for j, more := range l.more {
		if len(more) > 0 {
			l.first[j] = spellOut(l.first[j], more, maxSpellings, 0)
		}
	}
	return l.first
}

// spelt are roots of one kind, one a root (OneRootEach): first[i] is
// root i's first spelling, more[i] its others (nil for most).
type spelt struct {
	first []string
	more  [][]string
	what  []string // said after root i's spellings (changed roots: " 1.3 → 1.5"), or nil
}

// oneRootEach groups names into roots by their keys (OneRootEach).
func oneRootEach(names, keys []string) spelt {
	at := make(map[string]int, len(keys)) // key → index into out
	seen := map[[2]string]bool{}          // (key, spelling) said
	out := make([]string, 0, len(names))
	var more [][]string // the spellings of out[i] after the first
	for i, n := range names {
		if keys[i] != "" {
			if j, ok := at[keys[i]]; ok {
				if !seen[[2]string{keys[i], n}] {
					seen[[2]string{keys[i], n}] = true
					more[j] = append(more[j], n)
				}
				continue
			}
			at[keys[i]] = len(out)
			seen[[2]string{keys[i], n}] = true
		}
		out = append(out, n)
		more = append(more, nil)
	}
	return spelt{first: out, more: more}
}

// spellOut writes a root's spellings, first and then more, joined with
// " = ": the first most named, the rest counted ("zlib = zlib@1 (and 2
// more spellings)"), each cut to width characters when width > 0:
// one longer than width-1 keeps its first and last either side of the
// mark of its digest ("…" and 8 digits and "…", CutLabel), so that two
// roots that differ only in their middle read apart, and width wide in
// all, wider than any kept whole. The "…" are plain text; the
// characters either side of the mark are the spelling's own, escaped by
// each format as before.
func spellOut(first string, more []string, most, width int) string {
	cut := func(s string) string {
		if width > 0 {
			return CutLabel(s, width-1, func(rune) int { return 1 })
		}
		return s
	}
	if len(more) == 0 {
		return cut(first)
	}
	var b strings.Builder
	b.WriteString(cut(first))
	n := min(len(more), most-1)
	for _, s := range more[:n] {
		b.WriteString(" = " + cut(s))
	}
	if n < len(more) {
		b.WriteString(" (and " + Plural(len(more)-n, "more spelling") + ")")
	}
	return b.String()
}

// RootsChanged counts the roots rt adds, removes and changes, a root
// spelled several ways once (OneRootEach).
func RootsChanged(rt *diff.RootChanges) int {
	keys := func(n int, key func(i int) string) int {
		names, k := make([]string, n), make([]string, n)
		for i := range n {
			k[i] = key(i)
		}
		return len(OneRootEach(names, k))
	}
	changed := diff.RootChangeKeys(rt.Changed)
	return keys(len(rt.Added), func(i int) string { return rt.Added[i].Hash }) +
		keys(len(rt.Removed), func(i int) string { return rt.Removed[i].Hash }) +
		keys(len(rt.Changed), func(i int) string { return changed[i] })
}

// maxSpellings is how many spellings of one root OneRootEach names.
const maxSpellings = 3

// rootSpecsGone counts the removed roots whose spec was removed and the
// added roots whose spec was added (each hash once): the specs the
// headline's roots already say. A root removed whose spec stays (another
// root still needs it) or added over a spec that was there (a dependency
// made a root) says nothing of the specs: counting every root, a
// dependency removed beside such a root was missing from the headline
// ("1 root removed (b); 1 spec rebuilt").
func rootSpecsGone(r *diff.Report) (removed, added int) {
	rt := r.Causes.Roots
	count := func(roots []diff.RootSpec, specs func(p *diff.Package) []diff.Spec) int {
		if len(roots) == 0 {
			return 0
		}
		hashes := map[string]bool{}
		for i := range r.Packages {
			for _, sp := range specs(&r.Packages[i]) {
				hashes[sp.Hash] = true
			}
		}
		n := 0
		for _, x := range roots {
			if hashes[x.Hash] {
				delete(hashes, x.Hash)
				n++
			}
		}
		return n
	}
	removed = count(rt.Removed, func(p *diff.Package) []diff.Spec { return p.Specs.Removed })
	added = count(rt.Added, func(p *diff.Package) []diff.Spec { return p.Specs.Added })
	return removed, added
}

// restackedBy counts the specs both sides hold that are now needed by
// fewer, more or other roots: the engine's counts (causes.roots), which
// take a root whose spec changed only in its own version for the same
// root; for a report saved before them, r's restacked pairs (the same
// hash, other stacks) whose stacks shrank, grew, or changed at the same
// number.
func restackedBy(r *diff.Report) (fewer, more, other int) {
	if rt := r.Causes.Roots; rt != nil && rt.Unchanged+rt.FewerRoots+rt.MoreRoots+rt.OtherRoots > 0 {
		return rt.FewerRoots, rt.MoreRoots, rt.OtherRoots
	}
	for i := range r.Packages {
		for _, p := range r.Packages[i].Specs.Restacked {
			if p.Old == nil || p.New == nil {
				continue
			}
			switch o, n := len(p.Old.Stacks), len(p.New.Stacks); {
			case n < o:
				fewer++
			case n > o:
				more++
			default:
				other++
			}
		}
	}
	return fewer, more, other
}

// CountNoun writes n and the noun, singular for 1.
func CountNoun(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// restackedOnly counts the changed packages whose only change is that
// their specs moved stacks (for Spack's own files: which roots need
// them), so that the counts table says them apart from the packages that
// changed otherwise (issue 34).
func restackedOnly(r *diff.Report) int {
	n := 0
	for i := range r.Packages {
		c := r.Packages[i].Counts
		if r.Packages[i].Status == diff.Changed && c.Restacked > 0 && c.Added+c.Removed+c.Rebuilt+c.Updated == 0 {
			n++
		}
	}
	return n
}

// RestackedOnlyCell is the packages row's restacked cell of the counts
// table: restackedOnly, or empty when none.
func RestackedOnlyCell(r *diff.Report) string {
	if n := restackedOnly(r); n > 0 {
		return strconv.Itoa(n)
	}
	return ""
}

// StepsChanged is what a log's lead says of its steps: "2 with
// changes", and the steps without changes whose snapshots still differ
// (UnchangedBut), which exit 1 too: "0 with changes, 1 with hashes of
// other facets".
func StepsChanged(changed, otherFacets int) string {
	s := strconv.Itoa(changed) + " with changes"
	if otherFacets > 0 {
		s += ", " + strconv.Itoa(otherFacets) + " with hashes of other facets"
	}
	return s
}

// UnchangedBut is what a headline of "no changes" adds when the
// snapshots still differ: hashes whose facets changed (a hash names one
// build, so the spec counts unchanged and a warning says what changed)
// make the exit status 1, and the headline must not contradict it. It is
// "" for a report whose snapshots are the same.
func UnchangedBut(r *diff.Report) string {
	n, _ := diff.HashConflicts(r)
	if n == 0 {
		return ""
	}
	has := " has"
	if n > 1 {
		has = " have"
	}
	// A hash of other dependencies, recipe or package (diff.HashConflicts)
	// has its facets: the headline says of it what is true.
	facets := 0
	for _, w := range r.Warnings {
		if strings.HasPrefix(w.Message, "hash ") && strings.Contains(w.Message, " has other facets than in the old snapshot (") {
			facets++
		}
	}
	if facets < n {
		names := " names"
		if n > 1 {
			names = " name"
		}
		return ", but " + CountNoun(n, "hash", "hashes") + names + " another build than in the old snapshot (see the warnings)"
	}
	return ", but " + CountNoun(n, "hash", "hashes") + has + " other facets than in the old snapshot (see the warnings)"
}
