package snapshot

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/spackfmt"
)

// Memory of Spack files (issue 35, items 8, 15 and 19): measured by bytes
// allocated and by the heap a loaded snapshot keeps, never by the clock.

// specFileN is a spec file (format 5) of the shape a build cache's
// build_cache/ folder holds: package pkg<i>, built with a compiler
// dependency that every file shares, about 800 bytes.
func specFileN(i int) string {
	node := func(name, version, hash string, deps string) string {
		return fmt.Sprintf(`{"name":%q,"version":%q,"arch":{"platform":"linux","platform_os":"ubuntu24.04","target":{"name":"x86_64_v3","vendor":"GenuineIntel","features":["avx","avx2"]}},`+
			`"namespace":"builtin","parameters":{"build_system":"cmake","shared":true,"cflags":[],"cxxflags":[]},"package_hash":"%s",%s"hash":%q}`,
			name, version, strings.Repeat("p", 32), deps, hash)
	}
	dep := fmt.Sprintf(`"dependencies":[{"name":"gcc","hash":%q,"parameters":{"deptypes":["build"],"virtuals":["c","cxx"]}}],`, hashN(1))
	return `{"spec":{"_meta":{"version":5},"nodes":[` + "\n" +
		node(fmt.Sprintf("pkg%d", i), "1.0", hashN(i+2), dep) + ",\n" +
		node("gcc", "13.2.0", hashN(1), "") + "\n]}}\n"
}

// writeSpecFolder writes n spec files under a new folder and returns it
// and the bytes written.
func writeSpecFolder(t *testing.T, n int) (string, int) {
	t.Helper()
	dir := t.TempDir()
	size := 0
	for i := range n {
		data := specFileN(i)
		size += len(data)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("pkg%d.spec.json", i)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, size
}

// loadCost loads path and returns the bytes allocated meanwhile and the
// heap the snapshot keeps (after a collection, against one before).
func loadCost(t *testing.T, path string) (alloc, kept uint64, snap *Snapshot) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	snap, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	alloc = after.TotalAlloc - before.TotalAlloc
	// Two collections: the second empties what sync.Pools keep (the
	// decoder's intern tables), which is no part of the snapshot.
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&after)
	if after.HeapAlloc > before.HeapAlloc {
		kept = after.HeapAlloc - before.HeapAlloc
	}
	runtime.KeepAlive(snap)
	return alloc, kept, snap
}

// Item 8: each spec file's decoder carved its nodes, edges and lists out
// of blocks of 4 MB, which the specs then kept alive: a folder of
// 1,000 spec files of 800 bytes kept over a gigabyte. A folder of 4x the
// files allocates at most 4.4x, and keeps within 4x its bytes.
func TestSpecFolderMemory(t *testing.T) {
	n := 100
	if !testing.Short() {
		n = 400
	}
	var allocs [2]uint64
	var sizes [2]int
	for k, files := range []int{n, 4 * n} {
		dir, size := writeSpecFolder(t, files)
		alloc, kept, snap := loadCost(t, dir)
		// Each file's root; the compiler they all depend on has no
		// spec file, and is no spec of the folder.
		if got := snap.Specs(); got != files {
			t.Fatalf("%d files: %d specs, want %d", files, got, files)
		}
		t.Logf("%d files, %d bytes: allocated %d (%.1fx), kept %d (%.2fx)", files, size, alloc, float64(alloc)/float64(size), kept, float64(kept)/float64(size))
		if kept > 4*uint64(size) {
			t.Errorf("%d files of %d bytes keep %d bytes: over 4x the input", files, size, kept)
		}
		allocs[k], sizes[k] = alloc, size
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 {
		t.Errorf("4x the files allocate %.2fx the bytes (%d, then %d)", r, allocs[0], allocs[1])
	}
	// What each more file costs (a Load's own state, made once per
	// goroutine, is left out): each file's decoder allocated megabytes,
	// 4,500x the input.
	if extra := float64(allocs[1]-allocs[0]) / float64(sizes[1]-sizes[0]); extra > 40 {
		t.Errorf("each more byte of spec files allocates %.0f bytes: over 40", extra)
	}
}

// conflictSnapshot is n Spack files that each list hash h1: those of
// even i as zlib@1.0 (alike), those of odd i each with a version of its
// own, and a recipe hash on a few only.
func conflictSnapshot(n int) *Snapshot {
	s := &Snapshot{Path: "x"}
	for i := range n {
		version := "1.0"
		if i%2 == 1 {
			version = fmt.Sprintf("1.%d", i)
		}
		recipe := ""
		if i%7 == 0 {
			recipe = fmt.Sprintf("r%d", i%3)
		}
		sp := Spec{Hash: hashN(1), Versions: []string{version}, Compiler: "gcc@13", More: &SpecMore{Recipe: recipe, Deps: []Dep{}, line: 2}}
		s.Packages = append(s.Packages, &Package{Name: "zlib", Specs: []Spec{sp}, Origin: &Origin{File: fmt.Sprintf("f%05d.spec.json", i), merge: true}})
	}
	return s
}

// Item 15: Spack files that disagree on one hash kept, for each file, the
// list of every other file it disagrees with (N² entries: +250 MB at
// 4,000 files) and compared every pair. 4x the files allocate at most
// 4.4x, and each file's message stays short.
func TestSpackConflictsLinear(t *testing.T) {
	n := 250
	var allocs [2]uint64
	for k, files := range []int{n, 4 * n} {
		s := conflictSnapshot(files)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		errs := s.spackConflicts()
		runtime.ReadMemStats(&after)
		allocs[k] = after.TotalAlloc - before.TotalAlloc
		t.Logf("%d files in conflict: allocated %d", files, allocs[k])
		// Every odd file differs from every other; an even one from the
		// odd ones, and from the evens whose recipe is another.
		if len(errs) != files {
			t.Fatalf("%d files: %d in conflict, want all", files, len(errs))
		}
		for f, e := range errs {
			if len(e.Msg) > 400 {
				t.Errorf("%s: message of %d bytes: %.200s…", f, len(e.Msg), e.Msg)
			}
		}
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 {
		t.Errorf("4x the files allocate %.2fx the bytes (%d, then %d)", r, allocs[0], allocs[1])
	}
}

// tinyIndex is a build-cache index of n records of the smallest kind
// Spack writes: a name and a version under the hash, in the build cache.
// names packages are named. (Without the version, records of 80 bytes,
// a snapshot keeps 3.9x: a Package and a Spec alone are 288 bytes.)
func tinyIndex(n, names int) []byte {
	var b strings.Builder
	b.WriteString(`{"database":{"version":"8","installs":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n%q:{\"spec\":{\"name\":\"p%d\",\"version\":\"1\"},\"in_buildcache\":true}", hashN(i), i%names)
	}
	b.WriteString("\n}}}\n")
	return []byte(b.String())
}

// Item 19: an index of tiny records used about 6x its bytes (68 MB, 400
// MB); the budget is 4x. Each package grew its list of specs by append
// and each spec had a SpecMore of its own: 4.3x kept of a few specs per
// package, 5.2x of a package per spec.
func TestTinyIndexMemory(t *testing.T) {
	n := 20000
	if !testing.Short() {
		n = 80000
	}
	// A few specs per package, and a package per spec.
	for _, names := range []int{n / 4, n} {
		data := tinyIndex(n, names)
		path := filepath.Join(t.TempDir(), "index.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		alloc, kept, snap := loadCost(t, path)
		if snap.Specs() != n || len(snap.Packages) != names {
			t.Fatalf("%d specs of %d packages, want %d of %d", snap.Specs(), len(snap.Packages), n, names)
		}
		t.Logf("%d records of %d packages, %d bytes: allocated %d (%.1fx), kept %d (%.2fx)", n, names, len(data), alloc, float64(alloc)/float64(len(data)), kept, float64(kept)/float64(len(data)))
		if kept > 4*uint64(len(data)) {
			t.Errorf("an index of %d bytes keeps %d bytes: over 4x", len(data), kept)
		}
	}
}

// FuzzSpackFile maps mutated Spack files onto packages (spackDecoder):
// no panic; an error is an *Error naming the file; packages are sorted by
// name, each spec has its SpecMore and known dependencies, and every
// listed node of the file is one spec: named alone (Decode) a spec
// file's every node, in a folder (decodePart) its root.
func FuzzSpackFile(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(spackFixtures, "*"))
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add(tinyIndex(6, 2))
	f.Add([]byte(specFileN(1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, alone := range []bool{true, false} {
			decode := spackDecoder{}.Decode
			if !alone {
				decode = spackDecoder{}.decodePart
			}
			pkgs, _, err := decode("f", data)
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.File != "f" {
					t.Fatalf("%T %v: not an *Error naming the file", err, err)
				}
				return
			}
			specs, all := 0, 0
			for i, p := range pkgs {
				if p.Name == "" || p.File() != "f" || !p.merge() || i > 0 && pkgs[i-1].Name >= p.Name {
					t.Fatalf("package %d: %+v", i, p)
				}
				for _, sp := range append(p.Specs, unlistedSpecs(p)...) {
					if sp.More == nil || sp.Deps() == nil {
						t.Fatalf("%s/%s: no SpecMore or dependencies unknown", p.Name, sp.Hash)
					}
				}
				specs += len(p.Specs)
				all += len(p.Specs) + len(p.Unlisted())
			}
			set, err := spackfmt.Decode("f", data)
			if err != nil {
				t.Fatalf("spackfmt: %v", err)
			}
			if nodes := len(set.Nodes) + len(set.Others); all != nodes {
				t.Fatalf("alone %v: %d specs and unlisted, spackfmt %d nodes", alone, all, nodes)
			}
			if alone {
				set.Whole()
			}
			if len(set.Nodes) != specs {
				t.Fatalf("alone %v: %d specs, spackfmt %d nodes", alone, specs, len(set.Nodes))
			}
		}
	})
}

func unlistedSpecs(p *Package) []Spec {
	var out []Spec
	for _, u := range p.Unlisted() {
		out = append(out, u.Spec)
	}
	return out
}

// tinyLockfile is a spack.lock of n records of the smallest kind (a name
// and a version under the hash, about 67 bytes), each its own package.
func tinyLockfile(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
	for i := range n { // each a root: a record no root reaches is left out
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n{\"hash\":%q,\"spec\":\"p%d\"}", hashN(i), i)
	}
	b.WriteString(`],"concrete_specs":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n%q:{\"name\":\"p%d\",\"version\":\"1\"}", hashN(i), i)
	}
	b.WriteString("\n}}\n")
	return []byte(b.String())
}

// A lockfile of tiny records has a package per node: the map of package
// names and the lists by package number (spackDecoder.Decode) are made
// at the nodes' count, where grown by doubling they allocated 15.2x the
// file in all (and held their growth at the file's peak). Each record is
// also a root (a record no root reaches is left out), and a root costs
// more than its 40 bytes in the file: its own list of roots for the
// spec's stacks.
func TestTinyLockfileLoadAllocates(t *testing.T) {
	data := tinyLockfile(100000)
	path := filepath.Join(t.TempDir(), "spack.lock")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	alloc, kept, snap := loadCost(t, path)
	if len(snap.Packages) != 100000 {
		t.Fatalf("%d packages, want 100000", len(snap.Packages))
	}
	ratio := float64(alloc) / float64(len(data))
	t.Logf("%d bytes: allocated %.2fx, kept %.2fx", len(data), ratio, float64(kept)/float64(len(data)))
	if ratio > 19 {
		t.Errorf("loading a lockfile of %d bytes allocated %.2fx its size, want at most 19x", len(data), ratio)
	}
}

// A lockfile's root spelled as its package's name (py-numpy), with no
// edges or recipe, keeps no SpecMore of its own: its root is its name
// (Spec.Root), its line its package's. A lockfile whose every record is
// such a root kept a SpecMore of 80 bytes a spec for them, and the tiny
// lockfile of cmd/cachediff's memory tests peaked over 4x its bytes.
func TestTinyLockfileRootsShareMore(t *testing.T) {
	const n = 100000
	data := tinyLockfile(n)
	path := filepath.Join(t.TempDir(), "spack.lock")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, kept, snap := loadCost(t, path)
	mores := map[*SpecMore]bool{}
	for _, p := range snap.Packages {
		for i := range p.Specs {
			sp := &p.Specs[i]
			mores[sp.More] = true
			if got := sp.Root(p.Name); got != p.Name {
				t.Fatalf("%s's root is %q, want its name", p.Name, got)
			}
			if got := sp.RootNames(p.Name); len(got) != 1 || got[0] != p.Name {
				t.Fatalf("%s's roots are %q, want its name", p.Name, got)
			}
		}
	}
	perSpec := float64(kept) / n
	t.Logf("%d specs: %d SpecMore, kept %.0f bytes a spec (the file %.1f)", n, len(mores), perSpec, float64(len(data))/n)
	if len(mores) != 1 {
		t.Errorf("%d roots spelled as their names keep %d SpecMore, want 1 shared", n, len(mores))
	}
	if perSpec > 320 {
		t.Errorf("a lockfile of %d tiny roots keeps %.0f bytes a spec, want at most 320", n, perSpec)
	}
}
