// Package spackgen generates Spack dependency graphs (DAGs of concrete
// specs, as a build-cache index or a lockfile holds them) and pairs of
// them with known rebuild causes: a leaf's version bumped, a variant
// flipped in the middle, a virtual's provider swapped, the compiler
// changed. Hashes are computed bottom-up from each node's content and its
// dependencies' hashes, the way Spack's DAG hash works, so a change
// reaches every dependent as a new hash, and nothing else does.
//
// The shape matches the real lockfiles in ../shared/lockfiles (depth 8 to
// 14 from a root, 2 to 8 dependencies per node once compilers are
// dependencies): every node but the compiler's own has the Spack 1.x
// compiler edges (compiler-wrapper, gcc providing c and cxx, gcc-runtime,
// glibc providing libc) and one to four library dependencies, one of them
// on the layer just below, so the longest path has Depth nodes. A big
// index is many environments (an OS, a target, a compiler version) of the
// same package universe, as Spack's CI stacks are.
//
// It owns only test and benchmark data: cachediff never imports it.
package spackgen

import (
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Options say what to generate.
type Options struct {
	Seed     uint64
	Packages int // packages per environment (at least 16)
	Envs     int // environments (OS, target, compiler)
	Depth    int // layers of libraries: the longest path from a root (default 12)
	// Twins makes each odd environment the twin of the one before it:
	// the same OS, target and compiler, with openmpi rather than mpich
	// for mpi and another version of one library (TwinLib). A twin's
	// specs that reach either differ from their twin's only in their
	// dependencies: the specs the engine pairs by their edges (issue 34).
	Twins bool
}

// Node is one concrete spec.
type Node struct {
	Name        string
	Version     string
	OS          string
	Platform    string
	Target      string
	Variants    []string // Spack's spelling, sorted
	PackageHash string
	Deps        []Dep
	Hash        string
	// External nodes (the compiler, libc) are not in the build cache.
	External bool
	Layer    int
	Env      int
	// Provides lists the virtuals this node can provide (mpi, blas).
	Provides []string
}

// Dep is an edge.
type Dep struct {
	Node     *Node
	Types    []string
	Virtuals []string
}

// DAG is a set of environments' concrete specs, dependencies first.
type DAG struct {
	Nodes []*Node
	envs  []env
	// TwinLib is the library whose version the twins change ("" without
	// Options.Twins); Leaves and Middle never name it.
	TwinLib string
	// RootSpec writes a root as WriteLockfile's roots list has it (nil:
	// the package name alone).
	RootSpec func(n *Node) string
}

type env struct {
	os, target, gcc string
}

var (
	oss     = []string{"ubuntu22.04", "ubuntu24.04", "rhel8", "rhel9", "amzn2", "sequoia"}
	targets = []string{"x86_64_v3", "x86_64_v4", "aarch64", "neoverse_v1", "zen2", "m1"}
	gccs    = []string{"11.4.0", "12.3.0", "13.2.0", "14.2.0"}
	libs    = []string{"zlib-ng", "bzip2", "xz", "zstd", "ncurses", "readline", "libiconv", "libxml2", "openssl",
		"sqlite", "expat", "gdbm", "libffi", "pcre2", "curl", "nghttp2", "libedit", "berkeley-db", "perl", "gmake",
		"m4", "autoconf", "automake", "libtool", "pkgconf", "cmake", "ninja", "python", "py-setuptools", "py-pip",
		"py-wheel", "py-numpy", "py-scipy", "hdf5", "netcdf-c", "boost", "fftw", "hwloc", "libevent", "krb5",
		"gettext", "tar", "diffutils", "findutils", "util-linux-uuid", "libmd", "libbsd", "lz4", "snappy", "git"}
	// realVersions are the versions of the real develop builds (2025).
	realVersions = map[string]string{"zlib-ng": "2.2.1", "bzip2": "1.0.8", "xz": "5.4.6", "zstd": "1.5.6",
		"ncurses": "6.5", "readline": "8.2", "libiconv": "1.17", "libxml2": "2.13.4", "openssl": "3.4.0",
		"sqlite": "3.46.0", "expat": "2.6.4", "gdbm": "1.23", "libffi": "3.4.6", "pcre2": "10.44",
		"curl": "8.10.1", "nghttp2": "1.64.0", "perl": "5.40.0", "gmake": "4.4.1", "m4": "1.4.19",
		"autoconf": "2.72", "automake": "1.16.5", "libtool": "2.4.7", "pkgconf": "2.2.0", "cmake": "3.30.5",
		"ninja": "1.12.1", "python": "3.13.0", "py-setuptools": "69.2.0", "py-pip": "24.2", "py-numpy": "2.1.2",
		"hdf5": "1.14.5", "boost": "1.86.0", "fftw": "3.3.10", "hwloc": "2.11.1", "git": "2.47.0"}
	features = []string{"adx", "aes", "avx", "avx2", "bmi1", "bmi2", "clflushopt", "clwb", "cx16", "f16c", "fma",
		"fsgsbase", "mmx", "movbe", "pclmulqdq", "popcnt", "rdrand", "rdseed", "sha", "sse", "sse2", "sse4_1",
		"sse4_2", "ssse3", "xsavec", "xsaveopt", "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"}
)

// New generates a DAG.
func New(o Options) *DAG {
	if o.Packages < 16 {
		o.Packages = 16
	}
	if o.Envs < 1 {
		o.Envs = 1
	}
	if o.Depth < 3 {
		o.Depth = 12
	}
	d := &DAG{}
	for e := 0; e < o.Envs; e++ {
		a := e
		if o.Twins {
			a = e / 2
		}
		d.envs = append(d.envs, env{os: oss[a%len(oss)], target: targets[(a/len(oss))%len(targets)], gcc: gccs[(a/(len(oss)*len(targets)))%len(gccs)]})
	}
	// One universe, concretized in each environment: same names, versions
	// and edges, other arch and compiler.
	rng := rand.New(rand.NewPCG(o.Seed, o.Seed^0x5eed))
	type proto struct {
		name, version string
		layer         int
		variants      []string
		deps          []int // indexes into protos
		virt          []string
		provides      []string
	}
	var protos []proto
	// Compiler support: glibc, gcc (externals), compiler-wrapper, gcc-runtime.
	protos = append(protos,
		proto{name: "glibc", version: "2.35", layer: 0, variants: []string{"build_system=autotools"}},
		proto{name: "gcc", version: "", layer: 0, variants: []string{"build_system=autotools", "languages=c,c++,fortran"}},
		proto{name: "compiler-wrapper", version: "1.0", layer: 0, variants: []string{"build_system=generic"}},
		proto{name: "gcc-runtime", version: "", layer: 0, variants: []string{"build_system=generic"}, deps: []int{1, 0}},
	)
	const nSupport = 4
	perLayer := max(1, (o.Packages-nSupport)/o.Depth)
	byLayer := make([][]int, o.Depth+1)
	mpiLayer := min(3, o.Depth)
	mpiDone := false
	for i := 0; len(protos) < o.Packages; i++ {
		layer := 1 + i/perLayer
		if layer > o.Depth {
			layer = 1 + rng.IntN(o.Depth)
		}
		name := fmt.Sprintf("pkg-%04d", i)
		if i < len(libs) {
			name = libs[i]
		}
		version := fmt.Sprintf("%d.%d.%d", 1+rng.IntN(9), rng.IntN(20), rng.IntN(10))
		if v, ok := realVersions[name]; ok {
			version = v
		}
		p := proto{name: name, version: version, layer: layer}
		p.variants = []string{[]string{"build_system=autotools", "build_system=cmake", "build_system=generic"}[rng.IntN(3)]}
		if rng.IntN(2) == 0 {
			p.variants = append(p.variants, "+shared")
		} else {
			p.variants = append(p.variants, "~shared")
		}
		if rng.IntN(4) == 0 {
			p.variants = append(p.variants, "libs=shared,static")
		}
		if layer == mpiLayer && !mpiDone {
			mpiDone = true
			// Two providers of mpi on one layer: mpich is used, openmpi
			// waits for a swap.
			// Providers are reached through the virtual only, not picked
			// as plain dependencies (Spack never has both edges).
			protos = append(protos, proto{name: "mpich", version: "4.2.1", layer: layer, variants: []string{"build_system=autotools", "device=ch4"}, provides: []string{"mpi"}})
			protos = append(protos, proto{name: "openmpi", version: "5.0.5", layer: layer, variants: []string{"build_system=autotools", "fabrics=none"}, provides: []string{"mpi"}})
			continue // openmpi is depended on by no one until a swap
		}
		if layer > 1 {
			below := byLayer[layer-1]
			if len(below) == 0 {
				below = byLayer[1]
			}
			p.deps = append(p.deps, below[rng.IntN(len(below))])
			for k := rng.IntN(4); k > 0; k-- {
				l := 1 + rng.IntN(layer-1)
				if len(byLayer[l]) > 0 {
					p.deps = append(p.deps, byLayer[l][rng.IntN(len(byLayer[l]))])
				}
			}
		}
		slices.Sort(p.deps)
		p.deps = slices.Compact(p.deps)
		if layer > mpiLayer && rng.IntN(8) == 0 {
			p.virt = []string{"mpi"}
		}
		protos = append(protos, p)
		byLayer[layer] = append(byLayer[layer], len(protos)-1)
	}
	mpich := slices.IndexFunc(protos, func(p proto) bool { return p.name == "mpich" })
	openmpi := slices.IndexFunc(protos, func(p proto) bool { return p.name == "openmpi" })
	twinLib := -1
	if o.Twins && len(byLayer) > 1 && len(byLayer[1]) > 0 {
		twinLib = byLayer[1][len(byLayer[1])-1]
		d.TwinLib = protos[twinLib].name
	}
	for e, en := range d.envs {
		twin := o.Twins && e%2 == 1
		mpi := mpich
		if twin && openmpi >= 0 {
			mpi = openmpi
		}
		nodes := make([]*Node, len(protos))
		for i, p := range protos {
			version := p.version
			if twin && i == twinLib {
				version = bump(version)
			}
			n := &Node{Name: p.name, Version: version, OS: en.os, Platform: "linux", Target: en.target,
				Variants: slices.Clone(p.variants), Layer: p.layer, Env: e, Provides: p.provides,
				PackageHash: hashOf(p.name + "@recipe")[:32] + "===="}
			if en.os == "sequoia" {
				n.Platform = "darwin"
			}
			if p.name == "gcc" || p.name == "gcc-runtime" {
				n.Version = en.gcc
			}
			n.External = p.name == "gcc" || p.name == "glibc"
			slices.Sort(n.Variants)
			nodes[i] = n
		}
		for i, p := range protos {
			n := nodes[i]
			switch p.name {
			case "glibc", "gcc", "compiler-wrapper":
			case "gcc-runtime":
				n.Deps = []Dep{{Node: nodes[1], Types: []string{"build"}}, {Node: nodes[0], Types: []string{"link"}, Virtuals: []string{"libc"}}}
			default:
				n.Deps = append(n.Deps,
					Dep{Node: nodes[2], Types: []string{"build"}},
					Dep{Node: nodes[1], Types: []string{"build"}, Virtuals: []string{"c", "cxx"}},
					Dep{Node: nodes[3], Types: []string{"link"}},
					Dep{Node: nodes[0], Types: []string{"link"}, Virtuals: []string{"libc"}})
				for _, j := range p.deps {
					n.Deps = append(n.Deps, Dep{Node: nodes[j], Types: []string{"build", "link"}})
				}
				if len(p.virt) > 0 && mpi >= 0 {
					n.Deps = append(n.Deps, Dep{Node: nodes[mpi], Types: []string{"build", "link"}, Virtuals: []string{"mpi"}})
				}
			}
		}
		d.Nodes = append(d.Nodes, nodes...)
	}
	d.Rehash()
	return d
}

var b32 = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

func hashOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return b32.EncodeToString(sum[:])
}

// Rehash computes every hash bottom-up, dependencies first (Nodes is in
// that order within each environment).
func (d *DAG) Rehash() {
	done := make(map[*Node]bool, len(d.Nodes))
	var h func(n *Node) string
	h = func(n *Node) string {
		if done[n] {
			return n.Hash
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s@%s %s-%s-%s %s %s", n.Name, n.Version, n.Platform, n.OS, n.Target, strings.Join(n.Variants, " "), n.PackageHash)
		for _, dep := range n.Deps {
			fmt.Fprintf(&b, " ^%s/%s:%s:%s", dep.Node.Name, h(dep.Node), strings.Join(dep.Types, ","), strings.Join(dep.Virtuals, ","))
		}
		n.Hash = hashOf(b.String())[:32]
		done[n] = true
		return n.Hash
	}
	for _, n := range d.Nodes {
		h(n)
	}
}

// Relabel renames every hash by rename (which must give distinct hashes
// distinct names, and the same hash the same name on both sides of a
// pair): the same DAG under other labels. A later mutation rehashes.
func (d *DAG) Relabel(rename func(string) string) {
	for _, n := range d.Nodes {
		n.Hash = rename(n.Hash)
	}
}

// Clone copies the DAG deeply, so that a mutation leaves the original as
// it was.
func (d *DAG) Clone() *DAG {
	m := make(map[*Node]*Node, len(d.Nodes))
	out := &DAG{envs: d.envs, TwinLib: d.TwinLib, RootSpec: d.RootSpec}
	for _, n := range d.Nodes {
		c := *n
		c.Variants = slices.Clone(n.Variants)
		m[n] = &c
		out.Nodes = append(out.Nodes, &c)
	}
	for _, c := range out.Nodes {
		deps := make([]Dep, len(c.Deps))
		for i, dep := range c.Deps {
			deps[i] = Dep{Node: m[dep.Node], Types: dep.Types, Virtuals: dep.Virtuals}
		}
		c.Deps = deps
	}
	return out
}

// Compiler is the node's compiler, the gcc it depends on for c: name@version.
func (n *Node) Compiler() string {
	for _, dep := range n.Deps {
		if slices.Contains(dep.Virtuals, "c") {
			return dep.Node.Name + "@" + dep.Node.Version
		}
	}
	return "none"
}

// Leaves returns the names of the layer-1 libraries (no library
// dependencies) that something depends on, sorted.
func (d *DAG) Leaves() []string {
	used := d.dependedOn()
	return d.names(func(n *Node) bool { return n.Layer == 1 && n.Provides == nil && used[n.Name] && n.Name != d.TwinLib })
}

// dependedOn is the set of package names something depends on.
func (d *DAG) dependedOn() map[string]bool {
	used := map[string]bool{}
	for _, n := range d.Nodes {
		for _, dep := range n.Deps {
			used[dep.Node.Name] = true
		}
	}
	return used
}

// Tops returns the names of the top layer's packages (the roots of
// WriteLockfile), sorted.
func (d *DAG) Tops() []string {
	top := 0
	for _, n := range d.Nodes {
		top = max(top, n.Layer)
	}
	return d.names(func(n *Node) bool { return n.Layer == top && n.Env == 0 })
}

// Middle returns the names of the libraries halfway up that something
// depends on, sorted.
func (d *DAG) Middle() []string {
	top := 0
	for _, n := range d.Nodes {
		top = max(top, n.Layer)
	}
	used := d.dependedOn()
	return d.names(func(n *Node) bool {
		return n.Layer == max(2, top/2) && n.Provides == nil && used[n.Name] && n.Name != d.TwinLib
	})
}

func (d *DAG) names(keep func(*Node) bool) []string {
	var out []string
	for _, n := range d.Nodes {
		if keep(n) {
			out = append(out, n.Name)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Mutation is a change made to a DAG, and the root cause it is.
type Mutation struct {
	Name string // the package (or the virtual, for a provider swap)
	Kind string // version, variants, provider, compiler (a version of gcc)
	From string
	To   string
}

// BumpVersion raises name's version in every environment.
func (d *DAG) BumpVersion(name string) Mutation {
	m := Mutation{Name: name, Kind: "version"}
	for _, n := range d.Nodes {
		if n.Name == name {
			m.From = n.Version
			n.Version = bump(n.Version)
			m.To = n.Version
		}
	}
	d.Rehash()
	return m
}

func bump(v string) string {
	var a, b, c int
	fmt.Sscanf(v, "%d.%d.%d", &a, &b, &c)
	return fmt.Sprintf("%d.%d.%d", a, b, c+1)
}

// FlipVariant turns name's shared variant the other way in every
// environment.
func (d *DAG) FlipVariant(name string) Mutation {
	m := d.flipVariant(name)
	d.Rehash()
	return m
}

// flipVariant is FlipVariant without the rehash.
func (d *DAG) flipVariant(name string) Mutation {
	m := Mutation{Name: name, Kind: "variants"}
	for _, n := range d.Nodes {
		if n.Name != name {
			continue
		}
		for i, v := range n.Variants {
			switch v {
			case "+shared":
				n.Variants[i], m.From, m.To = "~shared", "+shared", "~shared"
			case "~shared":
				n.Variants[i], m.From, m.To = "+shared", "~shared", "+shared"
			}
		}
		slices.Sort(n.Variants)
	}
	return m
}

// SwapProvider makes every dependent of mpich depend on openmpi instead.
func (d *DAG) SwapProvider() Mutation {
	provider := map[int]*Node{}
	for _, n := range d.Nodes {
		if n.Name == "openmpi" {
			provider[n.Env] = n
		}
	}
	m := Mutation{Name: "mpi", Kind: "provider"}
	for _, n := range d.Nodes {
		for i, dep := range n.Deps {
			if dep.Node.Name == "mpich" && slices.Contains(dep.Virtuals, "mpi") && provider[n.Env] != nil {
				m.From = "mpich@" + dep.Node.Version
				n.Deps[i].Node = provider[n.Env]
				m.To = "openmpi@" + provider[n.Env].Version
			}
		}
	}
	d.Rehash()
	return m
}

// ChangeCompiler moves every environment's gcc and gcc-runtime from
// version from to version to: every compiled spec is rebuilt, and both
// are its root causes (gcc as the compiler, gcc-runtime as a link
// dependency).
func (d *DAG) ChangeCompiler(from, to string) []Mutation {
	for _, n := range d.Nodes {
		if (n.Name == "gcc" || n.Name == "gcc-runtime") && n.Version == from {
			n.Version = to
		}
	}
	d.Rehash()
	return []Mutation{{Name: "gcc", Kind: "version", From: from, To: to}, {Name: "gcc-runtime", Kind: "version", From: from, To: to}}
}

// DropEnv removes environment e's nodes (its specs that another
// environment shares by hash stay, through that one).
func (d *DAG) DropEnv(e int) {
	d.Nodes = slices.DeleteFunc(d.Nodes, func(n *Node) bool { return n.Env == e })
}

// ChangeTarget moves every node built for target from to target to (a
// new microarchitecture for a whole environment): each is its own root
// cause, all of them the same change.
func (d *DAG) ChangeTarget(from, to string) Mutation {
	for _, n := range d.Nodes {
		if n.Target == from {
			n.Target = to
		}
	}
	d.Rehash()
	return Mutation{Kind: "target", From: from, To: to}
}

// MaxDepth is the longest path, in nodes, from any node.
func (d *DAG) MaxDepth() int {
	memo := map[*Node]int{}
	var depth func(n *Node) int
	depth = func(n *Node) int {
		if v, ok := memo[n]; ok {
			return v
		}
		best := 0
		for _, dep := range n.Deps {
			best = max(best, depth(dep.Node))
		}
		memo[n] = best + 1
		return best + 1
	}
	out := 0
	for _, n := range d.Nodes {
		out = max(out, depth(n))
	}
	return out
}

// featuresOf is a target's CPU feature list, as an index writes it.
func featuresOf(target string) []string {
	switch target {
	case "aarch64", "neoverse_v1", "m1":
		return []string{"aes", "asimd", "asimddp", "asimdhp", "asimdrdm", "atomics", "cpuid", "crc32", "dcpop", "evtstrm", "fcma", "fp", "fphp", "jscvt", "lrcpc", "pmull", "sha1", "sha2", "sha3", "sha512", "ssbs", "uscat"}
	}
	return features
}

// DemoPair is the generated pair under testdata/spack-gen (docs/usage.md's
// index diff, the golden reports): two environments of a small universe; the new side bumps a
// leaf's version, flips a variant halfway up and swaps the mpi provider.
func DemoPair() (before, after *DAG, want []Mutation) {
	before = New(Options{Seed: 5, Packages: 40, Envs: 2, Depth: 8})
	after = before.Clone()
	want = append(want, after.BumpVersion(before.Leaves()[0]))
	want = append(want, after.FlipVariant(before.Middle()[0]))
	want = append(want, after.SwapProvider())
	return before, after, want
}
