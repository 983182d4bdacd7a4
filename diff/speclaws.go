package diff

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"slices"
	"strconv"
	"strings"

	"github.com/cachediff/cachediff/internal/listops"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/version"
)

// The laws of the listed specs themselves (see CheckLaws): what makes a
// pair restacked, rebuilt or updated, which hashes may be listed where,
// and the versions a package's specs give it. A saved report whose
// removed and added specs were joined by hand into "rebuilt" pairs, the
// counts moved to match, passed render --fail-on removed-spec; one whose
// versions.new had a version edited out passed --fail-on downgrade.

// facetEqual reports whether a and b have the same facet f, as the
// engine's matching keys compare it (lists element by element).
func facetEqual(a, b *Spec, f int) bool {
	switch f {
	case fVersion:
		return slices.Equal(a.Versions, b.Versions)
	case fCompiler:
		return a.Compiler == b.Compiler
	case fVariants:
		return slices.Equal(a.Variants, b.Variants)
	case fTarget:
		return a.Target == b.Target
	case fOS:
		return a.OS == b.OS
	}
	return a.Platform == b.Platform
}

// showFacet is facet f of s as an updated pair's from and to write it
// (matcher.pair).
func showFacet(s *Spec, f int) string {
	switch f {
	case fVersion:
		return strings.Join(s.Versions, ", ")
	case fCompiler:
		return s.Compiler
	case fVariants:
		return listops.Join(s.Variants, " ")
	case fTarget:
		return s.Target
	case fOS:
		return s.OS
	}
	return s.Platform
}

// checkPairs checks every pair of every package against its kind, and
// the hashes of the listed specs against each other:
//
//   - a restacked pair is one spec (the same hash) whose stacks changed,
//     its facets alike unless a warning says the snapshots disagree on
//     what a hash is;
//   - a rebuilt pair has a new hash and the same facets (but those of
//     options.ignore); an updated pair a new hash and exactly one facet
//     changed that is not ignored, its facet, with from and to that
//     facet's old and new values (for variants, those that differ);
//   - a pair's stacks_joined and stacks_left are the stacks of one spec
//     only;
//   - a hash is listed once a side (removed specs and the old specs of
//     pairs; added specs and the new ones), and on both sides only as a
//     restacked pair, unless a warning says a hash names two builds.
func checkPairs(r *Report) error {
	conflicts, _ := HashConflicts(r)
	var ignored [numFacets]bool
	for _, name := range r.Options.Ignore {
		if f := slices.Index(facetNames[:], name); f >= 0 {
			ignored[f] = true
		}
	}
	type place struct {
		path      string
		pkg       int  // the index of its package
		restacked bool // the spec of a restacked pair
	}
	sides := [2]map[string]place{{}, {}}
	pkg := 0
	list := func(side int, h, at string, restacked bool) error {
		if p, ok := sides[side][h]; ok {
			return lawf(at+".hash", "%q is listed twice in the %s snapshot (first at %s): a hash names one build", shortValue(h), sideNames[side], p.path)
		}
		sides[side][h] = place{path: at, pkg: pkg, restacked: restacked}
		return nil
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		pkg = i
		if err := checkLeftovers(fmt.Sprintf("packages[%d]", i), p, &ignored, len(r.Options.Stacks) > 0); err != nil {
			return err
		}
		at := fmt.Sprintf("packages[%d].specs", i)
		for j := range p.Specs.Removed {
			if err := list(0, p.Specs.Removed[j].Hash, fmt.Sprintf("%s.removed[%d]", at, j), false); err != nil {
				return err
			}
		}
		for j := range p.Specs.Added {
			if err := list(1, p.Specs.Added[j].Hash, fmt.Sprintf("%s.added[%d]", at, j), false); err != nil {
				return err
			}
		}
		for _, kind := range []struct {
			name  string
			pairs []Pair
		}{{"restacked", p.Specs.Restacked}, {"rebuilt", p.Specs.Rebuilt}, {"updated", p.Specs.Updated}} {
			for j := range kind.pairs {
				pr := &kind.pairs[j]
				pat := fmt.Sprintf("%s.%s[%d]", at, kind.name, j)
				if err := checkPair(pat, kind.name, pr, &ignored, conflicts > 0); err != nil {
					return err
				}
				if err := list(0, pr.Old.Hash, pat+".old", kind.name == "restacked"); err != nil {
					return err
				}
				if err := list(1, pr.New.Hash, pat+".new", kind.name == "restacked"); err != nil {
					return err
				}
			}
		}
	}
	if conflicts > 0 {
		return nil
	}
	// A hash on both sides of one package is one spec: its pair is
	// restacked (an unchanged one is not listed). A hash that left a
	// package for another, as an added spec there or as the new spec of
	// a pair, is the engine's to warn of (movedHashes): a report without
	// the warning had it deleted, and a gate over it would pass. Checked
	// in the old side's order of packages.
	for i := range r.Packages {
		p := &r.Packages[i]
		old := func(h string) error {
			n, ok := sides[1][h]
			switch {
			case !ok || n.restacked:
				return nil
			case n.pkg == i:
				return lawf(n.path+".hash", "%q is in the old snapshot too (%s): a spec in both is unchanged or restacked", shortValue(h), sides[0][h].path)
			}
			return lawf(n.path+".hash", "%q is in the old snapshot too, in another package (%s), and no warning says it moved", shortValue(h), sides[0][h].path)
		}
		for j := range p.Specs.Removed {
			if err := old(p.Specs.Removed[j].Hash); err != nil {
				return err
			}
		}
		for _, l := range [][]Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for j := range l {
				if err := old(l[j].Old.Hash); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// checkPair checks one pair against its kind (see checkPairs).
func checkPair(at, kind string, p *Pair, ignored *[numFacets]bool, conflicts bool) error {
	o, n := p.Old, p.New
	sameHash := o.Hash == n.Hash
	switch {
	case kind == "restacked" && !sameHash:
		return lawf(at+".new.hash", "%q, but the old spec's is %q: a restacked spec keeps its hash", shortValue(n.Hash), shortValue(o.Hash))
	case kind != "restacked" && sameHash:
		return lawf(at+".new.hash", "%q, the old spec's: %s spec has a new hash (the same one is unchanged or restacked)", shortValue(n.Hash), map[string]string{"rebuilt": "a rebuilt", "updated": "an updated"}[kind])
	case kind == "restacked" && slices.Equal(o.Stacks, n.Stacks):
		return lawf(at+".new.stacks", "the old spec's: a restacked spec changed stacks (the same ones are unchanged)")
	}
	if kind != "updated" && p.Facet+p.From+p.To != "" {
		return lawf(at+".facet", "%q: only an updated pair names a facet, from and to", shortValue(p.Facet))
	}
	changed := -1 // the facet of an updated pair
	if kind == "updated" {
		changed = slices.Index(facetNames[:], p.Facet)
		switch {
		case changed < 0:
			return lawf(at+".facet", "%q is not a facet", shortValue(p.Facet))
		case ignored[changed]:
			return lawf(at+".facet", "%q is in options.ignore: an updated pair changed a facet that is not ignored", p.Facet)
		case facetEqual(o, n, changed):
			return lawf(at+".facet", "%q, but the old and new specs have the same %s", p.Facet, p.Facet)
		}
		from, to := showFacet(o, changed), showFacet(n, changed)
		if changed == fVersion {
			from, to = JoinVersions(o.Versions, n.Versions), JoinVersions(n.Versions, o.Versions)
			if p.From == strings.Join(o.Versions, ", ") && p.To == strings.Join(n.Versions, ", ") {
				// Saved before a version with a comma was quoted
				// (JoinVersions): the same lists, joined as they are.
				from, to = p.From, p.To
			}
		}
		if changed == fVariants {
			gone, came := listops.Minus(o.Variants, n.Variants, nil), listops.Minus(n.Variants, o.Variants, nil)
			from, to = listops.Join(gone, " "), listops.Join(came, " ")
			if p.From == strings.Join(gone, " ") && p.To == strings.Join(came, " ") {
				// Saved before a variant with a space was quoted
				// (listops.Word): the same lists, joined as they are.
				from, to = p.From, p.To
			}
		}
		if p.From != from {
			return lawf(at+".from", "%q, but the old spec's %s is %q", shortValue(p.From), p.Facet, shortValue(from))
		}
		if p.To != to {
			return lawf(at+".to", "%q, but the new spec's %s is %q", shortValue(p.To), p.Facet, shortValue(to))
		}
	}
	if !(kind == "restacked" && conflicts) {
		for f := range numFacets {
			if f == changed || kind != "restacked" && ignored[f] {
				continue
			}
			if !facetEqual(o, n, f) {
				// "an updated pair", not "a updated pair".
				article := "a"
				if kind == "updated" {
					article = "an"
				}
				return lawf(at+".new", "%s %q, but the old spec's is %q: %s %s pair changed no %s", facetNames[f], shortValue(showFacet(n, f)), shortValue(showFacet(o, f)), article, kind, facetNames[f])
			}
		}
	}
	joined, left := listops.Minus(n.Stacks, o.Stacks, nil), listops.Minus(o.Stacks, n.Stacks, nil)
	if !slices.Equal(p.StacksJoined, joined) {
		return lawf(at+".stacks_joined", "[%s], but the new spec's stacks add [%s]", quotedJoin(p.StacksJoined, ", "), quotedJoin(joined, ", "))
	}
	if !slices.Equal(p.StacksLeft, left) {
		return lawf(at+".stacks_left", "[%s], but the old spec's stacks lose [%s]", quotedJoin(p.StacksLeft, ", "), quotedJoin(left, ", "))
	}
	return nil
}

// eachListed calls f with each listed spec of p and its side (0 old, 1
// new): the removed specs, the added ones, then the old and new spec of
// each pair, restacked, rebuilt and updated, each list in its order.
func eachListed(p *Package, f func(side int, s *Spec)) {
	for j := range p.Specs.Removed {
		f(0, &p.Specs.Removed[j])
	}
	for j := range p.Specs.Added {
		f(1, &p.Specs.Added[j])
	}
	for _, l := range [][]Pair{p.Specs.Restacked, p.Specs.Rebuilt, p.Specs.Updated} {
		for j := range l {
			f(0, l[j].Old)
			f(1, l[j].New)
		}
	}
}

// checkListedVersions checks a package's versions against its listed
// specs: each list distinct and in version order (the last the newest,
// as the formats show it), every version of a listed spec on its side,
// and any other version (of a spec unchanged, which is not listed) on
// both sides; with no unchanged spec, none other. A report whose
// snapshots disagree on what a hash is is held only to the first two.
func checkListedVersions(at string, p *Package, conflicts bool) error {
	listed := [2]map[string]bool{{}, {}}
	var order [2][]string // the listed versions as met, for messages in a fixed order
	add := func(side int, s *Spec) {
		for _, x := range s.Versions {
			if !listed[side][x] {
				listed[side][x] = true
				order[side] = append(order[side], x)
			}
		}
	}
	eachListed(p, add)
	v := p.Versions
	lists := [2][]string{v.Old, v.New}
	var have [2]map[string]bool
	for side, vs := range lists {
		have[side] = make(map[string]bool, len(vs))
		for k, x := range vs {
			if k > 0 && version.Compare(vs[k-1], x) >= 0 {
				why := ""
				if x != vs[k-1] {
					why = olderOrder
				}
				return lawf(fmt.Sprintf("%s.versions.%s[%d]", at, sideNames[side], k), "%q after %q: the versions are distinct, oldest first%s", shortValue(x), shortValue(vs[k-1]), why)
			}
			have[side][x] = true
		}
	}
	for side := range lists {
		name := sideNames[side]
		for _, x := range order[side] {
			if !have[side][x] {
				return lawf(at+".versions."+name, "lacks %q, the version of a listed %s spec", shortValue(x), name)
			}
		}
		if conflicts {
			continue
		}
		for _, x := range lists[side] {
			switch {
			case listed[side][x]:
			case p.Counts.Unchanged == 0:
				return lawf(at+".versions."+name, "has %q, which no %s spec has (the package has no unchanged spec)", shortValue(x), name)
			case !have[1-side][x]:
				return lawf(at+".versions."+name, "has %q, which no listed %s spec has: an unchanged spec's version is on both sides", shortValue(x), name)
			}
		}
	}
	return nil
}

var sideNames = [2]string{"old", "new"}

// checkUpdateGroups checks updates against the updated pairs it groups
// (by facet, from and to, with their number of specs and packages, in
// updateGroups' order): only their total was checked, and a group's
// from, to, count or packages edited by hand rendered as the table of
// updates every format shows.
func checkUpdateGroups(r *Report) error {
	want := updateGroups(r.Packages)
	for i := range max(len(want), len(r.Updates)) {
		at := fmt.Sprintf("updates[%d]", i)
		switch {
		case i >= len(r.Updates):
			w := want[i]
			return lawf("updates", "has %d groups, but the updated pairs make %d: none for %s %q → %q", len(r.Updates), len(want), w.Facet, shortValue(w.From), shortValue(w.To))
		case i >= len(want):
			return lawf(at, "%s %q → %q: the updated pairs make %d groups", r.Updates[i].Facet, shortValue(r.Updates[i].From), shortValue(r.Updates[i].To), len(want))
		}
		g, w := r.Updates[i], want[i]
		switch {
		case g.Facet != w.Facet || g.From != w.From || g.To != w.To:
			return lawf(at, "%s %q → %q, but the updated pairs make it %s %q → %q (groups by facet, most specs first)", g.Facet, shortValue(g.From), shortValue(g.To), w.Facet, shortValue(w.From), shortValue(w.To))
		case g.Specs != w.Specs:
			return lawf(at+".specs", "%d, but %d updated pairs made %s %q → %q", g.Specs, w.Specs, w.Facet, shortValue(w.From), shortValue(w.To))
		case !slices.Equal(g.Packages, w.Packages):
			return lawf(at+".packages", "[%s], but the pairs are of [%s]", quotedJoin(g.Packages, ", "), quotedJoin(w.Packages, ", "))
		}
	}
	return nil
}

// checkStackPackages checks the packages of each stack row, on each
// side, against its specs and the listed packages (they were not
// checked, and any number rendered): none without a spec, no more than
// its specs or the snapshot's packages, at least the listed packages with
// a listed spec in it, and at most those and the packages that may have
// an unchanged spec in it (the unchanged packages, and the listed ones
// with unchanged specs).
func checkStackPackages(r *Report) error {
	listed := [2]map[string]int{{}, {}} // stack → listed packages with a listed spec in it
	maybe := r.Summary.Packages.Unchanged
	var seen [2]map[string]bool
	for i := range r.Packages {
		p := &r.Packages[i]
		if p.Counts.Unchanged > 0 {
			maybe++
		}
		seen = [2]map[string]bool{{}, {}}
		add := func(side int, s *Spec) {
			for _, st := range s.Stacks {
				if !seen[side][st] {
					seen[side][st] = true
					listed[side][st]++
				}
			}
		}
		eachListed(p, add)
	}
	pkgs := [2]int{r.Summary.Packages.Old, r.Summary.Packages.New}
	for i, row := range r.Stacks {
		for side, n := range [2]int{row.Packages.Old, row.Packages.New} {
			specs := [2]int{row.Specs.Old, row.Specs.New}[side]
			l := listed[side][row.Name]
			var why string
			switch {
			case n > specs:
				why = fmt.Sprintf("more than its %d specs", specs)
			case n == 0 && specs > 0:
				why = fmt.Sprintf("but it has %d specs", specs)
			case n > pkgs[side]:
				why = fmt.Sprintf("more than the snapshot's %d", pkgs[side])
			case n < l:
				why = fmt.Sprintf("but %d listed packages have a spec in it", l)
			case n > l+maybe:
				why = fmt.Sprintf("but %d listed packages have a spec in it, and at most %d more may have an unchanged one", l, maybe)
			default:
				continue
			}
			return lawf(fmt.Sprintf("stacks[%d].packages.%s", i, sideNames[side]), "%d packages in %q, %s", n, shortValue(row.Name), why)
		}
	}
	return nil
}

// checkLeftovers checks that no removed spec of a package could have
// paired with one of its added specs: the passes pair every two specs
// with the same facets (rebuilt), or with all but one the same
// (updated), leaving out those of options.ignore. A rebuilt or updated
// pair split by hand into a removed and an added spec would trip
// --fail-on removed-spec, and show a rebuild as a loss. Under --stack,
// a spec that left or joined the selected stacks is removed or added
// whatever its facets: such a report is exempt.
func checkLeftovers(at string, p *Package, ignored *[numFacets]bool, stacks bool) error {
	if stacks || len(p.Specs.Removed) == 0 || len(p.Specs.Added) == 0 {
		return nil
	}
	// key is s's facets but skip (-1: none) and the ignored ones, each
	// written so that it keys as itself: a value after its length, a
	// list as its length and its elements each after its own (joined by
	// a separator, two lists whose elements hold it keyed alike, which
	// the engine tells apart). The map holds the key's hash alone, a
	// match compared facet by facet (same): held whole, an added spec's
	// keys were each of its lists' length, 8 of them, so that a spec of
	// 4M variants (32 MB of JSON) held 256 MB of keys.
	var h maphash.Hash // its own seed, made once
	var n [binary.MaxVarintLen64]byte
	write := func(v string) {
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(v)))])
		h.WriteString(v)
	}
	key := func(s *Spec, skip int) uint64 {
		h.Reset()
		write(strconv.Itoa(skip))
		for f := range numFacets {
			if f == skip || ignored[f] {
				write("-")
				continue
			}
			switch f {
			case fVersion, fVariants:
				l := s.Versions
				if f == fVariants {
					l = s.Variants
				}
				// Hashed as they are read, each after its length:
				// quoted into a key, its buffer grew to the quoted
				// value alone (strconv.AppendQuote), a copy of the
				// key for each element, so that a spec of 125k
				// variants took 23 s to check.
				write(strconv.Itoa(len(l)))
				for _, v := range l {
					write(v)
				}
			default:
				write(showFacet(s, f))
			}
		}
		return h.Sum64()
	}
	// same says whether a and b have the same facets but skip and the
	// ignored ones, as their keys are equal.
	same := func(a, b *Spec, skip int) bool {
		for f := range numFacets {
			if f == skip || ignored[f] {
				continue
			}
			switch f {
			case fVersion:
				if !slices.Equal(a.Versions, b.Versions) {
					return false
				}
			case fVariants:
				if !slices.Equal(a.Variants, b.Variants) {
					return false
				}
			default:
				if showFacet(a, f) != showFacet(b, f) {
					return false
				}
			}
		}
		return true
	}
	added := map[uint64][]int{} // the hash of a key of added specs, with skip, to their places
	for j := range p.Specs.Added {
		for skip := -1; skip < numFacets; skip++ {
			if skip < 0 || !ignored[skip] {
				k := key(&p.Specs.Added[j], skip)
				added[k] = append(added[k], j)
			}
		}
	}
	for j := range p.Specs.Removed {
		for skip := -1; skip < numFacets; skip++ {
			if skip >= 0 && ignored[skip] {
				continue
			}
			for _, k := range added[key(&p.Specs.Removed[j], skip)] {
				if !same(&p.Specs.Removed[j], &p.Specs.Added[k], skip) {
					continue // another key of the same hash
				}
				how := "the same facets: a rebuilt pair"
				if skip >= 0 {
					how = "all facets but " + facetNames[skip] + " the same: an updated pair"
				}
				return lawf(fmt.Sprintf("%s.specs.removed[%d]", at, j), "%q and added[%d] %q have %s, which cachediff pairs", shortValue(p.Specs.Removed[j].Hash), k, shortValue(p.Specs.Added[k].Hash), how)
			}
		}
	}
	return nil
}

// checkSharedVariants checks a package's shared_variants, which the
// formats leave out of its spec listings: each is a variant of every
// listed spec, old and new, once; canonicalized, in the variants' order
// (snapshot.ListOrder), as the first spec lists them. A variant that
// some specs lack, written in by hand, vanished from the listings of the
// specs that have it; the list reversed by hand read "Every spec has"
// them in an order the direct command never writes.
func checkSharedVariants(at string, p *Package, canonical bool) error {
	if len(p.SharedVariants) == 0 {
		return nil
	}
	// index is each shared variant's place, by a table of their
	// indexes (not a map of them): a map of 4M distinct "abcde"
	// (32 MB) took 318 MB, where the table and stamp take 12 bytes a
	// variant (TestSharedVariantsIndexMemory).
	index := newStrIndex(len(p.SharedVariants))
	order := snapshot.ListOrder("variant")
	for k, v := range p.SharedVariants {
		if _, ok := index.find(p.SharedVariants, v); ok {
			return lawf(fmt.Sprintf("%s.shared_variants[%d]", at, k), "%q is there twice", shortValue(v))
		}
		if canonical && k > 0 && order(p.SharedVariants[k-1], v) > 0 {
			return lawf(fmt.Sprintf("%s.shared_variants[%d]", at, k), "%q comes after %q, but shared variants are in the order of a spec's variants, sorted (by name, then whole) when canonicalized (options.canonicalize)", shortValue(p.SharedVariants[k-1]), shortValue(v))
		}
		index.add(p.SharedVariants, k)
	}
	// stamp[k] is the number of the last spec found to have shared
	// variant k: one lookup per variant of a spec, and no set per spec
	// (a set of each spec's variants allocated as much again as the
	// report's variants).
	stamp := make([]uint32, len(p.SharedVariants))
	var gen uint32
	each := func(s *Spec) error {
		gen++
		found := 0
		for _, v := range s.Variants {
			if k, ok := index.find(p.SharedVariants, v); ok && stamp[k] != gen {
				stamp[k] = gen
				found++
			}
		}
		if found == len(p.SharedVariants) {
			return nil
		}
		k := slices.IndexFunc(stamp, func(g uint32) bool { return g != gen })
		return lawf(at+".shared_variants", "has %q, but spec %s lacks it: a shared variant is every spec's", shortValue(p.SharedVariants[k]), shortValue(s.Hash))
	}
	for _, l := range [][]Spec{p.Specs.Removed, p.Specs.Added} {
		for j := range l {
			if err := each(&l[j]); err != nil {
				return err
			}
		}
	}
	for _, l := range [][]Pair{p.Specs.Restacked, p.Specs.Rebuilt, p.Specs.Updated} {
		for j := range l {
			if err := each(l[j].Old); err != nil {
				return err
			}
			if err := each(l[j].New); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkSharedComplete checks that a package none of whose specs is
// unchanged (so every one is listed) lists as shared each variant that
// all of them have: the engine counts one so (sharedVariants), and a
// saved report with one dropped from shared_variants by hand rendered it
// beside every spec instead, under no "Every spec has". With unchanged
// specs, which are not listed, a variant every listed spec has may be
// one an unchanged spec lacks: nothing to check.
func checkSharedComplete(at string, p *Package) error {
	if p.Counts.Unchanged != 0 {
		return nil
	}
	var first *Spec
	eachListed(p, func(_ int, s *Spec) {
		if first == nil {
			first = s
		}
	})
	if first == nil {
		return nil
	}
	type candidate struct{ specs, last int }
	cands := make(map[string]*candidate, len(first.Variants))
	for _, v := range first.Variants {
		cands[v] = &candidate{}
	}
	for _, v := range p.SharedVariants {
		delete(cands, v) // a map, not a scan of the list for each: both may be long
	}
	if len(cands) == 0 {
		return nil
	}
	k := 0
	eachListed(p, func(_ int, s *Spec) {
		k++
		for _, v := range s.Variants {
			if c := cands[v]; c != nil && c.last != k {
				c.specs, c.last = c.specs+1, k
			}
		}
	})
	for _, v := range first.Variants {
		if c := cands[v]; c != nil && c.specs == k {
			return lawf(at+".shared_variants", "lacks %q, which every spec of the package has (none is unchanged, so each is listed): a variant every spec has is shared", shortValue(v))
		}
	}
	return nil
}

// checkSpecOrder checks that a package's removed and added specs are in
// the engine's order (compareSpecs): by versions, compiler and os (under
// Spack's version ordering), platform, target, variants, stacks, then
// hash; and its restacked, rebuilt and updated pairs in the order of
// their old specs, then the new hash (matcher.pairs). A saved report
// with two specs or pairs swapped rendered them in an order the direct
// command never prints. Two values that Spack's ordering
// takes for equal but are written otherwise (1.0 and 1.00) are ranked
// by their bytes (version.Compare), as compareSpecs ranks them, so the
// order is total: two specs of a list compare 0 only when they are one
// (TestSpecOrderTotal).
func checkSpecOrder(at string, p *Package) error {
	for _, l := range [...]struct {
		name  string
		specs []Spec
	}{{"removed", p.Specs.Removed}, {"added", p.Specs.Added}} {
		for j := 1; j < len(l.specs); j++ {
			if a, b := &l.specs[j-1], &l.specs[j]; specOrder(a, b) > 0 {
				return lawf(fmt.Sprintf("%s.specs.%s[%d]", at, l.name, j), "%q comes after %q, but specs are listed by versions, compiler, os, platform, target, variants, stacks, then hash%s", shortValue(a.Hash), shortValue(b.Hash), olderSpecOrder(a, b))
			}
		}
	}
	for _, l := range [...]struct {
		name  string
		pairs []Pair
	}{{"restacked", p.Specs.Restacked}, {"rebuilt", p.Specs.Rebuilt}, {"updated", p.Specs.Updated}} {
		for j := 1; j < len(l.pairs); j++ {
			a, b := &l.pairs[j-1], &l.pairs[j]
			c := specOrder(a.Old, b.Old)
			if c == 0 && a.Old.Hash == b.Old.Hash {
				c = strings.Compare(a.New.Hash, b.New.Hash)
			}
			if c > 0 {
				return lawf(fmt.Sprintf("%s.specs.%s[%d]", at, l.name, j), "%q comes after %q, but pairs are listed by the old spec (its versions, compiler, os, platform, target, variants, stacks, then hash), then the new hash%s", shortValue(a.Old.Hash), shortValue(b.Old.Hash), olderSpecOrder(a.Old, b.Old))
			}
		}
	}
	return nil
}

// maxCanonSeen is the most values checkSpecLists remembers as
// canonical: more than a real report's distinct values.
const maxCanonSeen = 1 << 16

// checkSpecLists checks each listed spec's own lists of versions,
// variants and stacks as the loader leaves them: canonicalized, sorted
// (snapshot.ListOrder) and each value once; with canonicalization off
// (--no-canonicalize), as written, but the stacks still each once (a
// spec's stacks are a set). Canonicalized, the compiler, versions and
// variants are each as loading writes them (snapshot.Canonical): a
// --no-canonicalize report with options.canonicalize flipped to true by
// hand, its gcc@=11.4.0 as written, read as canonicalized. checkSpecOrder
// ranks specs by these lists. seen holds the values found canonical,
// {facet, value}: the report's specs share most of them. render checked
// the specs' order but read none inside, and a saved report whose one
// added spec had its variants reversed, or a version written twice,
// rendered them so, where the direct command never prints them.
func checkSpecLists(at string, p *Package, canonical bool, seen map[[2]string]bool) error {
	// canon checks that v, a value of facet at path (when k is not
	// negative, of the spec at path: element k of its list of the facet),
	// is canonical. Values
	// found so are remembered, up to maxCanonSeen: a report's specs share
	// most of their values, but one spec of 1.28M distinct variants grew
	// the map past the caches, and rendering its report took 5x the time
	// of 320k; and the path of each element was written whether or not
	// it was wrong (TestCheckManyVariantsLinear).
	canon := func(path string, k int, facet, v string) error {
		if !canonical || seen[[2]string{facet, v}] {
			return nil
		}
		if c := snapshot.Canonical(facet, v); c != v {
			if k >= 0 {
				path = fmt.Sprintf("%s.%ss[%d]", path, facet, k) // versions, variants
			}
			return lawf(path, "%q, which loading writes %q when it canonicalizes (options.canonicalize is true); if an older cachediff wrote this report, its rules differed: diff the snapshots again", shortValue(v), shortValue(c))
		}
		if len(seen) < maxCanonSeen {
			seen[[2]string{facet, v}] = true
		}
		return nil
	}
	check := func(path string, s *Spec) error {
		if err := canon(path+".compiler", -1, "compiler", s.Compiler); err != nil {
			return err
		}
		for _, l := range [...]struct {
			field, facet string
			values       []string
		}{{"versions", "version", s.Versions}, {"variants", "variant", s.Variants}} {
			for k, v := range l.values {
				if err := canon(path, k, l.facet, v); err != nil {
					return err
				}
			}
		}
		for _, l := range [...]struct {
			field, facet string
			values       []string
		}{{"versions", "version", s.Versions}, {"variants", "variant", s.Variants}, {"stacks", "stack", s.Stacks}} {
			if !canonical && l.facet != "stack" {
				continue
			}
			if err := checkSpecList(path+"."+l.field, l.facet, l.values, canonical); err != nil {
				return err
			}
		}
		return nil
	}
	for _, l := range [...]struct {
		name  string
		specs []Spec
	}{{"removed", p.Specs.Removed}, {"added", p.Specs.Added}} {
		for j := range l.specs {
			if err := check(fmt.Sprintf("%s.specs.%s[%d]", at, l.name, j), &l.specs[j]); err != nil {
				return err
			}
		}
	}
	for _, l := range [...]struct {
		name  string
		pairs []Pair
	}{{"restacked", p.Specs.Restacked}, {"rebuilt", p.Specs.Rebuilt}, {"updated", p.Specs.Updated}} {
		for j := range l.pairs {
			pat := fmt.Sprintf("%s.specs.%s[%d]", at, l.name, j)
			if err := check(pat+".old", l.pairs[j].Old); err != nil {
				return err
			}
			if err := check(pat+".new", l.pairs[j].New); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkSpecList checks one list of a spec (checkSpecLists): sorted and
// each value once when canonical, else (stacks) each value once.
func checkSpecList(path, facet string, l []string, canonical bool) error {
	if canonical {
		order := snapshot.ListOrder(facet)
		for k := 1; k < len(l); k++ {
			switch c := order(l[k-1], l[k]); {
			case c == 0 || l[k-1] == l[k]:
				return lawf(fmt.Sprintf("%s[%d]", path, k), "%q is there twice: a spec lists each of its %s once", shortValue(l[k]), facet+"s")
			case c > 0:
				return lawf(fmt.Sprintf("%s[%d]", path, k), "%q comes after %q, but a spec's %s are sorted%s when canonicalized (options.canonicalize)", shortValue(l[k-1]), shortValue(l[k]), facet+"s", orderWords(facet))
			}
		}
		return nil
	}
	if len(l) < 2 {
		return nil
	}
	seen := make(map[string]bool, len(l))
	for k, v := range l {
		if seen[v] {
			return lawf(fmt.Sprintf("%s[%d]", path, k), "%q is there twice: a spec lists each of its %s once", shortValue(v), facet+"s")
		}
		seen[v] = true
	}
	return nil
}

// orderWords says how a spec's list of facet is sorted, for a refusal.
func orderWords(facet string) string {
	if facet == "variant" {
		return " (by name, then whole)"
	}
	return ""
}

// olderOrder ends a refusal of versions out of Spack's order: that order
// changed between releases (a git ref by its assigned version, nightly,
// final), and an honest report an older cachediff wrote is refused too.
const olderOrder = OlderOrder

// OlderOrder is olderOrder for a law checked outside this package: a
// log's timeline lists each package's versions in the same order
// (report/jsonv1).
const OlderOrder = "; if an older cachediff wrote this report, its order of versions differed: diff the snapshots again"

// olderSpecOrder is olderOrder when specOrder ranks a and b by a facet
// ordered as versions are (versions, compiler, os, target), and "" when
// by one whose order is its bytes' (platform, variants, stacks, hash),
// which no release changed.
func olderSpecOrder(a, b *Spec) string {
	if compareJoined(a.Versions, b.Versions) != 0 || a.Compiler != b.Compiler || a.OS != b.OS ||
		a.Platform == b.Platform && a.Target != b.Target {
		return olderOrder
	}
	return ""
}

// specOrder is compareSpecs for two specs of a report. It is total:
// version.Compare ranks two values Spack's ordering holds equal (1.0 and
// 1.00) by their bytes, and returns 0 only for one string, so specOrder
// returns 0 only for two specs alike in every facet and hash
// (TestSpecOrderTotal).
func specOrder(a, b *Spec) int {
	if compareJoined(a.Versions, b.Versions) != 0 {
		// Most specs hold one version: joined without a copy.
		return version.Compare(strings.Join(a.Versions, sep), strings.Join(b.Versions, sep)) // not 0: the joined strings differ
	}
	for _, v := range [...][2]string{{a.Compiler, b.Compiler}, {a.OS, b.OS}} {
		if v[0] != v[1] {
			return version.Compare(v[0], v[1])
		}
	}
	if c := strings.Compare(a.Platform, b.Platform); c != 0 {
		return c
	}
	if a.Target != b.Target {
		return version.Compare(a.Target, b.Target)
	}
	return cmp.Or(compareJoined(a.Variants, b.Variants), compareJoined(a.Stacks, b.Stacks), strings.Compare(a.Hash, b.Hash))
}

// compareJoined is strings.Compare of a and b joined by sep, without
// joining them: a law checked at every listed spec allocates nothing.
func compareJoined(a, b []string) int {
	// at is the byte of l at i in the joined string: l[0]'s, sep past its
	// end, -1 past the last element's end.
	at := func(l []string, i int) int {
		switch {
		case len(l) == 0 || i == len(l[0]) && len(l) == 1:
			return -1
		case i == len(l[0]):
			return int(sep[0])
		}
		return int(l[0][i])
	}
	i, j := 0, 0
	for {
		x, y := at(a, i), at(b, j)
		if x != y || x < 0 {
			return cmp.Compare(x, y)
		}
		if i++; i > len(a[0]) {
			a, i = a[1:], 0
		}
		if j++; j > len(b[0]) {
			b, j = b[1:], 0
		}
	}
}

// checkSelectedPackages checks a report made with --package: every
// listed package's name matches one of options.packages (the filter
// keeps no other). A saved report with options.packages edited to
// [llvm] that listed gcc-runtime's removal was rendered with the line
// "Filters: packages llvm" above it, and exit 0 or 1 as its gate said.
func checkSelectedPackages(r *Report) error {
	if len(r.Options.Packages) == 0 {
		return nil
	}
	names := newNameMatcher(r.Options.Packages)
	for i := range r.Packages {
		if !names.match(r.Packages[i].Name) {
			return lawf(fmt.Sprintf("packages[%d].name", i), "%q matches none of options.packages: --package keeps only the packages it names", shortValue(r.Packages[i].Name))
		}
	}
	return nil
}

// checkSelectedStacks checks a report made with --stack: every listed
// spec is in a selected stack (the filter keeps no other).
// CheckSelectedStacksCounted checks that each selected stack is counted.
func checkSelectedStacks(r *Report) error {
	sel := r.Options.Stacks
	if len(sel) == 0 || LockfileReport(r) {
		return nil
	}
	selected := make(map[string]bool, len(sel)) // a lookup per stack of a spec, not a scan of sel
	for _, s := range sel {
		selected[s] = true
	}
	in := func(at string, s *Spec) error {
		for _, st := range s.Stacks {
			if lawStackProbe != nil {
				lawStackProbe()
			}
			if selected[st] {
				return nil
			}
		}
		return lawf(at+".stacks", "[%s], none of options.stacks: --stack keeps only the specs of its stacks", quotedJoin(s.Stacks, ", "))
	}
	for i := range r.Packages {
		sc := &r.Packages[i].Specs
		at := fmt.Sprintf("packages[%d].specs", i)
		for _, l := range []struct {
			name  string
			specs []Spec
		}{{"removed", sc.Removed}, {"added", sc.Added}} {
			for j := range l.specs {
				if err := in(fmt.Sprintf("%s.%s[%d]", at, l.name, j), &l.specs[j]); err != nil {
					return err
				}
			}
		}
		for _, l := range []struct {
			name  string
			pairs []Pair
		}{{"restacked", sc.Restacked}, {"rebuilt", sc.Rebuilt}, {"updated", sc.Updated}} {
			for j := range l.pairs {
				pat := fmt.Sprintf("%s.%s[%d]", at, l.name, j)
				if err := in(pat+".old", l.pairs[j].Old); err != nil {
					return err
				}
				if err := in(pat+".new", l.pairs[j].New); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// LockfileReport says r compares lockfiles, whose roots are the stacks:
// a root renamed by its own version is selected by its old name, and its
// specs are in the new one (rootrename.go), so the laws of --stack hold
// such a report to nothing, and a snapshot's stacks in it depend on the
// other side (a log's neighbouring steps count one snapshot's stacks
// under different names).
func LockfileReport(r *Report) bool { return r.Causes != nil && r.Causes.Roots != nil }

// RenameSelects says r is a lockfile report whose --stack names a root
// that r renamed by its own version, by its old name or its new one:
// such a step selects that root's specs on both sides under either name
// (rootrename.go), as the pair of its snapshots does, and the step
// before or after it, which renames nothing or something else, selects
// other specs of the snapshot they share. So a log's laws across steps
// (neighbouring steps' tallies, the timeline, hashes followed from step
// to step) do not hold at r's snapshots. Only renames the step's own
// data bears out count (SelectedRenames).
func RenameSelects(r *Report) bool {
	o, n := RenameSides(r)
	return o || n
}

// RenameSides says on which side r selects other specs of its snapshot
// than a neighbouring step would, which selects by the names of --stack
// alone: the old side, when --stack names a renamed root's new spelling
// and not its old one (the old side's root is selected under the new
// name), and the new side, when it names the old spelling and not the
// new one (and then the old side too, for a root respelt into a
// spelling other roots wrote already, Joined: the new spelling selects
// their specs on the old side). A rename --stack names both spellings
// of selects alike.
func RenameSides(r *Report) (old, cur bool) {
	renames := SelectedRenames(r)
	if len(renames) == 0 {
		return false, false
	}
	stacks := make(map[string]bool, len(r.Options.Stacks))
	for _, st := range r.Options.Stacks {
		stacks[st] = true
	}
	for _, rn := range renames {
		o, n := stacks[rn.Old], stacks[rn.New]
		// A root respelt into a spelling the old side's roots of
		// another environment wrote already (Joined): --stack naming
		// its old spelling selects the new one too, and with it those
		// roots' specs on the old side as well.
		old = old || n && !o || o && !n && rn.Joined > 0
		cur = cur || o && !n
	}
	return old, cur
}

// A Rename is a root of a lockfile report written otherwise by its own
// version: Old as the old side wrote it, New as the new side does; with
// Respelt, respelt in its own environment alone.
type Rename struct {
	Old, New string
	Respelt
}

// SelectedRenames returns the roots r renamed by their own version
// (causes.roots.changed with another spelling, and causes.roots.renamed)
// whose old or new spelling --stack names, in the report's order; nil
// for a report of another kind or made without --stack.
//
// A saved report is input: an entry is taken only when the report bears
// it out, since a rename switches off a log's checks across the step.
// The two spellings differ in the package's own version alone, of one
// package; a renamed root's hash is listed nowhere in it (unchanged) or
// as restacked alone (a root added needs it too); and
// unless --package narrows the specs counted, the step's stacks count
// the new spelling on the new side and never the old one (the engine
// compared the old side under the new spelling), but for a root respelt
// in its own environment alone (Respelt): one that says roots keep the
// old spelling (Kept) leaves its stack to them, counted on the new side
// where --stack names it, and one that says roots wrote the new
// spelling already (Joined) is counted in it on the old side too. An
// entry that fails is not a rename of this step: the checks across it
// hold.
func SelectedRenames(r *Report) []Rename {
	if !LockfileReport(r) || len(r.Options.Stacks) == 0 {
		return nil
	}
	// Sets and indexes made once: a saved report may hold many roots and
	// many --stack names, and each entry is looked up in constant time.
	stacks := make(map[string]bool, len(r.Options.Stacks))
	for _, st := range r.Options.Stacks {
		stacks[st] = true
	}
	type entry struct {
		root     string
		old, cur RootSpec
		sp       Respelt
	}
	var cands []entry
	names := map[string]bool{}
	add := func(root string, old, cur RootSpec, sp Respelt) {
		if old.Root == root || !stacks[root] && !stacks[old.Root] || cur.Root != root || old.Name != cur.Name ||
			withoutVersion(old.Root) != withoutVersion(root) {
			return
		}
		cands = append(cands, entry{root, old, cur, sp})
		names[cur.Name] = true
	}
	for i := range r.Causes.Roots.Changed {
		c := &r.Causes.Roots.Changed[i]
		add(c.Root, c.Old, c.New, c.Respelt)
	}
	for i := range r.Causes.Roots.Renamed {
		c := &r.Causes.Roots.Renamed[i]
		add(c.Root, c.Old, c.New, c.Respelt)
	}
	if len(cands) == 0 {
		return nil
	}
	// What the packages of the candidates list of each hash: gone from
	// the old side (removed, or the old side of a pair of another new
	// hash), come to the new side, or listed at all.
	type listing struct{ gone, came, listed bool }
	type key struct{ name, hash string }
	listed := map[key]listing{}
	mark := func(name, hash string, f func(*listing)) {
		l := listed[key{name, hash}]
		l.listed = true
		f(&l)
		listed[key{name, hash}] = l
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		if !names[p.Name] {
			continue
		}
		for j := range p.Specs.Removed {
			mark(p.Name, p.Specs.Removed[j].Hash, func(l *listing) { l.gone = true })
		}
		for j := range p.Specs.Added {
			mark(p.Name, p.Specs.Added[j].Hash, func(l *listing) { l.came = true })
		}
		for _, ps := range [][]Pair{p.Specs.Rebuilt, p.Specs.Updated, p.Specs.Restacked} {
			for j := range ps {
				o, n := ps[j].Old.Hash, ps[j].New.Hash
				mark(p.Name, o, func(l *listing) { l.gone = l.gone || o != n })
				mark(p.Name, n, func(l *listing) { l.came = l.came || o != n })
			}
		}
	}
	narrowed := len(r.Options.Packages) > 0 // the counts are those of the packages named
	var counts map[string]OldToNew
	if !narrowed {
		counts = StackCounts(r)
	}
	// The old spellings of which a root is listed removed: respelt into
	// a spelling the old side writes too (Joined), root by root, the
	// spelling's stack is that root's on the old side (as the laws of
	// the roots let it be).
	removedSpelt := make(map[string]bool, len(r.Causes.Roots.Removed))
	for _, x := range r.Causes.Roots.Removed {
		removedSpelt[x.Root] = true
	}
	var out []Rename
	for _, c := range cands {
		keptByRemoved := c.sp.Joined > 0 && removedSpelt[c.old.Root] && counts[c.old.Root].New == 0
		// A changed root's hashes need not be gone and come: its new
		// hash may be one the old snapshot held as another root (curl@2
		// of d, then curl of d), its old one one the new snapshot still
		// holds as another root's dependency; the tool's own logs of
		// both were refused.
		o := listed[key{c.cur.Name, c.old.Hash}]
		switch {
		case c.old.Hash == c.cur.Hash && (o.gone || o.came):
			continue // a renamed root is unchanged, or restacked (another root came to need it)
		case !narrowed && (counts[c.root].New == 0 || counts[c.old.Root] != OldToNew{} && c.sp.Kept == 0 && !keptByRemoved):
			continue
		case !narrowed && c.sp.Kept > 0 && stacks[c.old.Root] && counts[c.old.Root].New == 0:
			continue // the roots that keep the old spelling are in its stack
		case !narrowed && c.sp.Joined > 0 && counts[c.root].Old == 0:
			continue // the roots that wrote the new spelling are in its stack
		}
		out = append(out, Rename{c.old.Root, c.root, c.sp})
	}
	return out
}

// PartlyRespelt returns the stacks of a lockfile report whose old side
// the engine counted otherwise than the snapshot writes them, beside
// roots of other environments that stayed in them: the old spelling of
// a root respelt in its own environment alone (Kept; the roots keeping
// it stay in its stack, the respelt one's specs left it for the new
// spelling), and the new spelling of one respelt into a spelling roots
// of another environment wrote already (Joined), and the old spelling
// of a root respelt that a root removed keeps (a spelling split, or
// gone root by root into one the old side writes too): the old side
// counts in it what the roots removed alone need. A name both steps of a
// log count their shared snapshot under was not renamed unless it is
// one of these. nil when there is none.
func PartlyRespelt(r *Report) map[string]bool {
	if !LockfileReport(r) {
		return nil
	}
	var out map[string]bool
	// The spellings of the roots removed: a root respelt out of one of
	// them (a spelling split, or gone root by root into one the old side
	// writes too) leaves it to the removed roots, counted on the old side
	// alone, in part.
	var removed map[string]bool
	for _, x := range r.Causes.Roots.Removed {
		if removed == nil {
			removed = map[string]bool{}
		}
		removed[x.Root] = true
	}
	note := func(old, root string, sp Respelt) {
		if old == root || sp == (Respelt{}) && !removed[old] {
			return
		}
		if out == nil {
			out = map[string]bool{}
		}
		if removed[old] {
			out[old] = true
		}
		if sp.Kept > 0 {
			out[old] = true
		}
		if sp.Joined > 0 {
			out[root] = true
		}
	}
	for i := range r.Causes.Roots.Changed {
		c := &r.Causes.Roots.Changed[i]
		note(c.Old.Root, c.Root, c.Respelt)
	}
	for i := range r.Causes.Roots.Renamed {
		c := &r.Causes.Roots.Renamed[i]
		note(c.Old.Root, c.Root, c.Respelt)
	}
	return out
}

// StackCounts returns r's facets.stack.counts by value. The counts are
// sorted in Spack's version order, which a saved report may not keep: a
// map, not a search.
func StackCounts(r *Report) map[string]OldToNew {
	m := make(map[string]OldToNew, len(r.Facets.Stack.Counts))
	for _, vc := range r.Facets.Stack.Counts {
		m[vc.Value] = vc.OldToNew
	}
	return m
}

// CheckSelectedStacksCounted checks the reports made with --stack
// together, a report alone or the steps of a log, without --package:
// each selected stack is counted (facets.stack) in one of them.
// cachediff refuses a --stack that no spec of the snapshots compared is
// in, rather than write an empty report that passes any gate; the
// lost-stack gate counts only the selected stacks, so --stack written
// into a saved report by hand, of a stack no spec is in, passed render
// --fail-on lost-stack with the stacks it lost listed. All reports were
// made with the same options (a log's steps are checked to be).
func CheckSelectedStacksCounted(reports ...*Report) error {
	if len(reports) == 0 {
		return nil
	}
	r := reports[0]
	sel := r.Options.Stacks
	if len(sel) == 0 || len(r.Options.Packages) > 0 || LockfileReport(r) {
		return nil
	}
	counted := make(map[string]bool, len(sel))
	for _, x := range reports {
		for _, vc := range x.Facets.Stack.Counts {
			counted[vc.Value] = true
		}
	}
	for k, s := range sel {
		if !counted[s] {
			return lawf(fmt.Sprintf("options.stacks[%d]", k), "%q: no spec is in it, which --stack refuses", shortValue(s))
		}
	}
	return nil
}

// lawStackProbe, when set (by the tests), is called for each stack of a
// spec checkSelectedStacks looks up.
var lawStackProbe func()

// strIndex finds strings of a list by their place in it: an open table
// of places + 1 (0 empty), at most half full, hashed with a seed of the
// process's (maphash); what it finds does not depend on the seed.
type strIndex struct {
	slots []int32
	mask  uint64
}

func newStrIndex(n int) strIndex {
	size := 1
	for size < 2*n {
		size *= 2
	}
	return strIndex{slots: make([]int32, size), mask: uint64(size - 1)}
}

var strIndexSeed = maphash.MakeSeed()

// find returns the place in l of v, added before (add).
func (x strIndex) find(l []string, v string) (int, bool) {
	for i := maphash.String(strIndexSeed, v) & x.mask; ; i = (i + 1) & x.mask {
		k := x.slots[i]
		if k == 0 {
			return 0, false
		}
		if l[k-1] == v {
			return int(k - 1), true
		}
	}
}

// add adds l[k], not there before (find).
func (x strIndex) add(l []string, k int) {
	i := maphash.String(strIndexSeed, l[k]) & x.mask
	for x.slots[i] != 0 {
		i = (i + 1) & x.mask
	}
	x.slots[i] = int32(k + 1)
}
