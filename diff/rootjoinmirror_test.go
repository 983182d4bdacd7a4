package diff_test

import (
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
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
