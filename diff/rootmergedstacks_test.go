package diff_test

import "testing"

// A spec of a spelling respelt root by root into spellings that the
// other way round go whole into it keeps those of them the other
// side's spec of its hash is in (r5's lead, shrunk from
// TestRootsDrawnFacetFolders' counts): debian's 4 hdf5, rhel's s
// hdf5@2.0 and h hdf5@=2.0 over one lib, now rhel's h hdf5 and p (s
// rebuilt over another lib) hdf5. Old → new, hdf5@2.0 and hdf5@=2.0 go
// whole into hdf5 and the lib is unchanged; new → old, rhel's hdf5 was
// respelt root by root, the lib, needed by h alone, took hdf5@=2.0 and
// left hdf5@2.0: restacked.
func TestRootMergedSpellingStacksMirror(t *testing.T) {
	four := facetRoot{"debian", "hdf5", "2.0", "10", "+shared", 0, 0, "hdf5"}
	s := facetRoot{"rhel", "hdf5", "2.0", "11", "~shared", 0, 0, "hdf5@2.0"}
	h := facetRoot{"rhel", "hdf5", "2.0", "10", "~shared", 0, 0, "hdf5@=2.0"}
	p := s
	p.mid = 1
	want := []string{
		"changed " + s.letter() + ">" + p.letter() + " hdf5@2.0>hdf5",
		"removed " + four.letter() + " hdf5",
		"renamed " + h.letter() + " hdf5@=2.0>hdf5",
	}
	facetRootsMirrored(t, "merged", []facetRoot{four, s, h}, []facetRoot{p.spelt("hdf5"), h.spelt("hdf5")}, want)
}

// So does a spec of a spelling one side alone writes split root by
// root into spellings of which one, the other way round, goes whole
// into it though a root of it is removed in another environment (m2's
// lead, held beside merged): debian's x hdf5@=1.0, m (x rebuilt)
// hdf5@1.0 and z hdf5@=2.0, debarm's y hdf5@1.0, now debian's x hdf5
// and z hdf5@2.0, debarm's y and w hdf5. Old → new, hdf5@1.0 goes
// whole into hdf5, m removed, and debian's lib and zlib are unchanged;
// new → old, hdf5 was split, debian's lib took hdf5@=1.0 alone, and
// both were restacked (8 unchanged one way, 6 and 2 restacked the
// other).
func TestRootHeldBesideMergedStacksMirror(t *testing.T) {
	x := facetRoot{"debian", "hdf5", "1.0", "11", "~shared", 0, 0, ""}
	y := x
	y.env = "debarm"
	z := facetRoot{"debian", "hdf5", "2.0", "11", "~shared", 0, 1, ""}
	m := x
	m.build = 5
	w := y
	w.variant = "+shared"
	want := []string{
		"added " + w.letter() + " hdf5",
		"removed " + m.letter() + " hdf5@1.0",
		"renamed " + z.letter() + " hdf5@=2.0>hdf5@2.0",
		"renamed " + x.letter() + " hdf5@=1.0>hdf5",
		"renamed " + y.letter() + " hdf5@1.0>hdf5",
	}
	facetRootsMirrored(t, "held beside merged", []facetRoot{x.spelt("hdf5@=1.0"), y.spelt("hdf5@1.0"), z.spelt("hdf5@=2.0"), m.spelt("hdf5@1.0")},
		[]facetRoot{x.spelt("hdf5"), y.spelt("hdf5"), w.spelt("hdf5"), z.spelt("hdf5@2.0")}, want)
}

// A spec of a spelling respelt root by root, needed by a root respelt
// into a spelling that goes whole into it the other way round and by a
// root keeping it, is in the old spelling as the other side's spec of
// its hash is (TestRootsDrawnFacetFolders' seed 18, smallest):
// debian's s cmake@=3.0 and u cmake, now s and 5 (s rebuilt beside it)
// cmake, and u. Old → new, cmake@=3.0 goes into cmake, and s's lib,
// needed by 5 too, is unchanged (stacks are sets of names: 5 is not
// seen to join its stack); new → old, s alone took cmake@=3.0, 5 kept
// cmake over the lib, and it was counted restacked.
func TestRootMergedSpellingKeptAsTheOtherSide(t *testing.T) {
	s := facetRoot{"debian", "cmake", "3.0", "11", "+shared", 0, 0, "cmake@=3.0"}
	u := facetRoot{"debian", "cmake", "1.0", "10", "+shared", 0, 1, "cmake"}
	five := s
	five.build = 7
	want := []string{
		"added " + five.letter() + " cmake",
		"renamed " + s.letter() + " cmake@=3.0>cmake",
	}
	facetRootsMirrored(t, "kept", []facetRoot{s, u}, []facetRoot{s.spelt("cmake"), five.spelt("cmake"), u}, want)
}

// A weak root (one keeping a spelling where the other side roots
// nothing under it, beside a root respelt out of it) takes of the
// spellings respelt there only those that go whole into its own the
// other way round (TestRootsDrawnFacetFolders' seed 450, smallest):
// debarm's q and m curl, now n (q changed) curl, u curl@1.0 (added
// over q's lib) and m curl@1.0. Old → new, q keeps curl and the lib
// joins curl@1.0 (u): restacked; new → old, u, weak, gave the lib
// curl, m's respelling, alone, though q keeps curl there, not m's
// alone: unchanged.
func TestRootWeakTakesOnlyWholeSpellings(t *testing.T) {
	q := facetRoot{"debarm", "curl", "1.0", "11", "~shared", 0, 0, "curl"}
	m := facetRoot{"debarm", "curl", "1.0", "11", "+shared", 0, 1, "curl"}
	n := facetRoot{"debarm", "curl", "2.0", "11", "~shared", 0, 0, "curl"}
	u := facetRoot{"debarm", "curl", "1.0", "11", "~shared", 4, 0, "curl@1.0"}
	want := []string{
		"added " + u.letter() + " curl@1.0",
		"changed " + q.letter() + ">" + n.letter() + " curl>curl",
		"renamed " + m.letter() + " curl>curl@1.0",
	}
	facetRootsMirrored(t, "weak", []facetRoot{q, m}, []facetRoot{n, u, m.spelt("curl@1.0")}, want)
}
