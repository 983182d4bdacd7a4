package diff_test

import (
	"strings"
	"testing"
)

// TestEdgeLeftByPlace: c, certain, is over b's one build in the old
// snapshot and over three other builds in the new one, alike by their
// facets but for their places (over zlib, over nothing, over both);
// b's old build pairs with a fourth (d over both). Under 16 labellings, both ways (gCheck): the
// report is the same and the mirror of the other way. Matched in hash
// order, c's old edge to b went to either new build by the labels.
func TestEdgeLeftByPlace(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, new []gSpec
	}{
		{"three", []gSpec{
			{"b", "o0", "1", nil},
			{"d", "o1", "1", [][2]string{{"b", "o0"}}},
			{"c", "o2", "1", [][2]string{{"b", "o0"}}},
		}, []gSpec{
			{"b", "n0", "2", nil},
			{"d", "n1", "1", [][2]string{{"b", "n0"}}},
			{"c", "n2", "1", [][2]string{{"b", "n3"}, {"b", "n4"}, {"b", "n6"}}},
			{"b", "n3", "2", [][2]string{{"zlib", "n5"}}},
			{"b", "n4", "2", nil},
			{"zlib", "n5", "1", nil},
			{"b", "n6", "2", [][2]string{{"zlib", "n5"}, {"b", "n4"}}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh := gShape{sides: [2][]gSpec{tc.old, tc.new}, place: map[string]string{}, structural: true}
			for stream := range uint64(3) {
				if why := gCheck(t, sh, 16, 7200+stream); len(why) > 0 {
					t.Fatalf("stream %d: %s", stream, strings.Join(why, "; "))
				}
			}
		})
	}
}
