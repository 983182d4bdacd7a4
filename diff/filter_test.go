package diff

import (
	"cmp"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/editdist"
	"github.com/cachediff/cachediff/snapshot"
)

func filterFixture() (before, after *snapshot.Snapshot) {
	before = snapOf("a",
		pkg("llvm", sp("l1bb", "19.1.7", "gcc@13.2.0", "x86_64_v3", "e4s")),
		pkg("py-keras", sp("k1bb", "3.8.0", "gcc@13.2.0", "x86_64_v3", "ml")),
		pkg("py-torch",
			sp("t1bb", "2.5", "gcc@13.2.0", "x86_64_v3", "ml"),
			sp("t2bb", "2.5", "gcc@13.2.0", "aarch64", "e4s")),
	)
	after = snapOf("b",
		pkg("llvm", sp("l2bb", "20.1.0", "none", "x86_64_v3", "e4s")),
		pkg("py-keras", sp("k2bb", "3.8.0", "none", "x86_64_v3", "ml")),
		// t1 moves from ml to e4s (restacked), t2 is rebuilt in e4s.
		pkg("py-torch",
			sp("t1bb", "2.5", "gcc@13.2.0", "x86_64_v3", "e4s"),
			sp("t3bb", "2.5", "gcc@13.2.0", "aarch64", "e4s")),
	)
	return before, after
}

func names(r *Report) string {
	var l []string
	for _, p := range r.Packages {
		l = append(l, p.Name+":"+p.Status)
	}
	return strings.Join(l, " ")
}

func TestFilterPackages(t *testing.T) {
	before, after := filterFixture()
	r, err := CompareWith(before, after, Filter{Packages: []string{"py-*", "py-k*", "nothing"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(r); got != "py-keras:changed py-torch:changed" {
		t.Errorf("packages %s", got)
	}
	if r.Old.Packages != 2 || r.Old.Specs != 3 || r.Summary.Packages.Old != 2 || r.Summary.Specs.New != 3 {
		t.Errorf("sides %+v %+v, summary %+v: want only the py-* packages counted", r.Old, r.New, r.Summary)
	}
	if want := []string{"nothing", "py-*", "py-k*"}; !reflect.DeepEqual(r.Options.Packages, want) {
		t.Errorf("options.packages %v, want %v (sorted)", r.Options.Packages, want)
	}
	if r.Options.Stacks == nil || r.Options.Ignore == nil || !r.Options.Filtered() {
		t.Errorf("options %+v", r.Options)
	}
	for _, v := range r.Facets.Compiler.Counts {
		if v.Value == "gcc@13.2.0" && (v.Old != 3 || v.New != 2) {
			t.Errorf("roll-up of gcc@13.2.0 %+v, want 3 → 2 over py-* only", v)
		}
	}
	if _, err := CompareWith(before, after, Filter{}); err != nil || compare(before, after).Options.Filtered() {
		t.Error("the zero filter is not a filter")
	}
}

func TestFilterStacks(t *testing.T) {
	before, after := filterFixture()
	r, err := CompareWith(before, after, Filter{Stacks: []string{"ml"}})
	if err != nil {
		t.Fatal(err)
	}
	// py-torch's t1 left ml: in the ml view, it is removed, and py-torch
	// has no spec left in ml on the new side, so the package is removed.
	if got := names(r); got != "py-keras:changed py-torch:removed" {
		t.Errorf("packages %s", got)
	}
	if s := r.Summary.Specs; s.Old != 2 || s.New != 1 || s.Removed != 1 || s.Updated != 1 {
		t.Errorf("spec counts %+v", s)
	}
	r, err = CompareWith(before, after, Filter{Stacks: []string{"e4s"}})
	if err != nil {
		t.Fatal(err)
	}
	// In the e4s view, t1 joined: added, py-torch changed; llvm too (two
	// facets changed: added and removed).
	if got := names(r); got != "llvm:changed py-torch:changed" {
		t.Errorf("packages %s", got)
	}
	if s := r.Summary.Specs; s.Old != 2 || s.New != 3 || s.Added != 2 || s.Removed != 1 || s.Rebuilt != 1 {
		t.Errorf("spec counts %+v", s)
	}
}

func TestIgnore(t *testing.T) {
	before, after := filterFixture()
	r := compare(before, after)
	if c := r.Summary.Specs; c.Updated != 1 || c.Rebuilt != 1 || c.Added != 1 || c.Removed != 1 {
		t.Fatalf("without ignore: %+v", c)
	}
	r, err := CompareWith(before, after, Filter{Ignore: []string{"compiler"}})
	if err != nil {
		t.Fatal(err)
	}
	// py-keras differs only in its compiler: rebuilt. llvm differs in
	// version and compiler: updated (version), no longer added and removed.
	if c := r.Summary.Specs; c.Updated != 1 || c.Rebuilt != 2 || c.Added != 0 || c.Removed != 0 || c.Restacked != 1 {
		t.Errorf("ignoring the compiler: %+v", c)
	}
	u := r.Packages[0].Specs.Updated
	if len(u) != 1 || u[0].Facet != "version" || u[0].From != "19.1.7" || u[0].To != "20.1.0" || u[0].New.Compiler != "none" {
		t.Errorf("llvm updates %+v", u)
	}
	k := r.Packages[1].Specs.Rebuilt
	if len(k) != 1 || k[0].Old.Compiler != "gcc@13.2.0" || k[0].New.Compiler != "none" {
		t.Errorf("py-keras rebuilt %+v: the pair keeps both compilers", k)
	}
	if len(r.Updates) != 1 || r.Updates[0].Facet != "version" {
		t.Errorf("update groups %+v", r.Updates)
	}
	// Ignoring every facet pairs by count alone.
	r, err = CompareWith(before, after, Filter{Ignore: FacetNames()})
	if err != nil {
		t.Fatal(err)
	}
	if c := r.Summary.Specs; c.Rebuilt != 3 || c.Updated != 0 {
		t.Errorf("ignoring everything: %+v", c)
	}
	if got := strings.Join(r.Options.Ignore, ","); got != "version,compiler,variants,target,os,platform" {
		t.Errorf("options.ignore %s, want pass order", got)
	}
}

func TestIgnoreKeepsSameHashWarning(t *testing.T) {
	before := snap("a", sp("o1bb", "1.3", "gcc@13.2.0", "x86_64_v3"))
	after := snap("b", sp("o1bb", "1.3", "gcc@13.3.0", "x86_64_v3"))
	r, err := CompareWith(before, after, Filter{Ignore: []string{"compiler"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) != 1 {
		t.Errorf("warnings %+v: a hash whose compiler changed is an anomaly of the input, ignored or not", r.Warnings)
	}
}

func TestFilterCheck(t *testing.T) {
	for _, tc := range []struct {
		f    Filter
		want string
	}{
		{Filter{Packages: []string{"py-[", "ok"}}, `package pattern "py-[": syntax error in pattern`},
		{Filter{Ignore: []string{"compilers"}}, `unknown facet "compilers": want one of version, compiler, variants, target, os, platform`},
		{Filter{Packages: []string{"py-*"}, Stacks: []string{"anything"}, Ignore: []string{"os"}}, ""},
	} {
		err := tc.f.Check()
		if got := ""; err != nil {
			got = err.Error()
			if got != tc.want {
				t.Errorf("%+v: %v, want %s", tc.f, err, tc.want)
			}
		} else if tc.want != "" {
			t.Errorf("%+v: no error, want %s", tc.f, tc.want)
		}
		if _, err := CompareWith(snap("a"), snap("b"), tc.f); (err != nil) != (tc.want != "") {
			t.Errorf("CompareWith %+v: %v", tc.f, err)
		}
	}
}

// TestFilterOracle checks, on generated pairs, that the report of a
// filtered diff covers exactly what the filter keeps.
func TestFilterOracle(t *testing.T) {
	for seed := range propertySeeds() {
		fs := filters(seed)
		f := fs[len(fs)-1]
		a, b, _ := newGenerator(seed, false).pair(1 + int(seed%40))
		r := compareWith(t, a, b, f)
		fa, fb := f.mustApply(t, a), f.mustApply(t, b)
		if r.Old.Specs != fa.Specs() || r.New.Specs != fb.Specs() || r.Old.Packages != len(fa.Packages) || r.New.Packages != len(fb.Packages) {
			t.Fatalf("seed %d, filter %+v: sides %+v %+v, filtered snapshots %d/%d packages, %d/%d specs", seed, f,
				r.Old, r.New, len(fa.Packages), len(fb.Packages), fa.Specs(), fb.Specs())
		}
		// A spec whose hash both snapshots hold but only one side of the
		// view keeps left or joined the selected stacks: removed or added
		// in the view, never paired (docs/json.md, Filters).
		movers := map[string]int{} // hash: 0 left (old side of the view), 1 joined
		inA, inB := hashSet(a), hashSet(b)
		fA, fB := hashSet(fa), hashSet(fb)
		for h := range inA {
			switch {
			case !inB[h]:
			case fA[h] && !fB[h]:
				movers[h] = 0
			case fB[h] && !fA[h]:
				movers[h] = 1
			}
		}
		for _, p := range r.Packages {
			for _, l := range [][]Pair{p.Specs.Rebuilt, p.Specs.Updated} {
				for _, x := range l {
					if _, ok := movers[x.Old.Hash]; ok {
						t.Fatalf("seed %d, filter %+v: %s left the stacks but is paired with %s", seed, f, x.Old.Hash, x.New.Hash)
					}
					if _, ok := movers[x.New.Hash]; ok {
						t.Fatalf("seed %d, filter %+v: %s joined the stacks but is paired with %s", seed, f, x.New.Hash, x.Old.Hash)
					}
				}
			}
			for _, sp := range p.Specs.Removed {
				delete(movers, sp.Hash)
			}
			for _, sp := range p.Specs.Added {
				delete(movers, sp.Hash)
			}
		}
		if len(movers) > 0 {
			t.Fatalf("seed %d, filter %+v: specs that left or joined the stacks are neither removed nor added: %v", seed, f, movers)
		}
		// Filtering alone, when no spec moved in or out of the stacks, is
		// the diff of the filtered snapshots.
		if len(f.Ignore) == 0 && !moved(inA, inB, fA, fB) {
			want := compare(fa, fb)
			if !reflect.DeepEqual(r.Summary, want.Summary) || !reflect.DeepEqual(r.Packages, want.Packages) || !reflect.DeepEqual(r.Facets, want.Facets) {
				t.Fatalf("seed %d, filter %+v: report differs from the diff of the filtered snapshots", seed, f)
			}
		}
	}
}

func hashSet(s *snapshot.Snapshot) map[string]bool {
	m := map[string]bool{}
	for _, p := range s.Packages {
		for i := range p.Specs {
			m[p.Specs[i].Hash] = true
		}
	}
	return m
}

// moved reports whether some hash both snapshots hold is in one side of
// the view only.
func moved(inA, inB, fA, fB map[string]bool) bool {
	for h := range inA {
		if inB[h] && fA[h] != fB[h] {
			return true
		}
	}
	return false
}

// TestFilterUnmatched: the package patterns and stacks that select
// nothing in either snapshot are reported, with the nearest names; values
// that match something on one side only, or only apart, are not.
func TestFilterUnmatched(t *testing.T) {
	before, after := filterFixture()
	after.Packages = append(after.Packages, pkg("zlib", sp("z1bb", "1.3", "gcc@13.2.0", "x86_64_v3", "hep")))
	for _, tc := range []struct {
		f    Filter
		want []Unmatched
	}{
		{Filter{}, nil},
		{Filter{Ignore: []string{"compiler"}}, nil},
		{Filter{Packages: []string{"py-*", "zlib"}, Stacks: []string{"hep", "ml"}}, nil},
		// Each value is checked alone: llvm is in no hep spec, but both exist.
		{Filter{Packages: []string{"llvm"}, Stacks: []string{"hep"}}, nil},
		// Only close names are suggested: at most a third of the value's
		// length away, and at least 2; nearest first, ties by name.
		{Filter{Packages: []string{"nomatch", "py-kera", "py-*", "py-kera", "py-torc*x"}, Stacks: []string{"e4z", "ml"}}, []Unmatched{
			{Kind: "package", Value: "nomatch", Closest: []string{}},
			{Kind: "package", Value: "py-kera", Closest: []string{"py-keras"}},
			{Kind: "package", Value: "py-torc*x", Closest: []string{"py-torch"}},
			{Kind: "stack", Value: "e4z", Closest: []string{"e4s"}},
		}},
		// py-k is far from py-keras, but begins it (TestUnmatchedLooser).
		{Filter{Packages: []string{"py-k"}, Stacks: []string{"ml-"}}, []Unmatched{
			{Kind: "package", Value: "py-k", Closest: []string{"py-keras"}},
			{Kind: "stack", Value: "ml-", Closest: []string{"ml"}},
		}},
		{Filter{Packages: []string{"py-torchx"}}, []Unmatched{{Kind: "package", Value: "py-torchx", Closest: []string{"py-torch"}}}},
		// A stack spelt with a hash, as Spack prints a lockfile's root:
		// the name before it is suggested.
		{Filter{Stacks: []string{"ml/b5gcxyzab2qweruiopasdfghjklzxcvb", "e4z/b5gc"}}, []Unmatched{
			{Kind: "stack", Value: "e4z/b5gc", Closest: []string{"e4s"}},
			{Kind: "stack", Value: "ml/b5gcxyzab2qweruiopasdfghjklzxcvb", Closest: []string{"ml"}},
		}},
		// A name with none of the value's characters is no typo of it:
		// --package x, zz, or "" (a trailing comma, an unset variable),
		// said "closest: bc". One with them swapped is.
		{Filter{Stacks: []string{"", "x", "zz", "m", "mx", "lm"}}, []Unmatched{
			{Kind: "stack", Value: "", Closest: []string{}},
			{Kind: "stack", Value: "lm", Closest: []string{"ml"}},
			{Kind: "stack", Value: "m", Closest: []string{"ml"}},
			{Kind: "stack", Value: "mx", Closest: []string{"ml"}},
			{Kind: "stack", Value: "x", Closest: []string{}},
			{Kind: "stack", Value: "zz", Closest: []string{}},
		}},
		// --stack takes one name: a list of stacks given as one value
		// names its parts that are stacks, each once, for the hint to
		// repeat the flag (the other list flags take commas).
		{Filter{Stacks: []string{"hep,ml", "ml, nope,ml"}}, []Unmatched{
			{Kind: "stack", Value: "hep,ml", Closest: []string{}, Parts: []string{"hep", "ml"}},
			{Kind: "stack", Value: "ml, nope,ml", Closest: []string{}, Parts: []string{"ml"}},
		}},
	} {
		if got := tc.f.Unmatched(before, after); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%+v: unmatched\n%+v, want\n%+v", tc.f, got, tc.want)
		}
	}
	// A lockfile's root spelt with its hash, where the name before the
	// hash is a stack: that stack alone is suggested. Its neighbours
	// were too ("closest: python@3.9.21, python@3.8.20,
	// python@3.11.11"), as if the version were in doubt.
	roots := snapOf("a",
		pkg("python", sp("p1bb", "3.9.21", "gcc@13.2.0", "x86_64_v3", "python@3.9.21"),
			sp("p2bb", "3.8.20", "gcc@13.2.0", "x86_64_v3", "python@3.8.20"),
			sp("p3bb", "3.11.11", "gcc@13.2.0", "x86_64_v3", "python@3.11.11")))
	// A short hash leaves the value near enough to be suggested by
	// itself: the same. A stack with a slash is still suggested before
	// the name before its slash, when it is nearer.
	roots.Packages = append(roots.Packages, pkg("ml", sp("m1bb", "1.0", "gcc@13.2.0", "x86_64_v3", "ml/rocm"), sp("m2bb", "1.0", "gcc@13.2.0", "x86_64_v3", "ml")))
	// In a comma-separated list, the hint to repeat --stack names the
	// parts that are stacks; one spelt with a hash is not (a closest of
	// each such part cost parts times stacks: TestUnmatchedPartsOfOneValue).
	f := Filter{Stacks: []string{"python@3.9.21/b5gcxyzab2qweruiopasdfghjklzxcvb", "python@3.9.2/b5gcxyzab2qweruiopasdfghjklzxcvb", "python@3.9.21/b5", "ml/rocmx", "python@3.9.21/b5gcxyzab2qweruiopasdfghjklzxcvb,python@3.8.20,ml/rocmx"}}
	want := []Unmatched{
		{Kind: "stack", Value: "ml/rocmx", Closest: []string{"ml/rocm"}},
		{Kind: "stack", Value: "python@3.9.2/b5gcxyzab2qweruiopasdfghjklzxcvb", Closest: []string{"python@3.9.21", "python@3.8.20", "python@3.11.11"}},
		{Kind: "stack", Value: "python@3.9.21/b5", Closest: []string{"python@3.9.21"}},
		{Kind: "stack", Value: "python@3.9.21/b5gcxyzab2qweruiopasdfghjklzxcvb", Closest: []string{"python@3.9.21"}},
		{Kind: "stack", Value: "python@3.9.21/b5gcxyzab2qweruiopasdfghjklzxcvb,python@3.8.20,ml/rocmx", Closest: []string{}, Parts: []string{"python@3.8.20"}},
	}
	if got := f.Unmatched(roots, roots); !reflect.DeepEqual(got, want) {
		t.Errorf("%+v: unmatched\n%+v, want\n%+v", f, got, want)
	}
}

// Only the first MaxSuggested unmatched values get their closest names:
// each costs an edit distance per name of the snapshots, and thousands
// of mistyped names took minutes (1,000 --stack names over 8k stacks,
// 8.7 s; 4,000 over 32k, 144 s). The others are listed, with Closest
// nil (not looked for) rather than [] (none close).
func TestUnmatchedSuggestsForTheFirst(t *testing.T) {
	before, after := filterFixture()
	var f Filter
	for i := range MaxSuggested + 5 {
		f.Packages = append(f.Packages, fmt.Sprintf("py-kera%02d", i))
		f.Stacks = append(f.Stacks, fmt.Sprintf("e4z%02d", i))
	}
	got := f.Unmatched(before, after)
	if len(got) != 2*(MaxSuggested+5) {
		t.Fatalf("%d values unmatched, want %d", len(got), 2*(MaxSuggested+5))
	}
	for i, u := range got {
		if looked := u.Closest != nil; looked != (i < MaxSuggested) {
			t.Errorf("value %d (%s %s): closest %q, looked for %v; want looked for only the first %d", i, u.Kind, u.Value, u.Closest, looked, MaxSuggested)
		}
	}
	if got[0].Value != "py-kera00" || !slices.Equal(got[0].Closest, []string{"py-keras"}) {
		t.Errorf("first value %+v, want py-kera00 suggesting py-keras", got[0])
	}
}

// TestFilterPackagesSlash: a package name may hold a slash (loading
// refuses only a name that is a path out of its folder), and --package
// globs are of names, not paths: path.Match's * and ? stop at a slash,
// so --package '*' left x/p out of the report and its gate, silently,
// while a report without the filter listed it.
func TestFilterPackagesSlash(t *testing.T) {
	before := snapOf("a", pkg("q", sp("q1bb", "1.0", "gcc@13.2.0", "x86_64_v3", "e4s")),
		pkg("x/p", sp("p1bb", "1.0", "gcc@13.2.0", "x86_64_v3", "e4s")))
	after := snapOf("b", pkg("q", sp("q2bb", "2.0", "gcc@13.2.0", "x86_64_v3", "e4s")),
		pkg("x/p", sp("p2bb", "2.0", "gcc@13.2.0", "x86_64_v3", "e4s")))
	for _, tc := range []struct{ pat, want string }{
		{"*", "q:changed x/p:changed"},
		{"x*", "x/p:changed"},
		{"x?p", "x/p:changed"},
		{"x/p", "x/p:changed"},
		{"x/*", "x/p:changed"},
		{"[x]/[p]", "x/p:changed"},
		{"q", "q:changed"},
	} {
		f := Filter{Packages: []string{tc.pat}}
		r, err := CompareWith(before, after, f)
		if err != nil {
			t.Fatal(err)
		}
		if got := names(r); got != tc.want {
			t.Errorf("--package %q: packages %q, want %q", tc.pat, got, tc.want)
		}
		if u := f.Unmatched(before, after); u != nil {
			t.Errorf("--package %q: unmatched %+v", tc.pat, u)
		}
	}
}

// A comma-separated --stack value with a part spelt with its hash
// (s00001/abcdefgh00001,zz1) costs a closest of that part: past the first
// MaxSuggested values too, it did, and 4x such values over 4x stacks
// cost 14.8x the allocations. Past them, Parts is not looked for, as
// Closest is not.
func TestUnmatchedPartsScale(t *testing.T) {
	allocs := func(n int) float64 {
		var f Filter
		for i := range n {
			f.Stacks = append(f.Stacks, fmt.Sprintf("s%05d,zz%d", i, i))
		}
		s := stacksSnap(n)
		got := f.Unmatched(s, s)
		if len(got) != n || !slices.Equal(got[0].Parts, []string{"s00000"}) || got[n-1].Parts != nil {
			t.Fatalf("%d stacks: first %+v, last %+v; want the first naming s00000, the last not looked for", n, got[0], got[n-1])
		}
		return testing.AllocsPerRun(1, func() { f.Unmatched(s, s) })
	}
	if a, b := allocs(200), allocs(800); b > 4.4*a {
		t.Errorf("4x stacks and values: %.0f allocations, %.1fx those of 1x (%.0f); want at most 4.4x", b, b/a, a)
	}
}

// One --stack value of many parts spelt with a hash
// (s00000/ab,s00001/ab,...) over as many stacks: a closest of each part
// whose name before the slash is a stack took 20x the time and 16x the
// allocations for 4x the parts and stacks (1.1 s and 611 MB at 2,000).
func TestUnmatchedPartsOfOneValue(t *testing.T) {
	allocs := func(n int) float64 {
		var parts []string
		for i := range n {
			parts = append(parts, fmt.Sprintf("s%05d/ab", i))
		}
		s := stacksSnap(n)
		f := Filter{Stacks: []string{strings.Join(parts, ",")}}
		if got := f.Unmatched(s, s); len(got) != 1 || got[0].Parts != nil {
			t.Fatalf("%d parts: %+v, want one value naming no stack to repeat", n, got)
		}
		return testing.AllocsPerRun(1, func() { f.Unmatched(s, s) })
	}
	if a, b := allocs(200), allocs(800); b > 4.4*a {
		t.Errorf("4x parts and stacks: %.0f allocations, %.1fx those of 1x (%.0f); want at most 4.4x", b, b/a, a)
	}
}

// A --stack value far longer than any stack (a comma-separated list of
// 2,000) is farther from each than maxDist by the lengths alone: closest
// computed an edit distance of it by every stack all the same, each of
// its length times the stack's, and 4x the list over 4x the stacks took
// 15.4x the time (300 ms at 2,000). Each
// edit distance allocates, so the allocations count them.
func TestClosestSkipsByLength(t *testing.T) {
	const n = 800
	var parts []string
	for i := range n {
		parts = append(parts, fmt.Sprintf("q%05d", i))
	}
	s := stacksSnap(n)
	f := Filter{Stacks: []string{strings.Join(parts, "x")}}
	if allocs := testing.AllocsPerRun(1, func() { f.Unmatched(s, s) }); allocs > n {
		t.Errorf("one value of %d bytes over %d stacks: %.0f allocations, want fewer than one per stack (no edit distance)", len(f.Stacks[0]), n, allocs)
	}
	// Still the same names when lengths allow: a value one edit away.
	if got := (Filter{Stacks: []string{"s0001"}}).Unmatched(s, s); len(got) != 1 || !slices.Equal(got[0].Closest, []string{"s00001", "s00010", "s00011"}) {
		t.Errorf("s0001: %+v, want closest s00001, s00010, s00011", got)
	}
}

// TestClosestLongNamesBounded: a value and names of 20 KB (lockfile
// roots of long flags) are compared within maxEdits, in a band of the
// edit distance's table as wide as that bound: closest measured them
// within a third of their length, the whole table of two rows of the
// name's length each, 20,000 x 20,000 cells a name (three roots took 1.3 s
// of CPU), and suggested a name thousands of edits away. The bytes it
// allocates stand for the band's width (two rows of it a name); a name
// a few edits away is still suggested, one past maxEdits is not.
func TestClosestLongNamesBounded(t *testing.T) {
	const n = 20000
	base := strings.Repeat("abcdefghij", n/10)
	edit := func(every int) string { // one byte changed in each run of every
		b := []byte(base)
		for i := every / 2; i < len(b); i += every {
			b[i] = 'z'
		}
		return string(b)
	}
	near, far := edit(n/8), edit(n/(maxEdits+8)) // 8 and maxEdits+8 edits away
	names := map[string]bool{near: true, far: true, edit(n / 3): true}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got := closest(base, names)
	runtime.ReadMemStats(&after)
	if !slices.Equal(got, []string{edit(n / 3), near}) {
		t.Errorf("closest of a 20 KB value: %d names (the first of %d bytes), want 2: those 3 and 8 edits away, not the one %d away", len(got), len(slices.Concat(got, []string{""})[0]), maxEdits+8)
	}
	if b := after.TotalAlloc - before.TotalAlloc; b > 64<<10 {
		t.Errorf("closest of a 20 KB value over 3 names of 20 KB allocated %d bytes, want under 64 KiB (a band of maxEdits, not rows of the names' length)", b)
	}
}

// closest skips a name by the byte lengths of the lower-cased value and
// name before any edit distance: the names it suggests must be exactly
// those of the formula it stands for (the edit distance of the
// lower-cased strings at most maxDist of the value, ties by name, at most
// maxClosest), also where strings.ToLower changes a byte length (İ, ẞ,
// the Kelvin sign) or a name is non-ASCII.
func TestClosestProperty(t *testing.T) {
	want := func(value string, names map[string]bool) []string {
		type scored struct {
			name string
			dist int
		}
		var all []scored
		for name := range names {
			lv, ln := strings.ToLower(value), strings.ToLower(name)
			if d := editdist.Distance(lv, ln); d <= maxDist(value) && strings.ContainsAny(ln, lv) {
				all = append(all, scored{name, d})
			}
		}
		slices.SortFunc(all, func(a, b scored) int {
			return cmp.Or(cmp.Compare(a.dist, b.dist), strings.Compare(a.name, b.name))
		})
		out := []string{}
		for _, s := range all[:min(len(all), maxClosest)] {
			out = append(out, s.name)
		}
		return out
	}
	// Runes whose lower case is longer or shorter in bytes, or not ASCII.
	alphabet := []string{"a", "b", "s", "k", "i", "-", "@", "/", ",", "A", "K", "S", "I", "İ", "ẞ", "ß", "\u212a", "Ω", "\u2126", "ω", "é", "É", "Ⱥ", "ⱥ", "ſ", "\xff"}
	word := func(r *rand.Rand, n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	r := rand.New(rand.NewPCG(171, 3))
	for i := range 20000 {
		names := map[string]bool{}
		for range r.IntN(12) {
			names[word(r, r.IntN(9))] = true
		}
		value := word(r, r.IntN(12))
		if r.IntN(3) == 0 && len(names) > 0 { // a near miss of a name
			for name := range names {
				value = strings.ToUpper(name) + word(r, r.IntN(3))
				break
			}
		}
		if got, w := closest(value, names), want(value, names); !slices.Equal(got, w) {
			t.Fatalf("case %d: closest(%q, %q) = %q, want %q", i, value, slices.Sorted(maps.Keys(names)), got, w)
		}
	}
}

// stacksSnap is a snapshot of one package with n specs, each in a stack
// of its own: s00000, s00001, ...
func stacksSnap(n int) *snapshot.Snapshot {
	specs := make([]snapshot.Spec, 0, n)
	for i := range n {
		specs = append(specs, sp(fmt.Sprintf("h%05d", i), "1.0", "gcc@13.2.0", "x86_64_v3", fmt.Sprintf("s%05d", i)))
	}
	return &snapshot.Snapshot{Packages: []*snapshot.Package{pkg("p", specs...)}}
}

// One --stack value listing n stacks, each a stack of the snapshots (a
// script's lockfile roots joined by commas): the parts named to repeat
// --stack. Time only, so a benchmark: 4x the parts should cost about 4x
// (go test -run '^$' -bench UnmatchedParts ./diff).
func BenchmarkUnmatchedParts(b *testing.B) {
	for _, n := range []int{2000, 8000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var parts []string
			for i := range n {
				parts = append(parts, fmt.Sprintf("s%05d", i))
			}
			s := stacksSnap(n)
			f := Filter{Stacks: []string{strings.Join(parts, ",")}}
			if got := f.Unmatched(s, s); len(got) != 1 || len(got[0].Parts) != n {
				b.Fatalf("%d parts: %d values unmatched, want one naming all %d", n, len(got), n)
			}
			for b.Loop() {
				f.Unmatched(s, s)
			}
		})
	}
}

// TestListParts: a run of a list's parts that is a stack, the longest,
// is one part (a lockfile root with a multi-valued variant); the others
// are trimmed, empty ones left out.
func TestListParts(t *testing.T) {
	stacks := map[string]bool{"a,b": true, "a,b,c": true, "x y=1,2": true, "z": true}
	is := func(s string) bool { return stacks[s] }
	for _, c := range []struct {
		value string
		want  []string
	}{
		{"a,b,c,z", []string{"a,b,c", "z"}},
		{"a,b,d", []string{"a,b", "d"}},
		{" x y=1,2 , z,,", []string{"x y=1,2", "z"}},
		{"x y=1, 3", []string{"x y=1", "3"}},
	} {
		if got := ListParts(c.value, is, 2); !slices.Equal(got, c.want) {
			t.Errorf("ListParts(%q) = %q; want %q", c.value, got, c.want)
		}
	}
	if got := ListParts("a,b,c", is, 0); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("no stack with commas: %q", got)
	}
}

// TestUnmatchedPackageSpec: a --package value spelt as a Spack spec
// (py-keras@3.8.0, as spack find prints it) got "no name is close": its
// version is farther than any edit a typo makes. The name before the
// spec's first sigil is suggested when it is a package, else the names
// closest to it.
func TestUnmatchedPackageSpec(t *testing.T) {
	before, after := filterFixture()
	f := Filter{Packages: []string{"py-keras@3.8.0", "llvm+clang ~lld", "py-kera@=3.1%gcc@13", "nope@1"}}
	want := []Unmatched{
		{Kind: "package", Value: "llvm+clang ~lld", Closest: []string{"llvm"}},
		{Kind: "package", Value: "nope@1", Closest: []string{}},
		{Kind: "package", Value: "py-kera@=3.1%gcc@13", Closest: []string{"py-keras"}},
		{Kind: "package", Value: "py-keras@3.8.0", Closest: []string{"py-keras"}},
	}
	if got := f.Unmatched(before, after); !reflect.DeepEqual(got, want) {
		t.Errorf("%+v: unmatched\n%+v, want\n%+v", f, got, want)
	}
}

// TestUnmatchedStackPattern: a --stack value that is a pattern (ml-*,
// as --package takes) got "no name is close", or the one name nearest
// (e4s* : e4s): the stacks it matches are listed, for the hint to repeat
// --stack with. A list, or an invalid pattern, gets none.
func TestUnmatchedStackPattern(t *testing.T) {
	s := snapOf("a", pkg("p", sp("p1bb", "1.0", "gcc@13.2.0", "x86_64_v3", "ml-cpu", "ml-cuda", "e4s", "e4s-rocm", "x/ml-y")))
	f := Filter{Stacks: []string{"ml-*", "e4s*", "*ml-y", "zz*", "[", "ml-*,e4s"}}
	want := []Unmatched{
		{Kind: "stack", Value: "*ml-y", Closest: []string{"x/ml-y"}, Matches: []string{"x/ml-y"}},
		{Kind: "stack", Value: "[", Closest: []string{}},
		{Kind: "stack", Value: "e4s*", Closest: []string{"e4s"}, Matches: []string{"e4s", "e4s-rocm"}},
		{Kind: "stack", Value: "ml-*", Closest: []string{}, Matches: []string{"ml-cpu", "ml-cuda"}},
		{Kind: "stack", Value: "ml-*,e4s", Closest: []string{}, Parts: []string{"e4s"}},
		{Kind: "stack", Value: "zz*", Closest: []string{}},
	}
	if got := f.Unmatched(s, s); !reflect.DeepEqual(got, want) {
		t.Errorf("%+v: unmatched\n%+v, want\n%+v", f, got, want)
	}
}

// TestUnmatchedInvisible: a value holding an invisible format character
// (a zero-width space or byte order mark pasted from a web page, a
// right-to-left mark) got "no name is close": its bytes counted as
// edits, more than a short name's two. They are left out of the edit
// distance (the message shows them escaped).
func TestUnmatchedInvisible(t *testing.T) {
	before, after := filterFixture()
	f := Filter{Packages: []string{"llvm\u200b"}, Stacks: []string{"e4s\ufeff", "\u202eml", "\u200b"}}
	want := []Unmatched{
		{Kind: "package", Value: "llvm\u200b", Closest: []string{"llvm"}},
		{Kind: "stack", Value: "e4s\ufeff", Closest: []string{"e4s"}},
		{Kind: "stack", Value: "\u200b", Closest: []string{}},
		{Kind: "stack", Value: "\u202eml", Closest: []string{"ml"}},
	}
	if got := f.Unmatched(before, after); !reflect.DeepEqual(got, want) {
		t.Errorf("%+v: unmatched\n%+v, want\n%+v", f, got, want)
	}
}

// TestWithoutFormat: format characters are left out, every other byte
// kept as it is: strings.Map wrote an invalid byte as U+FFFD, three
// bytes, which made maxDist of such a value larger (TestClosestProperty).
func TestWithoutFormat(t *testing.T) {
	for in, want := range map[string]string{"a\xff\u200bb": "a\xffb", "\u200b": "", "\ufeffe4s\u202e": "e4s", "e4s\xff": "e4s\xff", "": ""} {
		if got := withoutFormat(in); got != want {
			t.Errorf("withoutFormat(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestUnmatchedInvisibleInName: the names' format characters are left
// out of the edit distance as the value's are: "ml-\u202eevi", one letter
// short of the stack "ml-\u202eevil", got "no name is close" once the
// value's mark alone was left out (the name's three bytes counted), and
// "ml-evil", that name as a report shows it read, got none either.
func TestUnmatchedInvisibleInName(t *testing.T) {
	s := snapOf("a", pkg("p", sp("p1bb", "1.0", "gcc@13.2.0", "x86_64_v3", "ml-\u202eevil", "e4s\u200b")))
	f := Filter{Stacks: []string{"ml-\u202eevi", "ml-evil", "e4s"}}
	want := []Unmatched{
		{Kind: "stack", Value: "e4s", Closest: []string{"e4s\u200b"}},
		{Kind: "stack", Value: "ml-evil", Closest: []string{"ml-\u202eevil"}},
		{Kind: "stack", Value: "ml-\u202eevi", Closest: []string{"ml-\u202eevil"}},
	}
	if got := f.Unmatched(s, s); !reflect.DeepEqual(got, want) {
		t.Errorf("%+v: unmatched\n%+v, want\n%+v", f, got, want)
	}
}

// TestUnmatchedPackageSpecPattern: a --package pattern spelt with a
// version or variants (py-*@3.8, py-?eras +cuda) got the names nearest
// to the pattern (py-keras, py-torch for "py-*"), which pasted back
// select a package it was not meant as: the pattern itself is suggested
// when it matches a package; one that matches none gets the names
// closest to it, as before.
func TestUnmatchedPackageSpecPattern(t *testing.T) {
	before, after := filterFixture()
	f := Filter{Packages: []string{"py-*@3.8", "py-?eras +cuda", "ll[uv]m@17", "zz*@1"}}
	want := []Unmatched{
		{Kind: "package", Value: "ll[uv]m@17", Closest: []string{"ll[uv]m"}, ClosestPattern: true},
		{Kind: "package", Value: "py-*@3.8", Closest: []string{"py-*"}, ClosestPattern: true},
		{Kind: "package", Value: "py-?eras +cuda", Closest: []string{"py-?eras"}, ClosestPattern: true},
		{Kind: "package", Value: "zz*@1", Closest: []string{}},
	}
	if got := f.Unmatched(before, after); !reflect.DeepEqual(got, want) {
		t.Errorf("%+v: unmatched\n%+v, want\n%+v", f, got, want)
	}
}

// TestUnmatchedPackageSpecPatternNearText: a pattern spelt with a
// version, py-*@3, got the name nearest to its text (py-x3, two edits
// from it), which pasted back selects one package it was not meant as,
// not the pattern py-*, which matches packages.
func TestUnmatchedPackageSpecPatternNearText(t *testing.T) {
	s := snapOf("a", pkg("py-x3", sp("p1aa", "1.0", "gcc@13.2.0", "x86_64_v3", "e4s")), pkg("py-numpy", sp("p2aa", "2.0", "gcc@13.2.0", "x86_64_v3", "e4s")))
	f := Filter{Packages: []string{"py-*@3", "py-x3@1"}}
	want := []Unmatched{
		{Kind: "package", Value: "py-*@3", Closest: []string{"py-*"}, ClosestPattern: true},
		{Kind: "package", Value: "py-x3@1", Closest: []string{"py-x3"}},
	}
	if got := f.Unmatched(s, s); !reflect.DeepEqual(got, want) {
		t.Errorf("%+v: unmatched\n%+v, want\n%+v", f, got, want)
	}
}
