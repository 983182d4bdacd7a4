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
			if got := hdf5Pairs(r); !slices.Equal(got, want) {
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

// hdf5Pairs is r's pairs of hdf5 specs, rebuilt or updated, each as its
// hashes' first letters.
func hdf5Pairs(r *diff.Report) []string {
	var out []string
	for _, p := range r.Packages {
		if p.Name != "hdf5" {
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
