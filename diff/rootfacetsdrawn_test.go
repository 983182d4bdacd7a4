package diff_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/snapshot"
)

// facetRoot is a lockfile root of pkg over lib<pkg> (of build mid) over
// its environment's zlib: its environment, version, compiler version,
// variant shared, build and spelling.
type facetRoot struct {
	env, pkg, version, compiler, variant string
	build, mid                           int
	spelling                             string
}

// facetArch is each environment's os and target: debian and debarm
// share an os, and differ in their target.
var facetArch = map[string][2]string{"rhel": {"rhel8", "x86_64"}, "ubuntu": {"ubuntu22.04", "x86_64"},
	"debian": {"debian11", "x86_64"}, "debarm": {"debian11", "aarch64"}}

// hash is the root's spec's hash: one spec, one hash.
func (x facetRoot) hash() string {
	return propHash(x.env, x.pkg, x.version, x.compiler, x.variant, strconv.Itoa(x.build), strconv.Itoa(x.mid))
}

// facetSpelling writes x in one of three ways that differ only in the
// version.
func facetSpelling(r *rand.Rand, x facetRoot) string {
	switch r.IntN(3) {
	case 1:
		return x.pkg + "@" + x.version
	case 2:
		return x.pkg + "@=" + x.version
	}
	return x.pkg
}

// drawFacetFolders draws two lockfile folders' roots, old and new, of
// 2–4 environments, roots of one package differing in compiler and
// variant too: roots rooted twice, spellings of several roots (split
// later), each old root kept, respelt, rebuilt, bumped, its variant or
// compiler changed, removed, moved, or respelt beside a root added under
// its new spelling, an environment's libraries rebuilt under all its
// roots, and roots added.
func drawFacetFolders(seed uint64) (old, cur []facetRoot) {
	r := rand.New(rand.NewPCG(seed, 0xabc))
	envs := []string{"rhel", "ubuntu", "debian", "debarm"}
	r.Shuffle(len(envs), func(i, j int) { envs[i], envs[j] = envs[j], envs[i] })
	envs = envs[:2+r.IntN(3)]
	pkgs := []string{"hdf5", "curl", "cmake"}
	versions := []string{"1.0", "2.0", "3.0"}
	other := map[string]string{"+shared": "~shared", "~shared": "+shared"}
	for _, env := range envs {
		for range 1 + r.IntN(5) {
			x := facetRoot{env: env, pkg: pkgs[r.IntN(len(pkgs))], version: versions[r.IntN(3)], compiler: []string{"10", "11"}[r.IntN(2)],
				variant: []string{"+shared", "~shared"}[r.IntN(2)], mid: r.IntN(2)}
			x.spelling = facetSpelling(r, x)
			old = append(old, x)
			if r.IntN(6) == 0 { // rooted twice
				y := x
				y.spelling = facetSpelling(r, x)
				old = append(old, y)
			}
			if r.IntN(5) == 0 { // another build under the same spelling
				y := x
				y.build = 3
				if r.IntN(2) == 0 {
					y.variant = other[x.variant]
				} else {
					y.version = versions[r.IntN(3)]
				}
				old = append(old, y)
			}
		}
	}
	libs := map[string]bool{}
	for _, env := range envs {
		libs[env] = r.IntN(4) == 0
	}
	for _, x := range old {
		y := x
		if libs[x.env] {
			y.mid += 10
		}
		switch k := r.IntN(24); {
		case k < 7:
		case k < 10:
			y.spelling = facetSpelling(r, y)
		case k < 13:
			y.build++
			if r.IntN(2) == 0 {
				y.spelling = facetSpelling(r, y)
			}
		case k < 15:
			y.version = versions[(slices.Index(versions, y.version)+1)%3] + ".1"
			y.spelling = facetSpelling(r, y)
		case k < 17:
			y.variant = other[y.variant]
			if r.IntN(2) == 0 {
				y.spelling = facetSpelling(r, y)
			}
		case k < 18:
			y.compiler = "12"
		case k < 20:
			continue // removed
		case k < 21:
			y.env = envs[(slices.Index(envs, x.env)+1)%len(envs)]
		default: // respelt, beside a root added under its new spelling
			y.spelling = facetSpelling(r, y)
			z := y
			z.build, z.version = 7, versions[r.IntN(3)]
			cur = append(cur, y, z)
			continue
		}
		cur = append(cur, y)
	}
	for range r.IntN(3) {
		x := facetRoot{env: envs[r.IntN(len(envs))], pkg: pkgs[r.IntN(3)], version: versions[r.IntN(3)], compiler: "10", variant: "+shared", build: 9}
		x.spelling = facetSpelling(r, x)
		cur = append(cur, x)
	}
	return old, cur
}

// loadFacetFolder loads roots as one spack.lock per environment of a
// folder named name; shuffled, with its roots and specs in another
// order.
func loadFacetFolder(t *testing.T, name string, roots []facetRoot, shuffle *rand.Rand) *snapshot.Snapshot {
	t.Helper()
	locks := map[string]*drawnLock{}
	var envs []string
	dep := func(name, h string) string {
		return fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, name, h)
	}
	for _, x := range roots {
		l := locks[x.env]
		if l == nil {
			l = &drawnLock{seen: map[string]bool{}}
			locks[x.env] = l
			envs = append(envs, x.env)
		}
		zh := propHash("zlib", x.env)
		l.spec(zh, "zlib", "1.3", "10", "", x.env, "")
		lib := "lib" + x.pkg
		lh := propHash(lib, x.env, strconv.Itoa(x.mid))
		l.spec(lh, lib, "1.0", "10", "", x.env, dep("zlib", zh))
		h := x.hash()
		l.spec(h, x.pkg, x.version, x.compiler, x.variant, x.env, dep(lib, lh)+","+dep("zlib", zh))
		l.root(h, x.spelling)
	}
	return loadDrawnLocks(t, name, envs, locks, shuffle)
}

// Over drawn lockfile folders of 2–4 environments whose roots of one
// package differ in compiler and variant too (drawFacetFolders): each
// diff, both ways round, holds its laws (render accepts it), a folder
// against itself has no change, and the report is written byte for
// byte alike with the folders' roots and specs in another order. Seeds
// 42, 79, 82, 138, 159, 221, 226, 236, 2167, 2568 and 2579 failed the
// laws (render refused the tool's own JSON): roots paired otherwise
// than respell renamed their stacks, a split spelling's new spelling
// taken by name, a new root paired twice, a root paired across
// environments while its own was left. Seeds 350, 370, 689, 821, 1209,
// 1257, 1277, 1403, 1558, 1596, 1758, 1839, 1921 and 1938 failed them
// too: a split spelling's root paired otherwise than respeltRoots split
// it, its stack kept or renamed as the pairs did not say
// (TestRootSplitKeepsItsMate and the tests beside it). Each diff also
// says no hash of a root both gone and come (rootHashesGoneAndCome):
// seeds 36, 217, 262, 367, 370, 608, 1446 and 290 others of 0–1999 said
// one (a root removed and added, or changed while its hash was added
// under another spelling: TestRootsOfTwoSpellingsJoinByHash,
// TestRootRespeltWhateverTheCounts). Seed 5726 broke the laws with a
// weak root's own spec moved out of its stack
// (TestRootWeakTakesTheRespeltSpelling). Seeds 3597, 4584, 4587, 5213
// and 6020 broke them new → old with a root of a split spelling paired
// with the new root a root of a spelling respelt whole had paired with
// (TestRootSplitTakesNoWholeSpellingsMate).
//
// Each diff is the mirror of the diff the other way round, its roots'
// lines and its specs' counts (checkMirrored), but for the seeds of
// facetsNotMirrored: the test checked no mirror before, and of seeds
// 0–1999, 33 said roots not mirrored and 142 counts, each a lead; 22
// and 139 since the roots of one hash pair alike both ways round
// (hashMates), a root whose hash the other side roots is changed into
// no other root, and the roots of a spelling several old ones go into
// pair in their environment (TestRootHashMatesMirror and the tests
// beside it; seeds 36, 52, 58, 65, 73, 101 and 1558 mirror now). Seed
// 528 (and 722, 888) holds an added root whose hash the old side roots
// under another spelling: paired as a removed root changed into it, its
// roots were not mirrored; no test but it skips such a root. Seeds 18,
// 37, 69, 76, 133, 151, 168, 217, 269, 821, 1446 and 1839 mirror (of
// 0–1999, 81 fail, 22 roots and 64 counts) since a spec of a spelling
// respelt root by root compares the spellings that go whole into it
// the other way round as one, and a weak root takes those alone
// (TestRootMergedSpellingStacksMirror and the tests beside it). The
// mirror compares the specs of each category by hash too: seeds 13,
// 1277 and 3597 paired builds alike crosswise one way round, the counts
// alike (TestRootMatesOfOneKeyMirror).
func TestRootsDrawnFacetFolders(t *testing.T) {
	seeds := uint64(300)
	if testing.Short() {
		seeds = 60
	}
	for _, seed := range seedsAnd(seeds, 350, 367, 370, 528, 608, 689, 821, 1209, 1257, 1277, 1403, 1446, 1558, 1596, 1758, 1839, 1921, 1938, 2167, 2568, 2579, 3597, 4584, 4587, 5213, 5726, 6020) {
		checkFacetFolders(t, seed)
	}
}

// facetsNotMirrored are the seeds of TestRootsDrawnFacetFolders whose
// diffs are not yet the mirror of each other's: none. 225 (and 14 more
// of 0–1999 when checked) mirrors since a root left over of a spelling
// both sides write takes, in its environment, a root of a spelling the
// other way round split (TestRootLeftTakesSplitBackSpelling). 273,
// which paired builds alike of ubuntu's curl crosswise, mirrors since
// each side's builds alike are ordered by its own stacks
// (TestTwinsOrderedByTheirOwnStacks). Seeds 25, 64, 86, 91, 177, 203,
// 208, 218, 226, 237, 275 and 1257 mirror since a spec is restacked only
// when its stacks differ both ways round: a spec restacked one way
// round and unchanged the other, beside a root that joins a spelling
// another root is respelt into one way alone
// (TestRootStacksAlikeOtherWayMirror).
var facetsNotMirrored = map[uint64]bool{}

// checkFacetFolders checks the diffs of the folders drawFacetFolders(seed)
// draws, as TestRootsDrawnFacetFolders says.
func checkFacetFolders(t *testing.T, seed uint64) {
	t.Helper()
	old, cur := drawFacetFolders(seed)
	checkFacetRoots(t, seed, old, cur)
}

// checkFacetRoots checks the diffs of the folders of old and cur (drawn
// of seed, which the messages name) as TestRootsDrawnFacetFolders says,
// and returns them, old → new and new → old.
func checkFacetRoots(t *testing.T, seed uint64, old, cur []facetRoot) (fwd, back *diff.Report) {
	t.Helper()
	compare := lawfulCompare(t, seed, old, cur)
	o, n := loadFacetFolder(t, "old", old, nil), loadFacetFolder(t, "new", cur, nil)
	for _, s := range []*snapshot.Snapshot{o, n} {
		if r := compare(s, s); len(rootLines(r)) > 0 || r.Summary.Specs.Unchanged != r.Summary.Specs.Old {
			t.Errorf("seed %d: a folder against itself: roots %q, specs %+v", seed, rootLines(r), r.Summary.Specs)
		}
	}
	fwd, back = compare(o, n), compare(n, o)
	if !facetsNotMirrored[seed] {
		checkMirrored(t, seed, fwd, back, old, cur)
	}
	for _, r := range []*diff.Report{fwd, back} {
		for _, h := range rootHashesGoneAndCome(r) {
			t.Errorf("seed %d: a root of %s gone and come: %q\nold %v\nnew %v", seed, h, rootLines(r), old, cur)
		}
	}
	var want, got bytes.Buffer
	if err := jsonv1.JSON(&want, fwd); err != nil {
		t.Fatal(err)
	}
	shuffle := rand.New(rand.NewPCG(seed, 1))
	if err := jsonv1.JSON(&got, compare(loadFacetFolder(t, "old", old, shuffle), loadFacetFolder(t, "new", cur, shuffle))); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("seed %d: the report of the folders shuffled differs\nold %v\nnew %v", seed, old, cur)
	}
	return fwd, back
}

// spec writes the spec h of name@version, built by gcc@compiler, of
// variant ("", "+shared" or "~shared") on env, depending on deps (JSON
// members), once.
func (l *drawnLock) spec(h, name, version, compiler, variant, env, deps string) {
	if l.seen[h] {
		return
	}
	l.seen[h] = true
	a := facetArch[env]
	params := "{}"
	if variant != "" {
		params = fmt.Sprintf(`{"shared":%v}`, variant == "+shared")
	}
	l.specs = append(l.specs, fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":%q,"target":%q},"compiler":{"name":"gcc","version":%q},"namespace":"builtin","parameters":%s,"dependencies":[%s],"hash":%q}`,
		h, name, version, a[0], a[1], compiler, params, deps, h))
}
