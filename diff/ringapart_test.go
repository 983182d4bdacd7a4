package diff_test

import (
	"strings"
	"testing"
)

// ringApart is a ring of n specs of package same with the same facets
// (bad input), spec i over spec i+1, spec 0 also over zlib in the old
// snapshot and over zlib-ng in the new one; spec 5 is also over a leaf
// same@2 (itself over zlib, then zlib-ng: rebuilt), and in the new
// snapshot over ring spec 8 too. The new ring's hashes sort in another
// order than the old ones, and before the new leaf's.
func ringApart(t *testing.T, n int) (oldIdx, newIdx string) {
	t.Helper()
	var sides [2][]indexSpec
	for side, bottom := range []string{"zlib", "zlib-ng"} {
		hash := func(i int) string {
			if side == 1 {
				i = i * 7 % n
			}
			return fakeHash("on"[side], "r"+base26(i, 4))
		}
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		leaf := fakeHash("ey"[side], "leaf")
		sides[side] = append(sides[side], indexSpec{name: bottom, version: "1.3", hash: lib},
			indexSpec{name: "same", version: "2", hash: leaf, deps: [][2]string{{bottom, lib}}})
		for i := range n {
			s := indexSpec{name: "same", version: "1", hash: hash(i), deps: [][2]string{{"same", hash((i + 1) % n)}}}
			switch {
			case i == 0:
				s.deps = append(s.deps, [2]string{bottom, lib})
			case i == 5:
				s.deps = append(s.deps, [2]string{"same", leaf})
				if side == 1 {
					s.deps = append(s.deps, [2]string{"same", hash(8)})
				}
			}
			sides[side] = append(sides[side], s)
		}
	}
	return indexJSON(t, sides[0]), indexJSON(t, sides[1])
}

// A spec of a ring (bad input) over a spec of no pair of the ring (a
// leaf same@2, rebuilt) that gains an edge into the ring: its edge to
// the leaf matches the new leaf's, and the new edge into the ring is a
// dependency added. The explainer, matching a name's edges left over in
// order, compared the old leaf's edge with the new one into the ring
// first (an edge into the ring's pairs matches only its pair's), passed
// both, and so said the leaf's edge removed and the new leaf's added:
// "dropped dependency same@2" and "new dependency same@2", root causes
// of every spec over it that no change made.
func TestRingEdgeApartPassesOne(t *testing.T) {
	oldIdx, newIdx := ringApart(t, 10)
	ab, ba := compareIndexes(t, oldIdx, newIdx)
	for i, r := range [...]struct {
		name string
		g    string
	}{{"old to new", causeGroups(t, ab)}, {"new to old", causeGroups(t, ba)}} {
		if strings.Contains(r.g, "same@2") {
			t.Errorf("%s: cause groups %s; want no same@2 dependency added or dropped", r.name, r.g)
		}
		want := [2]string{`"kind":"added","to":"same@1"`, `"kind":"removed","from":"same@1"`}[i]
		if !strings.Contains(r.g, want) {
			t.Errorf("%s: cause groups %s; want the edge into the ring, %s", r.name, r.g, want)
		}
	}
}
