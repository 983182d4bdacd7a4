package diff_test

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/jsonv1"
	"github.com/cachediff/cachediff/snapshot"
)

// propRoot is a root of a drawn lockfile folder: its environment (a
// folder and its os), package, version, build (a rebuild's hash is
// another) and spelling.
type propRoot struct {
	env, pkg, version string
	build             int
	spelling          string
}

var propOS = map[string]string{"rhel": "rhel8", "ubuntu": "ubuntu22.04", "debian": "debian11"}

// propHash is the hash of a spec of env, drawn from its parts: one
// spec, one hash.
func propHash(parts ...string) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	var b strings.Builder
	for salt := 0; b.Len() < 32; salt++ {
		h := fnv.New64a()
		fmt.Fprint(h, salt, parts)
		v := h.Sum64()
		for range 12 {
			b.WriteByte(alphabet[v%32])
			v /= 32
		}
	}
	return b.String()[:32]
}

// propSpelling writes pkg at version in one of three ways that differ
// only in the version: hdf5, hdf5@1.0 and hdf5@=1.0 (a root written
// otherwise in more than its version is another root: removed and
// added).
func propSpelling(r *rand.Rand, pkg, version string) string {
	switch r.IntN(3) {
	case 0:
		return pkg
	case 1:
		return pkg + "@" + version
	default:
		return pkg + "@=" + version
	}
}

// drawRootFolders draws two lockfile folders' roots, old and new, of
// 2–3 environments: each old root kept, respelt, rebuilt, bumped (and
// respelt with its version), removed or moved to another environment,
// an environment's zlib rebuilt under all its roots, roots added, and
// now and then a root written twice in one environment.
func drawRootFolders(seed uint64) (old, cur []propRoot, zlibBuild map[string][2]int) {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	envs := []string{"rhel", "ubuntu", "debian"}
	r.Shuffle(len(envs), func(i, j int) { envs[i], envs[j] = envs[j], envs[i] })
	envs = envs[:2+r.IntN(2)]
	pkgs := []string{"hdf5", "cmake", "curl"}
	versions := []string{"1.0", "2.0", "3.0"}
	next := map[string]string{"1.0": "2.0", "2.0": "3.0", "3.0": "3.1"}
	zlibBuild = map[string][2]int{}
	for _, env := range envs {
		zb := [2]int{0, 0}
		if r.IntN(5) == 0 {
			zb[1] = 1
		}
		zlibBuild[env] = zb
		for range 1 + r.IntN(4) {
			pkg, v := pkgs[r.IntN(len(pkgs))], versions[r.IntN(len(versions))]
			old = append(old, propRoot{env, pkg, v, 0, propSpelling(r, pkg, v)})
			if r.IntN(8) == 0 { // the same spec rooted twice, written otherwise
				old = append(old, propRoot{env, pkg, v, 0, propSpelling(r, pkg, v)})
			}
		}
	}
	for _, x := range old {
		y := x
		if zlibBuild[x.env][1] != 0 {
			y.build++
		}
		switch k := r.IntN(20); {
		case k < 8:
		case k < 11:
			y.spelling = propSpelling(r, y.pkg, y.version)
		case k < 14:
			y.build++
			if r.IntN(2) == 0 {
				y.spelling = propSpelling(r, y.pkg, y.version)
			}
		case k < 16:
			y.version = next[y.version]
			y.spelling = strings.Replace(y.spelling, x.version, y.version, 1)
			if r.IntN(2) == 0 {
				y.spelling = propSpelling(r, y.pkg, y.version)
			}
		case k < 18:
			continue // removed
		default:
			y.env = envs[(slices.Index(envs, x.env)+1)%len(envs)]
			if zlibBuild[y.env][1] != 0 {
				y.build++
			}
		}
		cur = append(cur, y)
	}
	for range r.IntN(3) {
		env, pkg, v := envs[r.IntN(len(envs))], pkgs[r.IntN(len(pkgs))], versions[r.IntN(len(versions))]
		cur = append(cur, propRoot{env, pkg, v, 7, propSpelling(r, pkg, v)})
	}
	if len(cur) == 0 {
		// Every root removed and none added (seeds 11727, 20121, 21150):
		// a folder of no lockfile does not load. The first old root is
		// added again, rebuilt, with no draw: the other seeds' folders
		// stay as they were.
		x := old[0]
		cur = append(cur, propRoot{x.env, x.pkg, x.version, 7, x.spelling})
	}
	return old, cur, zlibBuild
}

// lockSource is a Source of lockfiles held in memory: display names
// are its prefix and the file's path.
type lockSource struct {
	prefix string
	files  map[string]string // slash path → content
}

func (s *lockSource) Path() string { return s.prefix }

func (s *lockSource) Walk(yield func(snapshot.File)) ([]snapshot.Warning, []*snapshot.Error) {
	names := make([]string, 0, len(s.files))
	for n := range s.files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		yield(snapshot.File{Name: s.prefix + "/" + n, Base: path.Base(n), Size: int64(len(s.files[n])), Handle: n})
	}
	return nil, nil
}

func (s *lockSource) Read(f snapshot.File, buf []byte) ([]byte, error) {
	return append(buf[:0], s.files[f.Handle.(string)]...), nil
}

// loadRootFolder loads roots as one spack.lock per environment of a
// folder named name, each root over its environment's zlib (of build
// side of zlib); shuffled, with its roots and specs in another order.
// A spec rooted under one spelling twice is rooted once.
func loadRootFolder(t *testing.T, name string, roots []propRoot, zlib map[string][2]int, side int, shuffle *rand.Rand) *snapshot.Snapshot {
	t.Helper()
	locks := map[string]*drawnLock{}
	var envs []string
	for _, x := range roots {
		l := locks[x.env]
		zh := propHash("zlib", x.env, fmt.Sprint(zlib[x.env][side]))
		if l == nil {
			l = &drawnLock{seen: map[string]bool{}}
			locks[x.env] = l
			envs = append(envs, x.env)
			l.specs = append(l.specs, fmt.Sprintf(`%q:{"name":"zlib","version":"1.3","arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"compiler":{"name":"gcc","version":"10"},"namespace":"builtin","parameters":{},"dependencies":[],"hash":%q}`,
				zh, propOS[x.env], zh))
		}
		h := propHash(x.env, x.pkg, x.version, fmt.Sprint(x.build))
		if !l.seen[h] {
			l.seen[h] = true
			l.specs = append(l.specs, fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"compiler":{"name":"gcc","version":"10"},"namespace":"builtin","parameters":{},"dependencies":[{"name":"zlib","hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}],"hash":%q}`,
				h, x.pkg, x.version, propOS[x.env], zh, h))
		}
		l.root(h, x.spelling)
	}
	return loadDrawnLocks(t, name, envs, locks, shuffle)
}

// Over drawn lockfile folders of 2–3 environments whose roots are kept,
// respelt, rebuilt, bumped, removed, moved and added: a folder against
// itself has no change; each diff holds its laws, is the mirror of the
// diff the other way round (its roots' spellings swapped), says no hash
// of a root both gone and come (rootHashesGoneAndCome), and is written
// byte for byte alike
// with the folders' roots and specs in another order.
//
// Seeds 626, 1438 and 1544 failed: spec counts not mirrored, or a root
// of one hash removed and added (TestRootRespeltWhateverTheCounts); 640
// too, a root's spec paired otherwise than its root
// (TestRootMateSpecsPairAsTheRoots), and 7428 and 9577 did with that
// pairing taken for a spec rooted twice, its roots paired with two.
// 2124, 4279 and 5460 did not mirror: a spec rooted twice paired with
// builds alike otherwise each way, and its root with another
// environment's (TestRootTwiceMateSpecsMirror,
// TestRootTwiceInItsEnvironment).
func TestRootsDrawnFolders(t *testing.T) {
	// Seeds that still fail, each a lead.
	knownBad := map[uint64]bool{}
	seeds := 250
	if testing.Short() {
		seeds = 60
	}
	for _, seed := range seedsAnd(uint64(seeds), 626, 640, 1438, 1544, 2124, 4279, 5460, 7428, 9577, 11727) {
		if knownBad[seed] {
			continue
		}
		checkRootFolders(t, seed)
	}
}

// lawfulCompare returns a diff of two drawn snapshots that fails the
// test on an error and marks it failed where the report breaks a law,
// naming the seed and the folders drawn (old and cur, as printed).
func lawfulCompare(t *testing.T, seed uint64, old, cur any) func(a, b *snapshot.Snapshot) *diff.Report {
	return func(a, b *snapshot.Snapshot) *diff.Report {
		t.Helper()
		r, err := diff.CompareWith(a, b, diff.Filter{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := r.CheckLaws(); err != nil {
			t.Errorf("seed %d: %v\nold %v\nnew %v", seed, err, old, cur)
		}
		return r
	}
}

// checkRootFolders checks the diffs of the folders drawRootFolders(seed)
// draws, as TestRootsDrawnFolders says.
func checkRootFolders(t *testing.T, seed uint64) {
	t.Helper()
	{
		old, cur, zlib := drawRootFolders(seed)
		o := loadRootFolder(t, "old", old, zlib, 0, nil)
		n := loadRootFolder(t, "new", cur, zlib, 1, nil)
		compare := lawfulCompare(t, seed, old, cur)
		for _, s := range []*snapshot.Snapshot{o, n} {
			r := compare(s, s)
			if l := rootLines(r); len(l) > 0 || r.Summary.Specs.Unchanged != r.Summary.Specs.Old {
				t.Errorf("seed %d: a folder against itself: roots %q, specs %+v", seed, l, r.Summary.Specs)
			}
		}
		fwd, back := compare(o, n), compare(n, o)
		checkMirrored(t, seed, fwd, back, old, cur)
		for _, r := range []*diff.Report{fwd, back} {
			for _, h := range rootHashesGoneAndCome(r) {
				t.Errorf("seed %d: a root of %s gone and come: %q\nold %v\nnew %v", seed, h, rootLines(r), old, cur)
			}
		}
		var want bytes.Buffer
		if err := jsonv1.JSON(&want, fwd); err != nil {
			t.Fatal(err)
		}
		shuffle := rand.New(rand.NewPCG(seed, 1))
		o2 := loadRootFolder(t, "old", old, zlib, 0, shuffle)
		n2 := loadRootFolder(t, "new", cur, zlib, 1, shuffle)
		var got bytes.Buffer
		if err := jsonv1.JSON(&got, compare(o2, n2)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("seed %d: the report of the folders shuffled differs\nold %v\nnew %v", seed, old, cur)
		}
	}
}

// A drawnLock is one environment's spack.lock of a drawn folder: its
// roots and specs as JSON members, and what it has written (a spec by
// hash, a root by hash and spelling).
type drawnLock struct {
	roots, specs []string
	seen         map[string]bool
}

// root roots the spec h under spelling, once.
func (l *drawnLock) root(h, spelling string) {
	if !l.seen[h+" "+spelling] {
		l.seen[h+" "+spelling] = true
		l.roots = append(l.roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, h, spelling))
	}
}

// loadDrawnLocks loads locks as one spack.lock per environment (in the
// order of envs) of a folder named name; shuffled, with each file's
// roots and specs in another order.
func loadDrawnLocks(t *testing.T, name string, envs []string, locks map[string]*drawnLock, shuffle *rand.Rand) *snapshot.Snapshot {
	t.Helper()
	src := &lockSource{prefix: name, files: map[string]string{}}
	for _, env := range envs {
		l := locks[env]
		if shuffle != nil {
			shuffle.Shuffle(len(l.roots), func(i, j int) { l.roots[i], l.roots[j] = l.roots[j], l.roots[i] })
			shuffle.Shuffle(len(l.specs), func(i, j int) { l.specs[i], l.specs[j] = l.specs[j], l.specs[i] })
		}
		src.files[env+"/spack.lock"] = `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` +
			strings.Join(l.roots, ",") + `],"concrete_specs":{` + strings.Join(l.specs, ",") + `}}`
	}
	s, err := snapshot.LoadFrom(src, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkMirrored fails the test where back, the diff of two drawn
// folders new → old, is not the mirror of fwd, old → new: its roots'
// lines, its specs' counts (rebuilt and updated together: which of the
// two a pair is may differ, its facets compared the other way), and
// the specs in each category by hash (specHashes): the same counts of
// other specs (one restacked each way, another unchanged; two builds
// alike paired crosswise) passed.
func checkMirrored(t *testing.T, seed uint64, fwd, back *diff.Report, old, cur any) {
	t.Helper()
	fl, bl := rootLines(fwd), rootLines(back)
	if want := mirrorRootLines(fl); !slices.Equal(bl, want) {
		t.Errorf("seed %d: roots new → old %q, want the mirror of old → new %q\nold %v\nnew %v", seed, bl, fl, old, cur)
	}
	f, b := fwd.Summary.Specs, back.Summary.Specs
	if f.Old != b.New || f.New != b.Old || f.Added != b.Removed || f.Removed != b.Added ||
		f.Unchanged != b.Unchanged || f.Restacked != b.Restacked || f.Rebuilt+f.Updated != b.Rebuilt+b.Updated {
		t.Errorf("seed %d: specs old → new %+v, new → old %+v: not mirrored\nold %v\nnew %v", seed, f, b, old, cur)
	}
	if fh, bh := specHashes(fwd, false), specHashes(back, true); !slices.Equal(fh, bh) {
		t.Errorf("seed %d: specs old → new %q, new → old (mirrored) %q\nold %v\nnew %v", seed, fh, bh, old, cur)
	}
}

// specHashes is r's specs by category and hash, sorted: "restacked H"
// (unchanged specs are the hashes both sides hold but these), "paired
// OLD>NEW" of the rebuilt and updated, "added H", "removed H"; mirror
// writes them as the diff the other way round would (NEW>OLD, added
// for removed).
func specHashes(r *diff.Report, mirror bool) []string {
	added, removed := "added ", "removed "
	if mirror {
		added, removed = removed, added
	}
	var out []string
	for _, p := range r.Packages {
		s := &p.Specs
		for _, x := range s.Restacked {
			out = append(out, "restacked "+x.Old.Hash)
		}
		for _, l := range [2][]diff.Pair{s.Rebuilt, s.Updated} {
			for _, x := range l {
				a, b := x.Old.Hash, x.New.Hash
				if mirror {
					a, b = b, a
				}
				out = append(out, "paired "+a+">"+b)
			}
		}
		for _, x := range s.Added {
			out = append(out, added+x.Hash)
		}
		for _, x := range s.Removed {
			out = append(out, removed+x.Hash)
		}
	}
	slices.Sort(out)
	return out
}

// rootHashesGoneAndCome returns the hashes r's roots say both gone from
// the old side (removed, or changed into another hash) and come on the
// new side (added, or another hash changed into it): one hash of one
// environment in two categories, where one of its roots is that root
// kept or respelt (renamed), as "removed l curl, added l curl@3.0" or
// "changed d>c hdf5>hdf5, added d hdf5@=3.0" said. Sorted.
func rootHashesGoneAndCome(r *diff.Report) []string {
	rc := r.Causes.Roots
	if rc == nil {
		return nil
	}
	gone, come := map[string]bool{}, map[string]bool{}
	for _, x := range rc.Removed {
		gone[x.Hash] = true
	}
	for _, y := range rc.Added {
		come[y.Hash] = true
	}
	for _, c := range rc.Changed {
		gone[c.Old.Hash], come[c.New.Hash] = true, true
	}
	var out []string
	for h := range gone {
		if come[h] {
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return out
}

// seedsAnd returns the seeds 0 to n-1, and then more.
func seedsAnd(n uint64, more ...uint64) []uint64 {
	out := make([]uint64, 0, int(n)+len(more))
	for s := range n {
		out = append(out, s)
	}
	return append(out, more...)
}
