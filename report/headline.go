package report

import (
	"cmp"
	"strconv"
	"strings"

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
// false when r has no roots view (catalogue pages).
func RootsHeadline(r *diff.Report) (string, bool) {
	if r.Causes == nil || r.Causes.Roots == nil {
		return "", false
	}
	rt := r.Causes.Roots
	var parts []string
	rootNames := func(l []diff.RootSpec) []string {
		out, keys := make([]string, len(l)), make([]string, len(l))
		for i, x := range l {
			out[i], keys[i] = x.Root, x.Hash
		}
		return OneRootEach(out, keys)
	}
	changed, keys := make([]string, len(rt.Changed)), make([]string, len(rt.Changed))
	for i, x := range rt.Changed {
		changed[i], keys[i] = x.Root, RootChangeKey(&x)
		if x.Swapped() {
			// Another package (a provider swap: mpi mpich@4.1 →
			// openmpi@5.0): the new one's name before both versions
			// said "openmpi 4.1 → 5.0", a version it never had.
			changed[i] = x.Root + " " + x.Old.SpecText() + " → " + x.New.SpecText()
		} else if x.Old.Version != x.New.Version && x.Old.Version != "" && x.New.Version != "" {
			// By the package's name: a root renamed by its own version
			// (app@1.0 → app@2.0) is written "app 1.0 → 2.0", not
			// "app@2.0 1.0 → 2.0".
			changed[i] = cmp.Or(x.New.Name, x.Root) + " " + x.Old.Version + " → " + x.New.Version
		}
	}
	for _, k := range [...]struct {
		verb  string
		names []string
	}{{"removed", rootNames(rt.Removed)}, {"added", rootNames(rt.Added)}, {"changed", OneRootEach(changed, keys)}} {
		if len(k.names) == 0 {
			continue
		}
		var b strings.Builder
		b.WriteString(CountNoun(len(k.names), "root", "roots") + " " + k.verb + " (")
		WriteNames(&b, "", k.names, maxHeadlineRoots)
		b.WriteString(")")
		parts = append(parts, b.String())
	}
	s := r.Summary.Specs
	// Specs added or removed beyond the roots' own, and the rest.
	removed, added := rootSpecsGone(r)
	if n := s.Removed - removed; n > 0 {
		parts = append(parts, specsOf(n)+" removed")
	}
	if n := s.Added - added; n > 0 {
		parts = append(parts, specsOf(n)+" added")
	}
	if s.Updated > 0 {
		parts = append(parts, specsOf(s.Updated)+" updated")
	}
	if s.Rebuilt > 0 {
		parts = append(parts, specsOf(s.Rebuilt)+" rebuilt")
	}
	if same := s.Unchanged + s.Restacked; same > 0 {
		parts = append(parts, specsOf(same)+" unchanged")
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
		parts = append(parts, CountNoun(k.n, "dependency", "dependencies")+verb+k.what)
	}
	if len(parts) == 0 {
		return "no root and no spec changed", true
	}
	return strings.Join(parts, "; "), true
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
	at := make(map[string]int, len(keys)) // key → index into out
	seen := map[[2]string]bool{}          // (key, spelling) said
	out := make([]string, 0, len(names))
	var spelt [][]string // the spellings of out[i], when more than one
	for i, n := range names {
		if keys[i] != "" {
			if j, ok := at[keys[i]]; ok {
				if !seen[[2]string{keys[i], n}] {
					seen[[2]string{keys[i], n}] = true
					spelt[j] = append(spelt[j], n)
				}
				continue
			}
			at[keys[i]] = len(out)
			seen[[2]string{keys[i], n}] = true
		}
		out = append(out, n)
		spelt = append(spelt, nil)
	}
	for j, l := range spelt {
		if len(l) == 0 {
			continue
		}
		l = append([]string{out[j]}, l...)
		if len(l) > maxSpellings {
			out[j] = strings.Join(l[:maxSpellings], " = ") + " (and " + Plural(len(l)-maxSpellings, "more spelling") + ")"
		} else {
			out[j] = strings.Join(l, " = ")
		}
	}
	return out
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
	return keys(len(rt.Added), func(i int) string { return rt.Added[i].Hash }) +
		keys(len(rt.Removed), func(i int) string { return rt.Removed[i].Hash }) +
		keys(len(rt.Changed), func(i int) string { return RootChangeKey(&rt.Changed[i]) })
}

// RootChangeKey is what makes a changed root the same as another (the
// key of OneRootEach): both its hashes ("" when one is missing, a root
// alone).
func RootChangeKey(x *diff.RootChange) string {
	if x.Old.Hash == "" || x.New.Hash == "" {
		return ""
	}
	return x.Old.Hash + " " + x.New.Hash
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
