package diff_test

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// A root of a spelling both sides write whose hash the other side roots
// under a spelling of its own is that root respelt, whatever the counts
// of the spelling's roots left in its environment (TestRootsDrawnFolders'
// seeds 31, 326 and 1544, smallest). Where they were even, each stayed
// its spelling's: ubuntu's curl for m 2.0 and l 1.0, now curl for f 3.0
// and s 3.0 and curl@1.0 for l, said l changed into s and added under
// curl@1.0; debian's hdf5@=2.0 for l, now hdf5@2.0 for l and hdf5@=2.0
// for its rebuild o, said l changed into o and added under hdf5@2.0. Each
// is renamed, both ways round, with no spec restacked, so that the
// counts mirror: where the new side roots the old spelling there too (o
// added), a spec the root respelt needs keeps the old spelling in its
// stack as the new side's does, as the other way round the root removed
// keeps it (stacks are sets of names). So with rhel's curl for a 2.0 and
// debian's curl for l 3.0, now debian's curl for k 2.0 and curl@3.0 for
// l: old → new counted debian's zlib restacked, new → old not. The new
// curl 3.0 builds 0 and 7 are builds alike, rooted curl, their stacks
// equal both ways round: m changes into the one the version pass pairs
// it with (newest first, by hash), both ways round, and the pairing by
// edges keeps that pair (keyOrder), where it took the first by hash.
func TestRootRespeltWhateverTheCounts(t *testing.T) {
	zlib := map[string][2]int{"debian": {0, 0}, "rhel": {0, 0}, "ubuntu": {0, 0}}
	h := func(env, pkg, version string, build int) string {
		return propHash(env, pkg, version, fmt.Sprint(build))[:1]
	}
	for _, c := range []struct {
		tag      string
		old, cur []propRoot
		want     []string
	}{
		{
			"even, one more added",
			[]propRoot{{"ubuntu", "curl", "2.0", 0, "curl"}, {"ubuntu", "curl", "1.0", 0, "curl"}},
			[]propRoot{{"ubuntu", "curl", "3.0", 0, "curl"}, {"ubuntu", "curl", "1.0", 0, "curl@1.0"}, {"ubuntu", "curl", "3.0", 7, "curl"}},
			[]string{
				"added " + h("ubuntu", "curl", "3.0", 0) + " curl",
				"changed " + h("ubuntu", "curl", "2.0", 0) + ">" + h("ubuntu", "curl", "3.0", 7) + " curl>curl",
				"renamed " + h("ubuntu", "curl", "1.0", 0) + " curl>curl@1.0",
			},
		},
		{
			"even, rebuilt under the old spelling",
			[]propRoot{{"debian", "hdf5", "2.0", 0, "hdf5@=2.0"}},
			[]propRoot{{"debian", "hdf5", "2.0", 0, "hdf5@2.0"}, {"debian", "hdf5", "2.0", 1, "hdf5@=2.0"}},
			[]string{
				"added " + h("debian", "hdf5", "2.0", 1) + " hdf5@=2.0",
				"renamed " + h("debian", "hdf5", "2.0", 0) + " hdf5@=2.0>hdf5@2.0",
			},
		},
		{
			"one moved in beside it",
			[]propRoot{{"rhel", "curl", "2.0", 0, "curl"}, {"debian", "curl", "3.0", 0, "curl"}},
			[]propRoot{{"debian", "curl", "2.0", 0, "curl"}, {"debian", "curl", "3.0", 0, "curl@3.0"}},
			[]string{
				"changed " + h("rhel", "curl", "2.0", 0) + ">" + h("debian", "curl", "2.0", 0) + " curl>curl",
				"renamed " + h("debian", "curl", "3.0", 0) + " curl>curl@3.0",
			},
		},
	} {
		o := loadRootFolder(t, "old", c.old, zlib, 0, nil)
		n := loadRootFolder(t, "new", c.cur, zlib, 1, nil)
		rootsBothWays(t, c.tag, o, n, c.want, func(tag string, r *diff.Report) {
			if s := r.Summary.Specs; s.Restacked != 0 {
				t.Errorf("%s: specs %+v, want none restacked", tag, s)
			}
		})
	}
}

// Roots of two spellings both sides write, each now under one spelling
// the new side alone writes, of its own hash (TestRootsDrawnFacetFolders'
// seed 608, smallest): rhel's cmake@=1.0 for x and v, and cmake for s
// (debarm's cmake for i kept), now cmake@=1.0 for x, and cmake@1.0 for
// v and s. The new spelling was taken by one old spelling's root (s,
// first by name), and v, by hash its root too, was said removed under
// cmake@=1.0 and added under cmake@1.0; the other way round, cmake@1.0
// went whole into cmake, its roots joining those of two spellings. Both
// are renamed, both ways round: a new spelling takes roots of several
// spellings by hash, as the old one is split.
func TestRootsOfTwoSpellingsJoinByHash(t *testing.T) {
	x := facetRoot{"rhel", "cmake", "1.0", "10", "+shared", 0, 0, "cmake@=1.0"}
	v := facetRoot{"rhel", "cmake", "1.0", "10", "~shared", 3, 0, "cmake@=1.0"}
	s := facetRoot{"rhel", "cmake", "1.0", "11", "+shared", 0, 0, "cmake"}
	i := facetRoot{"debarm", "cmake", "3.0", "10", "+shared", 0, 1, "cmake"}
	v1, s1 := v, s
	v1.spelling, s1.spelling = "cmake@1.0", "cmake@1.0"
	want := []string{
		"renamed " + s.letter() + " cmake>cmake@1.0",
		"renamed " + v.letter() + " cmake@=1.0>cmake@1.0",
	}
	facetRootsBothWays(t, "two spellings join", []facetRoot{x, v, s, i}, []facetRoot{x, v1, s1, i}, want)
}

// A root respelt alone into a spelling another environment's root of
// it keeps, paired by environment with a root of another version
// (TestRootsDrawnFolders' seed 640): ubuntu's curl for l 1.0 and rhel's
// curl@=2.0 for a 2.0, now rhel's curl for 7 1.0 and z 3.0. The roots
// pair a with 7 (its environment's, first by hash) and l with z, both
// ways round; old → new, a's spec took stack curl, as l's, 7's and z's
// are, and paired with z (newest first) and l's with 7's, while new →
// old 7's spec, in stack curl@=2.0 as a's, paired with a's: 2 updated
// one way, 1 the other. A spec of a root respell pairs by environment
// pairs with its mate's first, so that the specs pair as the roots do.
func TestRootMateSpecsPairAsTheRoots(t *testing.T) {
	zlib := map[string][2]int{"rhel": {0, 0}, "ubuntu": {0, 0}}
	h := func(env, version string) string { return propHash(env, "curl", version, "0")[:1] }
	old := []propRoot{{"ubuntu", "curl", "1.0", 0, "curl"}, {"rhel", "curl", "2.0", 0, "curl@=2.0"}}
	cur := []propRoot{{"rhel", "curl", "1.0", 0, "curl"}, {"rhel", "curl", "3.0", 0, "curl"}}
	o := loadRootFolder(t, "old", old, zlib, 0, nil)
	n := loadRootFolder(t, "new", cur, zlib, 1, nil)
	want := []string{
		"changed " + h("rhel", "2.0") + ">" + h("rhel", "1.0") + " curl@=2.0>curl",
		"changed " + h("ubuntu", "1.0") + ">" + h("rhel", "3.0") + " curl>curl",
	}
	var specs []diff.Counts
	rootsBothWays(t, "seed 640", o, n, want, func(tag string, r *diff.Report) {
		specs = append(specs, r.Summary.Specs)
		if c := r.Summary.Specs; c.Updated != 1 || c.Rebuilt != 0 {
			t.Errorf("%s: specs %+v, want 1 updated (the mates'), none rebuilt", tag, c)
		}
	})
	if len(specs) == 2 && (specs[0].Added != specs[1].Removed || specs[0].Removed != specs[1].Added) {
		t.Errorf("specs old → new %+v, new → old %+v: not mirrored", specs[0], specs[1])
	}
}

// A root kept under a spelling beside one respelt alone out of it, in an
// environment where the other side roots nothing under it (weak), over
// a spec whose other side's spec of that hash is in the respelt root's
// new spelling: debian's hdf5 for 4 (gcc 10, +shared) and rhel's
// hdf5@2.0 for s (gcc 11, ~shared), now 4 moved to rhel (w), still
// hdf5, and s's lib rebuilt (p), hdf5 too. Old → new, hdf5@2.0 went
// whole into hdf5, and rhel's lib of s, needed by w on the new side, was
// unchanged; new → old, p alone took hdf5@2.0, and the lib, needed by w
// alone, kept hdf5 and was counted restacked into hdf5@2.0. It takes
// hdf5@2.0 where its other side's spec is in that stack (and leaves
// hdf5, the other side's being in none of it), so neither way restacks
// it; a weak root's own spec keeps its spelling whatever
// (TestRootsDrawnFacetFolders' seed 5726 broke the laws otherwise).
func TestRootWeakTakesTheRespeltSpelling(t *testing.T) {
	a := facetRoot{"debian", "hdf5", "2.0", "10", "+shared", 0, 0, "hdf5"}
	b := facetRoot{"rhel", "hdf5", "2.0", "11", "~shared", 0, 0, "hdf5@2.0"}
	a1, b1 := a, b
	a1.env = "rhel"
	b1.mid, b1.spelling = 1, "hdf5"
	want := []string{
		"changed " + a.letter() + ">" + a1.letter() + " hdf5>hdf5",
		"changed " + b.letter() + ">" + b1.letter() + " hdf5@2.0>hdf5",
	}
	o, n := loadFacetFolder(t, "old", []facetRoot{a, b}, nil), loadFacetFolder(t, "new", []facetRoot{a1, b1}, nil)
	rootsBothWays(t, "lead b", o, n, want, func(tag string, r *diff.Report) {
		if s := r.Summary.Specs; s.Restacked != 0 || s.Unchanged != 2 {
			t.Errorf("%s: specs %+v, want none restacked, 2 unchanged (rhel's zlib and lib)", tag, s)
		}
	})
}
