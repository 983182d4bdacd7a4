package diff_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// laBuild is a build of a drawn lockfile folder: its package, version,
// variant and dependencies (their keys). Its key names it whole, so
// that one build in two environments is one spec, of one hash.
type laBuild struct {
	name, version string
	shared        bool
	deps          []string
}

func (b laBuild) key() string {
	return fmt.Sprintf("%s@%s%v^(%s)", b.name, b.version, b.shared, strings.Join(b.deps, ","))
}

// laEnv is an environment drawn: its builds by key and its roots (how
// each is written, and its build's key).
type laEnv struct {
	builds map[string]laBuild
	roots  [][2]string
}

// laPackages are the packages drawn, dependencies first: each's
// versions and dependencies.
var laPackages = []struct {
	name     string
	versions []string
	deps     []string
}{
	{"zlib", []string{"1.3"}, nil},
	{"openssl", []string{"1.1", "3.0"}, []string{"zlib"}},
	{"curl", []string{"8.0"}, []string{"openssl", "zlib"}},
	{"git", []string{"2.4"}, []string{"curl", "openssl"}},
	{"cmake", []string{"3.2"}, []string{"curl"}},
}

// laDraw draws an environment: each package of each environment one
// build of a version and variant drawn over its dependencies' builds,
// a second build of openssl and curl now and then (a root over each),
// and git and cmake its roots. Builds of one package and facets over
// other dependencies look alike: their class is paired by its edges.
func laDraw(rng *rand.Rand) laEnv {
	e := laEnv{builds: map[string]laBuild{}}
	var builds = map[string][]string{} // each package's builds' keys
	for _, p := range laPackages {
		n := 1
		if (p.name == "openssl" || p.name == "curl") && rng.IntN(3) == 0 {
			n = 2
		}
		for range n {
			b := laBuild{name: p.name, version: p.versions[rng.IntN(len(p.versions))], shared: rng.IntN(4) != 0}
			for _, d := range p.deps {
				l := builds[d]
				b.deps = append(b.deps, l[rng.IntN(len(l))])
			}
			slices.Sort(b.deps)
			k := b.key()
			if _, ok := e.builds[k]; ok {
				continue
			}
			e.builds[k] = b
			builds[p.name] = append(builds[p.name], k)
			if n == 2 || p.name == "git" || p.name == "cmake" {
				e.roots = append(e.roots, [2]string{p.name + "@" + b.version, k})
			}
		}
	}
	return e
}

// laMutate draws the new side of an environment from its old one: a
// build bumped or rebuilt over a dependency drawn again (its users
// rebuilt with it), a second build dropped or added.
func laMutate(rng *rand.Rand, e laEnv) laEnv {
	out := laEnv{builds: map[string]laBuild{}}
	moved := map[string]string{} // old key → new key
	order := slices.Sorted(maps.Keys(e.builds))
	// The builds dependencies first: a key's dependencies were drawn
	// before it, package by package.
	rank := map[string]int{}
	for i, p := range laPackages {
		rank[p.name] = i
	}
	slices.SortStableFunc(order, func(a, b string) int { return rank[e.builds[a].name] - rank[e.builds[b].name] })
	drop := ""
	if rng.IntN(3) == 0 {
		var seconds []string
		for _, r := range e.roots {
			if n := e.builds[r[1]].name; n == "openssl" || n == "curl" {
				seconds = append(seconds, r[1])
			}
		}
		if len(seconds) > 0 {
			drop = seconds[rng.IntN(len(seconds))]
		}
	}
	for _, k := range order {
		b := e.builds[k]
		nb := laBuild{name: b.name, version: b.version, shared: b.shared}
		for _, d := range b.deps {
			if m, ok := moved[d]; ok {
				d = m
			}
			nb.deps = append(nb.deps, d)
		}
		slices.Sort(nb.deps)
		switch rng.IntN(8) {
		case 0:
			nb.version += ".1"
		case 1:
			nb.shared = !nb.shared
		}
		if k == drop && rng.IntN(2) == 0 {
			// Its users keep the other build, drawn before it.
			for _, o := range order {
				if o != k && e.builds[o].name == b.name && moved[o] != "" {
					moved[k] = moved[o]
					break
				}
			}
			if moved[k] != "" {
				continue
			}
		}
		nk := nb.key()
		moved[k] = nk
		out.builds[nk] = nb
	}
	for _, r := range e.roots {
		if nk, ok := out.builds[moved[r[1]]]; ok {
			out.roots = append(out.roots, [2]string{r[0], nk.key()})
		}
	}
	if rng.IntN(3) == 0 {
		// An extra build of curl over the other openssl (of a facet
		// class one side alone has more of).
		var curl laBuild
		for _, k := range slices.Sorted(maps.Keys(out.builds)) {
			if b := out.builds[k]; b.name == "curl" {
				curl = b
				break
			}
		}
		if curl.name != "" {
			for _, k := range slices.Sorted(maps.Keys(out.builds)) {
				if b := out.builds[k]; b.name == "openssl" && !slices.Contains(curl.deps, k) {
					x := laBuild{name: "curl", version: curl.version, shared: curl.shared}
					for _, d := range curl.deps {
						if out.builds[d].name == "openssl" {
							d = k
						}
						x.deps = append(x.deps, d)
					}
					slices.Sort(x.deps)
					out.builds[x.key()] = x
					out.roots = append(out.roots, [2]string{"curl@" + x.version, x.key()})
					break
				}
			}
		}
	}
	return out
}

// laFiles is each environment's spack.lock (envN/spack.lock), each
// build's hash drawn from its key and salt (hash[key], id[hash]).
func laFiles(envs []laEnv, salt string, id map[string]string) memFolder {
	hash := func(k string) string {
		s := sha256.Sum256([]byte(salt + "\x00" + k))
		h := strings.Map(func(r rune) rune { return 'a' + (r % 26) }, hex.EncodeToString(s[:16]))
		id[h] = k
		return h
	}
	var files memFolder
	for x, e := range envs {
		var roots, specs []string
		for _, r := range e.roots {
			roots = append(roots, fmt.Sprintf(`{"hash":%q,"spec":%q}`, hash(r[1]), r[0]))
		}
		for _, k := range slices.Sorted(maps.Keys(e.builds)) {
			b := e.builds[k]
			var deps []string
			for _, d := range b.deps {
				deps = append(deps, fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":["build","link"],"virtuals":[]}}`, e.builds[d].name, hash(d)))
			}
			specs = append(specs, fmt.Sprintf(`%q:{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":"rhel8","target":"x86_64"},"compiler":{"name":"gcc","version":"10"},"namespace":"builtin","parameters":{"shared":%v},"dependencies":[%s],"hash":%q}`,
				hash(k), b.name, b.version, b.shared, strings.Join(deps, ","), hash(k)))
		}
		data := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` +
			strings.Join(roots, ",") + `],"concrete_specs":{` + strings.Join(specs, ",") + `}}`
		files = append(files, [2]string{fmt.Sprintf("env%d/spack.lock", x), data})
	}
	return files
}

// laWrite writes each environment's spack.lock under dir (laFiles) and
// loads the folder.
func laWrite(t *testing.T, dir string, envs []laEnv, salt string, id map[string]string) *snapshot.Snapshot {
	t.Helper()
	for _, f := range laFiles(envs, salt, id) {
		path := filepath.Join(dir, filepath.FromSlash(f[0]))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(f[1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := snapshot.Load(dir, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// laLoad loads from memory the folder laWrite writes under dir: the
// same snapshot (TestLockfileFolderFromMemory), without the folders,
// the writes and the reads.
func laLoad(t *testing.T, dir string, envs []laEnv, salt string, id map[string]string) *snapshot.Snapshot {
	t.Helper()
	s, err := snapshot.LoadFrom(memSource{dir, laFiles(envs, salt, id)}, snapshot.Options{Shared: &indexShared})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// memFolder is a folder's files held in memory, each its path in the
// folder (slashed) and its text, sorted by path as a walk of the
// folder yields them.
type memFolder [][2]string

// memSource is a Source of a folder held in memory, named dir (the
// folder on disk it stands for): its files as a walk of the folder
// yields them.
type memSource struct {
	dir   string
	files memFolder
}

func (s memSource) Path() string { return s.dir }

func (s memSource) Walk(yield func(snapshot.File)) ([]snapshot.Warning, []*snapshot.Error) {
	for i, f := range s.files {
		yield(snapshot.File{Name: filepath.Join(s.dir, filepath.FromSlash(f[0])), Base: path.Base(f[0]), Size: int64(len(f[1])), Handle: i})
	}
	return nil, nil
}

func (s memSource) Read(f snapshot.File, buf []byte) ([]byte, error) {
	return append(buf[:0], s.files[f.Handle.(int)][1]...), nil
}

// laDrawFolders draws the old and the new folder of seed: 2 or 3
// environments, each new one a mutation of its old one.
func laDrawFolders(seed uint64) (olds, news []laEnv) {
	rng := rand.New(rand.NewPCG(seed, 8100))
	for range 2 + rng.IntN(2) {
		e := laDraw(rng)
		olds = append(olds, e)
		news = append(news, laMutate(rng, e))
	}
	return olds, news
}

// laLoad loads what laWrite loads from the folder it writes: the same
// snapshot, path and names included, Load after Load of drawn folders
// (both sides, two labellings).
func TestLockfileFolderFromMemory(t *testing.T) {
	for seed := range uint64(12) {
		olds, news := laDrawFolders(seed)
		for salt := range 2 {
			for side, envs := range [][]laEnv{olds, news} {
				dir := filepath.Join(t.TempDir(), "old")
				disk := laWrite(t, dir, envs, fmt.Sprint(salt), map[string]string{})
				if mem := laLoad(t, dir, envs, fmt.Sprint(salt), map[string]string{}); !reflect.DeepEqual(disk, mem) {
					t.Fatalf("seed %d, labelling %d, side %d: from memory\n%+v\nfrom the folder\n%+v", seed, salt, side, mem, disk)
				}
			}
		}
	}
}

// Random lockfile folders of 2 or 3 environments on one platform, whose
// builds of curl and openssl look alike (one package and facets over
// other dependencies), some bumped, rebuilt, dropped or added, so that
// a facet class has specs left over on one side: new → old pairs the
// specs as old → new does, by hashes, the pairs are the same under two
// labellings of the hashes, and every report holds its laws. Paired
// each way alone, a folder's curl builds paired forward one way, the
// edges matching the pairing backward (3 folders of 96).
func TestLockfileFoldersAlikeMirror(t *testing.T) {
	dir := "lockfolders" // named, not written: laLoad loads from memory
	for seed := range uint64(240) {
		olds, news := laDrawFolders(seed)
		var first map[string]string
		for salt := range 2 {
			id := map[string]string{}
			base := filepath.Join(dir, fmt.Sprintf("%d-%d", seed, salt))
			o := laLoad(t, filepath.Join(base, "old"), olds, fmt.Sprint(salt), id)
			n := laLoad(t, filepath.Join(base, "new"), news, fmt.Sprint(salt), id)
			forth := pairIDs(compareLawful(t, o, n, diff.Filter{}), id, false)
			back := pairIDs(compareLawful(t, n, o, diff.Filter{}), id, true)
			if !maps.Equal(forth, back) {
				t.Fatalf("seed %d, labelling %d: new → old pairs %v, old → new %v", seed, salt, laDiffer(back, forth), laDiffer(forth, back))
			}
			if salt == 0 {
				first = forth
			} else if !maps.Equal(forth, first) {
				t.Fatalf("seed %d: pairs %v under the second labelling, %v under the first", seed, laDiffer(forth, first), laDiffer(first, forth))
			}
		}
	}
}

// laDiffer is the pairs of a (old key to new key) that b has not, each
// key shortened to its package and a hash of it, for messages.
func laDiffer(a, b map[string]string) []string {
	short := func(k string) string {
		s := sha256.Sum256([]byte(k))
		return k[:strings.IndexByte(k, '@')] + "#" + hex.EncodeToString(s[:3])
	}
	var l []string
	for o, n := range a {
		if b[o] != n {
			l = append(l, short(o)+"→"+short(n))
		}
	}
	slices.Sort(l)
	return l
}
