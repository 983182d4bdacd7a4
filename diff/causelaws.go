package diff

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
)

// changeKinds are the kinds of a cause's change (docs/json.md, Cause
// objects).
var changeKinds = []string{"version", "compiler", "variants", "target", "os", "platform", "added", "removed", "provider", "recipe", "other"}

// checkCauseSets checks the causes section of a report against its pairs
// (issue 35 item 5: render trusted it, and a group counting 999 specs in
// a 62-pair report, an unknown change kind, a path through packages of
// no pair, emptied groups or emptied explanations all rendered):
//
//   - every cause of causes.table names a package and at least one change,
//     each of a known kind; so does every group;
//   - every path link's next is a link, and no path loops; a set's
//     references are in range, one per cause, and each path ends at its
//     cause's name; set 0 is empty; a pair's via is a link, and only
//     with a set;
//   - a lockfile's roots count the kept hashes as the summary does, and
//     the specs needed by other roots as the restacked pairs do; its roots
//     added, removed, changed and renamed are its stacks that came, went
//     and stayed (checkRootStacks), in order, each once, each the package
//     and versions of its listed spec (checkRootSpecs);
//   - every pair's why is in range: an unknown one has no set and no
//     changed dependency, a known one with a root cause has a changed
//     dependency; causes.known, own and explained count them;
//   - causes.groups are exactly the groups of the pairs' causes (a pair's
//     own change, why.self, among them): the same counts, and each via
//     the shortest path from one of the pairs (the first by name among
//     the shortest; a pair's own change, the pair alone), as cachediff
//     writes it;
//   - causes.shared, when present, are exactly the changes that the
//     groups of several packages share, with their counts.
func checkCauseSets(r *Report) error {
	c := r.Causes
	checkChanges := func(at string, cs []Change) error {
		if len(cs) == 0 {
			return lawf(at, "empty: a root cause changed in at least one way")
		}
		for i, ch := range cs {
			if !slices.Contains(changeKinds, ch.Kind) {
				return &EnumError{Path: fmt.Sprintf("%s[%d].kind", at, i), Value: ch.Kind, Want: "a kind of change (want " + strings.Join(changeKinds, ", ") + ")"}
			}
		}
		return nil
	}
	for i, t := range c.Table {
		at := fmt.Sprintf("causes.table[%d]", i)
		if t.Name == "" {
			return lawf(at+".name", "empty: a root cause names its package")
		}
		if len(t.Path) > 0 {
			return lawf(at+".path", "a cause of the table has no path: pairs reach it by their sets")
		}
		if err := checkChanges(at+".changes", t.Changes); err != nil {
			return err
		}
	}
	// Paths: each link's depth (names to the end) and last name, found
	// once per link; a loop is an error.
	n := len(c.Paths)
	depth := make([]int, n) // 0: not yet
	last := make([]string, n)
	var walk []int
	for i := range n {
		walk = walk[:0]
		for j := i; depth[j] <= 0; {
			if depth[j] == -1 {
				return lawf(fmt.Sprintf("causes.paths[%d].next", walk[len(walk)-1]), "the path loops")
			}
			nx := c.Paths[j].Next
			if nx == nil {
				depth[j], last[j] = 1, c.Paths[j].Name
				break
			}
			if *nx < 0 || *nx >= n {
				return lawf(fmt.Sprintf("causes.paths[%d].next", j), "%d, but causes.paths has %d links", *nx, n)
			}
			depth[j] = -1 // on this walk
			walk = append(walk, j)
			j = *nx
		}
		// Unwind: each link is one name more than its next.
		for k := len(walk) - 1; k >= 0; k-- {
			j := walk[k]
			nx := *c.Paths[j].Next
			depth[j], last[j] = depth[nx]+1, last[nx]
		}
	}
	rank := pathRanks(c.Paths, depth)
	if len(c.Sets) > 0 && len(c.Sets[0]) != 0 {
		return lawf("causes.sets[0]", "%d references: set 0 is the empty set", len(c.Sets[0]))
	}
	// baseOf[j] is 1 + the last set found based on set j (a set of K
	// bases looked for each among those before it: K²).
	baseOf := make([]int, len(c.Sets))
	for k, set := range c.Sets {
		nb := 0      // the set's bases so far
		overAt := -1 // the set's first override, where there is one
		for i, ref := range set {
			// Named when refused: a name an element cost 12 MB over 62,500
			// sets.
			at := func() string { return fmt.Sprintf("causes.sets[%d][%d]", k, i) }
			if b := ref.SetBase; b != nil {
				if lawSetStep != nil {
					lawSetStep()
				}
				switch {
				case i > 0 && set[i-1].SetBase == nil && overAt >= 0:
					// After an override, which a set of this base
					// and those before it refuses: moved first as "a
					// base after a reference" said, the override was
					// refused for it. The set's bases, counted once
					// where the set is refused.
					return lawf(fmt.Sprintf("causes.sets[%d][%d].over", k, overAt), "an override {over, path} in a set of %d bases: only a set of one base overrides its causes", nb+countBases(set[i:]))
				case i > 0 && set[i-1].SetBase == nil:
					// An override after it, in a set of more than one
					// base, is refused for the set's bases as above:
					// moved first as "a base after a reference" said,
					// the base made the override refused for them.
					if j := overAfter(set, i); j >= 0 && nb+countBases(set[i:]) > 1 {
						return lawf(fmt.Sprintf("causes.sets[%d][%d].over", k, j), "an override {over, path} in a set of %d bases: only a set of one base overrides its causes", nb+countBases(set[i:]))
					}
					return lawf(at(), "a base {set, via} after a reference: a set's bases are its first elements")
				case b.Set <= 0 || b.Set >= len(c.Sets):
					return lawf(at()+".set", "%d, but causes.sets has %d sets, and a base is not set 0", b.Set, len(c.Sets))
				case baseOf[b.Set] == k+1:
					return lawf(at()+".set", "%d, a base of the set twice: a set holds each cause once", b.Set)
				case b.Set == k:
					return lawf(at()+".set", "%d: a set is not based on itself", b.Set)
				case b.Via < 0 || b.Via >= n:
					return lawf(at()+".via", "%d, but causes.paths has %d links", b.Via, n)
				}
				baseOf[b.Set] = k + 1
				nb++
				continue
			}
			if ref.Over != nil {
				if overAt < 0 {
					overAt = i
				}
				// The bases after it, counted only where it is refused
				// anyway (a set of other than one base before it): one
				// is what to mend, where "a set without a base" sent a
				// reader to add one; more, and moved after them it is
				// refused for them; a set of two bases and one after
				// is one of three.
				later := 0
				if *ref.Over == ref.Cause && nb != 1 {
					later = countBases(set[i+1:])
				}
				switch {
				case *ref.Over != ref.Cause:
					return lawf(at()+".over", "%d, but the reference is of cause %d", *ref.Over, ref.Cause)
				case nb+later > 1:
					return lawf(at()+".over", "an override {over, path} in a set of %d bases: only a set of one base overrides its causes", nb+later)
				case later == 1:
					return lawf(at()+".over", "an override {over, path} before the set's base {set, via}: a set's bases are its first elements")
				case nb == 0:
					return lawf(at()+".over", "an override {over, path} in a set without a base: it holds a cause of the set's one base by another path")
				}
			}
			// An override's cause is its field "over": named so, where
			// ".cause" sent a reader to a field the element does not have.
			cause := ".cause"
			if ref.Over != nil {
				cause = ".over"
			}
			switch {
			case ref.Cause < 0 || ref.Cause >= len(c.Table):
				return lawf(at()+cause, "%d, but causes.table has %d causes", ref.Cause, len(c.Table))
			case ref.Path < 0 || ref.Path >= n:
				return lawf(at()+".path", "%d, but causes.paths has %d links", ref.Path, n)
			case i > 0 && set[i-1].SetBase == nil && ref.Cause <= set[i-1].Cause:
				return lawf(at()+cause, "%d after %d: a set lists each cause once, in order", ref.Cause, set[i-1].Cause)
			case last[ref.Path] != c.Table[ref.Cause].Name:
				return lawf(at()+".path", "ends at %q, not at its cause %q", shortValue(last[ref.Path]), shortValue(c.Table[ref.Cause].Name))
			case ref.Over != nil && depth[ref.Path] > 1:
				// cachediff overrides a cause only by a path of one
				// name, shorter than any through the base: a longer one
				// was read, and the pairs said to reach the cause by a
				// path the engine never finds.
				return lawf(at()+".path", "a path of %d names: an override holds its cause by a path of one name (a dependency's own change, or an edge change of the pair)", depth[ref.Path])
			}
		}
	}
	// Each cause's group, once: its number (4 bytes a cause, where a key
	// a cause held 40), and each group's key once.
	ids, groupNames := groupIDs(c)
	// The sets in order of their bases, and their sizes, found once for
	// the checks and walks below (each found them again: 17 bytes a set
	// each time, beside the rest).
	topo, size, err := setTopo(c)
	if err != nil {
		return err
	}
	if err := checkSetBases(c, ids, size); err != nil {
		return err
	}
	// The engine writes a set on bases only where one of them holds
	// baseMin causes or more (explainer.based), and writes it out
	// otherwise: a set of 32 causes rewritten on the set of 31 below it
	// rendered as the report cachediff wrote.
	for k := 1; k < len(c.Sets); k++ {
		most, based := 0, false
		for _, b := range c.eachBase(k) {
			most, based = max(most, size[b.Set]), true
		}
		if based && most < int(baseMin) {
			return lawf(fmt.Sprintf("causes.sets[%d]", k), "its bases hold at most %d causes each: cachediff writes a set on bases only where one holds %d or more, and writes it out otherwise", most, baseMin)
		}
	}
	// heads[k] are the names that set k's paths start with, each once,
	// sorted (found once a set: the M pairs that share a set of K
	// causes cost the distinct heads, not K each); a based set's paths
	// start with its own references' and its via's.
	// A map: only the sets of pairs without a via are asked (a slice a
	// set held 24 bytes for each of a million based sets).
	heads := map[int][]string{}
	headsOf := func(k int) []string {
		if heads[k] == nil {
			l := make([]string, 0, len(c.Sets[k]))
			for _, ref := range c.OwnRefs(k) {
				l = append(l, c.Paths[ref.Path].Name)
			}
			for _, b := range c.eachBase(k) {
				l = append(l, c.Paths[b.Via].Name)
			}
			slices.Sort(l)
			heads[k] = slices.Compact(l)
		}
		return heads[k]
	}
	changedNames := map[string]struct{}{}
	// checkFirstStep checks that a pair's paths go first to one of its
	// changed dependencies (its via's first name, else each of its
	// references' first): a path goes through dependencies whose hash
	// changed, from the pair, and one edited to start elsewhere named a
	// way to its causes that the pair has not (p211b).
	checkFirstStep := func(at string, w *Why) error {
		clear(changedNames)
		for _, d := range w.Changed {
			changedNames[d.Name] = struct{}{}
		}
		if w.Via != nil {
			if h := c.Paths[*w.Via].Name; !hasKey(changedNames, h) {
				return lawf(at+".via", "starts at %q, which is no changed dependency of the pair: its paths go first to a dependency in why.changed", shortValue(h))
			}
			return nil
		}
		for _, h := range headsOf(w.Set) {
			if !hasKey(changedNames, h) {
				return lawf(at+".set", "a path starts at %q, which is no changed dependency of the pair: its paths go first to a dependency in why.changed (or through a via)", shortValue(h))
			}
		}
		return nil
	}
	// checkEdgeCauses checks that each dependency the pair gained or lost
	// (a changed dependency with one hash) is a root cause of the pair,
	// by its own name: cachediff makes the edge a cause (added or
	// removed), whose one path is the pair's name and the dependency's,
	// so that a path of the pair's set starts at it (its via's first
	// name, when it has one). An entry edited in that the set does not
	// reach told of a dependency the pair never had (p211b).
	checkEdgeCauses := func(at string, w *Why) error {
		for j := range w.Changed {
			d := &w.Changed[j]
			if d.OldHash != "" && d.NewHash != "" {
				continue
			}
			what, h := "added", d.NewHash
			if d.NewHash == "" {
				what, h = "removed", d.OldHash
			}
			var ok bool
			switch {
			case w.Set <= 0:
			case w.Via != nil:
				ok = c.Paths[*w.Via].Name == d.Name
			default:
				_, ok = slices.BinarySearch(headsOf(w.Set), d.Name)
			}
			if !ok {
				return lawf(fmt.Sprintf("%s.changed[%d]", at, j), "%q %s (%q), but no path of the pair's root causes starts at it: a dependency added or removed is a root cause of the pair, by its own name", shortValue(d.Name), what, shortValue(h))
			}
		}
		return nil
	}
	checkWhy := func(at string, w *Why, name, oldHash, newHash string) error {
		if err := checkChanged(at, w); err != nil {
			return err
		}
		if w.Self != nil {
			s := *w.Self
			if s < 0 || s >= len(c.Table) {
				return lawf(at+".self", "%d, but causes.table has %d causes", s, len(c.Table))
			}
			if t := c.Table[s]; t.Name != name || t.OldHash != oldHash || t.NewHash != newHash {
				return lawf(at+".self", "names %q %q → %q, not the pair's own spec %q %q → %q", shortValue(t.Name), shortValue(t.OldHash), shortValue(t.NewHash),
					shortValue(name), shortValue(oldHash), shortValue(newHash))
			}
			if !w.Known {
				return lawf(at+".self", "an own change, but the pair's edges are not known")
			}
		}
		switch {
		case w.Set < 0 || w.Set > 0 && w.Set >= len(c.Sets):
			return lawf(at+".set", "%d, but causes.sets has %d sets", w.Set, len(c.Sets))
		case !w.Known && (w.Set != 0 || w.Via != nil || len(w.Changed) > 0):
			return lawf(at, "not known, yet it lists changed dependencies or root causes")
		case c.hasRefs(w) && len(w.Changed) == 0:
			return lawf(at+".set", "root causes, but no changed dependency: a pair whose dependencies kept their hash has none")
		case w.Via != nil && (*w.Via < 0 || *w.Via >= n):
			return lawf(at+".via", "%d, but causes.paths has %d links", *w.Via, n)
		case w.Via != nil && w.Set == 0:
			return lawf(at+".via", "a via, but no root causes: a via leads to the causes of the pair's set")
		case w.Set > 0:
			if err := checkFirstStep(at, w); err != nil {
				return err
			}
		}
		return checkEdgeCauses(at, w)
	}
	if rt := c.Roots; rt != nil && rt.Unchanged+rt.FewerRoots+rt.MoreRoots+rt.OtherRoots > 0 {
		s := r.Summary.Specs
		switch {
		case rt.Unchanged != s.Unchanged+s.Restacked:
			return lawf("causes.roots.unchanged", "%d, but the report keeps %d hashes (%d unchanged, %d restacked)", rt.Unchanged, s.Unchanged+s.Restacked, s.Unchanged, s.Restacked)
		case rt.FewerRoots+rt.MoreRoots+rt.OtherRoots > s.Restacked:
			return lawf("causes.roots", "%d specs needed by other roots (%d fewer, %d more, %d other), but %d restacked", rt.FewerRoots+rt.MoreRoots+rt.OtherRoots, rt.FewerRoots, rt.MoreRoots, rt.OtherRoots, s.Restacked)
		}
		// The engine counts them from the restacked pairs (countKept),
		// which the report lists: the headline prints them.
		var kept RootChanges
		kept.countKept(r)
		if got, want := [3]int{rt.FewerRoots, rt.MoreRoots, rt.OtherRoots}, [3]int{kept.FewerRoots, kept.MoreRoots, kept.OtherRoots}; got != want {
			return lawf("causes.roots", "%d fewer, %d more and %d other roots, but the restacked pairs are needed by %d fewer, %d more and %d other", got[0], got[1], got[2], want[0], want[1], want[2])
		}
	}
	if c.Roots != nil {
		if err := checkRootStacks(r); err != nil {
			return err
		}
		if err := checkRootSpecs(r); err != nil {
			return err
		}
		if err := checkRootsOnce(c.Roots); err != nil {
			return err
		}
		// A renamed root is written otherwise and concretized the same:
		// one hash on both sides, so one package and one version; but
		// snapshots that disagree on what a hash is may give it two
		// versions (root zlib@3 of d, zlib 3, then zlib of d, zlib 1:
		// the tool's own report of it renamed was refused).
		// --package and --stack leave a package out, and its warnings
		// with it, not its roots (curl and zlib@3 of d, zlib 3, then
		// zlib of d, zlib 1, with --package curl: zlib renamed, no
		// warning, exit 0, and render refused it). Without them, the
		// warning names the hash: one of another hash let a root renamed
		// be edited to two versions (zlib 3 → 1 beside a warning of
		// curl's hash c rendered).
		filtered := len(r.Options.Packages)+len(r.Options.Stacks) > 0
		var named map[string]bool // the hashes of the conflicts, when first needed
		twoVersions := func(h string) bool {
			if !filtered && named == nil {
				named = conflictHashes(r)
			}
			return filtered || named[h]
		}
		for i := range c.Roots.Renamed {
			rn := &c.Roots.Renamed[i]
			if o, n := rn.Old, rn.New; o.Hash != n.Hash || o.Name != n.Name || o.Version != n.Version && !twoVersions(o.Hash) || rn.Root != n.Root || o.Root == n.Root {
				return lawf(fmt.Sprintf("causes.roots.renamed[%d]", i), "%q (%q %q) → %q (%q %q): a renamed root keeps its hash, package and version, under another spelling", shortValue(o.Root), shortValue(o.Hash), shortValue(o.Version), shortValue(n.Root), shortValue(n.Hash), shortValue(n.Version))
			}
		}
		for i := range c.Roots.Changed {
			rc := &c.Roots.Changed[i]
			if w := rc.Why; w != nil {
				if err := checkWhy(fmt.Sprintf("causes.roots.changed[%d].why", i), w, rc.New.Name, rc.Old.Hash, rc.New.Hash); err != nil {
					return err
				}
			}
		}
	}
	// The groups, as the pairs make them. The pairs are gathered by set
	// first (how many, and the one with the best path to any of the
	// set's causes), and each set's causes then counted once for all
	// its pairs: a chain of N pairs over a hub with K changed leaves,
	// which share one set of K, costs N + K, not N·K.
	type group struct {
		specs, rebuilt, updated, own int
		via                          int // link, -1 none, -2 the pair itself (its own change)
		prefix                       causePrefix
		counted                      int
	}
	groups := map[string]*group{}
	groupOf := func(k string) *group {
		g := groups[k]
		if g == nil {
			g = &group{via: -1, prefix: causePrefix{via: -1}}
			groups[k] = g
		}
		return g
	}
	viaDepth := func(v int) int {
		if v < 0 {
			return 0
		}
		return depth[v]
	}
	// step returns the first name along via v, then along link p, and
	// the rest of both.
	step := func(v, p int) (string, int, int) {
		if v >= 0 {
			if nx := c.Paths[v].Next; nx != nil {
				return c.Paths[v].Name, *nx, p
			}
			return c.Paths[v].Name, -1, p
		}
		if nx := c.Paths[p].Next; nx != nil {
			return c.Paths[p].Name, v, *nx
		}
		return c.Paths[p].Name, v, -1
	}
	var hashes *pathHashes // once a comparison walks far
	// less orders two paths, each a pair's name, the names along its
	// via and those along a link (na, va, a and nb, vb, b; a link -2 is
	// the pair alone): the shortest first, then name by name.
	less := func(na string, va, a int, nb string, vb, b int) bool {
		if lawPathStep != nil {
			lawPathStep()
		}
		da, db := 0, 0 // the pair itself: no name after its own
		if a >= 0 {
			da = viaDepth(va) + depth[a]
		}
		if b >= 0 {
			db = viaDepth(vb) + depth[b]
		}
		if da != db {
			return da < db
		}
		if a < 0 || b < 0 {
			return na < nb
		}
		if na != nb {
			return na < nb
		}
		// Name by name until the vias end at the same place: then the
		// vias, and the links, compare by their ranks. Past a few names,
		// from the first name where they differ, found by the paths'
		// hashes (two paths of the same names whose vias end at
		// different depths, in a report edited to hold many, walked the
		// vias whole for each of its sets).
		for walked := 0; ; walked++ {
			if lawPathStep != nil {
				lawPathStep()
			}
			if walked == lawShortWalk {
				if hashes == nil {
					hashes = newPathHashes(c.Paths, depth)
				}
				return hashes.compare(va, a, vb, b) < 0
			}
			switch {
			case va < 0 && vb < 0:
				return rank[a] < rank[b]
			case va >= 0 && vb >= 0 && depth[va] == depth[vb]:
				if rank[va] != rank[vb] {
					return rank[va] < rank[vb]
				}
				return rank[a] < rank[b]
			}
			var x, y string
			x, va, a = step(va, a)
			y, vb, b = step(vb, b)
			if x != y {
				return x < y
			}
		}
	}
	// lessPrefix is less for paths that go first through a prefix (a
	// pair's name and via, then the vias of the sets between the pair's
	// set and a based set's level): with no such vias, less itself (or,
	// for two prefixes alone, the order of a set's pairs: by via depth,
	// name, then via); else by depth, name, then name by name.
	lessPrefix := func(a causePrefix, pa int, b causePrefix, pb int) bool {
		if a.chain == nil && b.chain == nil {
			if pa == -1 && pb == -1 {
				da, db := viaDepth(a.via), viaDepth(b.via)
				return da < db || da == db && (a.name < b.name || a.name == b.name && a.via >= 0 && rank[a.via] < rank[b.via])
			}
			return less(a.name, a.via, pa, b.name, b.via, pb)
		}
		da, db := a.depth, b.depth
		if pa >= 0 {
			da += depth[pa]
		}
		if pb >= 0 {
			db += depth[pb]
		}
		if pa == -2 {
			da = 0
		}
		if pb == -2 {
			db = 0
		}
		if da != db {
			return da < db
		}
		if a.name != b.name {
			return a.name < b.name
		}
		if da == 0 {
			return false
		}
		// As many names, through stacked bases: by the paths' hashes,
		// not name by name (a report edited to stack n sets, each
		// with a pair whose via ties with the path from the set based
		// on it, walked n²/2 names).
		if hashes == nil {
			hashes = newPathHashes(c.Paths, depth)
		}
		return hashes.comparePrefix(a, pa, b, pb, da) < 0
	}
	// The shared changes, as the groups make them: a change of a shared
	// kind that the groups of two packages or more have.
	type sharedCount struct {
		specs, rebuilt, updated int
		groups                  []int
		counted                 int
	}
	sharedBy := map[string]*sharedCount{} // by change
	sharedOfGroup := map[string]string{}  // group key to change
	for i, g := range c.Groups {
		if len(g.Changes) != 1 || !sharedKinds[g.Changes[0].Kind] {
			continue
		}
		ch := g.Changes[0]
		k := sharedKey(ch)
		if sharedBy[k] == nil {
			sharedBy[k] = &sharedCount{}
		}
		sharedBy[k].groups = append(sharedBy[k].groups, i)
		sharedOfGroup[GroupKey(Cause{Name: g.Name, Changes: g.Changes})] = k
	}
	// The pairs of each set, and the pairs with an own change.
	type use struct {
		specs, rebuilt, updated int
		prefix                  causePrefix
	}
	uses := make([]use, len(c.Sets))
	type self struct {
		cause, set int
		name       string
		updated    bool
	}
	var selves []self
	known, own, explained := 0, 0, 0
	// The pairs' whys by their hashes, for the changed roots' (a root's
	// why is its spec's pair's): kept only when the report has them.
	type pairWhy struct {
		w  *Why
		at string
	}
	var pairWhys map[string]pairWhy
	if c.Roots != nil && len(c.Roots.Changed) > 0 {
		pairWhys = make(map[string]pairWhy)
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		for _, l := range []struct {
			name    string
			pairs   []Pair
			updated bool
		}{{"rebuilt", p.Specs.Rebuilt, false}, {"updated", p.Specs.Updated, true}} {
			for j := range l.pairs {
				w := l.pairs[j].Why
				if w == nil {
					continue
				}
				pr := &l.pairs[j]
				if err := checkWhy(fmt.Sprintf("packages[%d].specs.%s[%d].why", i, l.name, j), w, p.Name, pr.Old.Hash, pr.New.Hash); err != nil {
					return err
				}
				if pairWhys != nil && pr.Old != nil && pr.New != nil {
					pairWhys[pr.Old.Hash+"\x00"+pr.New.Hash] = pairWhy{w, fmt.Sprintf("packages[%d].specs.%s[%d].why", i, l.name, j)}
				}
				if !w.Known {
					continue
				}
				known++
				if len(w.Changed) == 0 {
					own++
				}
				if c.hasRefs(w) || w.Self != nil {
					explained++
				}
				if w.Self != nil {
					selves = append(selves, self{*w.Self, w.Set, p.Name, l.updated})
				}
				if !c.hasRefs(w) {
					continue
				}
				u := &uses[w.Set]
				v := -1
				if w.Via != nil {
					v = *w.Via
				}
				if x := (causePrefix{name: p.Name, via: v, depth: viaDepth(v)}); u.specs == 0 || lessPrefix(x, -1, u.prefix, -1) {
					u.prefix = x
				}
				u.specs++
				if l.updated {
					u.updated++
				} else {
					u.rebuilt++
				}
			}
		}
	}
	if err := checkCut(r, size); err != nil {
		return err
	}
	// Each set's weight: its pairs and those of the sets based on it,
	// with the best path prefix among them (the sets based on it first).
	for i := len(topo) - 1; i >= 0; i-- {
		k := topo[i]
		u := &uses[k]
		if u.specs == 0 {
			continue
		}
		for _, b := range c.eachBase(k) {
			x := &uses[b.Set]
			if hashes == nil {
				hashes = newPathHashes(c.Paths, depth)
			}
			p := u.prefix
			p.chain = hashes.cons(p, b.Via)
			p.depth += depth[b.Via]
			if x.specs == 0 || lessPrefix(p, -1, x.prefix, -1) {
				x.prefix = p
			}
			x.specs += u.specs
			x.rebuilt += u.rebuilt
			x.updated += u.updated
		}
	}
	// A pair's own change: its path is the pair alone, and the pair
	// counts once where its set has a cause of the same group, or of
	// the same shared change.
	countSelf := func(x self, hasGroup, hasShared bool) {
		k := groupNames[ids[x.cause]]
		g := groupOf(k)
		g.own++
		count := func(specs, rebuilt, updated *int) {
			*specs++
			if x.updated {
				*updated++
			} else {
				*rebuilt++
			}
		}
		if !hasGroup {
			count(&g.specs, &g.rebuilt, &g.updated)
		}
		if sk, ok := sharedOfGroup[k]; ok && !hasShared {
			sc := sharedBy[sk]
			count(&sc.specs, &sc.rebuilt, &sc.updated)
		}
		if g.via == -1 || lessPrefix(causePrefix{name: x.name, via: -1}, -2, g.prefix, g.via) {
			g.via, g.prefix = -2, causePrefix{name: x.name, via: -1}
		}
	}
	selvesAt := map[int][]self{}
	for _, x := range selves {
		if x.set > 0 && x.set < len(c.Sets) {
			selvesAt[x.set] = append(selvesAt[x.set], x)
		} else {
			countSelf(x, false, false)
		}
	}
	// A set counts its pairs (and those based on it) once per group and
	// per shared change where no level above it (its bases) holds one;
	// a group's via is the best over every level that holds it.
	activeGroup, activeShared := map[string]int{}, map[string]int{}
	if err := walkSetForest(c, size, func(s int) error {
		u := &uses[s]
		for _, ref := range c.OwnRefs(s) {
			k := groupNames[ids[ref.Cause]]
			sk, isShared := sharedOfGroup[k]
			if isShared && u.specs > 0 && activeShared[sk] == 0 {
				if sc := sharedBy[sk]; sc.counted != s {
					sc.counted = s
					sc.specs += u.specs
					sc.updated += u.updated
					sc.rebuilt += u.rebuilt
				}
			}
			if u.specs == 0 {
				continue
			}
			// The via is the shortest path to any cause of the group,
			// at any level that holds one; the pairs count at the
			// first level (the highest) only, once.
			g := groupOf(k)
			if g.via == -1 || lessPrefix(u.prefix, ref.Path, g.prefix, g.via) {
				g.via, g.prefix = ref.Path, u.prefix
			}
			if activeGroup[k] > 0 || g.counted == s {
				continue
			}
			g.counted = s
			g.specs += u.specs
			g.updated += u.updated
			g.rebuilt += u.rebuilt
		}
		for _, ref := range c.OwnRefs(s) {
			k := groupNames[ids[ref.Cause]]
			activeGroup[k]++
			if sk, ok := sharedOfGroup[k]; ok {
				activeShared[sk]++
			}
		}
		for _, x := range selvesAt[s] {
			k := groupNames[ids[x.cause]]
			sk, ok := sharedOfGroup[k]
			countSelf(x, activeGroup[k] > 0, ok && activeShared[sk] > 0)
		}
		return nil
	}, func(s int) error {
		for _, ref := range c.OwnRefs(s) {
			k := groupNames[ids[ref.Cause]]
			activeGroup[k]--
			if sk, ok := sharedOfGroup[k]; ok {
				activeShared[sk]--
			}
		}
		return nil
	}, func(j int, closure []int, on bool) error {
		// A set of several bases: its pairs (and those based on it)
		// were counted once for each base that holds a shared change,
		// at its level there: once is enough.
		d := 1
		if !on {
			d = -1
		}
		u := &uses[j]
		walked := map[string]bool{}
		for _, x := range closure {
			for _, ref := range c.OwnRefs(x) {
				k := groupNames[ids[ref.Cause]]
				sk, ok := sharedOfGroup[k]
				if on && ok && !walked[sk] {
					walked[sk] = true
					if sc := sharedBy[sk]; u.specs > 0 && activeShared[sk] > 0 {
						sc.specs -= u.specs
						sc.updated -= u.updated
						sc.rebuilt -= u.rebuilt
					}
				}
			}
		}
		for _, x := range closure {
			for _, ref := range c.OwnRefs(x) {
				k := groupNames[ids[ref.Cause]]
				activeGroup[k] += d
				if sk, ok := sharedOfGroup[k]; ok {
					activeShared[sk] += d
				}
			}
		}
		return nil
	}); err != nil {
		return err
	}
	// A changed root's why is the why of its spec's pair, when the report
	// has that pair (old hash → new hash): one edited apart from it (its
	// set dropped, another set, other changed dependencies) told another
	// story of why the root changed than its spec's row (p211b).
	if c.Roots != nil {
		for i := range c.Roots.Changed {
			rc := &c.Roots.Changed[i]
			pw, ok := pairWhys[rc.Old.Hash+"\x00"+rc.New.Hash]
			if rc.Why == nil || !ok || sameWhy(rc.Why, pw.w) {
				continue
			}
			return lawf(fmt.Sprintf("causes.roots.changed[%d].why", i), "differs from %s, the why of the root's spec %q → %q: a changed root's why is its spec's", pw.at, shortValue(rc.Old.Hash), shortValue(rc.New.Hash))
		}
	}
	for _, x := range []struct {
		name      string
		got, want int
	}{{"known", c.Known, known}, {"own", c.Own, own}, {"explained", c.Explained, explained}} {
		if x.got != x.want {
			return lawf("causes."+x.name, "%d, but the pairs' whys make it %d", x.got, x.want)
		}
	}
	if len(c.Groups) != len(groups) {
		return lawf("causes.groups", "%d groups, but the pairs' root causes make %d", len(c.Groups), len(groups))
	}
	seen := map[string]bool{}
	for i, g := range c.Groups {
		at := fmt.Sprintf("causes.groups[%d]", i)
		if err := checkChanges(at+".changes", g.Changes); err != nil {
			return err
		}
		k := GroupKey(Cause{Name: g.Name, Changes: g.Changes})
		want := groups[k]
		switch {
		case want == nil || seen[k]:
			return lawf(at, "%q is the root cause of no pair (or is listed twice)", shortValue(g.Name))
		case g.Specs != want.specs || g.Rebuilt != want.rebuilt || g.Updated != want.updated || g.Own != want.own:
			return lawf(at, "counts %d specs (%d rebuilt, %d updated, %d its own change), but it is a root cause of %d (%d rebuilt, %d updated, %d its own change)",
				g.Specs, g.Rebuilt, g.Updated, g.Own, want.specs, want.rebuilt, want.updated, want.own)
		}
		seen[k] = true
		if i > 0 && groupOrder(c.Groups[i-1], g) > 0 {
			return lawf(at, "%q is listed after %q: groups are listed own changes first, then most specs first, as cachediff writes them", shortValue(g.Name), shortValue(c.Groups[i-1].Name))
		}
		via := []string{want.prefix.name}
		if want.via != -2 {
			via = c.prefixNames(via, want.prefix, want.via)
		}
		if !slices.Equal(g.Via, via) {
			return lawf(at+".via", "%s, but the shortest path from its pairs is %s", quotedJoin(g.Via, " → "), quotedJoin(via, " → "))
		}
	}
	// causes.shared: each change that two groups or more share, once,
	// with its groups, their packages and the pairs' counts, most
	// specs first. A report of cachediff before issue 34 has none.
	if len(c.Shared) == 0 {
		return nil
	}
	listed := 0
	for k, s := range sharedBy {
		if len(s.groups) < 2 {
			delete(sharedBy, k)
		}
	}
	for i, s := range c.Shared {
		at := fmt.Sprintf("causes.shared[%d]", i)
		k := sharedKey(Change{Kind: s.Kind, From: s.From, To: s.To})
		want := sharedBy[k]
		if want == nil || want.counted < 0 {
			return lawf(at, "%q %q → %q is no change that the groups of two packages or more share (or is listed twice)", shortValue(s.Kind), shortValue(s.From), shortValue(s.To))
		}
		want.counted = -1
		listed++
		names := make([]string, len(want.groups))
		for j, g := range want.groups {
			names[j] = c.Groups[g].Name
		}
		slices.Sort(names)
		switch {
		case !slices.Equal(s.Groups, want.groups):
			return lawf(at+".groups", "%v, but the groups of that change are %v", s.Groups, want.groups)
		case !slices.Equal(s.Packages, names):
			return lawf(at+".packages", "%s, but its groups' packages are %s", quotedJoin(s.Packages, " → "), quotedJoin(names, " → "))
		case s.Specs != want.specs || s.Rebuilt != want.rebuilt || s.Updated != want.updated:
			return lawf(at, "counts %d specs (%d rebuilt, %d updated), but its groups are root causes of %d (%d rebuilt, %d updated)",
				s.Specs, s.Rebuilt, s.Updated, want.specs, want.rebuilt, want.updated)
		case i > 0 && s.Specs > c.Shared[i-1].Specs:
			return lawf(at+".specs", "%d after %d: shared changes are listed most specs first", s.Specs, c.Shared[i-1].Specs)
		case i > 0 && sharedOrder(c.Shared[i-1], s) > 0:
			return lawf(at, "%q %q → %q is listed after %q %q → %q: shared changes of as many specs are listed most groups first, then by kind, from and to", shortValue(s.Kind), shortValue(s.From), shortValue(s.To), shortValue(c.Shared[i-1].Kind), shortValue(c.Shared[i-1].From), shortValue(c.Shared[i-1].To))
		}
	}
	if listed != len(sharedBy) {
		return lawf("causes.shared", "%d shared changes, but the groups share %d", listed, len(sharedBy))
	}
	return nil
}

// quotedJoin joins at most 8 values of l with sep, each quoted as the
// laws quote a value (quotedEnum), and counts the rest: a list's values
// told apart from its commas and
// from the words around it ("[x, y]" read as two values or one).
func quotedJoin(l []string, sep string) string {
	var out []string
	for i, s := range l {
		if i == 8 {
			out = append(out, fmt.Sprintf("… %d more", len(l)-8))
			break
		}
		out = append(out, quotedEnum(s))
	}
	return strings.Join(out, sep)
}

// pathRanks ranks the links of paths (depth: each link's count of names
// to the end of its path, from 1) so that two links of one depth compare
// as their paths' names do, name by name: those of depth 1 by name, those
// of depth d by name and then their next's rank (of depth d-1); equal
// paths rank equal. Comparing paths that tie on depth is then comparing
// two numbers, where walking them name by name cost a report edited to
// hold two chains of the same names both chains for every pair.
func pathRanks(paths []PathLink, depth []int) []int {
	most := 0
	for _, d := range depth {
		most = max(most, d)
	}
	byDepth := make([][]int, most+1)
	for i, d := range depth {
		byDepth[d] = append(byDepth[d], i)
	}
	rank := make([]int, len(paths))
	next := func(i int) int {
		if nx := paths[i].Next; nx != nil {
			return rank[*nx]
		}
		return -1
	}
	for _, links := range byDepth {
		slices.SortFunc(links, func(a, b int) int {
			return cmp.Or(strings.Compare(paths[a].Name, paths[b].Name), cmp.Compare(next(a), next(b)))
		})
		r := 0
		for k, i := range links {
			if lawPathStep != nil {
				lawPathStep()
			}
			if k > 0 && (paths[i].Name != paths[links[k-1]].Name || next(i) != next(links[k-1])) {
				r++
			}
			rank[i] = r
		}
	}
	return rank
}

// lawPathStep, when set (by tests), is called for each link that
// checkCauseSets ranks, each comparison of two paths, and each name
// such a comparison walks.
var lawPathStep func()

// lawSetStep, when set (by tests), is called each time checkCauseSets
// looks whether a set names a base already among its bases (once a base
// by the sets' marks; a scan of the bases before it would call it once
// for each of them).
var lawSetStep func()

// lawShortWalk is how many names checkCauseSets compares one by one
// before it finds the first that differs by the paths' hashes.
const lawShortWalk = 16

// pathHashes finds where two paths of a report's causes first differ,
// each path a via and a link after it (checkCauseSets), without walking
// them: each link has the hash of its names to the end of its path and a
// jump pointer, so that the link any number of names down is found in
// logarithmic time (Myers' skew-binary jump pointers), and the hash of
// any first names of a path with it; halving then finds the first name
// that differs. Memory is two words a link; the names' hashes are seeded
// at random, mod the prime 2^61-1, so that no report can be edited to
// make two paths collide but by chance.
type pathHashes struct {
	paths []PathLink
	dep   []int    // by link: names to the end of its path; link n (no link) 0
	up    []int32  // the next link; n for none, n's own n
	jump  []int32  // a link further down (see ancestor)
	hash  []uint64 // Σ h(j-th name)·base^j over the path's names
	pow   []uint64 // base^m
	base  uint64
}

const mersenne61 = 1<<61 - 1

func mulMod61(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	r := (hi<<3 | lo>>61) + lo&mersenne61
	r = r&mersenne61 + r>>61
	if r >= mersenne61 {
		r -= mersenne61
	}
	return r
}

func addMod61(a, b uint64) uint64 {
	r := a + b
	if r >= mersenne61 {
		r -= mersenne61
	}
	return r
}

func subMod61(a, b uint64) uint64 {
	if a >= b {
		return a - b
	}
	return a + mersenne61 - b
}

// newPathHashes indexes paths, whose links' depths (checkCauseSets's,
// with no loop) are depth.
func newPathHashes(paths []PathLink, depth []int) *pathHashes {
	n := len(paths)
	h := &pathHashes{paths: paths, dep: make([]int, n+1), up: make([]int32, n+1), jump: make([]int32, n+1), hash: make([]uint64, n+1)}
	copy(h.dep, depth)
	most := 0
	for _, d := range depth {
		most = max(most, d)
	}
	// The links by depth, so that each link's next comes before it.
	at := make([]int, most+2)
	for _, d := range depth {
		at[d+1]++
	}
	for d := 1; d < len(at); d++ {
		at[d] += at[d-1]
	}
	order := make([]int32, n)
	for i, d := range depth {
		order[at[d]] = int32(i)
		at[d]++
	}
	seed := maphash.MakeSeed()
	base := 256 + rand.Uint64N(mersenne61-512)
	h.base = base
	h.pow = make([]uint64, most+1)
	h.pow[0] = 1
	for m := 1; m <= most; m++ {
		h.pow[m] = mulMod61(h.pow[m-1], base)
	}
	root := int32(n)
	h.up[root], h.jump[root] = root, root
	for _, u := range order {
		p := root
		if nx := paths[u].Next; nx != nil {
			p = int32(*nx)
		}
		h.up[u] = p
		if j := h.jump[p]; h.dep[p]-h.dep[j] == h.dep[j]-h.dep[h.jump[j]] {
			h.jump[u] = h.jump[j]
		} else {
			h.jump[u] = p
		}
		h.hash[u] = addMod61(maphash.String(seed, paths[u].Name)%mersenne61, mulMod61(base, h.hash[p]))
	}
	return h
}

// ancestor is the link m names down the path from link u (len(paths)
// past its end).
func (h *pathHashes) ancestor(u int32, m int) int32 {
	t := h.dep[u] - m
	for h.dep[u] > t {
		if j := h.jump[u]; h.dep[j] >= t {
			u = j
		} else {
			u = h.up[u]
		}
	}
	return u
}

// node is link i as pathHashes numbers it: len(paths) for none (-1).
func (h *pathHashes) node(i int) int32 {
	if i < 0 {
		return int32(len(h.paths))
	}
	return int32(i)
}

// prefix is the hash of the first m names of the path from link u.
func (h *pathHashes) prefix(u int32, m int) uint64 {
	return subMod61(h.hash[u], mulMod61(h.pow[m], h.hash[h.ancestor(u, m)]))
}

// compare compares the names along via v, then link p, with those along
// via w, then link q (as many in all, each via -1 for none): the first
// name where they differ decides.
func (h *pathHashes) compare(v, p, w, q int) int {
	a := [2]int32{h.node(v), h.node(p)}
	b := [2]int32{h.node(w), h.node(q)}
	pre := func(x [2]int32, m int) uint64 {
		if lv := h.dep[x[0]]; m > lv {
			return addMod61(h.hash[x[0]], mulMod61(h.pow[lv], h.prefix(x[1], m-lv)))
		}
		return h.prefix(x[0], m)
	}
	name := func(x [2]int32, m int) string {
		if lv := h.dep[x[0]]; m >= lv {
			return h.paths[h.ancestor(x[1], m-lv)].Name
		}
		return h.paths[h.ancestor(x[0], m)].Name
	}
	total := min(h.dep[a[0]]+h.dep[a[1]], h.dep[b[0]]+h.dep[b[1]])
	if pre(a, total) == pre(b, total) {
		return 0
	}
	lo := commonPrefix(total, func(m int) bool { return pre(a, m) == pre(b, m) })
	return strings.Compare(name(a, lo), name(b, lo))
}

// commonPrefix is how many names two paths of total names have the same
// (same(m): their first m names' hashes are equal), when not all are:
// a binary search, the first lo names the same and the first hi not.
func commonPrefix(total int, same func(m int) bool) int {
	lo, hi := 0, total
	for hi-lo > 1 {
		if lawPathStep != nil {
			lawPathStep()
		}
		mid := lo + (hi-lo)/2
		if same(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// powAt is base^m, for m past the links' depths too (a prefix through
// stacked bases holds more names than any link).
func (h *pathHashes) powAt(m int) uint64 {
	if m < len(h.pow) {
		return h.pow[m]
	}
	r, b := uint64(1), h.base
	for ; m > 0; m >>= 1 {
		if m&1 != 0 {
			r = mulMod61(r, b)
		}
		b = mulMod61(b, b)
	}
	return r
}

// cons returns p's chain with link added at its end.
func (h *pathHashes) cons(p causePrefix, link int) *lawCons {
	u := &lawCons{link: link, next: p.chain, end: p.depth + h.dep[link]}
	start, prev := h.dep[h.node(p.via)], h.hash[h.node(p.via)]
	if q := p.chain; q != nil {
		start, prev = q.end, q.hash
		u.cells = q.cells + 1
		u.jump = q
		if j := q.jump; j != nil && q.cells-j.cells == j.cells-j.jump.cellsOrZero() {
			u.jump = j.jump
		}
	} else {
		u.cells = 1
	}
	u.hash = addMod61(prev, mulMod61(h.powAt(start), h.hash[link]))
	return u
}

func (l *lawCons) cellsOrZero() int {
	if l == nil {
		return 0
	}
	return l.cells
}

// part finds, in prefix p then link, where the name at (0-based) index
// m lies: the link holding it, the names before that link, and their
// hash.
func (h *pathHashes) part(p causePrefix, link int32, m int) (int32, int, uint64) {
	via := h.node(p.via)
	if m < h.dep[via] {
		return via, 0, 0
	}
	u := p.chain
	if u == nil || m >= u.end {
		if u == nil {
			return link, h.dep[via], h.hash[via]
		}
		return link, u.end, u.hash
	}
	for u.next != nil && u.next.end > m {
		if j := u.jump; j != nil && j.end > m {
			u = j
		} else {
			u = u.next
		}
	}
	if u.next == nil {
		return int32(u.link), h.dep[via], h.hash[via]
	}
	return int32(u.link), u.next.end, u.next.hash
}

// seqPrefix is the hash of the first m names of prefix p, then link.
func (h *pathHashes) seqPrefix(p causePrefix, link int32, m int) uint64 {
	if m == 0 {
		return 0
	}
	l, start, prev := h.part(p, link, m-1)
	return addMod61(prev, mulMod61(h.powAt(start), h.prefix(l, m-start)))
}

// comparePrefix compares the names along prefix a, then link pa, with
// those along b, then pb (total names each): the first name where they
// differ decides.
func (h *pathHashes) comparePrefix(a causePrefix, pa int, b causePrefix, pb int, total int) int {
	la, lb := h.node(pa), h.node(pb)
	if h.seqPrefix(a, la, total) == h.seqPrefix(b, lb, total) {
		return 0
	}
	lo := commonPrefix(total, func(m int) bool { return h.seqPrefix(a, la, m) == h.seqPrefix(b, lb, m) })
	name := func(p causePrefix, link int32) string {
		l, start, _ := h.part(p, link, lo)
		return h.paths[h.ancestor(l, lo-start)].Name
	}
	return strings.Compare(name(a, la), name(b, lb))
}

// checkRootStacks checks a lockfile's roots (causes.roots) against its
// stacks, which are its roots: every spec is in the stacks of the roots
// that need it, a root's own spec in its own. A root added is a stack
// the old side does not count, a root removed one the new side does not
// count, and a root changed in its version or renamed is counted under
// its new spelling alone (the old side was compared under it), but where
// it says roots of other environments keep the old spelling (Kept). A root
// added or removed of a stack that stays is one of two written alike
// (spellings). Without
// --package or --stack, which leave specs uncounted, the stacks that
// came and went (facets.stack.added and removed) are exactly the roots
// added and removed, and a root changed or renamed is counted on both
// sides. render printed the roots as written: a root's removal deleted
// from a saved report left its news "1 root removed" of two.
func checkRootStacks(r *Report) error {
	rt := r.Causes.Roots
	counts := StackCounts(r)
	whole := len(r.Options.Packages) == 0 && len(r.Options.Stacks) == 0
	conflicts, _ := HashConflicts(r)
	var spelt *spellings
	if len(rt.Added)+len(rt.Removed) > 0 {
		spelt = newSpellings(r)
	}
	respelt := map[string][]string{} // old spellings of roots changed or renamed: their new ones
	for i := range rt.Changed {
		if x := &rt.Changed[i]; x.Old.Root != x.Root {
			respelt[x.Old.Root] = append(respelt[x.Old.Root], x.Root)
		}
	}
	for i := range rt.Renamed {
		if x := &rt.Renamed[i]; x.Old.Root != x.Root {
			respelt[x.Old.Root] = append(respelt[x.Old.Root], x.Root)
		}
	}
	set := func(n int, at func(int) string) map[string]bool {
		m := make(map[string]bool, n)
		for i := range n {
			m[at(i)] = true
		}
		return m
	}
	rootless := rootlessSides(rt, counts)
	for _, l := range []struct {
		name      string
		list      []RootSpec
		facet     []string
		absent    func(OldToNew) bool
		side      string
		sideIndex int // the side that lists the root
	}{
		{"added", rt.Added, r.Facets.Stack.Added, func(c OldToNew) bool { return c.Old == 0 }, "old", 1},
		{"removed", rt.Removed, r.Facets.Stack.Removed, func(c OldToNew) bool { return c.New == 0 }, "new", 0},
	} {
		inFacet := set(len(l.facet), func(i int) string { return l.facet[i] })
		for i, x := range l.list {
			c, ok := counts[x.Root]
			switch {
			case ok && whole && l.side == "old" && c.New == 0:
				// A root added is written by the new side, which counts
				// its own spec in its stack (the new side is compared as
				// written, never respelt). Root gcc of a removed, edited
				// to say added, with a warning that a hash names two
				// builds (which lifts the law below), rendered "1 root
				// added (gcc)" of a stack the new side does not count.
				return lawf(fmt.Sprintf("causes.roots.%s[%d].root", l.name, i), "%q, but the new side counts no spec in that stack: a root added is in its own stack", shortValue(x.Root))
			case ok && !l.absent(c) && spelt.shared(x, l.sideIndex, c):
				// Another root of this spelling stays: the stack stays.
			case ok && !l.absent(c) && rootless[1-l.sideIndex]:
				// The other side writes no roots (a catalogue): its
				// stack of that name is one of its CI stacks, no root.
				// Root hep of a lockfile diffed against a catalogue
				// tree, whose stack hep counts 5 specs, was refused:
				// "the new side counts 5 specs in that stack".
			case ok && !l.absent(c) && (conflicts > 0 || !whole):
				// Snapshots that disagree on what a hash is list a spec
				// of a root that stays (gcc of d, d gcc 1 on the old
				// side and curl 1 on the new), so the listed specs do
				// not tell whether another root of the stack stays: the
				// tool's own report of gcc of b added was refused.
				// --package and --stack leave the warning out with its
				// package (roots zlib of b, git 2, and zlib of c, then
				// zlib of b, curl 3, with --package curl: zlib of c
				// removed, no warning, and render refused it). And a
				// stack --stack does not select is counted in part: its
				// specs in a selected stack, on each side as that side
				// stacks them (zlib@1's y, needed by root curl on the new
				// side alone, is counted there alone, though another root
				// zlib@1 of y stays).
			case ok && !l.absent(c):
				n := c.New // the side that must not count it: removed, the new
				if l.side == "old" {
					n = c.Old
				}
				specs := "specs"
				if n == 1 {
					specs = "spec"
				}
				return lawf(fmt.Sprintf("causes.roots.%s[%d].root", l.name, i), "%q, but the %s side counts %d %s in that stack", shortValue(x.Root), l.side, n, specs)
			case !ok && l.side == "new" && spelt.respeltInto(x, respelt[x.Root]):
				// Its stack was compared under another root's new
				// spelling: curl of [curl@1, curl@2] removed, and curl@2
				// now written curl@2, is counted under curl@2 alone.
			case whole && !inFacet[x.Root]:
				return lawf(fmt.Sprintf("causes.roots.%s[%d].root", l.name, i), "%q, but facets.stack.%s does not name it: a lockfile's stacks are its roots", shortValue(x.Root), l.name)
			}
		}
		if !whole || rootless[l.sideIndex] {
			// A side that writes no roots (a catalogue tree beside a
			// lockfile) has stacks that are no roots: its CI stacks
			// come or go with the lockfile's roots, but are none of
			// them. A lockfile diffed against a catalogue was refused:
			// facets.stack.added[0]: "aws-pcluster-neoverse_v1", but
			// causes.roots.added does not list that root.
			continue
		}
		listed := set(len(l.list), func(i int) string { return l.list[i].Root })
		for k, v := range l.facet {
			if !listed[v] {
				return lawf(fmt.Sprintf("facets.stack.%s[%d]", l.name, k), "%q, but causes.roots.%s does not list that root: a lockfile's stacks are its roots", shortValue(v), l.name)
			}
		}
	}
	// A root is added or removed, never both: a root that stays is
	// neither. (The law on roots written alike lets each through alone.)
	removedRoots := make(map[RootSpec]bool, len(rt.Removed))
	for _, x := range rt.Removed {
		removedRoots[RootSpec{Root: x.Root, Hash: x.Hash}] = true
	}
	for i, x := range rt.Added {
		if removedRoots[RootSpec{Root: x.Root, Hash: x.Hash}] {
			return lawf(fmt.Sprintf("causes.roots.added[%d]", i), "%q (%q), but causes.roots.removed lists it too: a root is added or removed, not both", shortValue(x.Root), shortValue(x.Hash))
		}
	}
	// A root's own spec, where its side lists it, is in its stack (on the
	// old side under its new spelling, a root changed or renamed, or a
	// root removed of a spelling one of those left): a root curl edited
	// to name git's spec, of stack git alone, rendered. The stacks of
	// the roots' specs are filed once, by hash and stack: a spec that is
	// thousands of roots is in thousands of stacks.
	if whole {
		if err := checkRootsOwnStacks(r, respelt); err != nil {
			return err
		}
	}
	// An old spelling split across several new ones (respeltRoots) is
	// respelt root by root: a root of it removed keeps it, and its stack
	// is counted on the old side alone (roots hdf5 for A, B and C; A now
	// hdf5@1.0, B hdf5@2.0, C gone), which the tool's own report of C
	// removed was refused for.
	removedSpelt := make(map[string]bool, len(rt.Removed))
	for _, x := range rt.Removed {
		removedSpelt[x.Root] = true
	}
	// So is one respelt into a spelling roots of another environment
	// wrote already (Joined): a root of it removed keeps it (curl@2.0
	// of rhel8 now curl, as debian11's roots write it, and debian11's
	// curl@2.0, a second root of its curl, removed). And so is one
	// merged with another into a new spelling, the mirror of a split
	// (roots cmake for 7 and w and cmake@1.0 for v; 7 and v now
	// cmake@2.0, w gone).
	var mergedFrom map[string]string // a new spelling of roots respelt → the first old one into it
	var merged map[string]bool       // the new spellings several old ones go into
	for old, l := range respelt {
		for _, y := range l {
			if mergedFrom == nil {
				mergedFrom = map[string]string{}
			}
			if f, ok := mergedFrom[y]; !ok {
				mergedFrom[y] = old
			} else if f != old {
				if merged == nil {
					merged = map[string]bool{}
				}
				merged[y] = true
			}
		}
	}
	splitKeeps := func(old string, c OldToNew, sp Respelt) bool {
		if c.New != 0 || !removedSpelt[old] {
			return false
		}
		into := respelt[old]
		return sp.Joined > 0 || slices.ContainsFunc(into, func(s string) bool { return s != into[0] || merged[s] })
	}
	// The roots that stayed, changed or renamed: counted under their new
	// spelling on both sides (without filters), never under the old one.
	stayed := func(list string, i int, root, old string, sp Respelt) error {
		// A root respelt in its own environment alone leaves the old
		// spelling's stack to the roots of other environments that keep
		// it (Kept): counted on the new side, and on the old where they
		// need a spec.
		if c, ok := counts[old]; old != root && ok && c != (OldToNew{}) && sp.Kept == 0 && !splitKeeps(old, c, sp) {
			return lawf(fmt.Sprintf("causes.roots.%s[%d].old.root", list, i), "%q, but the report counts specs in that stack: the old side is compared under the new spelling, %q", shortValue(old), shortValue(root))
		}
		if sp != (Respelt{}) && old == root {
			return lawf(fmt.Sprintf("causes.roots.%s[%d].root", list, i), "%q on both sides, but it counts kept %d and joined %d: only a root respelt into another spelling counts the roots that keep its old spelling (kept) and those that wrote its new one (joined)", shortValue(root), sp.Kept, sp.Joined)
		}
		if c := counts[old]; sp.Kept > 0 && whole && c.New == 0 {
			return lawf(fmt.Sprintf("causes.roots.%s[%d].kept", list, i), "%d, but the new side counts no spec in stack %q: roots that keep a spelling are in its stack", sp.Kept, shortValue(old))
		}
		if c := counts[root]; sp.Joined > 0 && whole && c.Old == 0 {
			return lawf(fmt.Sprintf("causes.roots.%s[%d].joined", list, i), "%d, but the old side counts no spec in stack %q: roots that wrote a spelling are in its stack", sp.Joined, shortValue(root))
		}
		if c := counts[root]; whole && (c.Old == 0 || c.New == 0) {
			return lawf(fmt.Sprintf("causes.roots.%s[%d].root", list, i), "%q, but the report counts %d specs in that stack on the old side and %d on the new: a root that stayed is counted on both", shortValue(root), c.Old, c.New)
		}
		return nil
	}
	for i := range rt.Changed {
		if err := stayed("changed", i, rt.Changed[i].Root, rt.Changed[i].Old.Root, rt.Changed[i].Respelt); err != nil {
			return err
		}
	}
	for i := range rt.Renamed {
		if err := stayed("renamed", i, rt.Renamed[i].Root, rt.Renamed[i].Old.Root, rt.Renamed[i].Respelt); err != nil {
			return err
		}
	}
	return nil
}

// rootlessSides tells which side of a lockfile's report writes no roots
// (0 old, 1 new): the roots list none of its own (removed or added, nor
// a root changed or renamed, which both sides write), the other side's
// are all listed, and every stack the other side counts is one of them.
// Such a side is no lockfile (a catalogue tree, an index): a lockfile
// side whose roots all stayed writes stacks that the other side counts
// as its own roots, not listed. Its stacks, if any, are no roots, and
// the laws of a lockfile's stacks do not hold of them.
func rootlessSides(rt *RootChanges, counts map[string]OldToNew) [2]bool {
	var rootless [2]bool
	if len(rt.Changed)+len(rt.Renamed) > 0 || (len(rt.Added) == 0) == (len(rt.Removed) == 0) {
		return rootless
	}
	side, listed := 1, rt.Removed // the side that lists none, the other's roots
	if len(rt.Removed) == 0 {
		side, listed = 0, rt.Added
	}
	roots := make(map[string]bool, len(listed))
	for _, x := range listed {
		roots[x.Root] = true
	}
	for st, c := range counts {
		if n := [2]int{c.Old, c.New}[1-side]; n > 0 && !roots[st] {
			return rootless
		}
	}
	rootless[side] = true
	return rootless
}

// checkRootsOnce checks that a root, its spelling and hash on one side,
// is listed once on that side: removed, or the old side of a root
// changed or renamed; added, or the new side of one. A side's lockfiles
// write a spelling once per hash, and roots compares them so. Root
// curl@1 of a, now curl@2 of c, edited to list curl@1 of a removed as
// well, rendered "1 root removed (curl@1); 1 root changed (curl 1 → 2)"
// of the one root.
func checkRootsOnce(rt *RootChanges) error {
	// (spelling, hash): the list and where in it, by side. Twice in one
	// list is left to checkRootSpecs (sorted, each once).
	type at struct {
		list string
		i    int
	}
	var seen [2]map[[2]string]at
	var spelt [2]map[string]at // a side's spellings: where first listed
	for side := range seen {
		seen[side], spelt[side] = map[[2]string]at{}, map[string]at{}
	}
	note := func(side int, x RootSpec, list string, i int) error {
		k := [2]string{x.Root, x.Hash}
		if first, ok := seen[side][k]; ok && first.list != list {
			return lawf(fmt.Sprintf("causes.roots.%s", fmt.Sprintf(list, i)), "%q (%q), but causes.roots.%s lists it too: a root is listed once on its side", shortValue(x.Root), shortValue(x.Hash), fmt.Sprintf(first.list, first.i))
		} else if !ok {
			seen[side][k] = at{list, i}
		}
		if _, ok := spelt[side][x.Root]; !ok {
			spelt[side][x.Root] = at{list, i}
		}
		return nil
	}
	for i := range rt.Changed {
		x := &rt.Changed[i]
		if err := note(0, x.Old, "changed[%d].old", i); err != nil {
			return err
		}
		if err := note(1, x.New, "changed[%d].new", i); err != nil {
			return err
		}
	}
	for i := range rt.Renamed {
		x := &rt.Renamed[i]
		if err := note(0, x.Old, "renamed[%d].old", i); err != nil {
			return err
		}
		if err := note(1, x.New, "renamed[%d].new", i); err != nil {
			return err
		}
	}
	for i, x := range rt.Removed {
		if err := note(0, x, "removed[%d]", i); err != nil {
			return err
		}
	}
	for i, x := range rt.Added {
		if err := note(1, x, "added[%d]", i); err != nil {
			return err
		}
	}
	// A root removed is one the new side does not write, and a root
	// added one the old side does not: neither is the other side of a
	// root changed or renamed (a root both sides write is unchanged).
	// Root curl+x of f changed into a, edited to list curl+x of a
	// removed as well, rendered "1 root removed (curl+x); 1 root
	// changed". A root both added and removed is checkRootStacks'.
	cross := func(x RootSpec, side int, list string, i int, other string) error {
		if first, ok := seen[1-side][[2]string{x.Root, x.Hash}]; ok && first.list != other {
			return lawf(fmt.Sprintf("causes.roots.%s", fmt.Sprintf(list, i)), "%q (%q), but causes.roots.%s lists it on the other side: a root both sides write is unchanged", shortValue(x.Root), shortValue(x.Hash), fmt.Sprintf(first.list, first.i))
		}
		return nil
	}
	for i, x := range rt.Removed {
		if err := cross(x, 0, "removed[%d]", i, "added[%d]"); err != nil {
			return err
		}
	}
	for i, x := range rt.Added {
		if err := cross(x, 1, "added[%d]", i, "removed[%d]"); err != nil {
			return err
		}
	}
	// A root changed or renamed into another spelling (respelt: its
	// stack compared under the new one) goes from a spelling the new
	// side does not write to one the old side does not: roots pairs only
	// those. Root curl@1+x of b renamed curl+x, and curl+x of a removed
	// edited to say curl@1+x of a, rendered, though the old side was
	// said to write curl@1+x and to be compared under it as well.
	respelt := func(list string, i int, x RootSpec, root string, sp Respelt) error {
		if x.Root == root {
			return nil
		}
		// Respelt in its own environment alone: other environments'
		// roots keep the old spelling (Kept) or wrote the new one
		// already (Joined), and may be listed so.
		at := fmt.Sprintf(list, i)
		if first, ok := spelt[0][root]; ok && sp.Joined == 0 {
			return lawf("causes.roots."+at+".root", "%q, but causes.roots.%s lists a root of the old side written so: a root respelt comes into a spelling the old side does not write", shortValue(root), fmt.Sprintf(first.list, first.i))
		}
		if first, ok := spelt[1][x.Root]; ok && sp.Kept == 0 {
			return lawf("causes.roots."+at+".old.root", "%q, but causes.roots.%s lists a root of the new side written so: a root respelt leaves a spelling the new side does not write", shortValue(x.Root), fmt.Sprintf(first.list, first.i))
		}
		return nil
	}
	for i := range rt.Changed {
		if err := respelt("changed[%d]", i, rt.Changed[i].Old, rt.Changed[i].Root, rt.Changed[i].Respelt); err != nil {
			return err
		}
	}
	for i := range rt.Renamed {
		if err := respelt("renamed[%d]", i, rt.Renamed[i].Old, rt.Renamed[i].Root, rt.Renamed[i].Respelt); err != nil {
			return err
		}
	}
	return nil
}

// checkRootsOwnStacks checks that each root added, removed or changed
// has its own spec, where its side lists it, in its stack (see
// checkRootStacks); respelt maps the old spellings of roots changed or
// renamed to their new ones.
func checkRootsOwnStacks(r *Report, respelt map[string][]string) error {
	rt := r.Causes.Roots
	type hashStack = [2]string
	var wanted [2]map[string]bool // the roots' hashes, by side
	for side := range wanted {
		wanted[side] = map[string]bool{}
	}
	for _, x := range rt.Removed {
		wanted[0][x.Hash] = true
	}
	for _, x := range rt.Added {
		wanted[1][x.Hash] = true
	}
	for i := range rt.Changed {
		wanted[0][rt.Changed[i].Old.Hash], wanted[1][rt.Changed[i].New.Hash] = true, true
	}
	var listed [2]map[string][]string
	var in [2]map[hashStack]bool
	for side := range listed {
		listed[side], in[side] = map[string][]string{}, map[hashStack]bool{}
	}
	for i := range r.Packages {
		eachListed(&r.Packages[i], func(side int, s *Spec) {
			if !wanted[side][s.Hash] {
				return
			}
			listed[side][s.Hash] = s.Stacks
			for _, st := range s.Stacks {
				in[side][hashStack{s.Hash, st}] = true
			}
		})
	}
	check := func(at string, side int, hash string, stacks ...string) error {
		l, ok := listed[side][hash]
		if !ok || slices.ContainsFunc(stacks, func(st string) bool { return in[side][hashStack{hash, st}] }) {
			return nil
		}
		return lawf(at, "%q, but the report lists that spec in stacks %s, not in %q: a root's own spec is in its stack", shortValue(hash), quotedJoin(l, ", "), shortValue(stacks[0]))
	}
	for i, x := range rt.Added {
		if err := check(fmt.Sprintf("causes.roots.added[%d].hash", i), 1, x.Hash, x.Root); err != nil {
			return err
		}
	}
	for i, x := range rt.Removed {
		if err := check(fmt.Sprintf("causes.roots.removed[%d].hash", i), 0, x.Hash, append([]string{x.Root}, respelt[x.Root]...)...); err != nil {
			return err
		}
	}
	for i, x := range rt.Changed {
		if err := check(fmt.Sprintf("causes.roots.changed[%d].old.hash", i), 0, x.Old.Hash, x.Root); err != nil {
			return err
		}
		if err := check(fmt.Sprintf("causes.roots.changed[%d].new.hash", i), 1, x.New.Hash, x.Root); err != nil {
			return err
		}
	}
	return nil
}

// spellings tells whether a root added or removed whose stack the other
// side counts can be one of two roots written alike, as two lockfiles of
// a folder each write curl: its own spec, where its side lists it, is in
// its stack, it is no root that stayed, and the report shows another
// root of that spelling on both sides, changed or renamed into it
// (counted under its new spelling on both), or kept: a spec of the stack
// restacked, or unchanged (counted, not listed, on both). Without it,
// the tool's own report of one of two roots curl removed was refused:
// "the new side counts 1 spec in that stack". It reads the report once,
// for all roots.
type spellings struct {
	stayed    map[string]bool // stacks with a root changed, renamed or kept
	own       [2]map[string][]string
	in        [2]map[[2]string]bool // (hash, stack) of the specs of roots added and removed, by side
	listedOld map[string]int        // the old side's listed specs by stack
	kept      [2]map[[2]string]bool // the roots changed or renamed (spelling, hash), by side
}

func newSpellings(r *Report) *spellings {
	sp := &spellings{stayed: map[string]bool{}, own: [2]map[string][]string{{}, {}}, in: [2]map[[2]string]bool{{}, {}}, listedOld: map[string]int{}, kept: [2]map[[2]string]bool{{}, {}}}
	rt := r.Causes.Roots
	// The stacks of the roots' specs are filed by hash and stack: one
	// spec written as thousands of roots is in thousands of stacks, and
	// looking through them for each root cost their square.
	wanted := [2]map[string]bool{{}, {}}
	for _, x := range rt.Removed {
		wanted[0][x.Hash] = true
	}
	for _, x := range rt.Added {
		wanted[1][x.Hash] = true
	}
	// A root that stayed is one spelling of its hash: another root may
	// write that hash otherwise (curl and curl@8 of one spec, in two
	// lockfiles), and go or come while the first changes.
	for i := range rt.Changed {
		x := &rt.Changed[i]
		sp.stayed[x.Root], sp.kept[0][[2]string{x.Old.Root, x.Old.Hash}], sp.kept[1][[2]string{x.New.Root, x.New.Hash}] = true, true, true
	}
	for i := range rt.Renamed {
		x := &rt.Renamed[i]
		sp.stayed[x.Root], sp.kept[0][[2]string{x.Old.Root, x.Old.Hash}], sp.kept[1][[2]string{x.New.Root, x.New.Hash}] = true, true, true
	}
	for i := range r.Packages {
		eachListed(&r.Packages[i], func(side int, s *Spec) {
			sp.own[side][s.Hash] = s.Stacks
			if wanted[side][s.Hash] {
				for _, st := range s.Stacks {
					sp.in[side][[2]string{s.Hash, st}] = true
				}
			}
			if side == 0 {
				for _, st := range s.Stacks {
					sp.listedOld[st]++
				}
			}
		})
		// A stack on both sides of a restacked pair stays: filed by
		// pair, so that a spec of thousands of stacks costs as many
		// look-ups, not their square.
		for _, p := range r.Packages[i].Specs.Restacked {
			onNew := make(map[string]bool, len(p.New.Stacks))
			for _, st := range p.New.Stacks {
				onNew[st] = true
			}
			for _, st := range p.Old.Stacks {
				if onNew[st] {
					sp.stayed[st] = true
				}
			}
		}
	}
	return sp
}

// respeltInto reports whether x, a root removed whose spelling roots
// changed or renamed left for the spellings into, can have been counted
// under one of them: there are such, and its own spec, where the old
// side lists it, is in one of their stacks (the old side is compared
// under the new spelling). A spec of another stack alone was no root
// written so.
func (sp *spellings) respeltInto(x RootSpec, into []string) bool {
	if len(into) == 0 {
		return false
	}
	_, ok := sp.own[0][x.Hash]
	return !ok || slices.ContainsFunc(into, func(s string) bool { return sp.in[0][[2]string{x.Hash, s}] })
}

// shared reports whether x, a root of side (0 removed, 1 added) whose
// stack the other side counts too (c), is one of several roots written
// alike of which another stays (see spellings).
func (sp *spellings) shared(x RootSpec, side int, c OldToNew) bool {
	if sp.kept[side][[2]string{x.Root, x.Hash}] { // that root stayed: it is not the other
		return false
	}
	if _, ok := sp.own[side][x.Hash]; ok && !sp.in[side][[2]string{x.Hash, x.Root}] {
		return false
	}
	return sp.stayed[x.Root] || c.Old > sp.listedOld[x.Root]
}

// rootSpelling is the old and new spelling of rt's i-th root changed,
// then renamed.
func rootSpelling(rt *RootChanges, i int) (old, root string) {
	if i < len(rt.Changed) {
		return rt.Changed[i].Old.Root, rt.Changed[i].Root
	}
	i -= len(rt.Changed)
	return rt.Renamed[i].Old.Root, rt.Renamed[i].Root
}

// checkRootSpecs checks a lockfile's roots (causes.roots) against the
// listed specs: each list in the engine's order (by root, then hash; a
// changed or renamed root by its new side), no root and hash twice, and
// a root whose hash a side lists is that spec's package and versions
// (joined by ","). Without --package or --stack, and unless a warning
// says the snapshots disagree on what a hash is, a root added or removed
// is a spec its side lists (added, or restacked over a spec that was
// there): the headline counts the specs beyond the roots' own by their
// hashes, and a saved report with a root listed twice, or another hash,
// said "3 roots added" of two, or "1 spec added" of none. A root
// added or removed whose spec was or stays in its stack otherwise (a
// dependency of another root of that spelling), unchanged, is listed
// nowhere: its stack is counted on both sides.
func checkRootSpecs(r *Report) error {
	rt := r.Causes.Roots
	sides := [2]map[string]struct {
		pkg  string
		spec *Spec
	}{{}, {}}
	for i := range r.Packages {
		p := &r.Packages[i]
		eachListed(p, func(side int, s *Spec) {
			sides[side][s.Hash] = struct {
				pkg  string
				spec *Spec
			}{p.Name, s}
		})
	}
	conflicts, _ := HashConflicts(r)
	filtered := len(r.Options.Packages) > 0 || len(r.Options.Stacks) > 0
	whole := !filtered && conflicts == 0
	byRoot := func(a, b RootSpec) int {
		return cmp.Or(strings.Compare(a.Root, b.Root), strings.Compare(a.Hash, b.Hash))
	}
	var counts map[string]OldToNew // the stacks' counts, when first needed
	var into map[string][]string   // old spellings respelt: their new ones, likewise
	check := func(at string, x RootSpec, side int, mustList, alone bool) error {
		l, ok := sides[side][x.Hash]
		_, other := sides[1-side][x.Hash]
		if !ok && mustList && !other {
			// A dependency made a root of a stack it was in already (gcc
			// of z added, z the compiler of root gcc of h, which stays):
			// unchanged, and in the same stacks, it is listed nowhere.
			// Its stack is then counted on both sides.
			// A removed root whose spelling a root changed or renamed
			// left is counted under the new spelling (curl+x of f,
			// a dependency of g, removed, and curl+x of g renamed
			// curl@1+x): its stack is that one.
			// A hash the report lists on the other side alone (removed,
			// added, or one side of a rebuilt or updated pair) is on that
			// side alone, never unchanged: root gcc@3+x of f added, f
			// added, edited to say it was removed, rendered.
			if counts == nil {
				counts = StackCounts(r)
			}
			c := counts[x.Root]
			mustList = c.Old == 0 || c.New == 0
			if mustList && side == 0 {
				if into == nil {
					into = map[string][]string{}
					for i := range len(rt.Changed) + len(rt.Renamed) {
						if old, root := rootSpelling(rt, i); old != root {
							into[old] = append(into[old], root)
						}
					}
				}
				mustList = !slices.ContainsFunc(into[x.Root], func(root string) bool {
					c := counts[root]
					return c.Old > 0 && c.New > 0
				})
			}
		}
		switch {
		case !ok && mustList:
			return lawf(at+".hash", "%q is not a spec of the %s side that the report lists: a root added or removed is added or removed itself, or restacked", shortValue(x.Hash), [2]string{"old", "new"}[side])
		case !ok && other && alone:
			// A root's hash is a spec of its side: listed on the other
			// side, it is on both, so unchanged (listed on neither),
			// restacked or moved to another package (on both), even
			// where the snapshots disagree on a hash; only --package
			// and --stack leave one side out. Root curl@2 of c removed,
			// c removed, edited to say added beside a warning of
			// another hash, rendered.
			return lawf(at+".hash", "%q, but the report lists it on the %s side alone: a root's hash is a spec of its own side", shortValue(x.Hash), [2]string{"new", "old"}[side])
		case !ok:
			return nil
		case l.pkg != x.Name:
			return lawf(at+".name", "%q, but the report lists %q in package %q", shortValue(x.Name), shortValue(x.Hash), shortValue(l.pkg))
		case strings.Join(l.spec.Versions, ",") != x.Version:
			return lawf(at+".version", "%q, but the report lists %q at %q", shortValue(x.Version), shortValue(x.Hash), shortValue(strings.Join(l.spec.Versions, ",")))
		}
		return nil
	}
	for _, l := range []struct {
		name string
		list []RootSpec
		side int
	}{{"added", rt.Added, 1}, {"removed", rt.Removed, 0}} {
		for i, x := range l.list {
			at := fmt.Sprintf("causes.roots.%s[%d]", l.name, i)
			if i > 0 && byRoot(l.list[i-1], x) >= 0 {
				return lawf(at, "%q (%q) is not after %q (%q): roots are sorted by root and hash, each once", shortValue(x.Root), shortValue(x.Hash), shortValue(l.list[i-1].Root), shortValue(l.list[i-1].Hash))
			}
			if err := check(at, x, l.side, whole, !filtered); err != nil {
				return err
			}
		}
	}
	for i, x := range rt.Changed {
		at := fmt.Sprintf("causes.roots.changed[%d]", i)
		if i > 0 && byRoot(rt.Changed[i-1].New, x.New) >= 0 {
			return lawf(at, "%q (%q) is not after %q (%q): roots are sorted by root and hash, each once", shortValue(x.New.Root), shortValue(x.New.Hash), shortValue(rt.Changed[i-1].New.Root), shortValue(rt.Changed[i-1].New.Hash))
		}
		if err := check(at+".old", x.Old, 0, false, false); err != nil {
			return err
		}
		if err := check(at+".new", x.New, 1, false, false); err != nil {
			return err
		}
	}
	for i, x := range rt.Renamed {
		at := fmt.Sprintf("causes.roots.renamed[%d]", i)
		if i > 0 && byRoot(rt.Renamed[i-1].New, x.New) >= 0 {
			return lawf(at, "%q (%q) is not after %q (%q): roots are sorted by root and hash, each once", shortValue(x.New.Root), shortValue(x.New.Hash), shortValue(rt.Renamed[i-1].New.Root), shortValue(rt.Renamed[i-1].New.Hash))
		}
		// Its hash, where listed (restacked, or moved to another
		// package), gives its package and version on each side: under
		// --package or --stack, which lift the law on its version, a
		// version edited by hand rendered.
		if err := check(at+".old", x.Old, 0, false, false); err != nil {
			return err
		}
		if err := check(at+".new", x.New, 1, false, false); err != nil {
			return err
		}
	}
	return nil
}

// checkChanged checks a why's changed dependencies as cachediff writes
// them (explainer.local): each with its edge's hash on a side at least
// (loading refuses an edge without one), sorted by name, old hash and
// new hash. Two alike are written: two edges of one hash under other
// names, each swapped for a provider of one virtual, are that virtual
// twice; and cachediff before 3b8a0fa3 (which made two edges to one
// dependency one) wrote a dependency added or removed twice when its
// spec's file listed the edge twice, (build) and (link), as Spack 1.x
// reads it: such a report was refused. A changed root's why, written
// alike, was checked only when the root's spec was a pair of the
// report: an entry appended again, a list reversed or an entry without
// a hash rendered, and was written back.
func checkChanged(at string, w *Why) error {
	for j := range w.Changed {
		d := &w.Changed[j]
		if d.OldHash == "" && d.NewHash == "" {
			return lawf(fmt.Sprintf("%s.changed[%d]", at, j), "%q without a hash: cachediff writes a changed dependency with its edge's hash on each side the pair has it", shortValue(d.Name))
		}
		if j == 0 {
			continue
		}
		p := &w.Changed[j-1]
		if c := cmp.Or(strings.Compare(p.Name, d.Name), strings.Compare(p.OldHash, d.OldHash), strings.Compare(p.NewHash, d.NewHash)); c > 0 {
			return lawf(fmt.Sprintf("%s.changed[%d]", at, j), "%q after %q: cachediff writes the changed dependencies sorted by name, then old hash, then new hash", shortValue(d.Name), shortValue(p.Name))
		}
	}
	return nil
}

// hasKey reports whether m holds k.
func hasKey(m map[string]struct{}, k string) bool {
	_, ok := m[k]
	return ok
}

// sameWhy reports whether a and b say the same: known, the changed
// dependencies, the set, via and own change (an older report's causes
// by their names, hashes and paths).
func sameWhy(a, b *Why) bool {
	eqInt := func(x, y *int) bool { return x == nil && y == nil || x != nil && y != nil && *x == *y }
	if a.Known != b.Known || a.Cut != b.Cut || a.Set != b.Set || !eqInt(a.Via, b.Via) || !eqInt(a.Self, b.Self) ||
		!slices.Equal(a.Changed, b.Changed) || len(a.Causes) != len(b.Causes) {
		return false
	}
	for i := range a.Causes {
		x, y := &a.Causes[i], &b.Causes[i]
		if x.Name != y.Name || x.OldHash != y.OldHash || x.NewHash != y.NewHash || !slices.Equal(x.Path, y.Path) || !slices.Equal(x.Changes, y.Changes) {
			return false
		}
	}
	return true
}

// checkCut checks the pairs whose root causes were cut (Why.Cut, past
// the budget of diff.CauseBudget) against the causes of their changed
// dependencies that are pairs of the report (of the dependency's
// package, by its hashes), in a pass over the pairs (size: setTopo's):
//
//   - causes.cut counts the pairs cut, and a cut pair is known;
//   - a pair over a cut dependency is cut (it reaches every cause of
//     the dependency, which its set could not hold);
//   - a pair not cut holds as many causes as each changed dependency
//     (every cause of the dependency is one of the pair's, but the
//     pair's own change, which a cycle may bring back to it), so that
//     a cut flag edited away, off a pair cut to fewer causes than one
//     of its dependencies holds, is refused.
func checkCut(r *Report, size []int) error {
	c := r.Causes
	type pairWhy struct {
		name string
		w    *Why
	}
	byHashes := map[[2]string]pairWhy{}
	cut := 0
	each := func(f func(at, name string, w *Why) error) error {
		for i := range r.Packages {
			p := &r.Packages[i]
			for _, l := range whyLists(p) {
				for j := range l.pairs {
					if w := l.pairs[j].Why; w != nil {
						if err := f(fmt.Sprintf("packages[%d].specs.%s[%d].why", i, l.name, j), p.Name, w); err != nil {
							return err
						}
					}
				}
			}
		}
		return nil
	}
	setSize := func(w *Why) int {
		if w.Set > 0 && w.Set < len(size) {
			return size[w.Set]
		}
		return len(w.Causes)
	}
	if err := each(func(at, name string, w *Why) error {
		if w.Cut {
			if !w.Known {
				return lawf(at+".cut", "cut, but the pair's edges are not known: only known root causes are cut")
			}
			cut++
		}
		return nil
	}); err != nil {
		return err
	}
	if c.Cut != cut {
		return lawf("causes.cut", "%d, but %d pairs' whys are cut", c.Cut, cut)
	}
	if cut == 0 && c.Cut == 0 && len(c.Sets) == 0 {
		return nil
	}
	for i := range r.Packages {
		p := &r.Packages[i]
		for _, l := range [][]Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for j := range l {
				if l[j].Why != nil && l[j].Old != nil && l[j].New != nil {
					byHashes[[2]string{l[j].Old.Hash, l[j].New.Hash}] = pairWhy{p.Name, l[j].Why}
				}
			}
		}
	}
	return each(func(at, name string, w *Why) error {
		if !w.Known || w.Cut {
			return nil
		}
		own := 0
		if w.Self != nil {
			own = 1
		}
		for k, d := range w.Changed {
			if d.OldHash == "" || d.NewHash == "" {
				continue
			}
			dep, ok := byHashes[[2]string{d.OldHash, d.NewHash}]
			if !ok || dep.name != d.Name || !dep.w.Known {
				continue
			}
			if dep.w.Cut {
				return lawf(fmt.Sprintf("%s.changed[%d]", at, k), "%q's root causes were cut (its why.cut), but the pair's are not: a pair reaches every cause of its changed dependencies", shortValue(d.Name))
			}
			if n, m := setSize(w), setSize(dep.w); n+own < m {
				return lawf(at+".set", "%d root causes, but its changed dependency %q has %d: a pair reaches every cause of its changed dependencies, unless its causes were cut (why.cut)", n, shortValue(d.Name), m)
			}
		}
		return nil
	})
}

// causePrefix is where a pair's paths to the causes of a set go before
// the set's references: the pair's name, the names along its via (-1:
// none), then along the vias of the sets between its own set and this
// one (chain, the last first); depth counts the names after the pair's.
type causePrefix struct {
	name  string
	via   int
	chain *lawCons
	depth int
}

// lawCons is a list of links, the last first: the vias of the sets
// between a pair's set and a based set's level. Each cell knows how many
// names the prefix holds up to its link's last (end), their hash (as
// pathHashes hashes a path) and a cell further down (jump, Myers'
// skew-binary jump pointers), so that the names of two prefixes compare
// in logarithmic time however many sets they stack.
type lawCons struct {
	link  int
	next  *lawCons
	jump  *lawCons
	cells int // cells from this one down, this one included
	end   int
	hash  uint64
}

// prefixNames appends to out the names along p's via, its chain's vias
// in order, then link (below 0: none).
func (c *Causes) prefixNames(out []string, p causePrefix, link int) []string {
	out = c.appendLinks(out, p.via)
	var chain []int
	for l := p.chain; l != nil; l = l.next {
		chain = append(chain, l.link)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		out = c.appendLinks(out, chain[i])
	}
	return c.appendLinks(out, link)
}

// hasRefs reports whether w's set holds a reference, its own or its
// base's.
func (c *Causes) hasRefs(w *Why) bool {
	_, based := c.Base(w.Set)
	return based || len(c.Refs(w)) > 0
}

// setTopo returns the sets of c (but set 0), each after its bases, and
// how many causes each one's expansion holds (its own references and its
// bases'). Bases that loop are an error (checkSetBases asks; past it,
// they do not).
func setTopo(c *Causes) ([]int, []int, error) {
	n := len(c.Sets)
	size := make([]int, n)
	state := make([]int8, n) // 1: on the walk, 2: done
	// Every set but 0 is in order, once: made at its length, where
	// append's growth allocated 2.3x it and held 1.8x at its peak (set
	// after set of few references: 8 bytes a set beside 3 of JSON).
	order := make([]int, 0, max(n-1, 0))
	type frame struct{ k, next int }
	var stack []frame
	for k := 1; k < n; k++ {
		if state[k] != 0 {
			continue
		}
		stack = append(stack[:0], frame{k, 0})
		state[k] = 1
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if base, ok := c.baseAt(f.k, f.next); ok {
				b := base.Set
				f.next++
				if b <= 0 || b >= n {
					continue
				}
				switch state[b] {
				case 1:
					return nil, nil, lawf(fmt.Sprintf("causes.sets[%d][%d].set", f.k, f.next-1), "%d: the sets' bases loop (a set is based on a set based on it)", b)
				case 0:
					state[b] = 1
					stack = append(stack, frame{b, 0})
				}
				continue
			}
			size[f.k] = len(c.OwnRefs(f.k)) - c.numOver(f.k)
			for _, b := range c.eachBase(f.k) {
				if b.Set > 0 && b.Set < n {
					size[f.k] += size[b.Set]
				}
			}
			state[f.k] = 2
			order = append(order, f.k)
			stack = stack[:len(stack)-1]
		}
	}
	return order, size, nil
}

// walkSetForest walks the sets of c (but set 0) as a forest of their
// bases: enter(k) before the sets based on k, leave(k) after (either
// nil: none). A set of several bases is under the one of most causes;
// each other one's sets (closure: the base and its bases, at any
// depth) are given to extra (nil: none) before enter and after leave
// (on false), so that a walk sees every set of a set's expansion; a
// closure that reaches a set twice is an error (the set's expansion
// would hold its causes twice). A smaller base's sets are walked once
// per set of several bases above them: each set a logarithm of times.
// The bases must not loop (checkSetBases); size is setTopo's.
func walkSetForest(c *Causes, size []int, enter, leave func(k int) error, extra func(k int, closure []int, on bool) error) error {
	n := len(c.Sets)
	if n <= 1 {
		return nil
	}
	primary := func(k int) int {
		best := 0
		for _, b := range c.eachBase(k) {
			if best == 0 || size[b.Set] > size[best] {
				best = b.Set
			}
		}
		return best
	}
	// The sets under each, kids[start[k]:start[k+1]] (int32: 4 bytes a
	// set each, for a report of a million sets).
	start, kids := setForest(n, primary)
	seen := make([]int32, n) // the closures' marks
	walk := int32(0)
	// The closures walked, in sets and their own references, stay
	// within lawBaseWork per element of the sets: a smaller base's
	// sets are walked a logarithm of times where each set is a smaller
	// base of one set, but a set that is the smaller base of many sets
	// would be walked once for each (their number times its closure's
	// size, in a report of their number plus its size).
	elems := n
	for _, set := range c.Sets {
		elems += len(set)
	}
	budget, work := lawBaseWork*elems+lawBaseWorkMin, 0
	// One buffer for every closure: extra reads a closure only while
	// it is called (a closure a call, grown by doubling, allocated as
	// much again as the walk, and more or less of it by where the
	// walk's end fell between two doublings).
	var buf []int
	closure := func(from, of int) ([]int, error) {
		walk++
		out := append(buf[:0], from)
		defer func() { buf = out[:0] }()
		seen[from] = walk
		for i := 0; i < len(out); i++ {
			work += 1 + len(c.OwnRefs(out[i]))
			if work > budget {
				return nil, lawf(fmt.Sprintf("causes.sets[%d]", of), "its bases, with those of the sets before it, hold more sets than render checks (%d times the sets' elements): sets of several bases share a smaller base's sets too often (cachediff writes no such report)", lawBaseWork)
			}
			for _, b := range c.eachBase(out[i]) {
				if seen[b.Set] == walk {
					return nil, lawf(fmt.Sprintf("causes.sets[%d]", of), "its bases reach set %d twice: a set holds each cause once", b.Set)
				}
				seen[b.Set] = walk
				out = append(out, b.Set)
			}
		}
		return out, nil
	}
	others := func(k int, on bool) error {
		if c.numBases(k) < 2 || extra == nil {
			return nil
		}
		p := primary(k)
		for _, b := range c.eachBase(k) {
			if b.Set == p {
				continue
			}
			cl, err := closure(b.Set, k)
			if err != nil {
				return err
			}
			if err := extra(k, cl, on); err != nil {
				return err
			}
		}
		return nil
	}
	in := func(k int) error {
		if err := others(k, true); err != nil {
			return err
		}
		if enter != nil {
			return enter(k)
		}
		return nil
	}
	out := func(k int) error {
		if leave != nil {
			if err := leave(k); err != nil {
				return err
			}
		}
		return others(k, false)
	}
	type frame struct{ k, next int32 }
	var stack []frame
	for _, root := range kids[start[0]:start[1]] {
		stack = append(stack[:0], frame{root, start[root]})
		if err := in(int(root)); err != nil {
			return err
		}
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next == start[f.k+1] {
				if err := out(int(f.k)); err != nil {
					return err
				}
				stack = stack[:len(stack)-1]
				continue
			}
			k := kids[f.next]
			f.next++
			if err := in(int(k)); err != nil {
				return err
			}
			stack = append(stack, frame{k, start[k]})
		}
	}
	return nil
}

// setForest returns the sets 1 to n-1 under each set of a forest, the
// sets under k being kids[start[k]:start[k+1]], in order, where
// primary(k) is the set k is under (0: a root). The engine's sets
// (explainer.forest) and the laws' (walkSetForest) are walked by it.
func setForest(n int, primary func(k int) int) (start, kids []int32) {
	start = make([]int32, n+1)
	for k := 1; k < n; k++ {
		start[primary(k)]++
	}
	for k, sum := 0, int32(0); k <= n; k++ {
		start[k], sum = sum, sum+start[k]
	}
	kids = make([]int32, n)
	fill := slices.Clone(start)
	for k := 1; k < n; k++ {
		b := primary(k)
		kids[fill[b]] = int32(k)
		fill[b]++
	}
	return start, kids
}

// lawBaseWork is how many sets and references walkSetForest walks, in
// the closures of smaller bases, per element of a report's sets (plus
// lawBaseWorkMin) before it refuses the report: a walk of sets whose
// several bases share no set walks each set at most a logarithm (base
// 2, of the causes) of times.
const (
	lawBaseWork    = 32
	lawBaseWorkMin = 1 << 16
)

// checkSetBases checks the sets' bases (docs/json.md, sets): they do not
// loop, each holds a cause, a based set adds no cause its bases'
// expansions hold, and the expansions of its several bases share no
// cause and no group (CauseGroup): the expansion of a set holds each
// cause once, and a group at several levels only down single bases,
// where the groups' count (Explain's walk) counts a pair once.
func checkSetBases(c *Causes, ids []int32, size []int) error {
	based := false
	for k := range c.Sets {
		if _, ok := c.Base(k); ok {
			based = true
			break
		}
	}
	if !based {
		return nil
	}
	for k := range c.Sets {
		for i, b := range c.eachBase(k) {
			if size[b.Set] == 0 {
				return lawf(fmt.Sprintf("causes.sets[%d][%d].set", k, i), "%d, a set of no cause: a base holds a cause", b.Set)
			}
		}
	}
	activeCause := make([]int32, len(c.Table))
	activeGroup := make([]int32, len(c.Table))
	// add files set k's references (d 1) or takes them back (d -1);
	// filing, it refuses a cause or group already there, and (entering
	// k, of k) an override of a cause not there. An override files
	// nothing (its base holds the cause, filed), and in a closure of
	// another base (of != k) is not looked at: its set is entered under
	// its base, and checked there.
	add := func(k, of, d int) error {
		refs := c.OwnRefs(k)
		if d > 0 {
			skip := len(c.Sets[k]) - len(refs)
			for i, ref := range refs {
				switch {
				case ref.Over == nil && activeCause[ref.Cause] > 0:
					return lawf(fmt.Sprintf("causes.sets[%d][%d].cause", k, skip+i), "%d, which set %d's bases hold already: a set holds each cause once", ref.Cause, of)
				case ref.Over != nil && of == k && activeCause[ref.Cause] == 0:
					return lawf(fmt.Sprintf("causes.sets[%d][%d].over", k, skip+i), "%d, which set %d's base does not hold: an override holds a cause of its base by another path", ref.Cause, k)
				}
			}
		}
		for _, ref := range refs {
			if ref.Over != nil {
				continue // its base holds it, and is filed
			}
			activeCause[ref.Cause] += int32(d)
			activeGroup[ids[ref.Cause]] += int32(d)
		}
		return nil
	}
	return walkSetForest(c, size, func(k int) error { return add(k, k, 1) }, func(k int) error { return add(k, k, -1) },
		func(k int, closure []int, on bool) error {
			d := 1
			if !on {
				d = -1
			}
			if on {
				// A base after the first shares no group with those
				// before it: a group repeats only down single bases.
				for _, x := range closure {
					skip := len(c.Sets[x]) - len(c.OwnRefs(x))
					for i, ref := range c.OwnRefs(x) {
						if ref.Over != nil {
							continue // a cause of its base, in the closure too
						}
						at := func() string { return fmt.Sprintf("causes.sets[%d][%d].cause", x, skip+i) }
						if activeCause[ref.Cause] > 0 {
							return lawf(at(), "%d, which set %d's bases hold already: a set holds each cause once", ref.Cause, k)
						}
						if activeGroup[ids[ref.Cause]] > 0 {
							return lawf(at(), "%d (%q), of a group that another base of set %d holds: the bases of a set share no group", ref.Cause, shortValue(c.Table[ref.Cause].Name), k)
						}
					}
				}
			}
			for _, x := range closure {
				if err := add(x, k, d); err != nil {
					return err
				}
			}
			return nil
		})
}

// groupIDs numbers the groups of c's causes (GroupKey): ids[i] is cause
// i's, keys the groups' keys by number.
func groupIDs(c *Causes) (ids []int32, keys []string) {
	ids = make([]int32, len(c.Table))
	byKey := map[string]int32{}
	for i, t := range c.Table {
		k := GroupKey(t)
		id, ok := byKey[k]
		if !ok {
			id = int32(len(keys))
			byKey[k] = id
			keys = append(keys, k)
		}
		ids[i] = id
	}
	return ids, keys
}

// sharedKey is the key the laws file a shared change by: its kind, from
// and to, each after its length (a report may hold a NUL in a string:
// joined by NULs, compiler gcc@1\x00x → gcc@2 and gcc@1 → x\x00gcc@2 were
// one change of two groups, and render refused the report cachediff
// wrote).
func sharedKey(ch Change) string {
	b := make([]byte, 0, len(ch.Kind)+len(ch.From)+len(ch.To)+9)
	for _, s := range [3]string{ch.Kind, ch.From, ch.To} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return string(b)
}

// overAfter is the index of the first override {over, path} after
// set[i], where it overrides the cause it is a reference of (one that
// does not is refused for that first), or -1.
func overAfter(set []CauseRef, i int) int {
	for j := i + 1; j < len(set); j++ {
		if o := set[j].Over; o != nil {
			if *o != set[j].Cause {
				return -1
			}
			return j
		}
	}
	return -1
}

// countBases is the number of bases {set, via} in refs.
func countBases(refs []CauseRef) int {
	n := 0
	for _, r := range refs {
		if r.SetBase != nil {
			n++
		}
	}
	return n
}

// whyList is one of a package's lists of pairs that a why explains,
// with its field's name in the report.
type whyList struct {
	name  string
	pairs []Pair
}

// whyLists are p's lists of pairs that carry a why: rebuilt, then
// updated, the order of the report's fields.
func whyLists(p *Package) [2]whyList {
	return [2]whyList{{"rebuilt", p.Specs.Rebuilt}, {"updated", p.Specs.Updated}}
}
