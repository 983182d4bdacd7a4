package diff

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// propertySeeds is how many generated pairs each property test checks:
// fewer under -short, for a quick inner loop.
func propertySeeds() uint64 {
	if testing.Short() {
		return 10
	}
	return 200
}

func TestOracle(t *testing.T) {
	for seed := range propertySeeds() {
		before, after, want := newGenerator(seed, true).pair(1 + int(seed%40))
		r := compare(before, after)
		if got := r.Summary.Specs; got != want.Counts {
			t.Fatalf("seed %d: spec counts\n got %+v\nwant %+v", seed, got, want.Counts)
		}
		if got := r.Summary.Packages; got.Added != want.packagesAdded || got.Removed != want.packagesRemoved {
			t.Fatalf("seed %d: packages added/removed = %d/%d, want %d/%d", seed, got.Added, got.Removed, want.packagesAdded, want.packagesRemoved)
		}
	}
}

// filters are the filters each property is checked under: none, and one
// drawn from the seed (some packages, some stacks, some facets ignored,
// each or not).
func filters(seed uint64) []Filter {
	r := rand.New(rand.NewPCG(seed, 42))
	some := func(pool []string) []string {
		var out []string
		for len(out) == 0 {
			for _, v := range pool {
				if r.IntN(3) == 0 {
					out = append(out, v)
				}
			}
		}
		return out
	}
	var f Filter
	if r.IntN(2) == 0 {
		f.Packages = some([]string{"pkg-00*", "pkg-0[1-2]?", "pkg-03?", "pkg-1*", "nothing"})
	}
	if r.IntN(2) == 0 {
		f.Stacks = some(append([]string{"root"}, genStacks...))
	}
	if r.IntN(2) == 0 {
		f.Ignore = some(facetNames[:])
	}
	if f.Packages == nil && f.Stacks == nil && f.Ignore == nil {
		return []Filter{{}}
	}
	return []Filter{{}, f}
}

func compareWith(t *testing.T, before, after *snapshot.Snapshot, f Filter) *Report {
	t.Helper()
	r, err := CompareWith(before, after, f)
	if err != nil {
		t.Fatalf("filter %+v: %v", f, err)
	}
	return r
}

func TestIdentity(t *testing.T) {
	for seed := range propertySeeds() {
		for _, oracle := range []bool{true, false} {
			for _, f := range filters(seed) {
				old, _, _ := newGenerator(seed, oracle).pair(1 + int(seed%30))
				r := compareWith(t, old, old, f)
				if r.HasChanges() || len(r.Packages) != 0 || len(r.Updates) != 0 {
					t.Fatalf("seed %d, filter %+v: diff(A,A) has changes: %+v", seed, f, r.Summary)
				}
				s := r.Summary.Specs
				if s.Unchanged != s.Old || s.Old != s.New || s.Old != f.mustApply(t, old).Specs() {
					t.Fatalf("seed %d, filter %+v: diff(A,A) summary %+v", seed, f, s)
				}
			}
		}
	}
}

// mustApply is the snapshot the filter keeps, computed here without the
// engine's code: the oracle of filtering.
func (f Filter) mustApply(t *testing.T, s *snapshot.Snapshot) *snapshot.Snapshot {
	t.Helper()
	out := &snapshot.Snapshot{Path: s.Path, Tag: s.Tag}
	for _, p := range s.Packages {
		keep := len(f.Packages) == 0
		for _, pat := range f.Packages {
			ok, err := path.Match(pat, p.Name)
			if err != nil {
				t.Fatal(err)
			}
			keep = keep || ok
		}
		if !keep {
			continue
		}
		q := &snapshot.Package{Name: p.Name, Origin: &snapshot.Origin{File: p.File()}}
		for _, sp := range p.Specs {
			in := len(f.Stacks) == 0
			for _, st := range sp.Stacks {
				in = in || slices.Contains(f.Stacks, st)
			}
			if in {
				q.Specs = append(q.Specs, sp)
			}
		}
		if len(q.Specs) > 0 || len(f.Stacks) == 0 {
			out.Packages = append(out.Packages, q)
		}
	}
	return out
}

func TestConservation(t *testing.T) {
	for seed := range propertySeeds() {
		for _, oracle := range []bool{true, false} {
			for _, f := range filters(seed) {
				checkConservationUnder(t, seed, oracle, f)
			}
		}
	}
}

func checkConservationUnder(t *testing.T, seed uint64, oracle bool, f Filter) {
	t.Helper()
	{
		{
			before, after, _ := newGenerator(seed, oracle).pair(1 + int(seed%50))
			r := compareWith(t, before, after, f)
			before, after = f.mustApply(t, before), f.mustApply(t, after)
			// The laws a report states of itself, as render checks them.
			if err := r.CheckLaws(); err != nil {
				t.Fatalf("seed %d, filter %+v: %v", seed, f, err)
			}
			for _, p := range r.Packages {
				checkCategories(t, p, f.Ignore)
			}
			if r.Summary.Specs.Old != before.Specs() || r.Summary.Specs.New != after.Specs() {
				t.Fatalf("seed %d: summary old/new %d/%d, snapshots hold %d/%d", seed, r.Summary.Specs.Old, r.Summary.Specs.New, before.Specs(), after.Specs())
			}
			p := r.Summary.Packages
			if p.Added+p.Removed+p.Changed+p.Unchanged != len(unionNames(before, after)) || p.Added+p.Removed+p.Changed != len(r.Packages) {
				t.Fatalf("seed %d: package counts %+v do not add up (%d listed)", seed, p, len(r.Packages))
			}
		}
	}
}

// checkCategories checks that the lists match the counts and that no spec
// is in two categories; facets in ignore do not count as differences.
func checkCategories(t *testing.T, p Package, ignore []string) {
	t.Helper()
	s, c := p.Specs, p.Counts
	if len(s.Added) != c.Added || len(s.Removed) != c.Removed || len(s.Rebuilt) != c.Rebuilt || len(s.Updated) != c.Updated || len(s.Restacked) != c.Restacked {
		t.Fatalf("%s: lists do not match counts %+v", p.Name, c)
	}
	seenOld, seenNew := map[string]bool{}, map[string]bool{}
	mark := func(seen map[string]bool, h string) {
		if seen[h] {
			t.Fatalf("%s: hash %s is in two categories", p.Name, h)
		}
		seen[h] = true
	}
	for _, x := range s.Removed {
		mark(seenOld, x.Hash)
	}
	for _, x := range s.Added {
		mark(seenNew, x.Hash)
	}
	for _, l := range [][]Pair{s.Rebuilt, s.Updated, s.Restacked} {
		for _, x := range l {
			mark(seenOld, x.Old.Hash)
			mark(seenNew, x.New.Hash)
		}
	}
	for _, x := range s.Updated {
		if x.Facet == "" || slices.Contains(ignore, x.Facet) || x.Old.Hash == x.New.Hash || differingFacets(x, ignore) != 1 {
			t.Fatalf("%s: updated pair %s → %s differs in %d facets (facet %q, ignoring %v)", p.Name, x.Old.Hash, x.New.Hash, differingFacets(x, ignore), x.Facet, ignore)
		}
	}
	for _, x := range s.Rebuilt {
		if x.Old.Hash == x.New.Hash || differingFacets(x, ignore) != 0 {
			t.Fatalf("%s: rebuilt pair %s → %s differs in %d facets (ignoring %v)", p.Name, x.Old.Hash, x.New.Hash, differingFacets(x, ignore), ignore)
		}
	}
	for _, x := range s.Restacked {
		if x.Old.Hash != x.New.Hash || slices.Equal(x.Old.Stacks, x.New.Stacks) {
			t.Fatalf("%s: restacked pair %s → %s", p.Name, x.Old.Hash, x.New.Hash)
		}
	}
}

// differingFacets counts the facets, less those in ignore, in which the
// specs of x differ.
func differingFacets(x Pair, ignore []string) int {
	n := 0
	for i, d := range []bool{ // in the order of facetNames
		!slices.Equal(x.Old.Versions, x.New.Versions), x.Old.Compiler != x.New.Compiler,
		!slices.Equal(x.Old.Variants, x.New.Variants), x.Old.Target != x.New.Target,
		x.Old.OS != x.New.OS, x.Old.Platform != x.New.Platform,
	} {
		if d && !slices.Contains(ignore, facetNames[i]) {
			n++
		}
	}
	return n
}

func unionNames(a, b *snapshot.Snapshot) map[string]bool {
	m := map[string]bool{}
	for _, s := range []*snapshot.Snapshot{a, b} {
		for _, p := range s.Packages {
			m[p.Name] = true
		}
	}
	return m
}

// TestMirror checks that diff(B,A) is diff(A,B) with old and new swapped,
// pair for pair.
func TestMirror(t *testing.T) {
	for seed := range propertySeeds() {
		for _, oracle := range []bool{true, false} {
			for _, f := range filters(seed) {
				checkMirror(t, seed, oracle, f)
			}
		}
	}
}

func checkMirror(t *testing.T, seed uint64, oracle bool, f Filter) {
	t.Helper()
	{
		{
			a, b, _ := newGenerator(seed, oracle).pair(1 + int(seed%40))
			ab, ba := compareWith(t, a, b, f), compareWith(t, b, a, f)
			if !reflect.DeepEqual(ab.Options, ba.Options) {
				t.Fatalf("seed %d: options %+v one way, %+v the other", seed, ab.Options, ba.Options)
			}
			if got, want := ba.Summary, mirrorSummary(ab.Summary); got != want {
				t.Fatalf("seed %d: summary of diff(B,A)\n got %+v\nwant %+v", seed, got, want)
			}
			if len(ab.Packages) != len(ba.Packages) {
				t.Fatalf("seed %d: %d packages listed one way, %d the other", seed, len(ab.Packages), len(ba.Packages))
			}
			if got, want := ba.Facets, mirrorFacets(ab.Facets); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d: facets of diff(B,A)\n got %+v\nwant %+v", seed, got, want)
			}
			if got, want := ba.Stacks, mirrorStacks(ab.Stacks); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d: stacks of diff(B,A)\n got %+v\nwant %+v", seed, got, want)
			}
			if got, want := updateSet(ba.Updates), mirrorUpdateSet(ab.Updates); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d: updates of diff(B,A)\n got %v\nwant %v", seed, got, want)
			}
			m := newMatcher(nil) // one for the report: its interner table is large
			for i := range ab.Packages {
				got, want := ba.Packages[i], mirrorPackage(m, ab.Packages[i])
				if !reflect.DeepEqual(got, want) {
					gj, _ := json.MarshalIndent(got, "", " ")
					wj, _ := json.MarshalIndent(want, "", " ")
					t.Fatalf("seed %d: package %s of diff(B,A)\n got %s\nwant %s", seed, got.Name, gj, wj)
				}
			}
		}
	}
}

func mirrorCounts(c Counts) Counts {
	c.Old, c.New = c.New, c.Old
	c.Added, c.Removed = c.Removed, c.Added
	return c
}

func mirrorSummary(s Summary) Summary {
	s.Specs = mirrorCounts(s.Specs)
	p := &s.Packages
	p.Old, p.New = p.New, p.Old
	p.Added, p.Removed = p.Removed, p.Added
	return s
}

func mirrorPackage(m *matcher, p Package) Package {
	switch p.Status {
	case Added:
		p.Status = Removed
	case Removed:
		p.Status = Added
	}
	p.OldFile, p.NewFile = p.NewFile, p.OldFile
	v := &p.Versions
	v.Old, v.New = v.New, v.Old
	v.Added, v.Removed = v.Removed, v.Added
	v.Direction = map[Direction]Direction{
		Upgraded: Downgraded, Downgraded: Upgraded, New: Gone, Gone: New, NoChange: NoChange, Other: Other,
	}[v.Direction]
	p.Counts = mirrorCounts(p.Counts)
	s := &p.Specs
	s.Added, s.Removed = s.Removed, s.Added
	s.Rebuilt, s.Updated, s.Restacked = mirrorPairs(m, s.Rebuilt), mirrorPairs(m, s.Updated), mirrorPairs(m, s.Restacked)
	return p
}

// mirrorPairs swaps each pair and re-sorts the list the engine's way,
// preparing the specs with m.
func mirrorPairs(m *matcher, ps []Pair) []Pair {
	type mirrored struct {
		o, n *spec
		p    Pair
	}
	specs := make([]snapshot.Spec, 0, 2*len(ps))
	for _, x := range ps {
		specs = append(specs, snapshotSpec(*x.New), snapshotSpec(*x.Old)) // swapped below
	}
	prepared := m.prepare(nil, specs)
	ms := make([]mirrored, 0, len(ps))
	for i, x := range ps {
		x.Old, x.New = x.New, x.Old
		x.From, x.To = x.To, x.From
		x.StacksJoined, x.StacksLeft = x.StacksLeft, x.StacksJoined
		ms = append(ms, mirrored{o: prepared[2*i], n: prepared[2*i+1], p: x})
	}
	slices.SortFunc(ms, func(a, b mirrored) int {
		return cmp.Or(compareSpecs(a.o, b.o), strings.Compare(a.n.Hash, b.n.Hash))
	})
	out := make([]Pair, len(ms))
	for i, m := range ms {
		out[i] = m.p
	}
	return out
}

// prepare readies specs for matching, as matchPackage does.
func prepare(specs []snapshot.Spec, ignore *[numFacets]bool) []*spec {
	return newMatcher(ignore).prepare(nil, specs)
}

// snapshotSpec is the loaded form of a reported spec.
func snapshotSpec(s Spec) snapshot.Spec {
	return snapshot.Spec{Hash: s.Hash, Versions: s.Versions, Compiler: s.Compiler, OS: s.OS,
		Platform: s.Platform, Target: s.Target, Variants: s.Variants, Stacks: s.Stacks}
}

// TestInputOrder checks that the order of specs in the input does not
// change the report.
func TestInputOrder(t *testing.T) {
	seeds := uint64(50)
	if testing.Short() {
		seeds = 10 // a quick inner loop
	}
	for seed := range seeds {
		a, b, _ := newGenerator(seed, false).pair(20)
		want, _ := json.Marshal(compare(a, b))
		r := rand.New(rand.NewPCG(seed, 1))
		for _, s := range []*snapshot.Snapshot{a, b} {
			for _, p := range s.Packages {
				r.Shuffle(len(p.Specs), func(i, j int) { p.Specs[i], p.Specs[j] = p.Specs[j], p.Specs[i] })
			}
		}
		got, _ := json.Marshal(compare(a, b))
		if string(got) != string(want) {
			t.Fatalf("seed %d: report depends on the order of specs", seed)
		}
	}
}

func mirrorFacets(f Facets) Facets {
	for _, r := range []*Rollup{&f.Compiler, &f.OS, &f.Platform, &f.Target, &f.Stack} {
		r.Added, r.Removed = r.Removed, r.Added
		counts := make(ValueCounts, len(r.Counts))
		for i, c := range r.Counts {
			counts[i] = ValueCount{Value: c.Value, OldToNew: OldToNew{Old: c.New, New: c.Old}}
		}
		r.Counts = counts
	}
	return f
}

func mirrorStacks(rows []StackRow) []StackRow {
	out := make([]StackRow, len(rows))
	for i, r := range rows {
		out[i] = StackRow{Name: r.Name, Specs: OldToNew{r.Specs.New, r.Specs.Old}, Packages: OldToNew{r.Packages.New, r.Packages.Old}}
	}
	return out
}

// updateSet keys update groups by facet, from and to; their order depends
// on counts and values, which a mirror swaps.
func updateSet(us []UpdateGroup) map[[3]string]string {
	m := map[[3]string]string{}
	for _, u := range us {
		m[[3]string{u.Facet, u.From, u.To}] = fmt.Sprint(u.Specs, u.Packages)
	}
	return m
}

func mirrorUpdateSet(us []UpdateGroup) map[[3]string]string {
	m := map[[3]string]string{}
	for _, u := range us {
		m[[3]string{u.Facet, u.To, u.From}] = fmt.Sprint(u.Specs, u.Packages)
	}
	return m
}

// TestPlainKnown: the engine's Plain, found by interned ids, is what the
// pair's fields say (Plain of the same pair read back from JSON), on
// generated pairs under filters that ignore facets, and on the real
// weekly series.
func TestPlainKnown(t *testing.T) {
	check := func(name string, r *Report) (plain, other int) {
		t.Helper()
		for i := range r.Packages {
			s := &r.Packages[i].Specs
			for _, l := range [][]Pair{s.Rebuilt, s.Updated, s.Restacked} {
				for j := range l {
					p := &l[j]
					if p.plain == plainUnknown {
						t.Fatalf("%s: %s: the engine left Plain unknown for %s → %s", name, r.Packages[i].Name, p.Old.Hash, p.New.Hash)
					}
					q := *p
					q.plain = plainUnknown
					if got, want := p.Plain(), q.Plain(); got != want {
						t.Fatalf("%s: %s: %s → %s: Plain %v by ids, %v by fields", name, r.Packages[i].Name, p.Old.Hash, p.New.Hash, got, want)
					}
					if p.Plain() {
						plain++
					} else {
						other++
					}
				}
			}
		}
		return plain, other
	}
	var plain, other int
	for seed := range propertySeeds() {
		before, after, _ := newGenerator(seed, true).pair(1 + int(seed%40))
		for _, f := range append(filters(seed), Filter{Ignore: []string{"compiler", "variants"}}) {
			p, o := check(fmt.Sprintf("seed %d, filter %+v", seed, f), compareWith(t, before, after, f))
			plain, other = plain+p, other+o
		}
	}
	dirs := []string{"develop-2025-02-16", "develop-2025-02-23", "develop-2025-03-02"}
	for i := 1; i < len(dirs); i++ {
		before := loadDir(t, path.Join("../testdata/real-series", dirs[i-1]))
		after := loadDir(t, path.Join("../testdata/real-series", dirs[i]))
		p, o := check(dirs[i], compareWith(t, before, after, Filter{}))
		plain, other = plain+p, other+o
	}
	if plain == 0 || other == 0 {
		t.Fatalf("%d plain pairs and %d others: the test needs both", plain, other)
	}
}

func loadDir(t *testing.T, dir string) *snapshot.Snapshot {
	t.Helper()
	s, err := snapshot.Load(dir, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestByHash: byHash holds for strictly ascending hashes only (a hash
// twice sends pass 1 to its map).
func TestByHash(t *testing.T) {
	for _, c := range []struct {
		hashes []string
		want   bool
	}{
		{nil, true}, {[]string{"a"}, true}, {[]string{"a", "b", "c"}, true},
		{[]string{"a", "a"}, false}, {[]string{"b", "a"}, false}, {[]string{"a", "c", "b"}, false},
	} {
		specs := make([]*spec, len(c.hashes))
		for i, hash := range c.hashes {
			specs[i] = &spec{Spec: &snapshot.Spec{Hash: hash}}
		}
		if got := byHash(specs); got != c.want {
			t.Errorf("byHash(%q) = %v, want %v", c.hashes, got, c.want)
		}
	}
}

// TestPairSpecsCopiedLast: a pair of specs of Spack's own files (More,
// a nil list), which the report holds as copies, holds the loaded specs
// while the packages are compared and explained, and gets its copies
// once they are (reportSpecs): made as each pair was, the copies were
// 5 MB more of a lockfile pair of 32,000 roots' live heap at
// compareAll's end, where it peaks.
func TestPairSpecsCopiedLast(t *testing.T) {
	var pairs [][2]*snapshot.Package
	for i := range 3 {
		var sides [2]*snapshot.Package
		for side := range 2 {
			sp := snapshot.Spec{Hash: fmt.Sprintf("%031d%d", i, side), Versions: []string{"1"}, Stacks: []string{}, More: &snapshot.SpecMore{Recipe: "r"}}
			sides[side] = &snapshot.Package{Name: fmt.Sprintf("p%d", i), Specs: []snapshot.Spec{sp}, Origin: &snapshot.Origin{File: "f"}}
		}
		pairs = append(pairs, sides)
	}
	var ignore [numFacets]bool
	_, list, _ := compareAll(pairs, &ignore, false, nil, nil, nil)
	if len(list) != len(pairs) {
		t.Fatalf("%d packages listed, want %d", len(list), len(pairs))
	}
	for k, p := range list {
		if len(p.Specs.Rebuilt) != 1 {
			t.Fatalf("%s: %d rebuilt, want 1", p.Name, len(p.Specs.Rebuilt))
		}
		x := p.Specs.Rebuilt[0]
		if x.Old != &pairs[k][0].Specs[0] || x.New != &pairs[k][1].Specs[0] {
			t.Errorf("%s: the pair holds a copy of a loaded spec while the packages are compared", p.Name)
		}
	}
	reportSpecs(list)
	for _, p := range list {
		for _, s := range []*Spec{p.Specs.Rebuilt[0].Old, p.Specs.Rebuilt[0].New} {
			if s.More != nil || s.Variants == nil {
				t.Errorf("%s: the report's spec %s has More %v, variants %v: want a copy, no More, variants []", p.Name, s.Hash, s.More, s.Variants)
			}
		}
	}
}

// TestPairSpecsShared: a pair holds the loaded specs themselves (a copy
// of each was 19 MB more of a real week's peak memory at 60k specs),
// but a copy, as a report's spec is, of a spec with More or a nil list.
func TestPairSpecsShared(t *testing.T) {
	loaded := func(s *snapshot.Snapshot) map[*snapshot.Spec]bool {
		m := map[*snapshot.Spec]bool{}
		for _, p := range s.Packages {
			for i := range p.Specs {
				m[&p.Specs[i]] = true
			}
		}
		return m
	}
	// A real week: catalogue pages, whose specs have neither.
	before := loadDir(t, "../testdata/real-series/develop-2025-02-16")
	after := loadDir(t, "../testdata/real-series/develop-2025-02-23")
	olds, news := loaded(before), loaded(after)
	r := compareWith(t, before, after, Filter{})
	pairs := 0
	for _, p := range r.Packages {
		for _, l := range [][]Pair{p.Specs.Rebuilt, p.Specs.Updated, p.Specs.Restacked} {
			for _, x := range l {
				if !olds[x.Old] || !news[x.New] {
					t.Fatalf("%s: pair %s → %s holds a copy of a loaded spec", p.Name, x.Old.Hash, x.New.Hash)
				}
				pairs++
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no pair: the test needs some")
	}
	// A spec with More or a nil list is copied: no More, lists [].
	o := snapshot.Spec{Hash: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Versions: []string{"1.0"}}
	n := o
	n.Hash = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	n.Variants, n.Stacks = []string{}, []string{}
	n.More = &snapshot.SpecMore{}
	n.More.Page().Tarball = "https://example.com/b.spack"
	mk := func(s snapshot.Spec) *snapshot.Snapshot {
		return &snapshot.Snapshot{Packages: []*snapshot.Package{{Name: "zlib", Specs: []snapshot.Spec{s}}}}
	}
	r = compareWith(t, mk(o), mk(n), Filter{})
	if len(r.Packages) != 1 || len(r.Packages[0].Specs.Rebuilt) != 1 {
		t.Fatalf("want one rebuilt pair; got %+v", r.Packages)
	}
	x := r.Packages[0].Specs.Rebuilt[0]
	for _, s := range []*Spec{x.Old, x.New} {
		if s.More != nil || s.Versions == nil || s.Variants == nil || s.Stacks == nil {
			t.Errorf("pair spec %s: More %v, lists %v %v %v; want no More and no nil list", s.Hash, s.More, s.Versions, s.Variants, s.Stacks)
		}
	}
}
