package diff

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/cachediff/cachediff/snapshot"
)

// A generator of snapshot pairs for the engine's tests. In oracle mode
// every spec carries a unique id variant, so that each mutation can pair
// only one way and the truth counts are exact; otherwise facets come from
// small pools, so that many specs collide and the matching has real ties.

var (
	genCompilers = []string{"gcc@11.4.0", "gcc@13.2.0", "apple-clang@16.0.0", "llvm@18.1.8", "none"}
	genOSs       = []string{"ubuntu22.04", "ubuntu24.04", "sequoia", "rhel8"}
	genPlatforms = []string{"linux", "darwin"}
	genTargets   = []string{"x86_64_v3", "aarch64", "neoverse_v2", "x86_64_v4"}
	genStacks    = []string{"e4s", "ml-linux-x86_64-cpu", "ml-linux-aarch64-cuda", "tutorial", "hep"}
	genVersions  = []string{"1.0", "1.2.3", "2.0rc1", "2.0", "10.1", "develop"}
)

// truth counts what the generator did, for the oracle.
type truth struct {
	Counts
	packagesAdded, packagesRemoved int
}

type generator struct {
	r       *rand.Rand
	oracle  bool
	nextID  int
	hashSeq int
}

func newGenerator(seed uint64, oracle bool) *generator {
	return &generator{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), oracle: oracle}
}

func pick[T any](r *rand.Rand, l []T) T { return l[r.IntN(len(l))] }

// hash returns a fresh, valid, unique hash.
func (g *generator) hash() string {
	g.hashSeq++
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	var b strings.Builder
	n := g.hashSeq*7919 + g.r.IntN(1000)*1_000_003
	for i := 0; i < 32; i++ {
		b.WriteByte(alphabet[(n>>(i%20)+i*13+g.hashSeq)%32])
	}
	// make it unique for sure: encode the sequence number at the end
	s := []byte(b.String())
	for i, k := 31, g.hashSeq; k > 0 && i >= 24; i, k = i-1, k/32 {
		s[i] = alphabet[k%32]
	}
	return string(s)
}

func (g *generator) stacks() []string {
	var st []string
	for _, s := range genStacks {
		if g.r.IntN(3) == 0 {
			st = append(st, s)
		}
	}
	st = append(st, "root")
	slices.Sort(st)
	return st
}

func (g *generator) spec() snapshot.Spec {
	s := snapshot.Spec{
		Hash:     g.hash(),
		Versions: []string{pick(g.r, genVersions)},
		Compiler: pick(g.r, genCompilers),
		OS:       pick(g.r, genOSs),
		Platform: pick(g.r, genPlatforms),
		Target:   pick(g.r, genTargets),
		Variants: []string{"build_system=cmake", pick(g.r, []string{"+shared", "~shared"})},
		Stacks:   g.stacks(),
	}
	if g.oracle {
		g.nextID++
		// The id goes in two facets, so that an added and a removed spec
		// always differ in at least two and never pair as an update.
		// Its variant's name sorts after shared, where the loader
		// would list it.
		s.Variants = append(s.Variants, fmt.Sprintf("uid=%d", g.nextID))
		s.OS = fmt.Sprintf("%s-id%d", s.OS, g.nextID)
	}
	return s
}

// fresh returns a value of pool that differs from cur; in oracle mode a
// value never seen before.
func (g *generator) fresh(pool []string, cur string) string {
	if g.oracle {
		g.nextID++
		return fmt.Sprintf("%s-x%d", cur, g.nextID)
	}
	for {
		if v := pick(g.r, pool); v != cur {
			return v
		}
	}
}

// mutate returns the new side of s under a random mutation, and records it.
func (g *generator) mutate(s snapshot.Spec, t *truth) []snapshot.Spec {
	n := cloneSpec(s)
	switch k := g.r.IntN(12); {
	case k < 3:
		t.Unchanged++
	case k == 3:
		t.Restacked++
		for slices.Equal(n.Stacks, s.Stacks) {
			n.Stacks = g.stacks()
		}
	case k == 4:
		t.Rebuilt++
		n.Hash = g.hash()
	case k == 5:
		t.Removed++
		return nil
	case k == 6:
		t.Added++
		t.Unchanged++
		return []snapshot.Spec{n, g.spec()}
	default: // updated, one facet
		t.Updated++
		n.Hash = g.hash()
		switch f := k - 7; f {
		case 0:
			n.Versions = []string{g.fresh(genVersions, s.Versions[0])}
		case 1:
			n.Compiler = g.fresh(genCompilers, s.Compiler)
		case 2:
			n.Variants = slices.Clone(s.Variants)
			if n.Variants[1] == "+shared" {
				n.Variants[1] = "~shared"
			} else {
				n.Variants[1] = "+shared"
			}
		case 3:
			n.Target = g.fresh(genTargets, s.Target)
		case 4:
			if g.r.IntN(2) == 0 {
				n.OS = g.fresh(genOSs, s.OS)
			} else {
				n.Platform = g.fresh(genPlatforms, s.Platform)
			}
		}
	}
	return []snapshot.Spec{n}
}

func cloneSpec(s snapshot.Spec) snapshot.Spec {
	s.Versions = slices.Clone(s.Versions)
	s.Variants = slices.Clone(s.Variants)
	s.Stacks = slices.Clone(s.Stacks)
	return s
}

// pair generates an old and a new snapshot of about pkgs packages, and
// what was done to them.
func (g *generator) pair(pkgs int) (before, after *snapshot.Snapshot, t truth) {
	before = &snapshot.Snapshot{Path: "old", Tag: "develop-a", Canon: snapshot.RuleCounts{}}
	after = &snapshot.Snapshot{Path: "new", Tag: "develop-b", Canon: snapshot.RuleCounts{}}
	for i := range pkgs {
		name := fmt.Sprintf("pkg-%03d", i)
		op := &snapshot.Package{Name: name, Line: 6, Origin: &snapshot.Origin{File: "old/" + name + "/specs.md"}}
		np := &snapshot.Package{Name: name, Line: 6, Origin: &snapshot.Origin{File: "new/" + name + "/specs.md"}}
		switch g.r.IntN(10) {
		case 0: // package removed
			t.packagesRemoved++
			for range 1 + g.r.IntN(4) {
				op.Specs = append(op.Specs, g.spec())
				t.Removed++
			}
			np = nil
		case 1: // package added
			t.packagesAdded++
			for range 1 + g.r.IntN(4) {
				np.Specs = append(np.Specs, g.spec())
				t.Added++
			}
			op = nil
		default:
			for range 1 + g.r.IntN(12) {
				s := g.spec()
				op.Specs = append(op.Specs, s)
				np.Specs = append(np.Specs, g.mutate(s, &t)...)
			}
		}
		if op != nil {
			sortByHash(op.Specs)
			before.Packages = append(before.Packages, op)
		}
		if np != nil {
			sortByHash(np.Specs)
			after.Packages = append(after.Packages, np)
		}
	}
	t.Old, t.New = before.Specs(), after.Specs()
	return before, after, t
}

func sortByHash(specs []snapshot.Spec) {
	slices.SortFunc(specs, func(a, b snapshot.Spec) int { return strings.Compare(a.Hash, b.Hash) })
}
