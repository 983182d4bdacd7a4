package diff_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// twiceRooted are drawRootFolders' seed 5460 shrunk: ubuntu's hdf5 o
// rooted twice, hdf5@=1.0 and hdf5@1.0, over a zlib rebuilt, now three
// builds alike: ubuntu's l (hdf5@1.0) and q (hdf5, respell's mate of
// hdf5@=1.0), and, with rhel, rhel's h (hdf5@1.0).
func twiceRooted(rhel bool) (old, cur []propRoot, zlib map[string][2]int) {
	old = []propRoot{{"ubuntu", "hdf5", "1.0", 0, "hdf5@=1.0"}, {"ubuntu", "hdf5", "1.0", 0, "hdf5@1.0"}}
	cur = []propRoot{{"ubuntu", "hdf5", "1.0", 1, "hdf5@1.0"}, {"ubuntu", "hdf5", "1.0", 2, "hdf5"}}
	if rhel {
		cur = append(cur, propRoot{"rhel", "hdf5", "1.0", 1, "hdf5@1.0"})
	}
	return old, cur, map[string][2]int{"rhel": {0, 0}, "ubuntu": {0, 1}}
}

// TestRootTwiceMateSpecsMirror (class b): of twiceRooted, o's spec pairs
// with its mate's q both ways round. The specs alike were ordered by
// their stacks, and the old side's are respelt: old → new took q (stack
// hdf5 before hdf5@1.0), new → old l (hdf5@1.0 before q's stack respelt
// hdf5@=1.0), and, with rhel's h, the root o rooted under two
// spellings was three new roots: old → new "changed o>h", new → old
// "changed l>o" and "changed q>o".
func TestRootTwiceMateSpecsMirror(t *testing.T) {
	for _, rhel := range []bool{false, true} {
		old, cur, zlib := twiceRooted(rhel)
		o := loadRootFolder(t, "old", old, zlib, 0, nil)
		n := loadRootFolder(t, "new", cur, zlib, 1, nil)
		compare := lawfulCompare(t, 0, old, cur)
		fwd, back := compare(o, n), compare(n, o)
		checkMirrored(t, 0, fwd, back, old, cur)
		for i, r := range []*diff.Report{fwd, back} {
			want := []string{"o>q"}
			if i == 1 {
				want = []string{"q>o"}
			}
			if got := pkgPairs(r, "hdf5"); !slices.Equal(got, want) {
				t.Errorf("rhel %v, mirror %v: hdf5's specs paired %q, want %q", rhel, i == 1, got, want)
			}
		}
	}
}

// TestRootTwiceInItsEnvironment (class b): of twiceRooted with rhel's h,
// ubuntu's o under hdf5@1.0, its spec paired under hdf5@=1.0, took the
// first new root of hdf5@1.0 in hash order, rhel's h: "changed o>h" (os
// ubuntu22.04 → rhel8) beside ubuntu's l added. It takes its own
// environment's, as new → old l takes o.
func TestRootTwiceInItsEnvironment(t *testing.T) {
	old, cur, zlib := twiceRooted(true)
	o := loadRootFolder(t, "old", old, zlib, 0, nil)
	n := loadRootFolder(t, "new", cur, zlib, 1, nil)
	rootsBothWays(t, "twice rooted", o, n, []string{"added h hdf5@1.0", "changed o>l hdf5@1.0>hdf5@1.0", "changed o>q hdf5@=1.0>hdf5"}, nil)
}

// pkgPairs is r's pairs of name's specs, rebuilt or updated, each as its
// hashes' first letters.
func pkgPairs(r *diff.Report, name string) []string {
	var out []string
	for _, p := range r.Packages {
		if p.Name != name {
			continue
		}
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for _, x := range l {
				out = append(out, fmt.Sprintf("%s>%s", x.Old.Hash[:1], x.New.Hash[:1]))
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestRootMatesOfOneKeyMirror (class b; drawFacetFolders' seed 13,
// shrunk): ubuntu's d and q, builds alike rooted cmake, now 7 (2.0.1,
// cmake@2.0.1) and j (~shared, cmake@=1.0): the roots pair d with j and
// q with 7, and so do the specs, both ways round. keyOrder put d and q
// in the order of their stacks, respelt old → new, in hash order new →
// old, and the exact pass, each old spec taking the first new one of
// its edges, paired d with 7 old → new alone: the roots said changed
// d>j, the specs d>7 (updated version) and q>j (variants).
func TestRootMatesOfOneKeyMirror(t *testing.T) {
	old := []facetRoot{{"ubuntu", "cmake", "1.0", "10", "+shared", 0, 0, "cmake"}, {"ubuntu", "cmake", "1.0", "10", "+shared", 3, 0, "cmake"}}
	cur := []facetRoot{{"ubuntu", "cmake", "2.0.1", "10", "+shared", 0, 0, "cmake@2.0.1"}, {"ubuntu", "cmake", "1.0", "10", "~shared", 3, 0, "cmake@=1.0"}}
	d, q, n7, j := old[0].letter(), old[1].letter(), cur[0].letter(), cur[1].letter()
	compare := lawfulCompare(t, 0, old, cur)
	o, n := loadFacetFolder(t, "old", old, nil), loadFacetFolder(t, "new", cur, nil)
	fwd, back := compare(o, n), compare(n, o)
	checkMirrored(t, 0, fwd, back, old, cur)
	want := []string{"changed " + d + ">" + j + " cmake>cmake@=1.0", "changed " + q + ">" + n7 + " cmake>cmake@2.0.1"}
	if got := rootLines(fwd); !slices.Equal(got, want) {
		t.Errorf("roots %q, want %q", got, want)
	}
	for i, r := range []*diff.Report{fwd, back} {
		want := []string{d + ">" + j, q + ">" + n7}
		if i == 1 {
			want = []string{j + ">" + d, n7 + ">" + q}
		}
		slices.Sort(want)
		if got := pkgPairs(r, "cmake"); !slices.Equal(got, want) {
			t.Errorf("mirror %v: cmake's specs paired %q, want %q as the roots", i == 1, got, want)
		}
	}
}
