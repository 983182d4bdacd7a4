package diff_test

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// facetRootsMirrored is facetRootsBothWays, and the specs' counts of
// the diff new → old the mirror of those old → new.
func facetRootsMirrored(t *testing.T, tag string, old, cur []facetRoot, want []string) {
	t.Helper()
	facetRootsBothWays(t, tag, old, cur, want)
	o, n := loadFacetFolder(t, "old", old, nil), loadFacetFolder(t, "new", cur, nil)
	var r [2]*diff.Report
	for i, ab := range [2][2]*snapshot.Snapshot{{o, n}, {n, o}} {
		var err error
		if r[i], err = diff.CompareWith(ab[0], ab[1], diff.Filter{}); err != nil {
			t.Fatal(err)
		}
	}
	f, b := r[0].Summary.Specs, r[1].Summary.Specs
	if f.Old != b.New || f.New != b.Old || f.Added != b.Removed || f.Removed != b.Added ||
		f.Unchanged != b.Unchanged || f.Restacked != b.Restacked || f.Rebuilt+f.Updated != b.Rebuilt+b.Updated {
		t.Errorf("%s: specs old → new %+v, new → old %+v: not mirrored", tag, f, b)
	}
}

// spelt is x written spelling.
func (x facetRoot) spelt(spelling string) facetRoot {
	x.spelling = spelling
	return x
}

// A hash one side roots under two spellings and the other under a
// third pairs as one relation, the same both ways round
// (TestRootsDrawnFacetFolders' seed 58, smallest): debarm's h rooted
// hdf5@=1.0 and hdf5@1.0 and debian's k hdf5@=3.0, now debarm's h
// hdf5, debarm's w (another build) hdf5@1.0 and debian's t (k changed)
// hdf5. Old → new, hdf5@=1.0 went whole into hdf5 (h renamed) and
// hdf5@1.0's h was changed into w; new → old, hdf5 was split (t into
// k) and its h took hdf5@1.0, first by name: w removed and h's
// hdf5@=1.0 added, and 2 specs restacked more. Of a hash's roots on
// each side (the spellings one side alone writes first, then by name),
// the first pairs with the first (hashMates), both ways round.
func TestRootHashMatesMirror(t *testing.T) {
	h := facetRoot{"debarm", "hdf5", "1.0", "11", "~shared", 0, 0, ""}
	w := facetRoot{"debarm", "hdf5", "3.0", "11", "~shared", 7, 0, "hdf5@1.0"}
	k := facetRoot{"debian", "hdf5", "3.0", "10", "+shared", 0, 1, "hdf5@=3.0"}
	tt := facetRoot{"debian", "hdf5", "3.0", "10", "~shared", 0, 1, "hdf5"}
	old := []facetRoot{h.spelt("hdf5@=1.0"), h.spelt("hdf5@1.0"), k}
	cur := []facetRoot{h.spelt("hdf5"), w, tt}
	hh, ww, kk, t1 := h.letter(), w.letter(), k.letter(), tt.letter()
	want := []string{
		"changed " + hh + ">" + ww + " hdf5@1.0>hdf5@1.0",
		"changed " + kk + ">" + t1 + " hdf5@=3.0>hdf5",
		"renamed " + hh + " hdf5@=1.0>hdf5",
	}
	facetRootsMirrored(t, "hash mates", old, cur, want)
}

// A removed root whose hash the other side roots, under any spelling,
// is never changed into another root of the spelling its own took
// whole (TestRootsDrawnFacetFolders' seed 58 too): debarm's h rooted
// hdf5@=1.0, p hdf5@=1.0 and hdf5@1.0, and debian's k hdf5@=3.0, now
// debarm's h hdf5, p hdf5@1.0 alone and l (added) hdf5, and debian's t
// hdf5. Old → new, hdf5@=1.0 went whole into hdf5 and p's root of it
// was changed into l; new → old, hdf5 was split, l removed and p's
// hdf5@=1.0 added. p's is removed and l added, both ways round.
func TestRootHeldPairsByHashAlone(t *testing.T) {
	h := facetRoot{"debarm", "hdf5", "1.0", "11", "~shared", 0, 0, ""}
	p := facetRoot{"debarm", "hdf5", "1.0", "10", "~shared", 0, 1, ""}
	l := facetRoot{"debarm", "hdf5", "2.0.1", "11", "~shared", 0, 0, "hdf5"}
	k := facetRoot{"debian", "hdf5", "3.0", "10", "+shared", 0, 1, "hdf5@=3.0"}
	tt := facetRoot{"debian", "hdf5", "3.0", "10", "~shared", 0, 1, "hdf5"}
	old := []facetRoot{h.spelt("hdf5@=1.0"), p.spelt("hdf5@=1.0"), p.spelt("hdf5@1.0"), k}
	cur := []facetRoot{h.spelt("hdf5"), p.spelt("hdf5@1.0"), l, tt}
	want := []string{
		"added " + l.letter() + " hdf5",
		"changed " + k.letter() + ">" + tt.letter() + " hdf5@=3.0>hdf5",
		"removed " + p.letter() + " hdf5@=1.0",
		"renamed " + h.letter() + " hdf5@=1.0>hdf5",
	}
	facetRootsMirrored(t, "held", old, cur, want)
}
