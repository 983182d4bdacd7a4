package diff_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// twBuild is a build of a drawn lockfile (twDraw): its package (index),
// version, variants, target, salt (a build's own seed: two builds alike
// but for it are identical twins, of two hashes) and dependencies (ids).
type twBuild struct {
	pkg             int
	version, target string
	a, b            bool
	salt            string
	deps            [][2]int
}

// twDraw draws a lockfile's builds: n packages, each of 1 to 5 builds,
// most builds past the first its twins (the first's version, variants
// and target: alike but for their dependencies, or identical), each
// over up to 3 builds of packages before it and, where cyclic, now and
// then one of a package after it (bad input: a cycle of specs).
func twDraw(rng *rand.Rand, n int, cyclic bool) map[[2]int]*twBuild {
	builds := map[[2]int]*twBuild{}
	twin := map[[2]int]bool{} // over the first build's dependencies
	count := make([]int, n)
	versions := []string{"1.0", "1.1", "2.0"}
	targets := []string{"x86_64", "x86_64_v3"}
	for p := range n {
		count[p] = 1 + rng.IntN(5)
		for b := range count[p] {
			x := &twBuild{pkg: p, version: versions[rng.IntN(3)], target: targets[rng.IntN(2)],
				a: rng.IntN(2) == 0, b: rng.IntN(2) == 0, salt: fmt.Sprint(b)}
			if first := builds[[2]int{p, 0}]; b > 0 && rng.IntN(10) < 9 {
				x.a, x.b, x.target = first.a, first.b, first.target
				if rng.IntN(3) == 0 {
					x.version = first.version
				}
				twin[[2]int{p, b}] = rng.IntN(2) == 0
			}
			builds[[2]int{p, b}] = x
		}
	}
	for _, id := range slices.SortedFunc(maps.Keys(builds), twCompare) {
		x := builds[id]
		if id[0] == 0 {
			continue
		}
		if twin[id] {
			x.deps = slices.Clone(builds[[2]int{id[0], 0}].deps)
			continue
		}
		used := map[int]bool{}
		for range rng.IntN(4) {
			q := rng.IntN(id[0])
			if !used[q] {
				used[q] = true
				x.deps = append(x.deps, [2]int{q, rng.IntN(count[q])})
			}
		}
		if cyclic && rng.IntN(12) == 0 && id[0]+1 < n {
			q := id[0] + 1 + rng.IntN(n-id[0]-1)
			if !used[q] {
				x.deps = append(x.deps, [2]int{q, rng.IntN(count[q])})
			}
		}
	}
	return builds
}

// twMix is a bijective mix of x's bits (SplitMix64's finalizer).
func twMix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// twCompare orders builds' ids.
func twCompare(a, b [2]int) int {
	if a[0] != b[0] {
		return a[0] - b[0]
	}
	return a[1] - b[1]
}

// twMutate draws the new side from old: per package, its builds bumped
// or one of them, one rebuilt (a new salt) or of other variants, one
// dropped (its users over the first left), an extra build (a copy of
// the first, maybe bumped, an identical twin where not), an edge added
// or dropped.
func twMutate(rng *rand.Rand, old map[[2]int]*twBuild) map[[2]int]*twBuild {
	out := make(map[[2]int]*twBuild, len(old))
	byPkg := map[int][][2]int{}
	for _, id := range slices.SortedFunc(maps.Keys(old), twCompare) {
		x := *old[id]
		x.deps = slices.Clone(x.deps)
		out[id] = &x
		byPkg[id[0]] = append(byPkg[id[0]], id)
	}
	for p := range len(byPkg) {
		l := byPkg[p]
		pick := l[rng.IntN(len(l))]
		switch r := rng.IntN(100); {
		case r < 25:
			v := []string{"3.0", "3.1", "1.0"}[rng.IntN(3)]
			for _, id := range l {
				out[id].version = v
			}
		case r < 32:
			out[pick].version = fmt.Sprintf("4.%d", rng.IntN(3))
		case r < 39:
			out[pick].salt += "r"
		case r < 44:
			out[pick].a, out[pick].b = rng.IntN(2) == 0, true
		case r < 49 && len(l) > 1 && pick != l[0]:
			delete(out, pick)
			for _, x := range out {
				for i, d := range x.deps {
					if d == pick {
						x.deps[i] = l[0]
					}
				}
			}
		case r < 54:
			x := *out[l[0]]
			x.deps = slices.Clone(x.deps)
			x.salt = fmt.Sprint("x", len(l))
			if rng.IntN(2) == 0 {
				x.version = "9.9"
			}
			out[[2]int{p, 10 + len(l)}] = &x
		case r < 58:
			x := out[pick]
			if len(x.deps) > 0 && rng.IntN(2) == 0 {
				x.deps = slices.Delete(x.deps, 0, 1)
			} else if p > 0 {
				q := rng.IntN(p)
				if d := byPkg[q][rng.IntN(len(byPkg[q]))]; out[d] != nil && !slices.ContainsFunc(x.deps, func(d [2]int) bool { return d[0] == q }) {
					x.deps = append(x.deps, d)
				}
			}
		}
	}
	return out
}

// twLockfile writes builds as a Spack lockfile, each build's hash its
// content's (label, name, facets, salt, its dependencies' hashes) mixed
// until no hash changes, at most as many rounds as the builds and two
// (a cycle's hashes never settle), the specs in an order drawn by rng;
// each build no other is over a root. id takes each hash to its build.
func twLockfile(rng *rand.Rand, builds map[[2]int]*twBuild, label string, id map[string][2]int) string {
	ids := slices.SortedFunc(maps.Keys(builds), twCompare)
	name := func(p int) string { return fmt.Sprintf("pkg%02d", p) }
	// Each build's own content, then rounds mixing in its dependencies'
	// (a sum: a multiset, unsorted), until no hash changes.
	own := make(map[[2]int]uint64, len(ids))
	for _, x := range ids {
		b := builds[x]
		own[x] = hashString(fmt.Sprintf("%s|%s|%s|%s|%v|%v|%s", label, name(b.pkg), b.version, b.target, b.a, b.b, b.salt))
	}
	hash := maps.Clone(own)
	for range len(ids) + 2 {
		next := make(map[[2]int]uint64, len(ids))
		for _, x := range ids {
			h := own[x]
			for _, d := range builds[x].deps {
				h += twMix(hash[d])
			}
			next[x] = twMix(h)
		}
		if maps.Equal(next, hash) {
			break
		}
		hash = next
	}
	text := make(map[[2]int]string, len(ids))
	for _, x := range ids {
		h, l := hash[x], make([]byte, 32)
		for i := range l {
			l[i] = byte('a' + h%26)
			h = h/26 ^ twMix(uint64(i)+hash[x])
		}
		text[x] = string(l)
	}
	used := map[[2]int]bool{}
	for _, x := range ids {
		for _, d := range builds[x].deps {
			used[d] = true
		}
	}
	var roots, specs []string
	for _, i := range rng.Perm(len(ids)) {
		x := ids[i]
		b := builds[x]
		id[text[x]] = x
		if !used[x] {
			roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, text[x], name(b.pkg)))
		}
		var deps []string
		for _, d := range b.deps {
			deps = append(deps, fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":[]}}`, name(d[0]), text[d]))
		}
		specs = append(specs, fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":"rhel9","target":%q},"compiler":{"name":"gcc","version":"13"},"namespace":"builtin","parameters":{"a":%v,"b":%v},"dependencies":[%s],"hash":%q}`,
			text[x], name(b.pkg), b.version, b.target, b.a, b.b, strings.Join(deps, ","), text[x]))
	}
	if len(roots) == 0 { // every build in a cycle
		roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, text[ids[0]], name(ids[0][0])))
	}
	return `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` +
		strings.Join(roots, ",") + `],"concrete_specs":{` + strings.Join(specs, ",") + `}}`
}

// Random lockfiles of packages of several builds, most of them twins
// (one version, variants and target: alike but for their dependencies,
// or identical), some over a package after them (cycles of specs: bad
// input), against a new side bumped, rebuilt, dropped, extended and
// re-wired: new → old pairs the specs as old → new does, by their
// builds, and every report holds its laws. Ordered among specs of one
// structKey as the passes paired them, two identical new builds of a
// package, its old builds of two versions, paired crossed one way
// against the other (TestAlikeTwinsMirror).
func TestLockfileTwinsMirror(t *testing.T) {
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 8200))
		old := twDraw(rng, 8+rng.IntN(8), seed%2 == 1)
		nw := twMutate(rng, old)
		id := map[string][2]int{}
		label := fmt.Sprint(seed)
		o := loadIndex(t, "old/spack.lock", twLockfile(rng, old, label, id))
		n := loadIndex(t, "new/spack.lock", twLockfile(rng, nw, label, id))
		forth := compareLawful(t, o, n, diff.Filter{})
		back := compareLawful(t, n, o, diff.Filter{})
		// The pairs mirrored (the laws hold each report: the specs left
		// over are those of no pair, and mirror too).
		f, _ := pairsOf(forth)
		b, _ := pairsOf(back)
		var differ []string
		for x, y := range f {
			if b[y] != x {
				differ = append(differ, fmt.Sprintf("%v→%v", id[x], id[y]))
			}
		}
		if len(differ) > 0 || len(f) != len(b) {
			slices.Sort(differ)
			t.Fatalf("seed %d: new → old is not the mirror of old → new: pairs %v only old → new (%d pairs, %d back)", seed, differ, len(f), len(b))
		}
	}
}
