package diff

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

const seeds = 200

func TestOracle(t *testing.T) {
	for seed := range uint64(seeds) {
		old, new, want := newGenerator(seed, true).pair(1 + int(seed%40))
		r := Compare(old, new)
		if got := r.Summary.Specs; got != want.Counts {
			t.Fatalf("seed %d: spec counts\n got %+v\nwant %+v", seed, got, want.Counts)
		}
		if got := r.Summary.Packages; got.Added != want.packagesAdded || got.Removed != want.packagesRemoved {
			t.Fatalf("seed %d: packages added/removed = %d/%d, want %d/%d", seed, got.Added, got.Removed, want.packagesAdded, want.packagesRemoved)
		}
	}
}

func TestIdentity(t *testing.T) {
	for seed := range uint64(seeds) {
		for _, oracle := range []bool{true, false} {
			old, _, _ := newGenerator(seed, oracle).pair(1 + int(seed%30))
			r := Compare(old, old)
			if r.HasChanges() || len(r.Packages) != 0 || len(r.Updates) != 0 {
				t.Fatalf("seed %d: diff(A,A) has changes: %+v", seed, r.Summary)
			}
			s := r.Summary.Specs
			if s.Unchanged != s.Old || s.Old != s.New || s.Old != old.Specs() {
				t.Fatalf("seed %d: diff(A,A) summary %+v", seed, s)
			}
		}
	}
}

func TestConservation(t *testing.T) {
	for seed := range uint64(seeds) {
		for _, oracle := range []bool{true, false} {
			old, new, _ := newGenerator(seed, oracle).pair(1 + int(seed%50))
			r := Compare(old, new)
			checkConservation(t, "summary", r.Summary.Specs)
			var sum Counts
			for _, p := range r.Packages {
				checkConservation(t, p.Name, p.Counts)
				checkCategories(t, p)
				sum.add(p.Counts)
			}
			// Unchanged packages are not listed: all their specs are unchanged.
			s := r.Summary.Specs
			if rest := s.Old - sum.Old; s.Restacked != sum.Restacked || s.Rebuilt != sum.Rebuilt ||
				s.Updated != sum.Updated || s.Added != sum.Added || s.Removed != sum.Removed ||
				s.New-sum.New != rest || s.Unchanged-sum.Unchanged != rest {
				t.Fatalf("seed %d: summary %+v is not the sum of the packages %+v", seed, s, sum)
			}
			if r.Summary.Specs.Old != old.Specs() || r.Summary.Specs.New != new.Specs() {
				t.Fatalf("seed %d: summary old/new %d/%d, snapshots hold %d/%d", seed, r.Summary.Specs.Old, r.Summary.Specs.New, old.Specs(), new.Specs())
			}
			p := r.Summary.Packages
			if p.Added+p.Removed+p.Changed+p.Unchanged != len(unionNames(old, new)) || p.Added+p.Removed+p.Changed != len(r.Packages) {
				t.Fatalf("seed %d: package counts %+v do not add up (%d listed)", seed, p, len(r.Packages))
			}
		}
	}
}

func checkConservation(t *testing.T, what string, c Counts) {
	t.Helper()
	if c.Old != c.Unchanged+c.Restacked+c.Rebuilt+c.Updated+c.Removed {
		t.Fatalf("%s: old %d != unchanged+restacked+rebuilt+updated+removed %+v", what, c.Old, c)
	}
	if c.New != c.Unchanged+c.Restacked+c.Rebuilt+c.Updated+c.Added {
		t.Fatalf("%s: new %d != unchanged+restacked+rebuilt+updated+added %+v", what, c.New, c)
	}
}

// checkCategories checks that the lists match the counts and that no spec
// is in two categories.
func checkCategories(t *testing.T, p Package) {
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
		if x.Facet == "" || x.Old.Hash == x.New.Hash || differingFacets(x) != 1 {
			t.Fatalf("%s: updated pair %s → %s differs in %d facets (facet %q)", p.Name, x.Old.Hash, x.New.Hash, differingFacets(x), x.Facet)
		}
	}
	for _, x := range s.Rebuilt {
		if x.Old.Hash == x.New.Hash || differingFacets(x) != 0 {
			t.Fatalf("%s: rebuilt pair %s → %s differs in %d facets", p.Name, x.Old.Hash, x.New.Hash, differingFacets(x))
		}
	}
	for _, x := range s.Restacked {
		if x.Old.Hash != x.New.Hash || slices.Equal(x.Old.Stacks, x.New.Stacks) {
			t.Fatalf("%s: restacked pair %s → %s", p.Name, x.Old.Hash, x.New.Hash)
		}
	}
}

func differingFacets(x Pair) int {
	n := 0
	for _, d := range []bool{
		!slices.Equal(x.Old.Versions, x.New.Versions), x.Old.Compiler != x.New.Compiler,
		!slices.Equal(x.Old.Variants, x.New.Variants), x.Old.Target != x.New.Target,
		x.Old.OS != x.New.OS, x.Old.Platform != x.New.Platform,
	} {
		if d {
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
	for seed := range uint64(seeds) {
		for _, oracle := range []bool{true, false} {
			a, b, _ := newGenerator(seed, oracle).pair(1 + int(seed%40))
			ab, ba := Compare(a, b), Compare(b, a)
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
			for i := range ab.Packages {
				got, want := ba.Packages[i], mirrorPackage(ab.Packages[i])
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

func mirrorPackage(p Package) Package {
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
	s.Rebuilt, s.Updated, s.Restacked = mirrorPairs(s.Rebuilt), mirrorPairs(s.Updated), mirrorPairs(s.Restacked)
	return p
}

// mirrorPairs swaps each pair and re-sorts the list the engine's way.
func mirrorPairs(ps []Pair) []Pair {
	var ms []matched
	for _, x := range ps {
		x.Old, x.New = x.New, x.Old
		x.From, x.To = x.To, x.From
		x.StacksJoined, x.StacksLeft = x.StacksLeft, x.StacksJoined
		ms = append(ms, matched{o: prepareOne(x.Old), n: prepareOne(x.New), p: x})
	}
	return pairs(ms)
}

// prepareOne rebuilds the matching form of a reported spec.
func prepareOne(s Spec) *spec {
	return prepare([]snapshot.Spec{{Hash: s.Hash, Versions: s.Versions, Compiler: s.Compiler, OS: s.OS,
		Platform: s.Platform, Target: s.Target, Variants: s.Variants, Stacks: s.Stacks}})[0]
}

// TestInputOrder checks that the order of specs in the input does not
// change the report.
func TestInputOrder(t *testing.T) {
	for seed := range uint64(50) {
		a, b, _ := newGenerator(seed, false).pair(20)
		want, _ := json.Marshal(Compare(a, b))
		r := rand.New(rand.NewPCG(seed, 1))
		for _, s := range []*snapshot.Snapshot{a, b} {
			for _, p := range s.Packages {
				r.Shuffle(len(p.Specs), func(i, j int) { p.Specs[i], p.Specs[j] = p.Specs[j], p.Specs[i] })
			}
		}
		got, _ := json.Marshal(Compare(a, b))
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
