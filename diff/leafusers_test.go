package diff_test

import (
	"fmt"
	"strings"
	"testing"
)

// Two leaves of a alike, each under one build of b, the builds alike by
// their name and number of edges but over another dependency each (x
// or y), b bumped: the leaves' users are of b's class, not
// paired while a's class is, and were told by their name and number of
// edges alone, which told the leaves nothing: they paired in order and
// crossed, under every labelling or some, by the names. A user of
// another class is told by its edges too, each by its pair where that
// is sure. The pairs keep every edge the pairs by place keep, under 16
// labellings, both ways (gCheck).
func TestLeavesToldByUsersOfAnotherClass(t *testing.T) {
	bad := 0
	for v, names := range [][4]string{{"a", "b", "x", "y"}, {"b", "c", "a", "d"}, {"m", "p", "z", "n"}, {"q", "k", "r", "s"}, {"d", "e", "f", "g"}, {"y", "w", "v", "u"}} {
		a, b, x, y := names[0], names[1], names[2], names[3]
		old := []gSpec{
			{a, "o0", "1", nil}, {a, "o1", "1", nil},
			{x, "o2", "1", nil},
			{b, "o3", "1", [][2]string{{a, "o0"}, {x, "o2"}}},
			{y, "o5", "1", nil},
			{b, "o4", "1", [][2]string{{a, "o1"}, {y, "o5"}}},
		}
		sh := gMake(old, gBump(b))
		if why := gCheck(t, sh, 16, 7200+uint64(v)); len(why) > 0 {
			bad++
			t.Errorf("names %v: %s", names, strings.Join(why, "; "))
		}
	}
	if bad > 0 {
		t.Error(fmt.Sprint(bad, " of 6 namings wrong"))
	}
}
