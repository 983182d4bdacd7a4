package diff

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// manyStacksReport is the report of one package of n specs, each rebuilt
// in a stack of its own (and root), made with --stack of all n stacks.
func manyStacksReport(t *testing.T, n int) *Report {
	t.Helper()
	var olds, news []snapshot.Spec
	stacks := make([]string, n)
	for i := range n {
		stacks[i] = fmt.Sprintf("s%06d", i)
		olds = append(olds, sp(fmt.Sprintf("o%07d", i), "1.0", "gcc@13.2.0", "x86_64_v3", stacks[i]))
		news = append(news, sp(fmt.Sprintf("n%07d", i), "1.0", "gcc@13.2.0", "x86_64_v3", stacks[i]))
	}
	r, err := CompareWith(snap("old", olds...), snap("new", news...), Filter{Stacks: stacks})
	if err != nil {
		t.Fatal(err)
	}
	if r.Summary.Specs.Rebuilt != n {
		t.Fatalf("%d stacks: %+v, want %d rebuilt", n, r.Summary.Specs, n)
	}
	return r
}

// TestSelectedStacksLawLinear: render checks that each listed spec of a
// --stack report is in a selected stack (checkSelectedStacks). Each
// stack of each spec was looked for in the whole list of selected
// stacks: a report of n specs in n selected stacks took n² probes. 4x
// the report must cost at most ~4.4x.
func TestSelectedStacksLawLinear(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 500
	}
	probes := func(n int) int {
		r := manyStacksReport(t, n)
		count := 0
		lawStackProbe = func() { count++ }
		defer func() { lawStackProbe = nil }()
		if err := r.CheckLaws(); err != nil {
			t.Fatalf("%d stacks: %v", n, err)
		}
		return count
	}
	a, b := probes(n), probes(4*n)
	t.Logf("%d → %d stacks: %d → %d probes (%.2fx)", n, 4*n, a, b, float64(b)/float64(a))
	if float64(b) > 4.4*float64(max(a, 1)) {
		t.Errorf("4x the selected stacks and specs: %.2fx the probes (%d → %d), want at most 4.4x", float64(b)/float64(a), a, b)
	}
}

// TestSharedVariantsLawMemory: render checks a package's shared_variants
// against every listed spec (checkSharedVariants). It built a set of
// each spec's variants: a package of s specs with n shared variants
// allocated s sets of n, more than the report's variants themselves. One
// index of the shared variants suffices: at most ~100 bytes a shared
// variant, however many specs.
func TestSharedVariantsLawMemory(t *testing.T) {
	const specs, n = 64, 2000
	p := &Package{Name: "p"}
	for i := range n {
		p.SharedVariants = append(p.SharedVariants, fmt.Sprintf("v%05d=x", i))
	}
	for i := range specs {
		s := Spec{Hash: fmt.Sprintf("%032d", i), Variants: p.SharedVariants}
		p.Specs.Added = append(p.Specs.Added, s)
	}
	got, err := allocatedBy(func() error { return checkSharedVariants("packages[0]", p, true) })
	if err != nil {
		t.Fatal(err)
	}
	if got > 100*n {
		t.Errorf("%d specs of %d shared variants: %d bytes allocated, want at most %d", specs, n, got, 100*n)
	}
	// The first shared variant a spec lacks is named.
	p.Specs.Added[5].Variants = append(slices.Clone(p.SharedVariants[:7]), p.SharedVariants[8:]...)
	if err := checkSharedVariants("packages[0]", p, true); err == nil || !strings.Contains(err.Error(), `"v00007=x"`) {
		t.Errorf("a spec without v00007=x: %v", err)
	}
}

// TestLeftoversListsTellApart: the law that no removed spec could have
// paired with an added one (checkLeftovers) keyed a list by its elements
// joined with NUL, so ["a", "b\x00c"] and ["a\x00b", "c"] made one key:
// a removed and an added spec with those variants and another version,
// which the engine leaves unpaired (two facets differ), were refused as
// an updated pair split, and render exited 2 on the report cachediff
// wrote. Every list must key as itself. (The snapshots are
// --no-canonicalize ones: a canonicalized list is sorted, ["", "a"].)
func TestLeftoversListsTellApart(t *testing.T) {
	for _, c := range []struct{ old, new []string }{
		{[]string{"a", "b\x00c"}, []string{"a\x00b", "c"}},
		{[]string{"a\x00"}, []string{"a", ""}},
		{[]string{""}, []string{}},
		{[]string{"\"a\""}, []string{"a"}},
	} {
		o := sp("o", "1.0", "gcc@13.2.0", "x86_64_v3")
		o.Variants = c.old
		n := sp("n", "2.0", "gcc@13.2.0", "x86_64_v3")
		n.Variants = c.new
		for _, versions := range [][2][]string{{{"1.0"}, {"2.0"}}, {{"1.0", "a\x00"}, {"1.0\x00a"}}} {
			o.Versions, n.Versions = versions[0], versions[1]
			// --no-canonicalize: lists as written, unsorted ["a", ""].
			before, after := snap("old", o), snap("new", n)
			before.Raw, after.Raw = true, true
			r, err := CompareWith(before, after, Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Summary.Specs.Removed != 1 {
				t.Fatalf("%q → %q: %+v, want the two unpaired", c.old, c.new, r.Summary.Specs)
			}
			if err := r.CheckLaws(); err != nil {
				t.Errorf("variants %q → %q, versions %q → %q: %v", c.old, c.new, versions[0], versions[1], err)
			}
		}
	}
}

// TestLeftoversLongListLinear (issue 35, class c): checkLeftovers keys
// each spec by its lists quoted, and strconv.AppendQuote grew the key
// to the value it appended alone, a copy of the key for each element:
// a removed and an added spec of 125k variants each took 23 s to check
// (31k: 0.6 s). And the added spec's keys were held whole, 8 of them
// each as long as its lists (a spec of 4M variants: 256 MB). 4x the
// variants must allocate at most ~4.4x as much, and at most 48 bytes a
// variant (of 10 bytes quoted): the keys are hashed as they are read.
func TestLeftoversLongListLinear(t *testing.T) {
	allocs := func(n int) uint64 {
		vs := make([]string, n)
		for i := range vs {
			vs[i] = fmt.Sprintf("v%07d", i)
		}
		o := sp("o", "1.0", "gcc@13.2.0", "x86_64_v3")
		o.Variants = vs
		nw := sp("n", "2.0", "gcc@13.2.0", "x86_64_v3")
		nw.Variants = append(slices.Clone(vs[1:]), "w")
		p := &Package{Name: "p", Specs: SpecChanges{Removed: []Spec{o}, Added: []Spec{nw}}}
		var ignored [numFacets]bool
		got, err := allocatedBy(func() error { return checkLeftovers("packages[0]", p, &ignored, false) })
		if err != nil {
			t.Fatal(err)
		}
		if got > 48*uint64(n) {
			t.Errorf("%d variants: %d bytes allocated, %d a variant, want at most 48", n, got, got/uint64(n))
		}
		return got
	}
	const n = 5000
	a, b := allocs(n), allocs(4*n)
	t.Logf("%d → %d variants: %d → %d bytes (%.2fx)", n, 4*n, a, b, float64(b)/float64(a))
	if float64(b) > 4.4*float64(a)+16384 {
		t.Errorf("4x the variants allocated %.2fx as much (%d → %d bytes), want at most 4.4x (and 16 KB)", float64(b)/float64(a), a, b)
	}
}

// TestSharedVariantsIndexMemory: the law's index of a package's shared
// variants was a map of them, some 60 bytes a variant: 4M distinct
// "abcde" (32 MB) in shared_variants and in a spec's variants rendered
// at a 400 MB peak, 318 MB of it the map's. A table of their places
// takes at most ~20 bytes a variant with the stamps, linear: 4x the
// variants at most 4.4x the bytes. At 62,500 → 250,000 variants the
// table takes 12.5 bytes a variant and the map took 64 (48a37bc8's
// parent), as at 4x the sizes, which cost 4x the CPU.
func TestSharedVariantsIndexMemory(t *testing.T) {
	bytes := func(n int) uint64 {
		p := &Package{Name: "p"}
		p.SharedVariants = make([]string, n)
		for i := range n {
			p.SharedVariants[i] = fmt.Sprintf("v%07d", i)
		}
		p.Specs.Added = []Spec{{Hash: "a", Variants: p.SharedVariants}, {Hash: "b", Variants: p.SharedVariants}}
		got, err := allocatedBy(func() error { return checkSharedVariants("packages[0]", p, true) })
		if err != nil {
			t.Fatal(err)
		}
		// Found as the map found them: a variant twice, and the first
		// a spec lacks.
		p.Specs.Added[1].Variants = p.SharedVariants[1:]
		if err := checkSharedVariants("packages[0]", p, true); err == nil || !strings.Contains(err.Error(), `has "v0000000", but spec "b" lacks it`) {
			t.Errorf("a spec without v0000000: %v", err)
		}
		p.SharedVariants = append(p.SharedVariants, "v0000003")
		if err := checkSharedVariants("packages[0]", p, false); err == nil || err.Error() != fmt.Sprintf(`packages[0].shared_variants[%d]: "v0000003" is there twice`, n) {
			t.Errorf("a variant twice: %v", err)
		}
		return got
	}
	n := 62500
	a, b := bytes(n), bytes(4*n)
	t.Logf("%d → %d shared variants: %d → %d bytes (%.2fx)", n, 4*n, a, b, float64(b)/float64(a))
	if race.Enabled {
		return
	}
	for _, c := range []struct {
		n   int
		got uint64
	}{{n, a}, {4 * n, b}} {
		if c.got > uint64(20*c.n) {
			t.Errorf("%d shared variants: %d bytes allocated, %.1f a variant, want at most 20", c.n, c.got, float64(c.got)/float64(c.n))
		}
	}
	if float64(b) > 4.4*float64(a) {
		t.Errorf("4x the shared variants: %.2fx the bytes (%d → %d), want at most 4.4x", float64(b)/float64(a), a, b)
	}
}

// allocatedBy is the bytes f allocates (runtime.MemStats' TotalAlloc,
// read after a collection and after f) and f's error.
func allocatedBy(f func() error) (uint64, error) {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	err := f()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc, err
}
