package diff_test

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// checkJoinedOldNamed fails the test where a root of r respelt into a
// spelling the old side writes too (joined) leaves its old spelling
// counted on r's old side (facets.stack) while diff.PartlyRespelt does
// not name it, and returns how many such roots r has.
func checkJoinedOldNamed(t *testing.T, seed uint64, r *diff.Report) int {
	t.Helper()
	rc := r.Causes.Roots
	if rc == nil {
		return 0
	}
	partly, counts := diff.PartlyRespelt(r), diff.StackCounts(r)
	n := 0
	check := func(old, root string, sp diff.Respelt) {
		if sp.Joined == 0 || old == root {
			return
		}
		n++
		if !partly[old] && counts[old].Old > 0 {
			t.Errorf("seed %d: %s joined %s, its old spelling counted (%d specs) and not partly respelt", seed, old, root, counts[old].Old)
		}
	}
	for _, c := range rc.Changed {
		check(c.Old.Root, c.Root, c.Respelt)
	}
	for _, c := range rc.Renamed {
		check(c.Old.Root, c.Root, c.Respelt)
	}
	return n
}

// checkPartlyCounted fails the test where diff.PartlyRespelt names a
// stack r counts on neither side: a name a log's check across steps
// skips (sameTallies) must be one the engine counted otherwise, not an
// idle one (the old spelling of a root respelt whole into a spelling
// the old side writes too, which PartlyRespelt named before b794bafb).
func checkPartlyCounted(t *testing.T, seed uint64, r *diff.Report) {
	t.Helper()
	counts := diff.StackCounts(r)
	for x := range diff.PartlyRespelt(r) {
		if counts[x] == (diff.OldToNew{}) {
			t.Errorf("seed %d: %q partly respelt, but counted on neither side", seed, x)
		}
	}
}

// TestPartlyRespeltJoinedOldNamed: PartlyRespelt named the old
// spelling of every root respelt into a spelling the old side writes
// too (joined), beside its new one, which no drawn input needed: such
// a spelling is named already where the old side counts it, as a
// spelling both sides write that the new side's roots keep (Kept), or
// as one a removed root keeps (TestLeadLibRestackedOneWay's shape,
// here both ways round), and otherwise the roots respelt out of it
// leave it no spec. That rule is gone; this checks what made it idle,
// over that shape and drawMergedFolders' first 10 seeds (checkStepStacks
// checks a log's steps over them and more). Swept by hand over seeds
// 0–399 of drawFacetFolders, drawMergedFolders and
// drawMergedHeldFolders (2,307 joined roots), all holding; with
// PartlyRespelt's removed roots' clause undone, 2 checks here fail.
// It checks too that PartlyRespelt names no stack counted on neither
// side (checkPartlyCounted), over the same reports and a root respelt
// whole into a spelling the old side writes: with the old spelling of
// a joined root named again, 3 checks fail.
func TestPartlyRespeltJoinedOldNamed(t *testing.T) {
	old := []facetRoot{{"debarm", "hdf5", "2.0", "11", "+shared", 0, 0, "hdf5"}, {"debarm", "hdf5", "2.0", "11", "~shared", 3, 0, "hdf5"}}
	cur := []facetRoot{{"ubuntu", "hdf5", "3.0", "10", "+shared", 3, 1, "hdf5"}, {"debarm", "hdf5", "2.0", "11", "~shared", 0, 1, "hdf5@2.0"},
		{"debarm", "hdf5", "2.0", "11", "+shared", 0, 0, "hdf5@=2.0"}, {"debarm", "hdf5", "2.0", "11", "~shared", 4, 0, "hdf5@2.0"}}
	o, n := loadFacetFolder(t, "old", old, nil), loadFacetFolder(t, "new", cur, nil)
	compare := lawfulCompare(t, 0, old, cur)
	if checkJoinedOldNamed(t, 0, compare(o, n))+checkJoinedOldNamed(t, 0, compare(n, o)) == 0 {
		t.Fatal("no root joined a spelling: the shape checks nothing")
	}
	// rhel's cmake@1.0 respelt whole into cmake, which ubuntu's root
	// writes already (joined): PartlyRespelt names cmake alone.
	old = []facetRoot{{"rhel", "cmake", "1.0", "10", "~shared", 1, 0, "cmake@1.0"}, {"ubuntu", "cmake", "1.0", "10", "~shared", 2, 0, "cmake"}}
	cur = []facetRoot{{"rhel", "cmake", "1.0", "10", "~shared", 1, 0, "cmake"}, {"ubuntu", "cmake", "1.0", "10", "~shared", 2, 0, "cmake"}}
	o, n = loadFacetFolder(t, "old", old, nil), loadFacetFolder(t, "new", cur, nil)
	compare = lawfulCompare(t, 0, old, cur)
	for _, r := range []*diff.Report{compare(o, n), compare(n, o)} {
		if checkJoinedOldNamed(t, 0, r); !diff.PartlyRespelt(r)["cmake"] {
			t.Errorf("cmake@1.0 joined cmake: PartlyRespelt %v, want cmake named", diff.PartlyRespelt(r))
		}
		checkPartlyCounted(t, 0, r)
	}
	joined := 0
	for seed := range uint64(10) {
		old, cur := drawMergedFolders(seed)
		o, n := loadFacetFolder(t, "old", old, nil), loadFacetFolder(t, "new", cur, nil)
		compare := lawfulCompare(t, seed, old, cur)
		fwd, back := compare(o, n), compare(n, o)
		joined += checkJoinedOldNamed(t, seed, fwd) + checkJoinedOldNamed(t, seed, back)
		checkPartlyCounted(t, seed, fwd)
		checkPartlyCounted(t, seed, back)
	}
	if joined == 0 {
		t.Fatal("no drawn root joined a spelling: the seeds check nothing")
	}
}
