package diff_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// restackedBothWays compares old with cur (lockfile folders, as
// loadRootFolder writes them) both ways round, each report holding its
// laws, and returns each way's restacked specs as "package os".
func restackedBothWays(t *testing.T, old, cur []propRoot, zlib map[string][2]int) (fwd, back []string) {
	t.Helper()
	o := loadRootFolder(t, "old", old, zlib, 0, nil)
	n := loadRootFolder(t, "new", cur, zlib, 1, nil)
	for i, ab := range [][2]bool{{false, true}, {true, false}} {
		a, b := o, n
		if ab[0] {
			a, b = n, o
		}
		r, err := diff.CompareWith(a, b, diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.CheckLaws(); err != nil {
			t.Errorf("way %d: %v", i, err)
		}
		var l []string
		for _, p := range r.Packages {
			for _, x := range p.Specs.Restacked {
				l = append(l, p.Name+" "+x.Old.OS)
			}
		}
		if i == 0 {
			fwd = l
		} else {
			back = l
		}
	}
	return fwd, back
}

// A root respelt into a spelling roots of another environment write
// (debian11's hdf5@=2.0, rebuilt, now hdf5 as ubuntu's is) beside a root
// added there under that spelling: stacks are sets of names, so old →
// new compares debian11's zlib under hdf5 on both sides (the root added
// is not seen to join it), and new → old, the rebuilt root taking
// hdf5@=2.0 while the added one kept hdf5 over that zlib, counted zlib
// restacked, leaving hdf5. A spec that a root respelt needs takes its
// new spelling alone where the root keeping the old one is new there:
// unchanged both ways.
func TestRootJoinedBesideAnAddedRoot(t *testing.T) {
	zlib := map[string][2]int{"debian": {0, 0}, "ubuntu": {0, 0}}
	old := []propRoot{{"debian", "hdf5", "2.0", 0, "hdf5@=2.0"}, {"ubuntu", "hdf5", "3.0", 0, "hdf5"}}
	cur := []propRoot{{"debian", "hdf5", "2.0", 1, "hdf5"}, {"debian", "hdf5", "1.0", 7, "hdf5"}, {"ubuntu", "hdf5", "3.0", 0, "hdf5"}}
	fwd, back := restackedBothWays(t, old, cur, zlib)
	if len(fwd) != 0 || len(back) != 0 {
		t.Errorf("restacked old → new %q, new → old %q; want none either way", fwd, back)
	}
}

// A spelling respelt into one roots of another environment write
// (rhel8's curl@2.0 now curl, rebuilt, as debian11's roots write it)
// goes root by root, as its mirror (a root respelt alone out of curl)
// does: debian11's curl@2.0, a second root of its curl, removed, kept
// curl@2.0 one way round (its specs restacked, joining it) and was
// renamed curl with rhel8's the other (unchanged).
func TestRootJoinedKeepsItsOtherRoots(t *testing.T) {
	zlib := map[string][2]int{"debian": {0, 0}, "rhel": {0, 0}}
	old := []propRoot{{"debian", "curl", "2.0", 0, "curl"}, {"debian", "curl", "2.0", 0, "curl@2.0"}, {"rhel", "curl", "2.0", 0, "curl@2.0"}}
	cur := []propRoot{{"debian", "curl", "2.0", 0, "curl"}, {"rhel", "curl", "2.0", 1, "curl"}}
	fwd, back := restackedBothWays(t, old, cur, zlib)
	want := []string{"curl debian11", "zlib debian11"}
	if !slices.Equal(fwd, want) || !slices.Equal(back, want) {
		t.Errorf("restacked old → new %q, new → old %q; want %q both ways", fwd, back, want)
	}
}

// cmakeRoot is a lockfile root of cmake, of no dependency: its
// environment, its hash's letter, version, compiler version, variant
// shared (+shared or ~shared) and spelling.
type cmakeRoot struct{ env, letter, version, compiler, variant, spelling string }

// cmakeLocks writes one lockfile per environment of roots in dir/name
// and loads the folder.
func cmakeLocks(t *testing.T, dir, name string, roots []cmakeRoot) *snapshot.Snapshot {
	t.Helper()
	osOf := map[string]string{"rhel": "rhel8", "debian": "debian11", "ubuntu": "ubuntu22.04"}
	var envs []string
	rootsOf, specsOf := map[string][]string{}, map[string][]string{}
	for _, r := range roots {
		if rootsOf[r.env] == nil {
			envs = append(envs, r.env)
		}
		h := letterHash(r.letter[0])
		rootsOf[r.env] = append(rootsOf[r.env], fmt.Sprintf(`{"hash":%q,"spec":%q}`, h, r.spelling))
		specsOf[r.env] = append(specsOf[r.env], fmt.Sprintf(`%q:{"name":"cmake","version":%q,"arch":{"platform":"linux","platform_os":%q,"target":"x86_64"},"compiler":{"name":"gcc","version":%q},"namespace":"builtin","parameters":{"shared":%v},"hash":%q}`,
			h, r.version, osOf[r.env], r.compiler, r.variant == "+shared", h))
	}
	for _, env := range envs {
		writeLock(t, filepath.Join(dir, name, env, "spack.lock"), rootsOf[env], specsOf[env])
	}
	return loadPath(t, filepath.Join(dir, name))
}

// A spelling respelt whole into one roots of another environment write
// (rhel8's cmake for K 1.0 and U 3.0, now cmake@3.0 as debian11's roots
// write it, for V, 3.0 built otherwise) pairs its roots as its stacks
// were renamed: U by its version, K removed. The roots' change paired K
// in hash order while U took cmake@3.0's stack, a root changed whose
// spec was in no stack of its spelling (the laws failed: render refused
// the report), and the other way round V changed into K.
func TestRootJoinedPairsAsRespelt(t *testing.T) {
	dir := t.TempDir()
	o := cmakeLocks(t, dir, "old", []cmakeRoot{{"rhel", "v", "3.0", "11", "~shared", "cmake@3.0"}})
	n := cmakeLocks(t, dir, "new", []cmakeRoot{{"debian", "s", "3.0", "11", "+shared", "cmake@3.0"},
		{"rhel", "k", "1.0", "10", "+shared", "cmake"}, {"rhel", "u", "3.0", "10", "+shared", "cmake"}})
	rootsBothWays(t, "cmake", o, n, []string{"added k cmake", "added s cmake@3.0", "changed v>u cmake@3.0>cmake"}, nil)
}

// Each new root pairs with one old root, whatever stands before it
// among the candidates: of debian11's cmake@3.0 for B and Q, now
// cmake@=3.0 for H (and cmake for N, a spelling ubuntu's S took), B
// took H past N, and Q, finding H past N again, took it too: two old
// roots renamed into one new root's stack, and the laws failed (a root
// removed whose stack the new side counts).
func TestRespellEachNewRootOnce(t *testing.T) {
	dir := t.TempDir()
	o := cmakeLocks(t, dir, "old", []cmakeRoot{{"debian", "b", "3.0", "11", "~shared", "cmake@3.0"},
		{"debian", "q", "3.0", "11", "+shared", "cmake@3.0"}, {"ubuntu", "s", "3.0", "11", "~shared", "cmake@=3.0"}})
	n := cmakeLocks(t, dir, "new", []cmakeRoot{{"rhel", "e", "3.0", "11", "+shared", "cmake@3.0"},
		{"debian", "h", "3.0", "11", "+shared", "cmake@=3.0"}, {"ubuntu", "s", "3.0", "11", "~shared", "cmake"},
		{"debian", "n", "3.0", "10", "+shared", "cmake"}})
	rootsBothWays(t, "cmake", o, n, []string{"added n cmake", "changed b>h cmake@3.0>cmake@=3.0", "changed q>e cmake@3.0>cmake@3.0", "renamed s cmake@=3.0>cmake"}, nil)
}

// Two gone spellings both now cmake: rhel8's cmake@=1.0 for K and
// debian11's cmake@2.0 for D (2.0) and A (1.0), now cmake for E (D
// rebuilt) and, on rhel8, Z (2.0 built otherwise). K pairs with Z in
// its environment as the stacks were renamed; in the spellings' order
// A took Z across environments (os debian11 → rhel8) and K was said
// removed, a root of a spelling renamed whole whose stack the report
// did not name (the laws failed: render refused the report).
func TestRespeltRootsPairInTheirEnvironment(t *testing.T) {
	dir := t.TempDir()
	o := cmakeLocks(t, dir, "old", []cmakeRoot{{"rhel", "k", "1.0", "10", "~shared", "cmake@=1.0"},
		{"debian", "d", "2.0", "11", "+shared", "cmake@2.0"}, {"debian", "a", "1.0", "11", "+shared", "cmake@2.0"}})
	n := cmakeLocks(t, dir, "new", []cmakeRoot{{"debian", "e", "2.0", "11", "+shared", "cmake"},
		{"rhel", "z", "2.0", "10", "+shared", "cmake"}})
	rootsBothWays(t, "cmake", o, n, []string{"changed d>e cmake@2.0>cmake", "changed k>z cmake@=1.0>cmake", "removed a cmake@2.0"}, nil)
}
