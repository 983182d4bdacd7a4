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

// Of a hash's roots, one both sides write pairs with one both sides
// write before one a side alone writes (TestRootsDrawnFacetFolders'
// seed 906, smallest): debian's 3 rooted curl@1.0 and curl@=1.0, b
// curl@1.0 and 5 curl, now 3 and 5 curl, m added under curl, and o
// curl@1.0 (b's compiler changed). Paired one side alone's spelling
// first, curl@=1.0 was renamed into curl and 3's curl@1.0 removed, and
// new → old counted a spec restacked that old → new counted unchanged
// (4 unchanged and 1 restacked, then 3 and 2). curl@1.0 is renamed into
// curl and curl@=1.0 removed, both ways round, as before hashMates.
func TestRootHashMatesOfOneKindFirst(t *testing.T) {
	three := facetRoot{"debian", "curl", "1.0", "11", "+shared", 0, 0, ""}
	five := facetRoot{"debian", "curl", "3.0", "11", "~shared", 0, 1, "curl"}
	m := facetRoot{"debian", "curl", "1.0", "11", "+shared", 7, 0, "curl"}
	b := facetRoot{"debian", "curl", "1.0", "11", "~shared", 3, 0, "curl@1.0"}
	o := b
	o.compiler = "12"
	want := []string{
		"added " + m.letter() + " curl",
		"changed " + b.letter() + ">" + o.letter() + " curl@1.0>curl@1.0",
		"removed " + three.letter() + " curl@=1.0",
		"renamed " + three.letter() + " curl@1.0>curl",
	}
	facetRootsMirrored(t, "one kind first", []facetRoot{three.spelt("curl@1.0"), three.spelt("curl@=1.0"), five, b},
		[]facetRoot{three.spelt("curl"), five, m, o}, want)
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

// The roots of a spelling several old spellings take whole pair in
// their environment, as the roots of its mirror, one spelling split
// into several, do (TestRootsDrawnFacetFolders' seed 65, smallest):
// debarm's cmake for a 1.0 and f 3.0 and debian's cmake for d 1.0, now
// debarm's cmake@1.0 for a and e (a rebuilt beside it) and cmake@=3.0
// for m (f's variant changed), debian's gone. Old → new, cmake was
// split, a renamed, f changed into m, d removed and e added; new → old,
// cmake@1.0 and cmake@=3.0 both went whole into cmake, and e was
// changed into debian's d (os debian11, target aarch64 → x86_64). So
// too where one of the old spellings goes in for a root alone (seed 36,
// smallest): debarm's hdf5@=1.0 for p 1.0 and 2 3.0, rhel's hdf5 for s
// and ubuntu's for l, now rhel's hdf5@2.0 for s and 4 (added) and
// debarm's for x (2 changed), ubuntu's l kept. Old → new, debarm's p
// was changed into rhel's 4; new → old, hdf5@2.0 was split, 4 removed
// and p added.
func TestRootMergedPairsInItsEnvironment(t *testing.T) {
	a := facetRoot{"debarm", "cmake", "1.0", "11", "+shared", 3, 1, "cmake"}
	f := facetRoot{"debarm", "cmake", "3.0", "11", "+shared", 0, 1, "cmake"}
	d := facetRoot{"debian", "cmake", "1.0", "11", "~shared", 0, 1, "cmake"}
	e := facetRoot{"debarm", "cmake", "1.0", "11", "+shared", 7, 1, "cmake@1.0"}
	m := facetRoot{"debarm", "cmake", "3.0", "11", "~shared", 0, 1, "cmake@=3.0"}
	want := []string{
		"added " + e.letter() + " cmake@1.0",
		"changed " + f.letter() + ">" + m.letter() + " cmake>cmake@=3.0",
		"removed " + d.letter() + " cmake",
		"renamed " + a.letter() + " cmake>cmake@1.0",
	}
	facetRootsMirrored(t, "merged", []facetRoot{a, f, d}, []facetRoot{a.spelt("cmake@1.0"), e, m}, want)

	p := facetRoot{"debarm", "hdf5", "1.0", "10", "~shared", 0, 1, "hdf5@=1.0"}
	two := facetRoot{"debarm", "hdf5", "3.0", "10", "~shared", 3, 1, "hdf5@=1.0"}
	s := facetRoot{"rhel", "hdf5", "2.0", "11", "~shared", 0, 0, "hdf5"}
	l := facetRoot{"ubuntu", "hdf5", "2.0", "10", "~shared", 0, 0, "hdf5"}
	four := facetRoot{"rhel", "hdf5", "1.0", "11", "~shared", 7, 0, "hdf5@2.0"}
	x := facetRoot{"debarm", "hdf5", "2.0", "10", "+shared", 9, 0, "hdf5@2.0"}
	want = []string{
		"added " + four.letter() + " hdf5@2.0",
		"changed " + two.letter() + ">" + x.letter() + " hdf5@=1.0>hdf5@2.0",
		"removed " + p.letter() + " hdf5@=1.0",
		"renamed " + s.letter() + " hdf5>hdf5@2.0",
	}
	facetRootsMirrored(t, "merged, one alone", []facetRoot{p, two, s, l}, []facetRoot{s.spelt("hdf5@2.0"), four, x, l}, want)
}
