package diff_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Graphs whose new side gained or lost an edge (structural: no pairs by
// place to keep), under 16 labellings of the hashes and orders of the
// input, both ways (gCheck): the report is the same under every
// labelling and the mirror of the other way.
//   - leaves: two leaves of a, one under both builds of b over a, the
//     other under one; b's build over both loses its edge to the second.
//     The leaves' users told them apart only partly (no color alike),
//     and they paired in hash order: the edges over them crossed under
//     one labelling in eight.
//   - contest: c's leaf gains an edge to a, and is then alike c's build
//     over a but for that one's user over it; the other way, the two new
//     builds over a took the one old build over a in order, by hash,
//     and the two ways were not each other's mirror.
//   - dupdrop: b's build over a's first leaf twice (c over it) drops one
//     of the two edges (bad input: an edge given twice), and is then
//     alike the other build of b over a leaf; the leaves and b's builds
//     paired in hash order, and the edges crossed under some labellings
//     (dupdrop alike: both builds over the first leaf, the two ways not
//     each other's mirror).
func TestStructuralTiesAnyLabels(t *testing.T) {
	for _, tc := range []struct {
		name string
		old  []gSpec
		mut  func(nw []gSpec)
	}{
		{"leaves", []gSpec{
			{"a", "o0", "1", nil}, {"a", "o1", "1", nil},
			{"b", "o2", "1", [][2]string{{"a", "o0"}, {"a", "o1"}}},
			{"b", "o3", "1", nil},
			{"b", "o4", "1", [][2]string{{"a", "o0"}}},
		}, func(nw []gSpec) { nw[2].deps = nw[2].deps[:1] }},
		{"contest", []gSpec{
			{"a", "o0", "1", nil}, {"b", "o1", "1", nil},
			{"b", "o2", "1", [][2]string{{"a", "o0"}, {"b", "o1"}, {"b", "o1"}}},
			{"c", "o3", "1", nil},
			{"c", "o4", "1", [][2]string{{"a", "o0"}}},
			{"c", "o5", "1", [][2]string{{"a", "o0"}, {"c", "o4"}, {"c", "o4"}}},
		}, func(nw []gSpec) { nw[3].deps = [][2]string{{"a", "n0"}} }},
		{"dupdrop", []gSpec{
			{"a", "o0", "1", nil}, {"a", "o1", "1", nil},
			{"b", "o2", "1", [][2]string{{"a", "o0"}, {"a", "o0"}}},
			{"b", "o3", "1", [][2]string{{"a", "o1"}}},
			{"c", "o4", "1", [][2]string{{"b", "o2"}}},
		}, func(nw []gSpec) { nw[2].deps = nw[2].deps[:1] }},
		{"dupdrop alike", []gSpec{
			{"a", "o0", "1", nil}, {"a", "o1", "1", nil},
			{"b", "o2", "1", [][2]string{{"a", "o0"}, {"a", "o0"}}},
			{"b", "o3", "1", [][2]string{{"a", "o0"}}},
			{"c", "o4", "1", [][2]string{{"b", "o2"}}},
		}, func(nw []gSpec) { nw[2].deps = nw[2].deps[:1] }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh := gMake(tc.old, tc.mut)
			sh.structural = true
			for stream := range uint64(3) {
				if why := gCheck(t, sh, 16, 7100+stream); len(why) > 0 {
					t.Fatalf("stream %d: %s", stream, strings.Join(why, "; "))
				}
			}
		})
	}
}

// Drawn graphs, acyclic and cyclic, those whose new side gained or lost
// an edge (drawGraph's structural shapes) and those only bumped, under
// two labellings each, both ways (gCheck): the first of the shape's
// stream and one of the next seven, by the shape, so that the 600
// shapes draw each of the eight that this test drew for every shape
// (8 a shape: 4 times the time, and no defect below missed). As
// TestStructuralTiesAnyLabels, 30 and 31 of the first 300 shapes of
// each went by the labels; acyclic shape 142 by the users' edges
// (31e7ef9e: under every labelling), 154 by the explainer's order of a
// name's edges (TestEdgeLeftByPlace; 8632e680: under labellings 1, 2,
// 3 and 6 of 7, this test's is 1), and cyclic shapes 5, 106, 207, 217
// and 227 paired new → old otherwise than old → new
// (TestPairsMirrorBothWays; ede2477d: under every labelling).
// The cyclic shapes only bumped (several specs of a package alike but
// for their edges, cycles within and across packages, edges given
// twice, self-edges) also keep as many edges as the pairs by place: a
// cycle across two packages, resolved as one joint class, was colored
// without the users out of its classes, and leaves alike but for such a
// user paired by hash order (3 of the first 138 such shapes, under the
// first 4 labellings of each shape's stream). knownBad lists shapes
// known wrong.
func TestDrawnStructuralGraphsAnyLabels(t *testing.T) {
	if testing.Short() {
		t.Skip("300 drawn shapes a side")
	}
	knownBad := map[bool][]uint64{}
	for _, cyclic := range []bool{false, true} {
		bad, n := 0, 0
		for shape := range uint64(300) {
			sh := drawGraph(rand.New(rand.NewPCG(shape, 7001)), cyclic)
			if slices.Contains(knownBad[cyclic], shape) {
				continue
			}
			n++
			if why := gCheckSeeds(t, sh, []uint64{0, 1 + shape%7}, 7002+shape); len(why) > 0 {
				if bad++; bad <= 3 {
					t.Errorf("cyclic %v shape %d %v: %s\nold %v\nnew %v", cyclic, shape, sh.what, strings.Join(why, "; "), sh.sides[0], sh.sides[1])
				}
			}
		}
		if bad > 0 {
			t.Errorf("cyclic %v: %d of %d shapes wrong", cyclic, bad, n)
		}
	}
}
