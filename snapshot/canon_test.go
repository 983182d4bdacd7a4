package snapshot

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// canonCase is one string rewrite: what a facet's string becomes, and which
// rules rewrote it (each at most once per string).
type canonCase struct {
	facet, in, want string
	rules           []string // rules that must count this string; nil: none
}

// canonCases covers every rule of Rules with the examples of
// docs/design.md ("Canonicalization"), and the strings that must be left
// alone.
var canonCases = []canonCase{
	// compiler-percent
	{"compiler", "%gcc@13.2.0", "gcc@13.2.0", []string{"compiler-percent"}},
	{"compiler", "%%gcc@13.2.0", "gcc@13.2.0", []string{"compiler-percent"}},
	// compiler-exact-version
	{"compiler", "gcc@=13.2.0", "gcc@13.2.0", []string{"compiler-exact-version"}},
	{"compiler", "apple-clang@=16.0.0", "apple-clang@16.0.0", []string{"compiler-exact-version"}},
	{"compiler", "%gcc@=13.2.0", "gcc@13.2.0", []string{"compiler-percent", "compiler-exact-version"}},
	// compiler-legacy-name: Spack's LEGACY_COMPILER_TO_BUILTIN
	{"compiler", "oneapi@2024.2.1", "intel-oneapi-compilers@2024.2.1", []string{"compiler-legacy-name"}},
	{"compiler", "clang@18.1.8", "llvm@18.1.8", []string{"compiler-legacy-name"}},
	{"compiler", "rocmcc@6.2.1", "llvm-amdgpu@6.2.1", []string{"compiler-legacy-name"}},
	{"compiler", "intel@2021.10.0", "intel-oneapi-compilers-classic@2021.10.0", []string{"compiler-legacy-name"}},
	{"compiler", "arm@23.10", "acfl@23.10", []string{"compiler-legacy-name"}},
	{"compiler", "oneapi", "intel-oneapi-compilers", []string{"compiler-legacy-name"}},
	{"compiler", "clang@=17.0.6", "llvm@17.0.6", []string{"compiler-exact-version", "compiler-legacy-name"}},
	{"compiler", "%oneapi@=2025.0.4", "intel-oneapi-compilers@2025.0.4", []string{"compiler-percent", "compiler-exact-version", "compiler-legacy-name"}},
	// package names, and names that merely contain a legacy one, stay.
	{"compiler", "intel-oneapi-compilers@2024.2.1", "intel-oneapi-compilers@2024.2.1", nil},
	{"compiler", "intel-oneapi-compilers-classic@2021.10.0", "intel-oneapi-compilers-classic@2021.10.0", nil},
	{"compiler", "armpl-gcc@24.10", "armpl-gcc@24.10", nil},
	{"compiler", "apple-clang@16.0.0", "apple-clang@16.0.0", nil},
	{"compiler", "llvm@18.1.8", "llvm@18.1.8", nil},
	{"compiler", "llvm-amdgpu@6.2.1", "llvm-amdgpu@6.2.1", nil},
	{"compiler", "acfl@23.10", "acfl@23.10", nil},
	{"compiler", "gcc@13.2.0", "gcc@13.2.0", nil},
	// compiler-none
	{"compiler", "", "none", []string{"compiler-none"}},
	{"compiler", "  ", "none", []string{"compiler-none"}},
	{"compiler", "%", "none", []string{"compiler-percent", "compiler-none"}},
	{"compiler", "none", "none", nil},
	// version-exact
	{"version", "=1.2.3", "1.2.3", []string{"version-exact"}},
	{"version", "==1.2.3", "1.2.3", []string{"version-exact"}},
	{"version", "1.2.3", "1.2.3", nil},
	{"version", "develop", "develop", nil},
	// variant-propagation
	{"variant", "cuda_arch:=80", "cuda_arch=80", []string{"variant-propagation"}},
	{"variant", "cuda_arch==80", "cuda_arch=80", []string{"variant-propagation"}},
	{"variant", "++shared", "+shared", []string{"variant-propagation"}},
	{"variant", "~~cuda", "~cuda", []string{"variant-propagation"}},
	{"variant", "+shared", "+shared", nil},
	{"variant", "~cuda", "~cuda", nil},
	{"variant", "cuda_arch=80", "cuda_arch=80", nil},
	{"variant", "build_system=cmake", "build_system=cmake", nil},
	// variant-quotes
	{"variant", "languages='c,c++,fortran'", "languages=c,c++,fortran", []string{"variant-quotes"}},
	{"variant", `languages="c,c++"`, "languages=c,c++", []string{"variant-quotes"}},
	{"variant", "x='", "x='", nil},
	{"variant", "x='a\"", "x='a\"", nil},
	{"variant", "'quoted'", "'quoted'", nil}, // no value: nothing to unquote
	// variant-value-order
	{"variant", "targets=nvptx,bpf,amdgpu", "targets=amdgpu,bpf,nvptx", []string{"variant-value-order"}},
	{"variant", "targets=amdgpu,bpf,nvptx", "targets=amdgpu,bpf,nvptx", nil},
	{"variant", "targets=amdgpu,amdgpu", "targets=amdgpu", []string{"variant-value-order"}},
	// compiler flags are command lines: order matters, commas belong to
	// arguments
	{"variant", "ldflags=-Wl,-rpath,/a", "ldflags=-Wl,-rpath,/a", nil},
	{"variant", "cflags='-O2,-g'", "cflags=-O2,-g", []string{"variant-quotes"}},
	{"variant", "ldlibs=-lz,-lm", "ldlibs=-lz,-lm", nil},
	{"variant", "languages='fortran,c'", "languages=c,fortran", []string{"variant-quotes", "variant-value-order"}},
	{"variant", "cuda_arch:='90,80'", "cuda_arch=80,90", []string{"variant-propagation", "variant-quotes", "variant-value-order"}},
	// one rule making work for another, and rules that must repeat: the
	// table is applied until nothing changes (found by FuzzCanonical)
	{"variant", "0===", "0=", []string{"variant-propagation"}},
	{"variant", "+++shared", "+shared", []string{"variant-propagation"}},
	{"variant", "++cuda_arch:=80", "+cuda_arch=80", []string{"variant-propagation"}},
	{"variant", "a:==b", "a=b", []string{"variant-propagation"}},
	{"variant", "a='b','a'", "a='b','a'", nil}, // holds quotes: no pair around a bare value
	{"variant", "a=b,=a", "a=a,b", []string{"variant-propagation", "variant-value-order"}},
	// facets without string rules are left alone
	{"stack", "=root", "=root", nil},
	{"os", "%ubuntu", "%ubuntu", nil},
}

func TestCanonicalRules(t *testing.T) {
	for _, tc := range canonCases {
		c := newCanonicalizer()
		got := c.str(tc.facet, tc.in)
		if got != tc.want {
			t.Errorf("%s %q: got %q, want %q", tc.facet, tc.in, got, tc.want)
		}
		want := RuleCounts{}
		for _, r := range tc.rules {
			want[r]++
		}
		if !reflect.DeepEqual(c.counts, want) {
			t.Errorf("%s %q: counts %v, want %v", tc.facet, tc.in, c.counts, want)
		}
		if got := Canonical(tc.facet, tc.in); got != tc.want {
			t.Errorf("Canonical(%s, %q) = %q, want %q", tc.facet, tc.in, got, tc.want)
		}
		if again := Canonical(tc.facet, got); again != got {
			t.Errorf("Canonical(%s, %q) is not idempotent: %q, then %q", tc.facet, tc.in, got, again)
		}
	}
}

// TestEveryRuleTested makes the table above grow with Rules.
func TestEveryRuleTested(t *testing.T) {
	tested := map[string]bool{listRule: true} // TestListOrder
	for _, tc := range canonCases {
		for _, r := range tc.rules {
			tested[r] = true
		}
	}
	for _, name := range RuleNames() {
		if !tested[name] {
			t.Errorf("rule %s has no case in canonCases", name)
		}
	}
}

func TestRuleNames(t *testing.T) {
	want := []string{
		"compiler-percent", "compiler-exact-version", "compiler-legacy-name", "compiler-none",
		"version-exact", "variant-propagation", "variant-quotes", "variant-value-order", "list-order",
	}
	if got := RuleNames(); !slices.Equal(got, want) {
		t.Errorf("RuleNames() = %q, want %q", got, want)
	}
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.Name] {
			t.Errorf("rule name %s used twice", r.Name)
		}
		seen[r.Name] = true
		switch r.Facet {
		case "compiler", "version", "variant":
		default:
			t.Errorf("rule %s: unknown facet %q", r.Name, r.Facet)
		}
		if r.apply == nil {
			t.Errorf("rule %s has no function", r.Name)
		}
	}
}

// TestRuleExamples checks that each rule's documented example is true: the
// rule rewrites the written form into the canonical one.
func TestRuleExamples(t *testing.T) {
	for _, r := range Rules() {
		// Examples are "a → b" or "a → b, c → d"; "" stands for the empty string.
		for _, ex := range strings.Split(r.Example, ", ") {
			in, want, ok := strings.Cut(ex, " → ")
			if !ok {
				t.Errorf("rule %s: example %q is not 'written → canonical'", r.Name, ex)
				continue
			}
			if in == `""` {
				in = ""
			}
			if got := r.apply(in); got != want {
				t.Errorf("rule %s: %q → %q, example says %q", r.Name, in, got, want)
			}
			if got := Canonical(r.Facet, in); got != want {
				t.Errorf("rule %s: Canonical(%s, %q) = %q, example says %q", r.Name, r.Facet, in, got, want)
			}
		}
	}
}

// TestLegacyTable pins Spack's LEGACY_COMPILER_TO_BUILTIN.
func TestLegacyTable(t *testing.T) {
	want := map[string]string{
		"oneapi": "intel-oneapi-compilers",
		"clang":  "llvm",
		"rocmcc": "llvm-amdgpu",
		"intel":  "intel-oneapi-compilers-classic",
		"arm":    "acfl",
	}
	if !reflect.DeepEqual(legacyCompilers, want) {
		t.Errorf("legacyCompilers = %v, want %v", legacyCompilers, want)
	}
	for old, pkg := range want {
		if got := Canonical("compiler", old+"@1.0"); got != pkg+"@1.0" {
			t.Errorf("%s@1.0 → %s, want %s@1.0", old, got, pkg)
		}
		// A package name is never itself a legacy name (no chains).
		if got := Canonical("compiler", pkg+"@1.0"); got != pkg+"@1.0" {
			t.Errorf("%s@1.0 → %s, want it unchanged", pkg, got)
		}
	}
}

func TestListOrder(t *testing.T) {
	tests := []struct {
		name   string
		in     Spec
		want   Spec
		counts RuleCounts
	}{
		{
			name: "already canonical",
			in: Spec{Compiler: "gcc@13.2.0", Versions: []string{"1.0"},
				Variants: []string{"build_system=cmake", "+shared"}, Stacks: []string{"e4s", "root"}},
			want: Spec{Compiler: "gcc@13.2.0", Versions: []string{"1.0"},
				Variants: []string{"build_system=cmake", "+shared"}, Stacks: []string{"e4s", "root"}},
			counts: RuleCounts{},
		},
		{
			name: "unsorted with duplicates",
			in: Spec{Compiler: "gcc@13.2.0", Versions: []string{"2.0", "1.0", "2.0"},
				Variants: []string{"+shared", "~cuda", "cuda_arch=80", "build_system=cmake", "+clang", "~cuda"},
				Stacks:   []string{"root", "e4s", "root", "aws-pcluster"}},
			want: Spec{Compiler: "gcc@13.2.0", Versions: []string{"1.0", "2.0"},
				// sorted by name ignoring + and ~, as Spack prints them
				Variants: []string{"build_system=cmake", "+clang", "~cuda", "cuda_arch=80", "+shared"},
				Stacks:   []string{"aws-pcluster", "e4s", "root"}},
			counts: RuleCounts{"list-order": 3},
		},
		{
			name: "duplicates made by the string rules",
			in: Spec{Compiler: "%clang@=18.1.8", Versions: []string{"=1.0", "1.0"},
				Variants: []string{"cuda_arch:=80", "cuda_arch=80"}, Stacks: []string{"root"}},
			want: Spec{Compiler: "llvm@18.1.8", Versions: []string{"1.0"},
				Variants: []string{"cuda_arch=80"}, Stacks: []string{"root"}},
			counts: RuleCounts{"compiler-percent": 1, "compiler-exact-version": 1, "compiler-legacy-name": 1,
				"version-exact": 1, "variant-propagation": 1, "list-order": 2},
		},
		{
			name:   "empty and missing lists",
			in:     Spec{Compiler: "gcc@13.2.0", Versions: []string{}, Variants: nil, Stacks: []string{}},
			want:   Spec{Compiler: "gcc@13.2.0", Versions: []string{}, Variants: nil, Stacks: []string{}},
			counts: RuleCounts{},
		},
		{
			name:   "missing compiler",
			in:     Spec{Versions: []string{"1.0"}},
			want:   Spec{Compiler: "none", Versions: []string{"1.0"}},
			counts: RuleCounts{"compiler-none": 1},
		},
	}
	for _, tc := range tests {
		c := newCanonicalizer()
		s := tc.in
		c.spec(&s, true)
		if !reflect.DeepEqual(s, tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.name, s, tc.want)
		}
		if !reflect.DeepEqual(c.counts, tc.counts) {
			t.Errorf("%s: counts %v, want %v", tc.name, c.counts, tc.counts)
		}
		// A canonical spec is a fixpoint.
		c2 := newCanonicalizer()
		again := cloneSpec(s)
		c2.spec(&again, true)
		if !reflect.DeepEqual(again, s) || len(c2.counts) != 0 {
			t.Errorf("%s: canonicalizing again gave %+v, counts %v", tc.name, again, c2.counts)
		}
	}
}

func TestCompareVariants(t *testing.T) {
	// Spack prints variants sorted by name, +/~ aside.
	got := []string{"+shared", "cuda_arch=80", "~bar", "+cuda", "build_system=cmake", "+baz", "~shared"}
	slices.SortFunc(got, compareVariants)
	// ~shared and +shared tie on the name; then the whole string decides
	// ('+' < '~').
	want := []string{"~bar", "+baz", "build_system=cmake", "+cuda", "cuda_arch=80", "+shared", "~shared"}
	if !slices.Equal(got, want) {
		t.Errorf("sorted variants %q, want %q", got, want)
	}
	for _, tc := range []struct{ v, name string }{
		{"+shared", "shared"}, {"~cuda", "cuda"}, {"cuda_arch=80", "cuda_arch"},
		{"cuda_arch:=80", "cuda_arch"}, {"plain", "plain"},
	} {
		if got := variantName(tc.v); got != tc.name {
			t.Errorf("variantName(%q) = %q, want %q", tc.v, got, tc.name)
		}
	}
	if compareVariants("+a", "+a") != 0 || compareVariants("+a", "~a") >= 0 || compareVariants("~a", "+b") >= 0 {
		t.Error("compareVariants is not a consistent order")
	}
}

// TestPageRuleCounts checks the counts a page load reports, rule by rule.
func TestPageRuleCounts(t *testing.T) {
	page := testPage("zlib", "develop", nil,
		fullSpec(map[string]any{"hash": hashN(1), "compiler": "%gcc@=13.2.0", "versions": []string{"=1.3.1"},
			"variants": []string{"+shared", "cuda_arch:=80", "+pic"}, "stacks": []string{"root", "e4s"}}),
		fullSpec(map[string]any{"hash": hashN(2), "compiler": "clang@18.1.8", "versions": []string{"1.3.1"},
			"variants": []string{"languages='fortran,c'", "targets=nvptx,bpf,amdgpu"}, "stacks": []string{"e4s", "root"}}),
		fullSpec(map[string]any{"hash": hashN(3), "compiler": "", "versions": []string{"1.3.1"},
			"variants": []string{"+pic", "+shared"}, "stacks": []string{"root"}}),
		fullSpec(map[string]any{"hash": hashN(4), "versions": []string{"1.3.1"},
			"variants": []string{"~~cuda"}, "stacks": []string{"root"}}),
	)
	pkg, counts, _, err := parsePage(t, "zlib/specs.md", []byte(page), false)
	if err != nil {
		t.Fatal(err)
	}
	want := RuleCounts{
		"compiler-percent":       1,
		"compiler-exact-version": 1,
		"compiler-legacy-name":   1,
		"compiler-none":          2, // "" (spec 3), and none written (spec 4: fullSpec writes "")
		"version-exact":          1,
		"variant-propagation":    2, // cuda_arch:=80, ~~cuda
		"variant-quotes":         1,
		"variant-value-order":    2, // languages, targets
		"list-order":             2, // spec 1's variants and stacks (spec 2's variants end up sorted)
	}
	if !reflect.DeepEqual(counts, want) {
		t.Errorf("counts %v, want %v", counts, want)
	}
	byHash := map[string]Spec{}
	for _, s := range pkg.Specs {
		byHash[s.Hash] = s
	}
	if s := byHash[hashN(1)]; s.Compiler != "gcc@13.2.0" || !slices.Equal(s.Versions, []string{"1.3.1"}) ||
		!slices.Equal(s.Variants, []string{"cuda_arch=80", "+pic", "+shared"}) || !slices.Equal(s.Stacks, []string{"e4s", "root"}) {
		t.Errorf("spec 1 not canonical: %+v", s)
	}
	if s := byHash[hashN(2)]; s.Compiler != "llvm@18.1.8" ||
		!slices.Equal(s.Variants, []string{"languages=c,fortran", "targets=amdgpu,bpf,nvptx"}) {
		t.Errorf("spec 2 not canonical: %+v", s)
	}
	if byHash[hashN(3)].Compiler != "none" || byHash[hashN(4)].Compiler != "none" {
		t.Errorf("missing or empty compiler not none: %q, %q", byHash[hashN(3)].Compiler, byHash[hashN(4)].Compiler)
	}

	// A tree of two such pages sums the counts.
	dir := writeTree(t, map[string]string{
		"zlib/specs.md": page,
		"bzip2/specs.md": testPage("bzip2", "develop", nil,
			fullSpec(map[string]any{"hash": hashN(10), "compiler": "gcc@=13.2.0", "versions": []string{"1.0.8"}, "stacks": []string{"root"}})),
	})
	snap, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want["compiler-exact-version"]++
	if !reflect.DeepEqual(snap.Canon, want) {
		t.Errorf("snapshot counts %v, want %v", snap.Canon, want)
	}
}

// TestRawChangesNothing: with Options{Raw: true} the strings and lists stay
// as written and nothing is counted.
func TestRawChangesNothing(t *testing.T) {
	specs := []map[string]any{
		fullSpec(map[string]any{"hash": hashN(2), "compiler": "%clang@=18.1.8", "versions": []string{"=2.0", "1.0", "1.0"},
			"variants": []string{"targets=nvptx,bpf", "cuda_arch:=80", "languages='c,c++'", "++shared"},
			"stacks":   []string{"root", "e4s"}}),
		fullSpec(map[string]any{"hash": hashN(1), "compiler": "", "versions": []string{"1.0"}, "stacks": []string{"root"}}),
	}
	page := testPage("zlib", "develop", nil, specs...)
	pkg, counts, _, err := parsePage(t, "zlib/specs.md", []byte(page), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(counts) != 0 {
		t.Errorf("raw counts %v, want none", counts)
	}
	want := []Spec{
		{Hash: hashN(1), Compiler: "", Versions: []string{"1.0"}, Variants: []string{}, Stacks: []string{"root"}},
		{Hash: hashN(2), Compiler: "%clang@=18.1.8", Versions: []string{"=2.0", "1.0", "1.0"},
			Variants: []string{"targets=nvptx,bpf", "cuda_arch:=80", "languages='c,c++'", "++shared"},
			Stacks:   []string{"root", "e4s"}},
	}
	if !reflect.DeepEqual(pkg.Specs, want) {
		t.Errorf("raw specs\n%+v\nwant\n%+v", pkg.Specs, want)
	}

	dir := writeTree(t, map[string]string{"zlib/specs.md": page})
	snap, err := Load(dir, Options{Raw: true})
	if err != nil {
		t.Fatal(err)
	}
	if !snap.Raw {
		t.Error("Snapshot.Raw is false")
	}
	if len(snap.Canon) != 0 {
		t.Errorf("raw snapshot counts %v, want none", snap.Canon)
	}
	if !reflect.DeepEqual(snap.Packages[0].Specs, want) {
		t.Errorf("raw Load specs %+v, want %+v", snap.Packages[0].Specs, want)
	}

	// A real page: raw keeps gcc@=11.4.0, canonical rewrites it.
	raw, err := Load("../testdata/real/v0.23.0/bc/specs.md", Options{Raw: true})
	if err != nil {
		t.Fatal(err)
	}
	canon, err := Load("../testdata/real/v0.23.0/bc/specs.md", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := raw.Packages[0].Specs[0].Compiler; got != "gcc@=11.4.0" {
		t.Errorf("raw compiler %q, want gcc@=11.4.0", got)
	}
	if got := canon.Packages[0].Specs[0].Compiler; got != "gcc@11.4.0" {
		t.Errorf("canonical compiler %q, want gcc@11.4.0", got)
	}
	if len(raw.Canon) != 0 || canon.Canon["compiler-exact-version"] != 1 {
		t.Errorf("counts raw %v, canonical %v", raw.Canon, canon.Canon)
	}
	if len(raw.Warnings) != 0 || len(canon.Warnings) != 0 {
		t.Errorf("meta checked against the wrong form: raw %v, canonical %v", raw.Warnings, canon.Warnings)
	}
}

func cloneSpec(s Spec) Spec {
	s.Versions = slices.Clone(s.Versions)
	s.Variants = slices.Clone(s.Variants)
	s.Stacks = slices.Clone(s.Stacks)
	return s
}

// TestManyRules: the rule table is not capped at 64 rules (a bitmask
// once was): a rule past the 64th rewrites and is counted.
func TestManyRules(t *testing.T) {
	saved, savedBy := rules, rulesByFacet
	defer func() { rules, rulesByFacet = saved, savedBy }()
	var many []Rule
	for i := range 70 {
		many = append(many, Rule{Name: fmt.Sprintf("noop-%d", i), Facet: "compiler", apply: func(s string) string { return s }})
	}
	many = append(many, Rule{Name: "last", Facet: "compiler", apply: func(s string) string { return strings.TrimSuffix(s, "!") }})
	rules, rulesByFacet = many, indexRules(many)
	for _, cache := range []*canonCache{nil, newCanonCache()} {
		c := newCanonicalizer()
		c.cache = cache
		if got := c.str("compiler", "gcc!"); got != "gcc" || c.counts["last"] != 1 || len(c.counts) != 1 {
			t.Errorf("str = %q, counts %v", got, c.counts)
		}
	}
	if got := Rules(); len(got) != 71 || &got[0] == &rules[0] {
		t.Errorf("Rules() gives %d rules, or not a copy", len(got))
	}
}

// A string is filed in the canonicalization's cache the second time it
// is looked up: a Spack file of one node of 256k parameters, each a
// variant of its own looked up once, filed an entry of some 80 bytes a
// variant of 13 bytes of input (its load peaked at 8x its bytes). The
// answers are the same either way, counts included.
func TestCanonCacheFilesWhatRepeats(t *testing.T) {
	cached, plain := newCanonicalizer(), newCanonicalizer()
	cached.cache = newCanonCache()
	variants := make([]string, 20000)
	for i := range variants {
		variants[i] = fmt.Sprintf("cuda_arch:=%d", i) // a rule rewrites each
	}
	for i, v := range variants {
		if got, want := cached.str("variant", v), plain.str("variant", v); got != want {
			t.Fatalf("variant %d: %q, want %q", i, got, want)
		}
	}
	if n := len(cached.cache.m); n > len(variants)/10 { // a string of another's bit is
		t.Errorf("%d strings looked up once: %d filed, want at most %d", len(variants), n, len(variants)/10)
	}
	// A few strings, over and over: filed, and answered from the cache.
	for range 3 {
		for _, v := range variants[:100] {
			if got, want := cached.str("variant", v), plain.str("variant", v); got != want {
				t.Fatalf("%q: %q, want %q", v, got, want)
			}
		}
	}
	for _, v := range variants[:100] {
		if _, ok := cached.cache.m[canonKey{"variant", v}]; !ok {
			t.Fatalf("%q, looked up four times, is not filed", v)
		}
	}
	if !maps.Equal(cached.counts, plain.counts) {
		t.Errorf("counts %v, want %v", cached.counts, plain.counts)
	}
}
