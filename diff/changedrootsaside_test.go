package diff_test

import (
	"slices"
	"testing"
)

// TestRootChangedBesideRootRespeltAloneMatesItsSpec (class c): of a
// spelling both sides write, a root respelt alone (part: rhel's r of
// cmake@2.0, now written cmake@=3.0 while ubuntu's keep cmake@2.0) is
// set aside before changedRoots looks for the one old and the one new
// root left, and so, the other way round, is the root that came into
// the spelling (into). The shape of
// TestRootChangedUnderItsSpellingMatesItsSpec (old ubuntu's 2 rooted
// cmake@2.0 and t cmake@=2.0, now m rooted cmake@=1.0, w cmake@2.0 and
// t kept under a tool root) with rhel's r besides: 2's root changes
// into w's, and its spec pairs with w's both ways round, where m is
// alike in facets. Counted with r, cmake@2.0 has two roots left on one
// side, changed gets no pair, and the specs pair 2 with m instead (2
// checks fail with both set-asides undone; with one alone, the other
// way round's mates, which the matcher reads too, still pair them:
// TestChangedRootsSetAsideDrawnSeeds holds each alone).
func TestRootChangedBesideRootRespeltAloneMatesItsSpec(t *testing.T) {
	r := facetRoot{"rhel", "cmake", "3.0", "10", "~shared", 8, 0, "cmake@2.0"}
	old := []facetRoot{{"ubuntu", "cmake", "2.0", "10", "~shared", 5, 0, "cmake@2.0"}, {"ubuntu", "cmake", "2.0", "10", "+shared", 5, 0, "cmake@=2.0"}, r}
	r.spelling = "cmake@=3.0"
	cur := []facetRoot{{"ubuntu", "cmake", "2.0", "10", "+x", 5, 0, "cmake@=1.0"}, {"ubuntu", "cmake", "2.0", "10", "+shared", 5, 1, "cmake@2.0"}, r}
	tools := []toolRoot{{"ubuntu", "tool@=1.0", 1, old[1]}}
	compare := lawfulCompare(t, 0, old, cur)
	o, n := loadToolFolder(t, "old", old, nil), loadToolFolder(t, "new", cur, tools)
	fwd, back := compare(o, n), compare(n, o)
	checkMirrored(t, 0, fwd, back, old, cur)
	if l, want := rootLines(fwd), "renamed "+r.hash()[:1]+" cmake@2.0>cmake@=3.0"; !slices.Contains(l, want) {
		t.Errorf("roots %q, want %q", l, want)
	}
	want := "paired " + old[0].hash() + ">" + cur[1].hash()
	for i, h := range [2][]string{specHashes(fwd, false), specHashes(back, true)} {
		if !slices.Contains(h, want) {
			t.Errorf("way %d: specs %q, want %q, as the roots pair (changed 2>w cmake@2.0)", i, h, want)
		}
	}
}

// TestChangedRootsSetAsideDrawnSeeds: the drawn seeds whose reports
// changed when changedRoots counted the roots of part alone (or of into
// alone) among the roots left, checked as their generators' tests check
// theirs (checkDrawnRoots: the mirror, shuffled folders, the laws).
// Undone one way alone, the roots no longer mirror: of facet seed 453,
// old → new counted rhel's hdf5 root respelt alone and changed s into
// p, while new → old, where the same root came into the spelling,
// changed h into s.
func TestChangedRootsSetAsideDrawnSeeds(t *testing.T) {
	for _, c := range []struct {
		draw  func(uint64) (old, cur []facetRoot)
		seeds []uint64
	}{
		{drawFacetFolders, []uint64{143, 208, 453}},
		{drawMergedHeldFolders, []uint64{138, 184}},
		{drawMergedFolders, []uint64{110, 205}},
	} {
		for _, seed := range c.seeds {
			checkDrawnRoots(t, seed, c.draw)
		}
	}
}
