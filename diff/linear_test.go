package diff

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// The matching must cost time linear in the input (issue 11, items 1 and
// 2). These tests count the candidates the matcher looks at (probes), not
// time: a count does not depend on the machine.

// probesPerSpec bounds the probes per spec (or per variant) of a whole
// matchPackage: each pass looks at each spec a few times.
const probesPerSpec = 40

// TestRebuiltPairingLinear: one package, n specs per side with the same
// facets and new hashes (all rebuilt). The equal-stacks pairing used to
// scan the new specs for every old one: n²/2 probes.
func TestRebuiltPairingLinear(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 4000
	}
	for _, stacks := range []int{1, 7} { // one stack set; several, interleaved
		var olds, news []snapshot.Spec
		for i := range n {
			st := fmt.Sprint("s", i%stacks)
			olds = append(olds, sp(fmt.Sprintf("o%07d", i), "1.0", "gcc@13.2.0", "x86_64_v3", st))
			news = append(news, sp(fmt.Sprintf("n%07d", i), "1.0", "gcc@13.2.0", "x86_64_v3", st))
		}
		sortByHash(olds)
		sortByHash(news)
		m := newMatcher(nil)
		p, _ := m.matchPackage(&snapshot.Package{Name: "p", Specs: olds}, &snapshot.Package{Name: "p", Specs: news})
		if p.Counts.Rebuilt != n {
			t.Fatalf("%d stacks: counts %+v, want %d rebuilt", stacks, p.Counts, n)
		}
		for _, x := range p.Specs.Rebuilt {
			if x.Old.Stacks[0] != x.New.Stacks[0] {
				t.Fatalf("%d stacks: %s paired with %s across stacks", stacks, x.Old.Hash, x.New.Hash)
			}
		}
		if limit := probesPerSpec * 2 * n; m.probes > limit {
			t.Errorf("%d stacks: %d probes for %d specs per side, want at most %d (linear)", stacks, m.probes, n, limit)
		}
	}
}

// TestManyVariantsLinear: one spec per side with n variants, one of them
// changed (an update of variants). The shared variants and the update's
// from/to were computed with a scan of one list per element of the other:
// n² probes.
func TestManyVariantsLinear(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 4000
	}
	vs := make([]string, n)
	for i := range vs {
		vs[i] = fmt.Sprintf("v%06d=x", i)
	}
	o := sp("o1", "1.0", "gcc@13.2.0", "x86_64_v3")
	o.Variants = vs
	nw := sp("n1", "1.0", "gcc@13.2.0", "x86_64_v3")
	nw.Variants = append(vs[:n-1:n-1], "zz=y")
	m := newMatcher(nil)
	p, _ := m.matchPackage(&snapshot.Package{Name: "p", Specs: []snapshot.Spec{o}}, &snapshot.Package{Name: "p", Specs: []snapshot.Spec{nw}})
	if p.Counts.Updated != 1 || len(p.SharedVariants) != n-1 {
		t.Fatalf("counts %+v, %d shared variants; want one update, %d shared", p.Counts, len(p.SharedVariants), n-1)
	}
	if u := p.Specs.Updated[0]; u.Facet != "variants" || u.From != vs[n-1] || u.To != "zz=y" {
		t.Fatalf("update %s %q → %q", u.Facet, u.From, u.To)
	}
	if limit := probesPerSpec * 2 * n; m.probes > limit {
		t.Errorf("%d probes for %d variants per side, want at most %d (linear)", m.probes, n, limit)
	}
}

// TestListOpsAgree: minus and sharedVariants give what the plain scans
// give, on both sides of the smallList threshold.
func TestListOpsAgree(t *testing.T) {
	m := newMatcher(nil)
	for _, na := range []int{0, 1, 3, smallList, smallList + 1, 40} {
		for _, nb := range []int{0, 1, 5, smallList, smallList + 1, 50} {
			var a, b []string
			for i := range na {
				a = append(a, fmt.Sprint(i%7, "-", i%13)) // with repeats
			}
			for i := range nb {
				b = append(b, fmt.Sprint(i%5, "-", i%11))
			}
			var want []string
			for _, s := range a {
				found := false
				for _, x := range b {
					found = found || x == s
				}
				if !found {
					want = append(want, s)
				}
			}
			if got := m.minus(a, b); fmt.Sprint(got) != fmt.Sprint(want) || (got == nil) != (want == nil) {
				t.Errorf("minus(%d, %d) = %v, want %v", na, nb, got, want)
			}
			specs := prepare([]snapshot.Spec{{Variants: a}, {Variants: b}, {Variants: a}}, nil)
			var shared []string
			for _, v := range a {
				in := false
				for _, x := range b {
					in = in || x == v
				}
				if in {
					shared = append(shared, v)
				}
			}
			if got := m.sharedVariants(specs[:1], specs[1:], false); fmt.Sprint(got) != fmt.Sprint(shared) {
				t.Errorf("sharedVariants(%d, %d) = %v, want %v", na, nb, got, shared)
			}
		}
	}
}

// TestInternedLists: a list is interned by its strings, whether specs
// share its array (as the loader makes them) or hold equal copies.
func TestInternedLists(t *testing.T) {
	shared := []string{"+shared", "build_system=cmake"}
	copyOf := []string{"+shared", "build_system=cmake"}
	other := []string{"~shared", "build_system=cmake"}
	prefix := shared[:1]
	specs := prepare([]snapshot.Spec{{Variants: shared}, {Variants: shared}, {Variants: copyOf}, {Variants: other}, {Variants: prefix}}, nil)
	id := func(i int) uint32 { return specs[i].ids[fVariants] }
	if id(0) != id(1) || id(0) != id(2) || id(0) == id(3) || id(0) == id(4) {
		t.Errorf("variant ids %d %d %d %d %d: want the first three equal, the others not", id(0), id(1), id(2), id(3), id(4))
	}
	if specs[4].facet(fVariants) != "+shared" || specs[2].facet(fVariants) != "+shared\x1fbuild_system=cmake" {
		t.Errorf("joined %q and %q", specs[4].facet(fVariants), specs[2].facet(fVariants))
	}
}

// TestManyFacetValuesOnePackage (the 47th adversarial pass, issue 35):
// one package of n specs a side, each on a compiler, an OS and a target
// of its own (a lockfile of many roots of one package, built
// everywhere). The ranks kept for a whole snapshot (globalRanks) took
// every value of such a package while they held fewer than maxGlobal,
// and sorted them with version.Compare, which parses both values at
// every comparison: n log n parses and their garbage, where a package's
// own ranking (version.Sorter) parses each value once. At 40,000 specs a
// side, matchPackage took 11 times the time of 10,000. The ranks of a
// snapshot hold at most maxGlobal values.
func TestManyFacetValuesOnePackage(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 4000
	}
	var olds, news []snapshot.Spec
	for i := range n {
		o := sp(fmt.Sprintf("o%07d", i), fmt.Sprint("1.", i), fmt.Sprint("gcc@13.", i), fmt.Sprint("t", i, "a"))
		o.OS = fmt.Sprint("os", i, "a")
		nw := sp(fmt.Sprintf("n%07d", i), fmt.Sprint("1.", i), fmt.Sprint("gcc@13.", i), fmt.Sprint("t", i, "b"))
		nw.OS = fmt.Sprint("os", i, "b")
		olds, news = append(olds, o), append(news, nw)
	}
	sortByHash(olds)
	sortByHash(news)
	m := newMatcher(nil)
	// A package of a few values first: the snapshot's ranks are in use.
	m.matchPackage(&snapshot.Package{Name: "a", Specs: []snapshot.Spec{sp("a1", "1.0", "gcc@13.2.0", "x86_64_v3")}},
		&snapshot.Package{Name: "a", Specs: []snapshot.Spec{sp("a2", "1.1", "gcc@13.2.0", "x86_64_v3")}})
	p, _ := m.matchPackage(&snapshot.Package{Name: "p", Specs: olds}, &snapshot.Package{Name: "p", Specs: news})
	if got := p.Counts.Updated + p.Counts.Added + p.Counts.Rebuilt; got == 0 {
		t.Fatalf("counts %+v, want the specs paired or listed", p.Counts)
	}
	for _, f := range []int{fCompiler, fOS, fTarget} {
		if got := len(m.global[f].ids); got > maxGlobal {
			t.Errorf("facet %d: the snapshot's ranks hold %d values, want at most maxGlobal (%d)", f, got, maxGlobal)
		}
	}
}
