package diff_test

import (
	"strings"
	"testing"
)

// A cycle of specs through two packages (a0 over b1 over a0: bad
// input), resolved as one joint class, with two leaves of b alike but
// for a user out of the class (d over b3), a and b bumped: under 20
// labellings of the hashes and orders of the input, both ways, the
// pairs keep every edge and the report is the same. The joint class
// was made without the users out of its classes, so that its colors
// could not tell the leaves apart, and the used one paired with either
// new leaf by hash order (d's edge crossed).
func TestJointClassUsersOut(t *testing.T) {
	bump := func(nw []gSpec) {
		gBump("a")(nw)
		gBump("b")(nw)
	}
	sh := gMake([]gSpec{
		{name: "a", id: "o0", version: "1", deps: [][2]string{{"b", "o1"}}},
		{name: "b", id: "o1", version: "1", deps: [][2]string{{"a", "o0"}}},
		{name: "a", id: "o2", version: "1"},
		{name: "b", id: "o3", version: "1"},
		{name: "b", id: "o4", version: "1"},
		{name: "d", id: "o5", version: "1", deps: [][2]string{{"b", "o3"}}},
	}, bump)
	if why := gCheck(t, sh, 20, 74); len(why) > 0 {
		t.Error(strings.Join(why, "; "))
	}
}
