package diff_test

import (
	"strings"
	"testing"
)

// Two builds of b@1 alike, c over the first; the first bumped to b@2:
// the update is the first build's, the second is rebuilt. Split by
// their new facets, the update and the rebuild were a class of one
// pair each, left as the passes paired them, by hash order: the update
// landed on the build c is not over under half the labellings, and
// c's edge crossed. Under 16 labellings, both ways (gCheck), the pairs
// keep every edge the pairs by place keep; so with b's builds each
// over a zlib of their own, and with the second build over the first.
func TestUpdateLandsOnItsBuild(t *testing.T) {
	for _, tc := range []struct {
		name string
		old  []gSpec
	}{
		{"leaves", []gSpec{
			{"b", "o0", "1", nil}, {"b", "o1", "1", nil},
			{"c", "o2", "1", [][2]string{{"b", "o0"}}},
		}},
		{"users both", []gSpec{
			{"b", "o0", "1", nil}, {"b", "o1", "1", nil},
			{"c", "o2", "1", [][2]string{{"b", "o0"}}},
			{"d", "o3", "1", [][2]string{{"b", "o1"}}},
		}},
		{"chain", []gSpec{
			{"b", "o0", "1", nil}, {"b", "o1", "1", [][2]string{{"b", "o0"}}},
			{"c", "o2", "1", [][2]string{{"b", "o1"}}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh := gMake(tc.old, func(nw []gSpec) { nw[0].version = "2" })
			for stream := range uint64(2) {
				if why := gCheck(t, sh, 16, 7300+stream); len(why) > 0 {
					t.Fatalf("stream %d: %s", stream, strings.Join(why, "; "))
				}
			}
		})
	}
}
