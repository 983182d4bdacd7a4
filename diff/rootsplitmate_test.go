package diff_test

import (
	"testing"
)

// A root of a split spelling keeps the new root of its environment that
// split it, though a root of a spelling both sides write could take that
// new root by version (TestRootsDrawnFacetFolders' seed 236, smallest):
// debarm's cmake@=2.0 for d 3.0 and rhel's for t 2.0, and rhel's
// cmake@=1.0 for p 1.0, now debarm's cmake@2.0 for o 2.0 and cmake@=1.0
// for 7 1.0, and rhel's cmake@1.0 for s 1.0. respeltRoots split
// cmake@=2.0, d into o and t into s in their environments, but respell
// gave s to p (rhel's, of its version) and left t removed: cmake@=2.0
// went into cmake@2.0 alone while its stack was kept, and the report
// was refused (causes.roots.changed[1].old.root: "cmake@=2.0", but the
// report counts specs in that stack), with s paired twice. t is changed
// into s, d into o, and p into 7, both ways round.
func TestRootSplitKeepsItsMate(t *testing.T) {
	cur := []facetRoot{
		{"debarm", "cmake", "3.0", "11", "~shared", 7, 10, "cmake@=2.0"}, // d
		{"rhel", "cmake", "1.0", "11", "+shared", 0, 10, "cmake@=1.0"},   // p
		{"rhel", "cmake", "2.0", "10", "+shared", 9, 0, "cmake@=2.0"},    // t
	}
	old := []facetRoot{
		{"debarm", "cmake", "2.0", "11", "~shared", 0, 0, "cmake@2.0"},  // o
		{"debarm", "cmake", "1.0", "10", "~shared", 0, 1, "cmake@=1.0"}, // 7
		{"rhel", "cmake", "1.0", "11", "+shared", 0, 0, "cmake@1.0"},    // s
	}
	h := facetRoot.letter
	d, p, tt, o, seven, s := h(cur[0]), h(cur[1]), h(cur[2]), h(old[0]), h(old[1]), h(old[2])
	want := []string{
		"changed " + seven + ">" + p + " cmake@=1.0>cmake@=1.0",
		"changed " + o + ">" + d + " cmake@2.0>cmake@=2.0",
		"changed " + s + ">" + tt + " cmake@1.0>cmake@=2.0",
	}
	facetRootsBothWays(t, "split keeps its mate", old, cur, want)
}

// A new root left over of a spelling both sides write is joined by one
// gone root of its hash (TestRootsDrawnFacetFolders' seed 350,
// smallest): ubuntu's cmake@1.0 and cmake@=1.0 rooting one hash a,
// debarm's cmake@=1.0 for x 1.0 and cmake for m 3.0, now ubuntu's cmake
// for a, as debarm's roots wrote it, and debarm's cmake@=3.0 for y 3.0
// (another compiler and variant). Both gone spellings counted ubuntu's
// cmake as joined, so cmake@=1.0 was split while cmake@1.0 took that
// root: cmake@=1.0 went into cmake@=3.0 alone while its stack was kept,
// and the report was refused (causes.roots.changed[0].old.root:
// "cmake@=1.0", but the report counts specs in that stack). cmake@1.0
// is renamed, the root cmake@=1.0 of a removed, x changed into y and m
// removed, both ways round.
func TestRootJoinedOnceOfTwoSpellings(t *testing.T) {
	old := []facetRoot{
		{"ubuntu", "cmake", "1.0", "10", "~shared", 0, 0, "cmake@1.0"},  // a
		{"ubuntu", "cmake", "1.0", "10", "~shared", 0, 0, "cmake@=1.0"}, // a
		{"debarm", "cmake", "1.0", "11", "~shared", 0, 0, "cmake@=1.0"}, // x
		{"debarm", "cmake", "3.0", "11", "~shared", 0, 1, "cmake"},      // m
	}
	cur := []facetRoot{
		{"ubuntu", "cmake", "1.0", "10", "~shared", 0, 0, "cmake"},      // a
		{"debarm", "cmake", "3.0", "10", "+shared", 9, 0, "cmake@=3.0"}, // y
	}
	h := facetRoot.letter
	a, x, m, y := h(old[0]), h(old[2]), h(old[3]), h(cur[1])
	want := []string{
		"changed " + x + ">" + y + " cmake@=1.0>cmake@=3.0",
		"removed " + a + " cmake@=1.0",
		"removed " + m + " cmake",
		"renamed " + a + " cmake@1.0>cmake",
	}
	facetRootsBothWays(t, "joined once", old, cur, want)
}

// A root of a split spelling takes the new root of its hash before a
// root of a spelling both sides write does (TestRootsDrawnFacetFolders'
// seed 1558, smallest): rhel's curl@=2.0 and curl@2.0 rooting one hash
// m, and curl@=2.0 for k 1.0, now rhel's curl for m and curl@=1.0 for v
// (k rebuilt), and debarm's curl@2.0 for 4. respeltRoots split
// curl@=2.0, m into curl by hash and k into v, but respell gave m's new
// root to curl@2.0, first by name: curl@=2.0's m was removed, the
// spelling went into curl@=1.0 alone while its stack was kept, and the
// report was refused (causes.roots.changed[0].old.root: "curl@=2.0",
// but the report counts specs in that stack). curl@=2.0 is renamed for
// m and changed for k, and curl@2.0 changed into debarm's, both ways
// round.
func TestRootSplitTakesItsHashFirst(t *testing.T) {
	old := []facetRoot{
		{"rhel", "curl", "2.0", "10", "~shared", 0, 0, "curl@=2.0"}, // m
		{"rhel", "curl", "2.0", "10", "~shared", 0, 0, "curl@2.0"},  // m
		{"rhel", "curl", "1.0", "10", "~shared", 3, 0, "curl@=2.0"}, // k
	}
	cur := []facetRoot{
		{"rhel", "curl", "2.0", "10", "~shared", 0, 0, "curl"},       // m
		{"rhel", "curl", "1.0", "10", "~shared", 4, 0, "curl@=1.0"},  // v
		{"debarm", "curl", "2.0", "10", "+shared", 9, 0, "curl@2.0"}, // 4
	}
	h := facetRoot.letter
	m, k, v, four := h(old[0]), h(old[2]), h(cur[1]), h(cur[2])
	want := []string{
		"changed " + k + ">" + v + " curl@=2.0>curl@=1.0",
		"changed " + m + ">" + four + " curl@2.0>curl@2.0",
		"renamed " + m + " curl@=2.0>curl",
	}
	facetRootsBothWays(t, "split takes its hash", old, cur, want)
}

// A split spelling's root keeps the very new root respeltRoots paired it
// with, not another root of that hash (TestRootsDrawnFacetFolders' seed
// 1209, smallest): debarm's curl@2.0.1 for u, and curl@2.0 for n and f,
// now curl@1.0 and curl@=1.0 rooting one hash e, and curl for n.
// respeltRoots took curl@2.0.1 whole into curl@1.0 (u with e there) and
// paired f with e under curl@=1.0, but respell gave f the first root of
// e's hash, curl@1.0: u was said removed while its stack was renamed,
// and the report was refused (causes.roots.removed[0].root:
// "curl@2.0.1", but facets.stack.removed does not name it). u and f are
// each changed into e's root of their spelling, both ways round.
func TestRootSplitKeepsItsMateBySpelling(t *testing.T) {
	old := []facetRoot{
		{"debarm", "curl", "2.0.1", "10", "+shared", 0, 0, "curl@2.0.1"}, // u
		{"debarm", "curl", "2.0", "11", "~shared", 0, 0, "curl@2.0"},     // n
		{"debarm", "curl", "3.0", "11", "~shared", 7, 0, "curl@2.0"},     // f
	}
	cur := []facetRoot{
		{"debarm", "curl", "1.0", "10", "+shared", 0, 0, "curl@1.0"},  // e
		{"debarm", "curl", "1.0", "10", "+shared", 0, 0, "curl@=1.0"}, // e
		{"debarm", "curl", "2.0", "11", "~shared", 0, 0, "curl"},      // n
	}
	h := facetRoot.letter
	u, n, f, e := h(old[0]), h(old[1]), h(old[2]), h(cur[0])
	want := []string{
		"changed " + f + ">" + e + " curl@2.0>curl@=1.0",
		"changed " + u + ">" + e + " curl@2.0.1>curl@1.0",
		"renamed " + n + " curl@2.0>curl",
	}
	facetRootsBothWays(t, "split keeps its mate by spelling", old, cur, want)
}

// A split spelling's root keeps its mate though a root of a spelling
// both sides write took another root of that new spelling
// (TestRootsDrawnFacetFolders' seed 1257, smallest): debian's curl@=3.0
// for i 3.0 and y 2.0, and curl for p 1.0, now debian's curl@=1.0.1 for
// h 1.0.1 and curl@=1.0 for p and r 2.0 (y rebuilt), and ubuntu's curl
// for d. p took curl@=1.0 by hash, and respell, as if curl@=3.0 were
// respelt whole, let no other old spelling take a root of it: y was said
// removed and r added, curl@=3.0 went into curl@=1.0.1 alone while its
// stack was kept, and the report was refused
// (causes.roots.changed[0].old.root: "curl@=3.0", but the report counts
// specs in that stack). y is changed into r, both ways round.
func TestRootSplitSharesANewSpelling(t *testing.T) {
	old := []facetRoot{
		{"debian", "curl", "3.0", "11", "~shared", 0, 0, "curl@=3.0"}, // i
		{"debian", "curl", "2.0", "11", "~shared", 3, 0, "curl@=3.0"}, // y
		{"debian", "curl", "1.0", "11", "~shared", 0, 1, "curl"},      // p
	}
	cur := []facetRoot{
		{"debian", "curl", "1.0.1", "11", "~shared", 0, 0, "curl@=1.0.1"}, // h
		{"debian", "curl", "1.0", "11", "~shared", 0, 1, "curl@=1.0"},     // p
		{"debian", "curl", "2.0", "11", "~shared", 7, 1, "curl@=1.0"},     // r
		{"ubuntu", "curl", "2.0", "12", "+shared", 0, 0, "curl"},          // d
	}
	h := facetRoot.letter
	i, y, p, hh, r, d := h(old[0]), h(old[1]), h(old[2]), h(cur[0]), h(cur[2]), h(cur[3])
	want := []string{
		"added " + d + " curl",
		"changed " + i + ">" + hh + " curl@=3.0>curl@=1.0.1",
		"changed " + y + ">" + r + " curl@=3.0>curl@=1.0",
		"renamed " + p + " curl>curl@=1.0",
	}
	facetRootsBothWays(t, "split shares a new spelling", old, cur, want)
}

// facetRootsBothWays is rootsBothWays of the folders of old and cur.
func facetRootsBothWays(t *testing.T, tag string, old, cur []facetRoot, want []string) {
	t.Helper()
	rootsBothWays(t, tag, loadFacetFolder(t, "old", old, nil), loadFacetFolder(t, "new", cur, nil), want, nil)
}

// letter is the first letter of x's hash, which the tests' root lines name.
func (x facetRoot) letter() string { return x.hash()[:1] }
