package diff_test

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
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
// merged spellings' rule too (TestSplitRootHeldBySpellingBothWrite);
// none does now, and they are drawn always, as is 9102, which a rule
// tried for them broke.
//
// CACHEDIFF_HELD_SEEDS=LO-HI (LO and HI included) checks those seeds
// instead, each its own subtest (a sweep, run by hand in chunks:
// CACHEDIFF_HELD_SEEDS=0-2999 go test -p 1 -run
// TestRootsDrawnMergedHeldFolders ./diff).
func TestRootsDrawnMergedHeldFolders(t *testing.T) {
	if v := os.Getenv("CACHEDIFF_HELD_SEEDS"); v != "" {
		lo, hi, ok := strings.Cut(v, "-")
		a, err1 := strconv.ParseUint(lo, 10, 64)
		b, err2 := strconv.ParseUint(hi, 10, 64)
		if !ok || err1 != nil || err2 != nil || a > b {
			t.Fatalf("CACHEDIFF_HELD_SEEDS=%q, want LO-HI", v)
		}
		for seed := a; ; seed++ {
			t.Run(strconv.FormatUint(seed, 10), func(t *testing.T) { checkMergedHeld(t, seed) })
			if seed == b {
				break
			}
		}
		return
	}
	seeds := uint64(50)
	if testing.Short() {
		seeds = 15
	}
	for _, seed := range seedsAnd(seeds, 3965, 9102, 10529, 13980) {
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

// TestSplitRootHeldBySpellingBothWrite (drawMergedHeldFolders' seeds
// 3965, 10529 and 13980, shrunk to no root fewer; class b, on 720ff134
// too): a spelling one side alone writes, split root by root, one root
// of it paired with no root the other side (removed, keeping it) and
// its spec rooted by a spelling both sides write. Of the first: old
// rhel's 2 and ubuntu's 3 rooted cmake@1.0, ubuntu's 5 cmake@2.0 and
// cmake@1.0; new ubuntu's 3 cmake@=1.0, 5 cmake@2.0 and 5 of another
// variant cmake@=1.0, rhel's 4 cmake. Old → new cmake@1.0 is split
// (rhel's 2 into cmake, 3 into cmake@=1.0), and 5's libcmake reads
// unchanged (5's cmake@1.0, weak, gives it cmake@=1.0, which the new
// side's lib is in); new → old cmake@=1.0 goes root by root into
// cmake@1.0 (merged with cmake), 5 of another variant, removed, keeps
// it for the lib, and the lib read restacked: alikeOtherWay's oldNamed
// held the old side's count of cmake@=1.0 to the snapshot's, though the
// roots of cmake@=1.0 are respelt alone and a removed one keeps it,
// which a log's check knows (PartlyRespelt). Of 10529 (debian's 2
// rooted cmake, cmake@2.0 and cmake@3.0, now 2 of another variant
// cmake@2.0, 102 cmake@1.0 and 200 cmake@=1.0 over 2's lib): new → old
// 200, removed, keeps cmake@=1.0, and the lib read restacked one way
// alone; 13980 is the first the other way round. oldNamed spares such
// a spelling (byRoot): each lib reads unchanged both ways round.
// Without it, 6 checks fail (the mirror's counts and specs, each
// shape). A rule in respelling.stacks tried before (a root whose spec
// both sides root under one spelling is never weak) mended the first
// alone and broke seed 9102, which TestRootsDrawnMergedHeldFolders
// draws always.
func TestSplitRootHeldBySpellingBothWrite(t *testing.T) {
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
