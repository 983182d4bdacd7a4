package diff_test

import (
	"fmt"
	"strings"
	"testing"
)

// Two leaves of a alike, each under a spec of a of its own (o2 over
// o0, o3 over o1) and a spec of c; when wide, a spec of a over both of
// those (o4). The new snapshot adds a package d over the second leaf
// alone (a user of one side). Under 20 labellings of the hashes and
// orders of the input, both ways, the pairs keep every edge and the
// report is the same. The user gained set the second leaf apart from
// its old self in ucolor, and through the class (o3, o4, o2) the first
// leaf too: neither leaf found a new one of its ucolor, and both paired
// by hash order (wide: the chains crossed, "a@1 added" and "removed"
// made up). They now pair by their color (the users out of the class
// alone) first.
func TestAlikeLeavesUserGained(t *testing.T) {
	for _, wide := range []bool{false, true} {
		t.Run(fmt.Sprint("wide=", wide), func(t *testing.T) {
			old := []gSpec{
				{name: "a", id: "o0", version: "1"},
				{name: "a", id: "o1", version: "1"},
				{name: "a", id: "o2", version: "1", deps: [][2]string{{"a", "o0"}}},
				{name: "a", id: "o3", version: "1", deps: [][2]string{{"a", "o1"}}},
				{name: "c", id: "o5", version: "1", deps: [][2]string{{"a", "o0"}}},
				{name: "c", id: "o6", version: "1", deps: [][2]string{{"a", "o1"}, {"a", "o3"}}},
			}
			if wide {
				old = append(old, gSpec{name: "a", id: "o4", version: "1", deps: [][2]string{{"a", "o2"}, {"a", "o3"}}})
			}
			sh := gMake(old, func([]gSpec) {})
			sh.sides[1] = append(sh.sides[1], gSpec{name: "d", id: "n9", version: "1", deps: [][2]string{{"a", "n1"}}})
			if why := gCheck(t, sh, 20, 76); len(why) > 0 {
				t.Error(strings.Join(why, "; "))
			}
		})
	}
}
