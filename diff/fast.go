package diff

import (
	"cmp"
	"math/bits"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/version"
)

// Shortcuts that keep the engine's cost near linear in the number of
// specs. Each gives exactly what the general code would; the tests in
// fast_test.go compare both.

// comparePackage matches the specs of one package; op or np is nil for a
// package on one side only. A package whose pages list the same specs
// (hashes, facets and stacks) is unchanged without any matching.
func (m *matcher) comparePackage(op, np *snapshot.Package) (Package, []snapshot.Warning) {
	if op != nil && np != nil && m.equal.specs(op.Specs, np.Specs) {
		if m.counts != nil {
			m.counts.add(0, m.pkg, op.Specs)
			m.counts.add(1, m.pkg, np.Specs)
		}
		return m.unchangedPackage(op, np), nil
	}
	return m.matchPackage(op, np)
}

// sameSpecs reports whether two lists, sorted by hash without repeats,
// hold the same specs: what pass 1 would find all unchanged, without
// warnings.
func sameSpecs(a, b []snapshot.Spec) bool {
	var e equalLists
	return e.specs(a, b)
}

// equalLists remembers, per list field of a spec (versions, variants,
// stacks), the last two arrays of different addresses that it found to
// hold the same strings: loaded lists are shared (a lockfile's nodes
// under the same roots hold one array of them) and never modified, so
// the same two arrays compare equal again without reading them. A hub
// of K leaves under M roots, diffed with a copy of itself, compared each
// leaf's M stacks, K·M strings.
type equalLists [3]struct {
	a, b *string
	n    int
}

// specs is sameSpecs, remembering the lists it found equal.
func (e *equalLists) specs(a, b []snapshot.Spec) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Hash != y.Hash || (i > 0 && a[i-1].Hash >= x.Hash) ||
			x.Compiler != y.Compiler || x.OS != y.OS || x.Platform != y.Platform || x.Target != y.Target ||
			!e.lists(0, x.Versions, y.Versions) || !e.lists(1, x.Variants, y.Variants) || !e.lists(2, x.Stacks, y.Stacks) ||
			!edgesAlike(x.Deps(), y.Deps()) || !recipesAlike(x.Recipe(), y.Recipe()) {
			return false
		}
	}
	return true
}

// recipesAlike reports whether two recipe hashes (package_hash) of one
// hash agree, or a side has none, as Load has copies of one hash agree
// within one snapshot (copyClasses): Spack's hash covers the recipe.
func recipesAlike(a, b string) bool {
	return a == b || a == "" || b == ""
}

// edgesAlike reports whether two lists of one hash's edges are written
// alike (names and hashes, in order), or a side keeps none: else
// matchPackage looks at them (depsDelta).
func edgesAlike(a, b []snapshot.Dep) bool {
	return a == nil || b == nil || slices.EqualFunc(a, b, func(x, y snapshot.Dep) bool {
		return x.Name == y.Name && x.Hash == y.Hash
	})
}

// lists is snapshot.EqualLists for list field f, by the pair of arrays
// last found equal first.
func (e *equalLists) lists(f int, a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	pa, pb := unsafe.SliceData(a), unsafe.SliceData(b)
	if pa == pb || (e[f].a == pa && e[f].b == pb && e[f].n == len(a)) {
		return true
	}
	if listReads != nil {
		listReads(len(a))
	}
	if !slices.Equal(a, b) {
		return false
	}
	e[f].a, e[f].b, e[f].n = pa, pb, len(a)
	return true
}

// unchangedPackage is what matchPackage returns for two pages that list
// the same specs.
func (m *matcher) unchangedPackage(op, np *snapshot.Package) Package {
	defer m.reset()
	m.reserve(op, np)
	m.olds, m.news = m.wrap(m.olds, op.Specs), m.wrap(m.news, np.Specs)
	n := len(m.olds)
	p := Package{Name: np.Name, OldFile: op.File(), NewFile: np.File(), Status: Unchanged,
		Counts: Counts{Old: n, New: n, Unchanged: n}}
	p.Versions = m.versionChange(m.olds, m.news, p.Status, false)
	p.SharedVariants = m.sharedVariants(m.olds, m.news, false)
	p.Specs = SpecChanges{Added: []Spec{}, Removed: []Spec{}, Rebuilt: []Pair{}, Updated: []Pair{}, Restacked: []Pair{}}
	return p
}

// wrap is prepare for what needs only the snapshot spec (versions,
// variants), without the matching keys.
func (m *matcher) wrap(dst []*spec, specs []snapshot.Spec) []*spec {
	start := len(m.buf)
	m.buf = slices.Grow(m.buf, len(specs))[:start+len(specs)]
	for i := range specs {
		m.buf[start+i] = spec{Spec: &specs[i]}
	}
	for i := range specs {
		dst = append(dst, &m.buf[start+i])
	}
	return dst
}

// ranked facets: compared under Spack's version ordering.
var rankedFacets = [...]int{fVersion, fCompiler, fOS, fTarget}

// rankSpecs gives the specs of one package (the groups) the rank of their
// version, compiler, os and target among the distinct values of the
// groups under version.Compare, so that sorting compares integers rather
// than parsing version strings at every comparison. The distinct values
// are found by their interned ids (the specs come from m.prepare), so
// only those are sorted, not one string per spec.
//
// It also ranks their platform, variants and stacks by their strings, so
// that compareSpecs compares only integers before the hashes, and packs
// each spec's ranks, in compareSpecs' order of facets, into ord: each
// rank takes the bits its facet's count of distinct values needs (ordWidths),
// so that compareSpecs then compares two numbers (a real week's sorts
// were a large share of its instructions). Ranks that need more than
// ord's 128 bits in all (hundreds of thousands of distinct values in
// several facets) stay unpacked, and compareSpecs compares them one by
// one: no string either way, whatever a package's count of distinct
// variant lists (fixed widths of 16 bits made a package of 65,537 of
// them compare strings: a third more time).
func (m *matcher) rankSpecs(groups ...[]*spec) {
	if n := len(m.in.vals); len(m.rankOf) < n {
		// Grown by append's doubling; the new entries are zero.
		m.rankOf = slices.Grow(m.rankOf, n-len(m.rankOf))[:n]
		m.stamp = slices.Grow(m.stamp, n-len(m.stamp))[:n]
	}
	var most [numFacets + 1]int // the largest rank of each facet, and of the stacks
	for _, f := range rankedFacets {
		m.gather(groups, f)
		m.single[f] = len(m.distinct) <= 1
		if g := &m.global[f]; f != fVersion && len(g.ids)+len(m.distinct) <= maxGlobal {
			g.rankAll(m.distinct, m.in.vals)
			for _, gr := range groups {
				for _, s := range gr {
					s.rank[f] = g.rank[s.ids[f]] - 1
				}
			}
			most[f] = len(g.ids)
			continue
		}
		if len(m.distinct) > 1 {
			m.strs = m.strs[:0]
			for _, id := range m.distinct {
				m.strs = append(m.strs, m.in.vals[id])
			}
			m.vsort.Sort(m.strs)
			m.rankSorted()
		} else {
			for _, id := range m.distinct {
				m.rankOf[id] = 0
			}
		}
		for _, g := range groups {
			for _, s := range g {
				s.rank[f] = m.rankOf[s.ids[f]]
			}
		}
		most[f] = len(m.distinct)
	}
	for _, f := range [...]int{fPlatform, fVariants, numFacets} {
		m.gather(groups, f)
		if f < numFacets {
			m.single[f] = len(m.distinct) <= 1
		}
		vals := m.in.vals
		slices.SortFunc(m.distinct, func(a, b uint32) int { return strings.Compare(vals[a], vals[b]) })
		var r int32
		for i, id := range m.distinct {
			if i > 0 && vals[id] != vals[m.distinct[i-1]] {
				r = int32(i)
			}
			m.rankOf[id] = r // equal strings (an odd list's id, see interner.list), one rank
		}
		for _, g := range groups {
			for _, s := range g {
				if f == numFacets {
					s.stackRank = m.rankOf[s.stack]
				} else {
					s.rank[f] = m.rankOf[s.ids[f]]
				}
			}
		}
		most[f] = len(m.distinct)
	}
	w, packed := ordWidths(&most)
	m.stackBits = w[len(w)-1]
	for _, g := range groups {
		for _, s := range g {
			s.ranked = true
			s.packed = packed
			if packed {
				s.ord = packOrd(&s.rank, s.stackRank, &w)
			}
		}
	}
}

// ordOrder is compareSpecs' order of facets, the stacks (numFacets) last.
var ordOrder = [numFacets + 1]int{fVersion, fCompiler, fOS, fPlatform, fTarget, fVariants, numFacets}

// ordBitsMax is what ord holds: the ranks of a package are packed when
// their widths add up to no more (a variable for the tests).
var ordBitsMax = 128

// ordWidths returns the bits each rank needs, in ordOrder, given the
// count of distinct values of each facet and of the stacks (most, by
// facet): a rank is below its count. ok says they fit in ordBitsMax.
func ordWidths(most *[numFacets + 1]int) (w [numFacets + 1]uint, ok bool) {
	total := uint(0)
	for i, f := range ordOrder {
		if n := most[f]; n > 1 {
			w[i] = uint(bits.Len(uint(n - 1)))
		}
		total += w[i]
	}
	return w, total <= uint(ordBitsMax)
}

// packOrd packs a spec's ranks, each within its width (ordWidths), into
// one number of 128 bits (high word first) that orders as the ranks do
// in compareSpecs' order of facets: version, compiler, os, platform,
// target, variants, stacks. The stacks' rank is the lowest bits.
func packOrd(r *[numFacets]int32, stackRank int32, w *[numFacets + 1]uint) [2]uint64 {
	var hi, lo uint64
	for i, f := range ordOrder {
		v := uint64(stackRank)
		if f < numFacets {
			v = uint64(r[f])
		}
		// (hi, lo) <<= w[i], then the rank in the bits freed.
		switch n := w[i]; {
		case n == 0:
		case n >= 64:
			hi, lo = lo<<(n-64), 0
		default:
			hi, lo = hi<<n|lo>>(64-n), lo<<n
		}
		lo |= v
	}
	return [2]uint64{hi, lo}
}

// globalRanks ranks every value of a facet a matcher has seen (a
// compiler, an os, a target) under version.Compare: a package's values
// are ranked once they are all in, and the order of those ranks is the
// order of the values, as ranking them alone gives. The compilers, oss
// and targets of a whole snapshot are some tens, the same in most
// packages: each is parsed and sorted once per matcher, not once per
// package (a real week at 60k specs: 8.8k sorts of a few values each).
type globalRanks struct {
	ids  []uint32 // the values seen, in order
	rank []int32  // by id: its place in ids plus one; 0 not seen
}

// maxGlobal is the most values a globalRanks keeps: past it, a package's
// values are ranked among themselves again, so that a snapshot of many
// distinct compilers is not sorted whole at every new one. A package whose
// values would take it past maxGlobal ranks them among themselves too
// (each parsed once, version.Sorter): rankAll sorts every value it
// has seen again at each package that brings a new one, and one package
// of 40,000 specs on an OS and a target each of their own would sort
// 80,000 values so.
const maxGlobal = 1024

// rankAll adds the ids of distinct not seen yet and ranks them all.
func (g *globalRanks) rankAll(distinct []uint32, vals []string) {
	if n := len(vals); len(g.rank) < n {
		g.rank = slices.Grow(g.rank, n-len(g.rank))[:n]
	}
	before := len(g.ids)
	for _, id := range distinct {
		if g.rank[id] == 0 {
			g.rank[id] = -1 // seen, ranked below
			g.ids = append(g.ids, id)
		}
	}
	if len(g.ids) == before {
		return
	}
	// One id per string: a compiler, an os or a target is interned by
	// interner.one, which gives a string one id.
	// version.SortFunc parses each value once, where a comparison
	// function parses two at each call; its order is version.Compare's.
	version.SortFunc(g.ids, func(id *uint32) string { return vals[*id] })
	for i, id := range g.ids {
		g.rank[id] = int32(i) + 1
	}
}

// gather puts the distinct ids of facet f of the groups' specs (f
// numFacets: their stacks) in m.distinct.
func (m *matcher) gather(groups [][]*spec, f int) {
	m.stampGen++
	m.distinct = m.distinct[:0]
	for _, g := range groups {
		for _, s := range g {
			v := s.stack
			if f < numFacets {
				v = s.ids[f]
			}
			if m.stamp[v] != m.stampGen {
				m.stamp[v] = m.stampGen
				m.distinct = append(m.distinct, v)
			}
		}
	}
}

// rankSorted gives each id of m.distinct, in m.rankOf, the place of its
// string in m.strs (m.distinct's strings, sorted): equal strings, one
// rank. Two ids may have one string: an odd list (see interner.list) and
// the list or string that joins the same.
func (m *matcher) rankSorted() {
	var r int32
	for i, v := range m.strs {
		if i > 0 && v != m.strs[i-1] {
			r = int32(i)
		}
		if id, ok := m.in.ids[v]; ok {
			m.rankOf[id] = r
		}
	}
	if m.in.odd == nil {
		return
	}
	for _, id := range m.distinct {
		if v := m.in.vals[id]; m.in.ids[v] != id {
			m.rankOf[id] = int32(slices.Index(m.strs, v)) // its first place: the rank of equal strings
		}
	}
}

// compareRanked orders facet f of a and b: by rank when both have one
// (from the same rankSpecs call: compareSpecs only compares specs of one
// package), else by version.Compare.
func compareRanked(a, b *spec, f int) int {
	if a.ranked && b.ranked {
		return cmp.Compare(a.rank[f], b.rank[f])
	}
	return version.Compare(a.facet(f), b.facet(f))
}

// distinctVersions returns the set of versions of specs, oldest first,
// in an array of its own size: the report keeps it, and the array that
// gathered every spec's versions (a hundred strings for ten versions) would
// otherwise stay with it, 48 MB for a million tiny specs (issue 11 item 6).
// keyed says the specs come from m.prepare: then the versions of each
// distinct list (by its interned id) are gathered once, not once per spec.
func (m *matcher) distinctVersions(specs []*spec, keyed bool) []string {
	vs := m.vbuf[:0]
	if keyed {
		if n := len(m.in.vals); len(m.stamp) < n {
			m.stamp = slices.Grow(m.stamp, n-len(m.stamp))[:n]
		}
		m.stampGen++
		for _, s := range specs {
			if id := s.ids[fVersion]; m.stamp[id] != m.stampGen {
				m.stamp[id] = m.stampGen
				vs = append(vs, s.Versions...)
			}
		}
	} else {
		for _, s := range specs {
			vs = append(vs, s.Versions...)
		}
	}
	slices.Sort(vs)
	vs = slices.Compact(vs)
	m.vsort.Sort(vs)
	out := orEmpty(slices.Clone(vs))
	clear(vs[:cap(vs)])
	m.vbuf = vs[:0]
	return out
}

// heldUnchanged is the package of a result compareAll keeps for its
// warnings alone (an unchanged package that is not ambiguous), whose
// specs it counted in its rollCounts (unchangedSpecs): an unchanged
// package with no counts, which the report counts among the unchanged
// and leaves out. Each held a Package of its own (about 700 bytes) until
// the report was made: a lockfile pair of 32,000 roots, a quarter of
// them with a warning of a hash that names two builds, 5.5 MB of the
// live heap at compareAll's end, where it peaks. Read only.
var heldUnchanged = Package{Status: Unchanged}

// compared is the result of comparePackage. compareAll keeps none (nil)
// for a package unchanged, with no warning and nothing to re-pair, which
// the report leaves out, and counts it in its rollCounts (unchanged)
// instead: for a lockfile of tiny records (a package per spec of 67
// bytes) a result kept whole would be 416 bytes a package until every
// package is compared; a nil pointer is 8. The package itself is a slot
// of the list compareAll returns, which becomes the report's: results
// that held it (384 bytes) were copied into a list made once all were
// compared, and both were alive then, the peak of a lockfile pair's
// live heap (9.7 MB at 32,000 roots, docs/performance.md).
type compared struct {
	p        *Package
	warnings []snapshot.Warning
	// ambiguous says a group of the passes had more than one spec on a
	// side: specs the facets alone cannot tell apart (edgepair.go).
	ambiguous bool
}

// compareAll runs comparePackage on each pair of pages, on GOMAXPROCS
// goroutines, and returns the results in the pairs' order (p nil for an
// unchanged package, see compared), the list their packages are slots of,
// and the counts of the roll-ups and of the unchanged packages. It only
// reads the snapshots, unless release: then each package's specs are
// dropped once compared and counted. mates are the hashes of the roots
// respell paired by environment (old hash → new hash, respelling.mates):
// their specs pair first.
//
// A pair whose sides hold other hashes (differentHashes) is listed
// (added, removed or paired specs); the others may be unchanged. Those
// are compared first, each listed one's package kept on its own; then
// the list is made with a slot for each listed package and for each of
// the first kind, in the pairs' order, those kept moved into theirs, and
// the first kind compared into their slots (one kept for its warnings or
// its edges alone, unchanged, has none). The report's packages are
// the list's, moved down over any slot a package of the first kind
// found unchanged left (listed, diff.go): no list made beside the results
// of every package, nor a slot for each package that may be unchanged
// (a lockfile pair of 32,000 roots respelt, every package unchanged,
// peaked at 4.3x its input with one, against 3.4x).
func compareAll(pairs [][2]*snapshot.Package, ignore *[numFacets]bool, release bool, kept []map[string]bool, mates map[string]string, other *otherStacks) ([]*compared, []Package, *rollCounts) {
	out := make([]*compared, len(pairs))
	workers := min(runtime.GOMAXPROCS(0), len(pairs))
	slots := make([]int32, len(pairs))
	later := make([]bool, len(pairs)) // compared into its slot
	for k, pr := range pairs {
		later[k] = differentHashes(pr[0], pr[1])
	}
	var list []Package
	var next [2]atomic.Int64
	var wg, first sync.WaitGroup
	ready := make(chan struct{})
	counts := make([]*rollCounts, max(workers, 1))
	specs := 0 // the specs compared, for the size of the workers' tables
	for _, pair := range pairs {
		for _, p := range pair {
			if p != nil {
				specs += len(p.Specs)
			}
		}
	}
	first.Add(workers)
	for w := range workers {
		wg.Go(func() {
			m := newMatcherFor(ignore, specs)
			m.mates, m.other = mates, other
			c := newRollCounts(&m.in)
			counts[w] = c
			defer func() { c.in = nil }() // lets the matcher go
			for pass := range 2 {
				if pass == 1 {
					first.Done()
					<-ready
				}
				for {
					k := int(next[pass].Add(1) - 1)
					if k >= len(pairs) {
						break
					}
					if later[k] != (pass == 1) {
						continue
					}
					op, np := pairs[k][0], pairs[k][1]
					m.kept = nil
					if kept != nil {
						m.kept = kept[k]
					}
					m.counts, m.pkg = c, k // comparePackage counts the specs
					m.ambiguous = false
					p, warnings := m.comparePackage(op, np)
					if p.Status == Unchanged && len(warnings) == 0 && !m.ambiguous {
						c.unchanged++
						c.unchangedSpecs.add(p.Counts)
					} else if pass == 0 && p.Status == Unchanged && !m.ambiguous {
						// Kept for its warnings alone: its specs are
						// counted here, and the report counts it among
						// the unchanged packages (heldUnchanged).
						c.unchangedSpecs.add(p.Counts)
						out[k] = &compared{p: &heldUnchanged, warnings: warnings}
					} else if pass == 0 {
						held := new(Package)
						*held = p
						out[k] = &compared{p: held, warnings: warnings, ambiguous: m.ambiguous}
					} else {
						list[slots[k]] = p
						out[k] = &compared{p: &list[slots[k]], warnings: warnings, ambiguous: m.ambiguous}
					}
					if release {
						for _, p := range [2]*snapshot.Package{op, np} {
							if p != nil {
								p.Specs = nil
							}
						}
					}
				}
			}
		})
	}
	first.Wait()
	n := int32(0)
	for k := range slots {
		if later[k] || (out[k] != nil && out[k].p.Status != Unchanged) {
			slots[k] = n
			n++
		}
	}
	list = make([]Package, n)
	for k, c := range out {
		if c != nil && c.p.Status != Unchanged { // kept for its warnings or edges alone, not listed
			list[slots[k]] = *c.p
			out[k] = &compared{p: &list[slots[k]], warnings: c.warnings, ambiguous: c.ambiguous}
		}
	}
	close(ready)
	wg.Wait()
	return out, list, mergeAll(counts)
}

// differentHashes says whether the pages op and np (nil: none) surely
// hold other hashes: a side with specs the other has not, or lists by
// hash without repeats that differ. Their package is then listed.
func differentHashes(op, np *snapshot.Package) bool {
	if op == nil || np == nil {
		return op != np
	}
	a, b := op.Specs, np.Specs
	if len(a) != len(b) {
		return true
	}
	for i := range a {
		if i > 0 && (a[i-1].Hash >= a[i].Hash || b[i-1].Hash >= b[i].Hash) {
			return false // not sorted: not known
		}
	}
	for i := range a {
		if a[i].Hash != b[i].Hash {
			return true
		}
	}
	return false
}
