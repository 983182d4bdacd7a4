package diff_test

import (
	"math/rand/v2"
	"testing"
)

// drawMergedHeldFolders draws as drawMergedFolders does, biased toward
// roots held by two or three spellings on either side (old roots more
// often), spellings that differ by @= and @ alone (two of its three sets
// of spellings are of those first), the merged spelling one of the first
// two, and a spelling some old roots are respelt into alone besides.
func drawMergedHeldFolders(seed uint64) (old, cur []facetRoot) {
	r := rand.New(rand.NewPCG(seed, 0x26))
	envs := []string{"rhel", "ubuntu", "debian", "debarm"}
	r.Shuffle(len(envs), func(i, j int) { envs[i], envs[j] = envs[j], envs[i] })
	envs = envs[:1+r.IntN(3)]
	var spellings []string
	switch r.IntN(3) {
	case 0:
		spellings = []string{"cmake@2.0", "cmake@=2.0", "cmake", "cmake@1.0", "cmake@=1.0"}
	case 1:
		spellings = []string{"cmake@=2.0", "cmake@2.0", "cmake@=1.0", "cmake@1.0"}
	default:
		spellings = []string{"cmake", "cmake@1.0", "cmake@2.0", "cmake@=2.0", "cmake@3.0", "cmake@=1.0"}
		r.Shuffle(len(spellings), func(i, j int) { spellings[i], spellings[j] = spellings[j], spellings[i] })
	}
	spellings = spellings[:2+r.IntN(len(spellings)-1)]
	into := spellings[r.IntN(min(2, len(spellings)))]
	pick := func() string { return spellings[r.IntN(len(spellings))] }
	versions := []string{"1.0", "2.0", "3.0"}
	draw := func(build int) facetRoot {
		return facetRoot{env: envs[r.IntN(len(envs))], pkg: "cmake", version: versions[r.IntN(3)], compiler: "10",
			variant: []string{"+shared", "~shared"}[r.IntN(2)], build: build, mid: r.IntN(2), spelling: pick()}
	}
	// hold roots x under its spelling and, p in 100 each, up to two more.
	hold := func(out []facetRoot, x facetRoot, p int) []facetRoot {
		out = append(out, x)
		seen := map[string]bool{x.spelling: true}
		for range 2 {
			if r.IntN(100) >= p {
				break
			}
			s := pick()
			if seen[s] {
				continue
			}
			seen[s] = true
			x.spelling = s
			out = append(out, x)
		}
		return out
	}
	var base []facetRoot
	for i := range 2 + r.IntN(5) {
		x := draw(1 + i)
		base = append(base, x)
		old = hold(old, x, 60)
	}
	alone := pick()
	for _, x := range old {
		y := x
		switch k := r.IntN(14); {
		case k < 5:
			y.spelling = into
		case k < 7:
			y.build += 100
			y.spelling = into
		case k < 9:
		case k < 10:
			continue // removed
		case k < 12: // respelt alone
			y.spelling = alone
		default: // another variant, a hash of its own
			y.variant = "+x"
			if r.IntN(2) == 0 {
				y.spelling = into
			}
		}
		cur = hold(cur, y, 40)
	}
	for i := range r.IntN(3) {
		x := draw(200 + i)
		x.spelling = into
		cur = hold(cur, x, 40)
	}
	if len(cur) == 0 { // a folder of no root does not load
		y := old[0]
		y.build += 100
		cur = append(cur, y)
	}
	// A root held twice by one spelling is one root.
	dd := func(in []facetRoot) []facetRoot {
		seen := map[[2]string]bool{}
		var out []facetRoot
		for _, x := range in {
			k := [2]string{x.hash(), x.spelling}
			if !seen[k] {
				seen[k] = true
				out = append(out, x)
			}
		}
		return out
	}
	return dd(old), dd(cur)
}

// Over drawn lockfile folders of one package whose roots are held by
// several spellings (drawMergedHeldFolders), checked as
// TestRootsDrawnMergedFolders checks its own (checkFacetRoots and a
// log's stacks both ways round). Of seeds 0–14,999, three broke the
// mirror (3965, 10529, 13980), on the code of the round before the
// merged spellings' rule too: TestLeadSplitRootHeldByThirdSpelling
// tells them, skipped as a lead; the others pass.
func TestRootsDrawnMergedHeldFolders(t *testing.T) {
	seeds := uint64(50)
	if testing.Short() {
		seeds = 15
	}
	for _, seed := range seedsAnd(seeds) {
		checkMergedHeld(t, seed)
	}
}

// checkMergedHeld checks the diffs of the folders
// drawMergedHeldFolders(seed) draws, as TestRootsDrawnMergedHeldFolders
// says.
func checkMergedHeld(t *testing.T, seed uint64) {
	t.Helper()
	checkDrawnRoots(t, seed, drawMergedHeldFolders)
}

// TestLeadSplitRootHeldByThirdSpelling (a lead, class b: the mirror
// broken): drawMergedHeldFolders' seeds 3965, 10529 and 13980, shrunk to
// no root fewer. Of the first: old rhel's 2 and ubuntu's 3 cmake@1.0,
// ubuntu's 5 both cmake@2.0 and cmake@1.0; new ubuntu's 3 cmake@=1.0,
// 5 cmake@2.0 and 5 of another variant cmake@=1.0, rhel's 4 cmake.
// cmake@1.0 is split (rhel's root into cmake, ubuntu's into
// cmake@=1.0); old → new ubuntu's libcmake of 5 reads unchanged
// (5's cmake@1.0 taken as cmake@=1.0, though 5's hash is rooted new only
// by cmake@2.0), while new → old cmake@=1.0's 5 of another variant,
// removed, keeps it and the libcmake reads restacked: the counts and
// specs do not mirror. The other two are of the same kind: a root held
// by two spellings whose hash the other side roots under one of them.
// Each fails 1–2 checks without the Skip; not fixed. A rule tried
// (respelling.stacks: an old root whose spec both sides root under one
// spelling is never weak) made the first shape, shrunk, mirror, but not
// seed 3965 drawn whole nor the other two, and broke seed 9102, which
// holds without it.
func TestLeadSplitRootHeldByThirdSpelling(t *testing.T) {
	t.Skip("a lead: the mirror broken where a split spelling's root is held by a spelling both sides write")
	for _, c := range [][2][]facetRoot{
		{{{"rhel", "cmake", "1.0", "10", "~shared", 2, 1, "cmake@1.0"}, {"ubuntu", "cmake", "1.0", "10", "~shared", 3, 1, "cmake@1.0"},
			{"ubuntu", "cmake", "2.0", "10", "+shared", 5, 0, "cmake@2.0"}, {"ubuntu", "cmake", "2.0", "10", "+shared", 5, 0, "cmake@1.0"}},
			{{"ubuntu", "cmake", "1.0", "10", "~shared", 3, 1, "cmake@=1.0"}, {"rhel", "cmake", "1.0", "10", "~shared", 4, 0, "cmake"},
				{"ubuntu", "cmake", "2.0", "10", "+x", 5, 0, "cmake@=1.0"}, {"ubuntu", "cmake", "2.0", "10", "+shared", 5, 0, "cmake@2.0"}}},
		{{{"debian", "cmake", "3.0", "10", "~shared", 1, 1, "cmake"}, {"debian", "cmake", "2.0", "10", "~shared", 2, 0, "cmake@2.0"},
			{"debian", "cmake", "2.0", "10", "~shared", 2, 0, "cmake@3.0"}, {"debian", "cmake", "2.0", "10", "~shared", 2, 0, "cmake"},
			{"debian", "cmake", "2.0", "10", "+shared", 3, 1, "cmake@3.0"}},
			{{"debian", "cmake", "3.0", "10", "+x", 1, 1, "cmake@=1.0"}, {"debian", "cmake", "2.0", "10", "+x", 2, 0, "cmake@2.0"},
				{"debian", "cmake", "2.0", "10", "~shared", 102, 0, "cmake@1.0"}, {"debian", "cmake", "2.0", "10", "+x", 3, 1, "cmake@1.0"},
				{"debian", "cmake", "2.0", "10", "~shared", 200, 0, "cmake@=1.0"}, {"debian", "cmake", "2.0", "10", "+shared", 201, 1, "cmake@=1.0"}}},
		{{{"debian", "cmake", "1.0", "10", "+shared", 1, 1, "cmake@=1.0"}, {"debian", "cmake", "1.0", "10", "+shared", 1, 1, "cmake@=2.0"},
			{"rhel", "cmake", "3.0", "10", "+shared", 2, 0, "cmake@=2.0"}, {"rhel", "cmake", "3.0", "10", "+shared", 2, 0, "cmake@1.0"},
			{"debian", "cmake", "2.0", "10", "~shared", 3, 0, "cmake@=2.0"}, {"debian", "cmake", "2.0", "10", "~shared", 3, 0, "cmake@1.0"},
			{"debian", "cmake", "2.0", "10", "~shared", 3, 0, "cmake"}},
			{{"rhel", "cmake", "3.0", "10", "+shared", 102, 0, "cmake@2.0"}, {"rhel", "cmake", "3.0", "10", "+shared", 2, 0, "cmake@1.0"},
				{"debian", "cmake", "2.0", "10", "~shared", 3, 0, "cmake@2.0"}, {"debian", "cmake", "2.0", "10", "~shared", 3, 0, "cmake@=1.0"},
				{"debian", "cmake", "2.0", "10", "+shared", 200, 1, "cmake@2.0"}}},
	} {
		checkMergedShape(t, 0, c[0], c[1])
	}
}
