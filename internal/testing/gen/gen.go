// Package gen generates pairs of catalogue snapshots (an OLD and a NEW
// tree of <package>/specs.md pages) that look like cache.spack.io's, with
// known mutations between them and a truth file of the counts cachediff
// must report.
//
// It is deterministic for a Config (same seed, same bytes) and owns only
// test and benchmark data: cachediff itself never imports it.
//
// The truth is exact by construction. Specs keep their hash when they are
// unchanged or restacked; a rebuilt spec keeps its facets under a new
// hash; an updated one changes exactly one facet. Among the specs of a
// package that do not keep their hash, any old and new spec that are not a
// planned pair differ in at least two facets, so that the engine's passes
// can pair them only as planned. A mutation that would break this is
// dropped (the spec stays unchanged) before the truth is counted.
package gen

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// Rates are per-spec (or, for packages, per-package) probabilities of
// each mutation between the old and the new snapshot.
type Rates struct {
	Restacked float64 `json:"restacked"`
	Rebuilt   float64 `json:"rebuilt"`
	// Updated is the rate of one-facet updates, spread over the facets
	// (version most often, platform least).
	Updated         float64 `json:"updated"`
	Removed         float64 `json:"removed"`
	Added           float64 `json:"added"`
	PackagesAdded   float64 `json:"packages_added"`
	PackagesRemoved float64 `json:"packages_removed"`
}

// Nightly is the churn of a nightly regeneration of the catalogue: about
// 5% of the specs change.
var Nightly = Rates{Restacked: 0.01, Rebuilt: 0.015, Updated: 0.01, Removed: 0.005, Added: 0.005, PackagesAdded: 0.003, PackagesRemoved: 0.002}

// Heavy is a migration week (Spack's move to compilers as dependencies):
// most specs change.
var Heavy = Rates{Restacked: 0.05, Rebuilt: 0.30, Updated: 0.30, Removed: 0.05, Added: 0.05, PackagesAdded: 0.02, PackagesRemoved: 0.02}

// Week is a real week of the weekly catalogue (the heavy steps of
// ../shared/real-series: 56 of 57 specs rebuilt from develop-2025-02-16 to
// -02-23, 59 of 63 from -03-09 to -03-16, with 4 added, 3 removed and a
// new package): almost every spec rebuilt, a few percent added, removed
// or updated, about 2% unchanged.
var Week = Rates{Restacked: 0.005, Rebuilt: 0.96, Updated: 0.008, Removed: 0.012, Added: 0.03, PackagesAdded: 0.01, PackagesRemoved: 0.003}

// Churn is a level of change between the snapshots of a benchmark pair,
// named by about how many specs change.
type Churn struct {
	Name  string // "0%", "4%", ... "100%"
	Doc   string
	Rates Rates
}

// Churns are the benchmark's levels of change, from none to a real week.
var Churns = []Churn{
	{"0%", "no change", Rates{}},
	{"4%", "a nightly regeneration (Nightly)", Nightly},
	{"13%", "a busy night", Rates{Restacked: 0.01, Rebuilt: 0.08, Updated: 0.02, Removed: 0.01, Added: 0.01, PackagesAdded: 0.003, PackagesRemoved: 0.002}},
	{"40%", "a heavy pair: a large part rebuilt and updated", Rates{Restacked: 0.02, Rebuilt: 0.28, Updated: 0.06, Removed: 0.02, Added: 0.02, PackagesAdded: 0.005, PackagesRemoved: 0.005}},
	{"100%", "a real week (Week): ~95% rebuilt, a few % added, removed, updated", Week},
}

// LookupChurn returns the churn level of that name.
func LookupChurn(name string) (Churn, bool) {
	for _, c := range Churns {
		if c.Name == name || c.Name == name+"%" {
			return c, true
		}
	}
	return Churn{}, false
}

// Config says what to generate.
type Config struct {
	Seed uint64 `json:"seed"`
	// Specs is about how many specs the old snapshot holds; the packages
	// number about Specs/20, with skewed sizes (most packages hold a few
	// specs, a few hold hundreds).
	Specs int   `json:"specs"`
	Rates Rates `json:"rates"`
	// OldSpelling is the share of old pages written in older spellings
	// (gcc@=13.2.0, =1.2.3, cuda_arch:=80, another key order, tarballs);
	// a third of that share of new pages is too.
	OldSpelling float64 `json:"old_spelling"`
	OldTag      string  `json:"old_tag"`
	NewTag      string  `json:"new_tag"`
	// Shape is the version of the page shape (package sizes, bytes per
	// spec): pairs written by an older generator are regenerated.
	Shape int `json:"shape"`
}

// shape is the current page shape: about 20 specs per page (3,000 pages
// per 60k specs) and 300 bytes per spec, as the real catalogue has.
const shape = 2

// Default returns the configuration of a nightly pair of about specs
// specs per tree.
func Default(seed uint64, specs int) Config {
	return Config{Seed: seed, Specs: specs, Rates: Nightly, OldSpelling: 0.25,
		OldTag: "develop-2026-01-01", NewTag: "develop-2026-01-02", Shape: shape}
}

// Spec is one generated spec, in canonical form.
type Spec struct {
	Hash     string
	Version  string
	Compiler string
	OS       string
	Platform string
	Target   string
	Variants []string // sorted the way cachediff sorts them
	Stacks   []string // sorted, with root
}

// Package is one package's page on each side; a nil side is absent.
type Package struct {
	Name     string
	Old, New []Spec
	// OldStyle and NewStyle say how each page is written.
	OldStyle, NewStyle Style
}

// Style is how a page is written.
type Style int

const (
	// Current is today's develop pages: keys sorted, no tarball.
	Current Style = iota
	// Older is v0.23-era pages: another key order, gcc@=, tarballs, and
	// some =versions and name:=value variants.
	Older
)

// Pair is a generated snapshot pair and its truth.
type Pair struct {
	Config   Config
	Packages []Package // sorted by name
	Truth    Truth
}

// Counts are spec counts by category, as cachediff's summary has them:
// the same fields as diff.Counts, in the same order, so that one converts
// to the other (gen cannot use diff's type: snapshot's in-package tests
// import gen, and diff imports snapshot).
type Counts struct {
	Old       int `json:"old"`
	New       int `json:"new"`
	Unchanged int `json:"unchanged"`
	Restacked int `json:"restacked"`
	Rebuilt   int `json:"rebuilt"`
	Updated   int `json:"updated"`
	Added     int `json:"added"`
	Removed   int `json:"removed"`
}

// PackageCounts are package counts by status: the fields of
// diff.PackageCounts, as Counts are diff.Counts's.
type PackageCounts struct {
	Old       int `json:"old"`
	New       int `json:"new"`
	Added     int `json:"added"`
	Removed   int `json:"removed"`
	Changed   int `json:"changed"`
	Unchanged int `json:"unchanged"`
}

// Truth is what cachediff must report for a pair (canonicalizing).
type Truth struct {
	Packages PackageCounts `json:"packages"`
	Specs    Counts        `json:"specs"`
	// UpdatedBy counts updated specs by the facet that changed.
	UpdatedBy map[string]int `json:"updated_by_facet"`
}

// facets, in the engine's pass order.
var facetNames = []string{"version", "compiler", "variants", "target", "os", "platform"}

// env is a build environment: where a CI stack builds.
type env struct {
	os, platform, target, compiler string
	stacks                         []string
}

var envs = []env{
	{"ubuntu22.04", "linux", "x86_64_v3", "gcc@11.4.0", []string{"e4s", "tutorial", "hep", "radiuss", "build_systems"}},
	{"ubuntu22.04", "linux", "x86_64_v3", "intel-oneapi-compilers@2024.2.1", []string{"e4s-oneapi"}},
	{"ubuntu22.04", "linux", "x86_64_v3", "gcc@11.4.0", []string{"e4s-rocm-external", "e4s-cray-rhel"}},
	{"ubuntu22.04", "linux", "neoverse_v2", "gcc@11.4.0", []string{"e4s-neoverse-v2"}},
	{"ubuntu24.04", "linux", "x86_64_v3", "gcc@13.2.0", []string{"ml-linux-x86_64-cpu", "ml-linux-x86_64-cuda", "ml-linux-x86_64-rocm", "bootstrap-x86_64-linux-gnu"}},
	{"ubuntu24.04", "linux", "aarch64", "gcc@13.2.0", []string{"ml-linux-aarch64-cpu", "ml-linux-aarch64-cuda"}},
	{"amzn2", "linux", "x86_64_v4", "gcc@12.4.0", []string{"aws-pcluster-x86_64_v4"}},
	{"amzn2", "linux", "neoverse_v1", "gcc@12.4.0", []string{"aws-pcluster-neoverse_v1"}},
	{"amzn2", "linux", "aarch64", "gcc@7.3.1", []string{"radiuss-aws-aarch64"}},
	{"sequoia", "darwin", "aarch64", "apple-clang@16.0.0", []string{"developer-tools-darwin", "ml-darwin-aarch64-mps"}},
	{"rhel8", "linux", "aarch64", "gcc@13.3.0", []string{"developer-tools-aarch64-linux-gnu"}},
	{"centos7", "linux", "x86_64_v3", "gcc@10.5.0", []string{"developer-tools-x86_64_v3-linux-gnu"}},
	{"ubuntu20.04", "linux", "x86_64_v3", "gcc@11.1.0", []string{"data-vis-sdk"}},
	{"rhel8", "linux", "x86_64_v3", "llvm@18.1.8", []string{"e4s-cray-rhel"}},
}

var (
	compilerMoves = map[string][]string{
		"gcc@11.4.0": {"gcc@11.5.0", "gcc@12.3.0", "none"}, "gcc@13.2.0": {"gcc@13.3.0", "gcc@14.2.0", "none"},
		"gcc@12.4.0": {"gcc@12.3.0", "none"}, "gcc@7.3.1": {"gcc@10.5.0", "none"}, "apple-clang@16.0.0": {"apple-clang@16.0.1", "none"},
		"gcc@13.3.0": {"gcc@14.2.0", "none"}, "gcc@10.5.0": {"gcc@11.5.0", "none"}, "gcc@11.1.0": {"gcc@11.4.0", "none"},
		"intel-oneapi-compilers@2024.2.1": {"intel-oneapi-compilers@2025.0.4"}, "llvm@18.1.8": {"llvm@19.1.7"},
		"none": {"gcc@13.2.0"},
	}
	targetMoves = map[string][]string{
		"x86_64_v3": {"x86_64_v4", "x86_64_v2"}, "x86_64_v4": {"x86_64_v3"}, "aarch64": {"neoverse_v1", "neoverse_n1"},
		"neoverse_v1": {"neoverse_v2", "aarch64"}, "neoverse_v2": {"neoverse_v1"},
	}
	osMoves = map[string][]string{
		"ubuntu22.04": {"ubuntu24.04"}, "ubuntu24.04": {"ubuntu22.04"}, "amzn2": {"amzn2023"}, "sequoia": {"sonoma"},
		"rhel8": {"rhel9"}, "centos7": {"almalinux8"}, "ubuntu20.04": {"ubuntu22.04"},
	}
	platformMoves = map[string]string{"linux": "cray", "darwin": "linux", "cray": "linux"}
	buildSystems  = []string{"cmake", "autotools", "generic", "python_pip", "makefile", "meson", "cargo", "go", "bundle", "perl"}
	syllables     = []string{"ad", "al", "ar", "be", "bo", "ca", "co", "da", "de", "di", "el", "fa", "fi", "ga", "ge", "ha", "hy", "io", "ka", "la", "li", "lo",
		"ma", "me", "mi", "mo", "na", "ne", "no", "nu", "pa", "pe", "po", "ra", "re", "ri", "ro", "sa", "se", "si", "so", "ta", "te", "ti", "to", "tu",
		"va", "ve", "vi", "xa", "ze", "zo"}
	prefixes = []string{"", "", "", "", "py-", "py-", "r-", "perl-", "lib", "ruby-", "", ""}
	suffixes = []string{"", "", "", "", "-utils", "-tools", "-runtime", "-dev", "lib", "x", ""}
)

// variant choices a package may have.
var variantPool = []struct {
	name   string
	values []string // "+"/"~" for booleans
}{
	{"shared", []string{"+", "~"}},
	{"mpi", []string{"+", "~"}},
	{"openmp", []string{"+", "~"}},
	{"ipo", []string{"~", "+"}},
	{"python", []string{"~", "+"}},
	{"static", []string{"~", "+"}},
	{"pic", []string{"+", "~"}},
	{"threads", []string{"threads=none", "threads=openmp", "threads=pthreads"}},
	{"build_type", []string{"build_type=Release", "build_type=RelWithDebInfo", "build_type=MinSizeRel"}},
	{"generator", []string{"generator=ninja", "generator=make"}},
	{"languages", []string{"languages=c,c++", "languages=c,c++,fortran"}},
	{"libs", []string{"libs=shared,static", "libs=shared"}},
	{"backend", []string{"backend=torch", "backend=jax", "backend=tensorflow"}},
	{"precision", []string{"precision=double,float", "precision=double"}},
}

var patchPool = []string{"25bc503", "8248141", "b216cff", "cb8e645", "1f42874", "6379168", "b540ef6", "4997cd3", "f3def26", "6f0cfa5", "3dc9bc1", "5174099", "90f3d78"}

// profile is what a package's specs have in common.
type profile struct {
	name     string
	versions []string // oldest first
	build    string
	variants []int // indexes into variantPool
	python   bool  // compiler none
	patches  bool
	cuda     bool
}

type generator struct {
	r      *rand.Rand
	cfg    Config
	hashes map[string]bool
	names  map[string]bool
}

// Generate makes a snapshot pair for cfg.
func Generate(cfg Config) *Pair {
	g := &generator{r: rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)), cfg: cfg,
		hashes: map[string]bool{}, names: map[string]bool{}}
	p := &Pair{Config: cfg, Truth: Truth{UpdatedBy: map[string]int{}}}
	for _, size := range g.sizes(cfg.Specs) {
		p.Packages = append(p.Packages, g.pkg(size, &p.Truth))
	}
	slices.SortFunc(p.Packages, func(a, b Package) int { return strings.Compare(a.Name, b.Name) })
	for _, f := range facetNames {
		if _, ok := p.Truth.UpdatedBy[f]; !ok {
			p.Truth.UpdatedBy[f] = 0
		}
	}
	return p
}

// sizes returns skewed package sizes that add up to about total: a
// Pareto distribution (most packages small, a sixth with one spec, a few
// with hundreds, the largest 1,500), about 20 specs per package on
// average: 3,000 pages per 60k specs.
func (g *generator) sizes(total int) []int {
	const xm, alpha = 6, 1.25
	var sizes []int
	sum := 0
	for sum < total {
		u := 1 - g.r.Float64()
		n := int(math.Floor(xm/math.Pow(u, 1/alpha))) - xm + 1
		n = min(n, 1500, total-sum)
		n = max(n, 1)
		sizes = append(sizes, n)
		sum += n
	}
	return sizes
}

func (g *generator) pick(l []string) string { return l[g.r.IntN(len(l))] }

func (g *generator) hash() string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	for {
		var b [32]byte
		for i := range b {
			b[i] = alphabet[g.r.IntN(32)]
		}
		if h := string(b[:]); !g.hashes[h] {
			g.hashes[h] = true
			return h
		}
	}
}

func (g *generator) name() string {
	for {
		var b strings.Builder
		b.WriteString(g.pick(prefixes))
		for range 1 + g.r.IntN(3) {
			b.WriteString(g.pick(syllables))
		}
		b.WriteString(g.pick(suffixes))
		if n := b.String(); !g.names[n] {
			g.names[n] = true
			return n
		}
	}
}

func (g *generator) profile() *profile {
	p := &profile{name: g.name()}
	major, minor := 1+g.r.IntN(20), g.r.IntN(12)
	for range 1 + g.r.IntN(3) {
		p.versions = append(p.versions, fmt.Sprintf("%d.%d.%d", major, minor, g.r.IntN(10)))
		minor++
	}
	p.python = strings.HasPrefix(p.name, "py-") && g.r.IntN(3) > 0
	if p.python {
		p.build = "python_pip"
	} else {
		p.build = g.pick(buildSystems)
	}
	for _, i := range g.r.Perm(len(variantPool))[:g.r.IntN(5)] {
		p.variants = append(p.variants, i)
	}
	p.patches = g.r.IntN(8) == 0
	p.cuda = g.r.IntN(6) == 0
	return p
}

// spec returns a new spec of profile p.
func (g *generator) spec(p *profile) Spec {
	e := envs[g.r.IntN(len(envs))]
	s := Spec{Hash: g.hash(), OS: e.os, Platform: e.platform, Target: e.target, Compiler: e.compiler}
	// Newest versions are built most.
	s.Version = p.versions[len(p.versions)-1-min(g.r.IntN(len(p.versions)+1), len(p.versions)-1)]
	if p.python {
		s.Compiler = "none"
	}
	s.Variants = []string{"build_system=" + p.build}
	for _, i := range p.variants {
		v := variantPool[i]
		val := g.pick(v.values)
		if val == "+" || val == "~" {
			val += v.name
		}
		s.Variants = append(s.Variants, val)
	}
	if p.patches {
		n := 1 + g.r.IntN(3)
		ps := slices.Clone(patchPool)
		g.r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
		ps = ps[:n]
		slices.Sort(ps)
		s.Variants = append(s.Variants, "patches="+strings.Join(ps, ","))
	}
	if p.cuda && strings.Contains(strings.Join(e.stacks, " "), "cuda") {
		s.Variants = append(s.Variants, "+cuda", "cuda_arch="+g.pick([]string{"80", "90", "70,80"}))
	}
	sortVariants(s.Variants)
	s.Stacks = []string{"root", g.pick(e.stacks)}
	if len(e.stacks) > 1 && g.r.IntN(4) == 0 {
		s.Stacks = append(s.Stacks, g.pick(e.stacks))
	}
	s.Stacks = sortedSet(s.Stacks)
	return s
}

// sortVariants orders variants the way cachediff does: by name (without
// +, ~ or -), then the whole string.
func sortVariants(l []string) {
	name := func(v string) string {
		v = strings.TrimLeft(v, "+~-")
		if i := strings.IndexAny(v, ":="); i >= 0 {
			v = v[:i]
		}
		return v
	}
	slices.SortFunc(l, func(a, b string) int { return cmp.Or(strings.Compare(name(a), name(b)), strings.Compare(a, b)) })
}

func sortedSet(l []string) []string {
	slices.Sort(l)
	return slices.Compact(l)
}

func clone(s Spec) Spec {
	s.Variants = slices.Clone(s.Variants)
	s.Stacks = slices.Clone(s.Stacks)
	return s
}

// mutation kinds.
const (
	kUnchanged = iota
	kRestacked
	kRebuilt
	kUpdated
	kRemoved
)

// planned is one old spec and what happens to it.
type planned struct {
	old   Spec
	kind  int
	facet int // for kUpdated
	new   Spec
}

func (g *generator) pkg(size int, t *Truth) Package {
	p := g.profile()
	style := func(share float64) Style {
		if g.r.Float64() < share {
			return Older
		}
		return Current
	}
	pk := Package{Name: p.name, OldStyle: style(g.cfg.OldSpelling), NewStyle: style(g.cfg.OldSpelling / 3)}
	rates := g.cfg.Rates
	switch u := g.r.Float64(); {
	case u < rates.PackagesRemoved:
		for range size {
			pk.Old = append(pk.Old, g.spec(p))
		}
		t.Packages.Removed++
		t.Specs.Removed += size
		g.count(&pk, t)
		return pk
	case u < rates.PackagesRemoved+rates.PackagesAdded:
		for range size {
			pk.New = append(pk.New, g.spec(p))
		}
		t.Packages.Added++
		t.Specs.Added += size
		g.count(&pk, t)
		return pk
	}
	plans := make([]planned, size)
	for i := range plans {
		s := g.spec(p)
		plans[i] = planned{old: s, new: s}
		u := g.r.Float64()
		switch {
		case u < rates.Restacked:
			plans[i].kind = kRestacked
			plans[i].new = g.restack(s)
		case u < rates.Restacked+rates.Rebuilt:
			plans[i].kind = kRebuilt
			plans[i].new = clone(s)
			plans[i].new.Hash = g.hash()
		case u < rates.Restacked+rates.Rebuilt+rates.Updated:
			f := g.updateFacet()
			if n, ok := g.update(p, s, f); ok {
				plans[i].kind, plans[i].facet, plans[i].new = kUpdated, f, n
			}
		case u < rates.Restacked+rates.Rebuilt+rates.Updated+rates.Removed:
			plans[i].kind = kRemoved
		}
	}
	var added []Spec
	for range size {
		if g.r.Float64() < rates.Added {
			added = append(added, g.spec(p))
		}
	}
	added = resolve(plans, added)
	for _, pl := range plans {
		pk.Old = append(pk.Old, pl.old)
		switch pl.kind {
		case kUnchanged:
			t.Specs.Unchanged++
		case kRestacked:
			t.Specs.Restacked++
		case kRebuilt:
			t.Specs.Rebuilt++
		case kUpdated:
			t.Specs.Updated++
			t.UpdatedBy[facetNames[pl.facet]]++
		case kRemoved:
			t.Specs.Removed++
			continue
		}
		pk.New = append(pk.New, pl.new)
	}
	pk.New = append(pk.New, added...)
	t.Specs.Added += len(added)
	switch {
	case len(pk.New) == 0: // every spec removed: no page, so the package is gone
		t.Packages.Removed++
	case unchanged(plans) && len(added) == 0:
		t.Packages.Unchanged++
	default:
		t.Packages.Changed++
	}
	g.count(&pk, t)
	return pk
}

func unchanged(plans []planned) bool {
	for _, pl := range plans {
		if pl.kind != kUnchanged {
			return false
		}
	}
	return true
}

func (g *generator) count(pk *Package, t *Truth) {
	t.Specs.Old += len(pk.Old)
	t.Specs.New += len(pk.New)
	if pk.Old != nil {
		t.Packages.Old++
	}
	if pk.New != nil {
		t.Packages.New++
	}
}

// updateFacet picks the facet of an update: versions most, platforms least.
func (g *generator) updateFacet() int {
	w := []int{40, 25, 15, 10, 7, 3}
	u := g.r.IntN(100)
	for f, n := range w {
		if u < n {
			return f
		}
		u -= n
	}
	return 0
}

func (g *generator) restack(s Spec) Spec {
	n := clone(s)
	for slices.Equal(n.Stacks, s.Stacks) {
		e := envs[g.r.IntN(len(envs))]
		n.Stacks = sortedSet(append(slices.Clone(s.Stacks), g.pick(e.stacks)))
		if len(s.Stacks) > 2 && g.r.IntN(2) == 0 { // leave one
			n.Stacks = slices.DeleteFunc(slices.Clone(s.Stacks), func(st string) bool { return st != "root" && g.r.IntN(2) == 0 })
		}
	}
	return n
}

// update returns s with facet f changed, under a new hash.
func (g *generator) update(p *profile, s Spec, f int) (Spec, bool) {
	n := clone(s)
	n.Hash = g.hash()
	moved := func(m map[string][]string, v string) (string, bool) {
		if l := m[v]; len(l) > 0 {
			return g.pick(l), true
		}
		return "", false
	}
	var ok bool
	switch f {
	case 0:
		n.Version = bump(s.Version, g.r.IntN(3))
		ok = true
	case 1:
		n.Compiler, ok = moved(compilerMoves, s.Compiler)
	case 2:
		i := g.r.IntN(len(n.Variants))
		v := n.Variants[i]
		switch {
		case v[0] == '+':
			n.Variants[i] = "~" + v[1:]
		case v[0] == '~':
			n.Variants[i] = "+" + v[1:]
		default:
			n.Variants = append(n.Variants, g.pick([]string{"+debug", "~examples", "+fortran", "cxxstd=17"}))
			n.Variants = sortedSet(n.Variants)
		}
		sortVariants(n.Variants)
		ok = !slices.Equal(n.Variants, s.Variants)
	case 3:
		n.Target, ok = moved(targetMoves, s.Target)
	case 4:
		n.OS, ok = moved(osMoves, s.OS)
	case 5:
		n.Platform, ok = platformMoves[s.Platform]
	}
	return n, ok
}

// bump raises a version: patch, minor or major.
func bump(v string, which int) string {
	var a, b, c int
	fmt.Sscanf(v, "%d.%d.%d", &a, &b, &c)
	switch which {
	case 0:
		c++
	case 1:
		b, c = b+1, 0
	default:
		a, b, c = a+1, 0, 0
	}
	return fmt.Sprintf("%d.%d.%d", a, b, c)
}

// distance counts the facets in which two specs differ.
func distance(a, b *Spec) int {
	d := 0
	for _, diff := range []bool{a.Version != b.Version, a.Compiler != b.Compiler, !slices.Equal(a.Variants, b.Variants),
		a.Target != b.Target, a.OS != b.OS, a.Platform != b.Platform} {
		if diff {
			d++
		}
	}
	return d
}

// resolve makes the plan unambiguous: among the specs that lose their hash
// (rebuilt, updated, removed; and the added ones), an old and a new spec
// that are not a planned pair must differ in two facets or more, unless
// both are rebuilt (the engine pairs rebuilt specs by equal facets, so
// alike rebuilds pair one way or another, all rebuilt). It drops
// what breaks this: an added spec, or an old spec's mutation (it stays
// unchanged). Dropping never makes a new conflict, so one pass is enough.
func resolve(plans []planned, added []Spec) []Spec {
	type side struct {
		s    *Spec
		plan int // index into plans; -1 for an added spec
		live bool
	}
	var olds, news []*side
	for i := range plans {
		if k := plans[i].kind; k == kRebuilt || k == kUpdated || k == kRemoved {
			olds = append(olds, &side{s: &plans[i].old, plan: i, live: true})
			if k != kRemoved {
				news = append(news, &side{s: &plans[i].new, plan: i, live: true})
			}
		}
	}
	for i := range added {
		news = append(news, &side{s: &added[i], plan: -1, live: true})
	}
	for _, o := range olds {
		for _, n := range news {
			if !o.live {
				break
			}
			if !n.live || n.plan == o.plan || distance(o.s, n.s) >= 2 {
				continue
			}
			if n.plan >= 0 && plans[o.plan].kind == kRebuilt && plans[n.plan].kind == kRebuilt {
				// Two rebuilds of specs alike: the engine may pair them
				// the other way round, but they are rebuilt all the same.
				// (A real week rebuilds most specs, many of them alike.)
				continue
			}
			if n.plan < 0 { // an added spec: drop it
				n.live = false
				continue
			}
			// Keep o unchanged, and its new side with it.
			o.live = false
			pl := &plans[o.plan]
			pl.kind, pl.new = kUnchanged, pl.old
			for _, m := range news {
				if m.plan == o.plan {
					m.live = false
				}
			}
		}
	}
	var kept []Spec
	for _, n := range news {
		if n.plan < 0 && n.live {
			kept = append(kept, *n.s)
		}
	}
	return kept
}
