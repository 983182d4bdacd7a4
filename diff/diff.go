package diff

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

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

// sep joins list elements in matching keys: a byte no facet value has, so
// that ["1.0,2.0"] and ["1.0", "2.0"] never make the same key.
const sep = "\x1f"

// spec is a snapshot spec with its facet strings prepared for matching.
type spec struct {
	*snapshot.Spec
	facets [numFacets]string
	stacks string
	ignore *[numFacets]bool // facets left out of the matching keys
	rank   [numFacets]int32 // see rankSpecs
	ranked bool
}

// prepare readies specs for matching; ignore marks the facets that the
// matching keys leave out (nil: none).
func prepare(specs []snapshot.Spec, ignore *[numFacets]bool) []*spec {
	if ignore == nil {
		ignore = &[numFacets]bool{}
	}
	out := make([]*spec, len(specs))
	for i := range specs {
		s := &specs[i]
		out[i] = &spec{Spec: s, stacks: strings.Join(s.Stacks, sep), ignore: ignore}
		out[i].facets = [numFacets]string{
			fVersion:  strings.Join(s.Versions, sep),
			fCompiler: s.Compiler,
			fVariants: strings.Join(s.Variants, sep),
			fTarget:   s.Target,
			fOS:       s.OS,
			fPlatform: s.Platform,
		}
	}
	return out
}

// key joins the facets that matching compares, leaving out the one at skip
// (-1 for none) and the ignored ones.
func (s *spec) key(skip int) string {
	var b strings.Builder
	for i, f := range s.facets {
		if i != skip && !s.ignore[i] {
			b.WriteString(f)
		}
		b.WriteByte(0)
	}
	return b.String()
}

// show writes facet f of s for people: lists joined by ", " (versions)
// or " " (variants).
func (s *spec) show(f int) string {
	switch f {
	case fVersion:
		return strings.Join(s.Versions, ", ")
	case fVariants:
		return strings.Join(s.Variants, " ")
	}
	return s.facets[f]
}

// compareSpecs is the engine's one order of specs: by facets (versions
// under Spack's ordering, the rest naturally), then stacks, then hash.
func compareSpecs(a, b *spec) int {
	return cmp.Or(
		compareRanked(a, b, fVersion),
		compareRanked(a, b, fCompiler),
		compareRanked(a, b, fOS),
		strings.Compare(a.facets[fPlatform], b.facets[fPlatform]),
		compareRanked(a, b, fTarget),
		strings.Compare(a.facets[fVariants], b.facets[fVariants]),
		strings.Compare(a.stacks, b.stacks),
		strings.Compare(a.Hash, b.Hash),
	)
}

// Compare diffs two snapshots. It does not modify them.
func Compare(old, new *snapshot.Snapshot) *Report {
	r, err := CompareWith(old, new, Filter{})
	if err != nil {
		panic(err) // the zero Filter is valid
	}
	return r
}

// CompareWith diffs two snapshots narrowed and loosened by f: both
// snapshots are filtered first, then compared, so every count is of what
// the filters keep. It does not modify them. The error is f's, from
// Filter.Check.
func CompareWith(old, new *snapshot.Snapshot, f Filter) (*Report, error) {
	f, err := f.normalize()
	if err != nil {
		return nil, err
	}
	// Rebuild causes follow edges through the whole snapshots, filtered
	// out packages included (causes.go).
	og, ng := GraphOf(old), GraphOf(new)
	old, new = f.apply(old), f.apply(new)
	var ignore [numFacets]bool
	for _, name := range f.Ignore {
		ignore[slices.Index(facetNames[:], name)] = true
	}
	r := &Report{
		Old: newSide(old),
		New: newSide(new),
		Options: Options{Canonicalize: !old.Raw && !new.Raw,
			Packages: f.Packages, Stacks: f.Stacks, Ignore: f.Ignore},
		Packages: []Package{},
		Warnings: append(slices.Clone(old.Warnings), new.Warnings...),
	}
	r.Summary.Packages.Old, r.Summary.Packages.New = r.Old.Packages, r.New.Packages

	// The roll-ups need only the snapshots: count them meanwhile.
	var rolled sync.WaitGroup
	rolled.Go(func() { r.Facets, r.Stacks = rollups(old, new) })

	// Both package lists are sorted by name: merge them, compare the pairs
	// (in parallel), and add up in order.
	var byName [][2]*snapshot.Package
	i, j := 0, 0
	for i < len(old.Packages) || j < len(new.Packages) {
		var op, np *snapshot.Package
		switch {
		case j == len(new.Packages) || i < len(old.Packages) && old.Packages[i].Name < new.Packages[j].Name:
			op = old.Packages[i]
			i++
		case i == len(old.Packages) || new.Packages[j].Name < old.Packages[i].Name:
			np = new.Packages[j]
			j++
		default:
			op, np = old.Packages[i], new.Packages[j]
			i++
			j++
		}
		byName = append(byName, [2]*snapshot.Package{op, np})
	}
	for _, c := range compareAll(byName, &ignore) {
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
		r.Packages = append(r.Packages, p)
	}
	r.Warnings = append(r.Warnings, movedHashes(old, r.Packages)...)
	r.Updates = updateGroups(r.Packages)
	rolled.Wait()
	r.Canonicalized = canonCounts(old, new)
	slices.SortFunc(r.Warnings, func(a, b snapshot.Warning) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), strings.Compare(a.Message, b.Message))
	})
	if r.Warnings == nil {
		r.Warnings = []snapshot.Warning{}
	}
	r.Explain(og, ng)
	return r, nil
}

func newSide(s *snapshot.Snapshot) Side {
	skipped := slices.Clone(s.Skipped) // sorted by Load
	if skipped == nil {
		skipped = []snapshot.Skipped{}
	}
	return Side{Path: s.Path, Tag: s.Tag, Rev: s.Rev, Date: s.Date, Packages: len(s.Packages), Specs: s.Specs(), Skipped: skipped}
}

// matchPackage matches the specs of one package; op or np is nil for a
// package on one side only. The matching keys leave out the facets marked
// in ignore.
func matchPackage(op, np *snapshot.Package, ignore *[numFacets]bool) (Package, []snapshot.Warning) {
	var p Package
	var olds, news []*spec
	if op != nil {
		p.Name, p.OldFile = op.Name, op.File
		olds = prepare(op.Specs, ignore)
	}
	if np != nil {
		p.Name, p.NewFile = np.Name, np.File
		news = prepare(np.Specs, ignore)
	}
	p.Counts.Old, p.Counts.New = len(olds), len(news)
	var warnings []snapshot.Warning

	// Pass 1: same hash.
	newByHash := make(map[string]*spec, len(news))
	for _, s := range news {
		newByHash[s.Hash] = s
	}
	var restacked, rebuilt, updated []matched
	seen := map[*spec]bool{}
	var restOld []*spec
	for _, o := range olds {
		n, ok := newByHash[o.Hash]
		if !ok {
			restOld = append(restOld, o)
			continue
		}
		seen[n] = true
		if o.facets != n.facets {
			warnings = append(warnings, snapshot.Warning{File: np.File, Line: np.Line,
				Message: fmt.Sprintf("hash %s has other facets than in the old snapshot (%s); a hash names one build", o.Hash, facetDelta(o, n))})
		}
		if o.stacks == n.stacks {
			p.Counts.Unchanged++
			continue
		}
		restacked = append(restacked, matched{o, n, pair(o, n)})
	}
	var restNew []*spec
	for _, n := range news {
		if !seen[n] {
			restNew = append(restNew, n)
		}
	}
	rankSpecs(restOld, restNew, restackedOlds(restacked))
	slices.SortFunc(restOld, compareSpecs)
	slices.SortFunc(restNew, compareSpecs)

	// Pass 2: rebuilt, the same facets under a new hash.
	restOld, restNew = match(restOld, restNew, -1, func(o, n *spec) {
		rebuilt = append(rebuilt, matched{o, n, pair(o, n)})
	})
	// Pass 3: updated, exactly one facet differs, one pass per facet.
	for f := range numFacets {
		if ignore[f] {
			continue // the rebuilt pass paired whatever this one could
		}
		restOld, restNew = match(restOld, restNew, f, func(o, n *spec) {
			u := pair(o, n)
			u.Facet = facetNames[f]
			u.From, u.To = o.show(f), n.show(f)
			if f == fVariants {
				u.From = strings.Join(minus(o.Variants, n.Variants), " ")
				u.To = strings.Join(minus(n.Variants, o.Variants), " ")
			}
			updated = append(updated, matched{o, n, u})
		})
	}
	// Pass 4: whatever is left.
	for _, o := range restOld {
		p.Specs.Removed = append(p.Specs.Removed, public(o))
	}
	for _, n := range restNew {
		p.Specs.Added = append(p.Specs.Added, public(n))
	}

	p.Specs.Restacked, p.Specs.Rebuilt, p.Specs.Updated = pairs(restacked), pairs(rebuilt), pairs(updated)
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
	p.Versions = versionChange(olds, news, p.Status)
	p.SharedVariants = sharedVariants(olds, news)
	s := &p.Specs
	s.Added, s.Removed = orEmpty(s.Added), orEmpty(s.Removed)
	s.Rebuilt, s.Updated, s.Restacked = orEmpty(s.Rebuilt), orEmpty(s.Updated), orEmpty(s.Restacked)
	return p, warnings
}

// match pairs olds with news whose facets are equal but for the one at
// skip (-1: all equal). Both lists are sorted by compareSpecs. Within a
// group of equal keys, specs with equal stacks pair first, then the rest,
// both in order: in the version pass from the newest down, so that old
// {1.0, 2.0} and new {2.1} read as 2.0 → 2.1 with 1.0 gone. The pairing is
// symmetric, so diff(B,A) mirrors diff(A,B). It returns the unpaired
// specs, still sorted.
func match(olds, news []*spec, skip int, pair func(o, n *spec)) (restOld, restNew []*spec) {
	if len(olds) == 0 || len(news) == 0 {
		return olds, news
	}
	newGroups := map[string][]*spec{}
	for _, n := range news {
		k := n.key(skip)
		newGroups[k] = append(newGroups[k], n)
	}
	oldGroups := map[string][]*spec{}
	var keys []string
	for _, o := range olds {
		k := o.key(skip)
		if _, ok := newGroups[k]; !ok {
			continue
		}
		if _, ok := oldGroups[k]; !ok {
			keys = append(keys, k)
		}
		oldGroups[k] = append(oldGroups[k], o)
	}
	paired := map[*spec]bool{}
	for _, k := range keys { // in the order of olds: deterministic
		gOld, gNew := oldGroups[k], newGroups[k]
		if skip == fVersion { // newest first
			gOld, gNew = slices.Clone(gOld), slices.Clone(gNew)
			slices.Reverse(gOld)
			slices.Reverse(gNew)
		}
		// Equal stacks first, in order.
		for _, o := range gOld {
			for _, n := range gNew {
				if !paired[n] && o.stacks == n.stacks {
					paired[o], paired[n] = true, true
					pair(o, n)
					break
				}
			}
		}
		// Then the rest, in order.
		restO, restN := unpaired(gOld, paired), unpaired(gNew, paired)
		for i := range min(len(restO), len(restN)) {
			paired[restO[i]], paired[restN[i]] = true, true
			pair(restO[i], restN[i])
		}
	}
	return unpaired(olds, paired), unpaired(news, paired)
}

func unpaired(specs []*spec, paired map[*spec]bool) []*spec {
	var out []*spec
	for _, s := range specs {
		if !paired[s] {
			out = append(out, s)
		}
	}
	return out
}

func public(s *spec) Spec {
	return Spec{
		Hash: s.Hash, Versions: orEmpty(s.Versions), Compiler: s.Compiler,
		OS: s.OS, Platform: s.Platform, Target: s.Target,
		Variants: orEmpty(s.Variants), Stacks: orEmpty(s.Stacks),
	}
}

// orEmpty makes empty lists [] rather than null in JSON.
func orEmpty[T any](l []T) []T {
	if l == nil {
		return []T{}
	}
	return l
}

// sharedVariants returns the variants that every spec has, on both sides.
func sharedVariants(olds, news []*spec) []string {
	all := append(slices.Clone(olds), news...)
	if len(all) == 0 {
		return []string{}
	}
	shared := slices.Clone(all[0].Variants)
	for _, s := range all[1:] {
		shared = slices.DeleteFunc(shared, func(v string) bool { return !slices.Contains(s.Variants, v) })
	}
	return orEmpty(shared)
}

// movedHashes warns about hashes that left one package and joined another:
// a hash names one build of one package, so this is an anomaly of the
// input (each side is reported as removed and added).
func movedHashes(old *snapshot.Snapshot, pkgs []Package) []snapshot.Warning {
	owner := map[string]string{} // of the added hashes only
	for _, p := range pkgs {
		for _, s := range p.Specs.Added {
			owner[s.Hash] = ""
		}
	}
	if len(owner) == 0 {
		return nil
	}
	for _, p := range old.Packages {
		for _, s := range p.Specs {
			if _, ok := owner[s.Hash]; ok {
				owner[s.Hash] = p.Name
			}
		}
	}
	var warnings []snapshot.Warning
	for _, p := range pkgs {
		for _, s := range p.Specs.Added {
			if from := owner[s.Hash]; from != "" && from != p.Name {
				warnings = append(warnings, snapshot.Warning{File: p.NewFile,
					Message: fmt.Sprintf("hash %s moved from package %s to %s; a hash names one build of one package", s.Hash, from, p.Name)})
			}
		}
	}
	return warnings
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
	slices.SortFunc(groups, func(a, b UpdateGroup) int {
		return cmp.Or(cmp.Compare(rank[a.Facet], rank[b.Facet]), cmp.Compare(b.Specs, a.Specs),
			version.Compare(a.From, b.From), version.Compare(a.To, b.To))
	})
	return groups
}

func pair(o, n *spec) Pair {
	return Pair{
		Old: public(o), New: public(n),
		StacksJoined: minus(n.Stacks, o.Stacks),
		StacksLeft:   minus(o.Stacks, n.Stacks),
	}
}

// minus returns the strings of a not in b, in a's order.
func minus(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

func facetDelta(o, n *spec) string {
	var parts []string
	for f := range numFacets {
		if o.facets[f] != n.facets[f] {
			parts = append(parts, fmt.Sprintf("%s %s → %s", facetNames[f], o.show(f), n.show(f)))
		}
	}
	return strings.Join(parts, ", ")
}

// matched is a pair of specs found by a pass, before it becomes a Pair.
type matched struct {
	o, n *spec
	p    Pair
}

// pairs sorts matched pairs by their old spec, then new hash, and returns
// them as Pairs.
func pairs(ms []matched) []Pair {
	slices.SortFunc(ms, func(a, b matched) int {
		return cmp.Or(compareSpecs(a.o, b.o), strings.Compare(a.n.Hash, b.n.Hash))
	})
	out := make([]Pair, len(ms))
	for i, m := range ms {
		out[i] = m.p
	}
	return out
}

func versionChange(olds, news []*spec, st Status) VersionChange {
	vc := VersionChange{Old: versions(olds), New: versions(news)}
	vc.Added = orEmpty(minus(vc.New, vc.Old))
	vc.Removed = orEmpty(minus(vc.Old, vc.New))
	switch {
	case st == Added:
		vc.Direction = New
	case st == Removed:
		vc.Direction = Gone
	case !vc.Changed():
		vc.Direction = NoChange
	default:
		switch c := version.Compare(version.Max(vc.New), version.Max(vc.Old)); {
		case c > 0:
			vc.Direction = Upgraded
		case c < 0:
			vc.Direction = Downgraded
		default:
			vc.Direction = Other
		}
	}
	return vc
}

// versions returns the set of versions of specs, oldest first.
func versions(specs []*spec) []string {
	return distinctVersions(specs)
}

// rollups counts specs per facet value and specs and packages per stack.
func rollups(old, new *snapshot.Snapshot) (Facets, []StackRow) {
	compiler, opsys, platform, target, stack := newCounter(), newCounter(), newCounter(), newCounter(), newCounter()
	for side, snap := range []*snapshot.Snapshot{old, new} {
		for i, p := range snap.Packages {
			for _, s := range p.Specs {
				compiler.get(s.Compiler).inc(side)
				opsys.get(s.OS).inc(side)
				platform.get(s.Platform).inc(side)
				target.get(s.Target).inc(side)
				for _, st := range s.Stacks {
					t := stack.get(st)
					t.inc(side)
					if t.lastPkg[side] != i+1 { // the package's first spec in st
						t.lastPkg[side] = i + 1
						t.pkgs.inc(side)
					}
				}
			}
		}
	}
	rollup := func(c *counter) Rollup {
		r := Rollup{Added: []string{}, Removed: []string{}, Counts: ValueCounts{}}
		for v, t := range c.m {
			r.Counts = append(r.Counts, ValueCount{Value: v, OldToNew: t.OldToNew})
		}
		slices.SortFunc(r.Counts, func(a, b ValueCount) int { return version.Compare(a.Value, b.Value) })
		for _, vc := range r.Counts {
			switch {
			case vc.Old == 0:
				r.Added = append(r.Added, vc.Value)
			case vc.New == 0:
				r.Removed = append(r.Removed, vc.Value)
			}
		}
		return r
	}
	f := Facets{Compiler: rollup(compiler), OS: rollup(opsys), Platform: rollup(platform), Target: rollup(target), Stack: rollup(stack)}
	rows := []StackRow{}
	for _, vc := range f.Stack.Counts {
		rows = append(rows, StackRow{Name: vc.Value, Specs: vc.OldToNew, Packages: stack.m[vc.Value].pkgs})
	}
	return f, rows
}

// tally counts the specs with one facet value on each side and, for
// stacks, the packages with a spec in the stack.
type tally struct {
	OldToNew
	pkgs    OldToNew
	lastPkg [2]int // per side, 1 + the index of the last package counted in pkgs
}

func (c *OldToNew) inc(side int) {
	if side == 0 {
		c.Old++
	} else {
		c.New++
	}
}

// counter maps facet values to tallies.
type counter struct{ m map[string]*tally }

func newCounter() *counter { return &counter{m: map[string]*tally{}} }

func (c *counter) get(v string) *tally {
	t := c.m[v]
	if t == nil {
		t = &tally{}
		c.m[v] = t
	}
	return t
}

// canonCounts lists, for every rule, the strings it rewrote on each side.
func canonCounts(old, new *snapshot.Snapshot) ValueCounts {
	vc := ValueCounts{}
	for _, rule := range snapshot.RuleNames() {
		vc = append(vc, ValueCount{Value: rule, OldToNew: OldToNew{Old: old.Canon[rule], New: new.Canon[rule]}})
	}
	return vc
}
