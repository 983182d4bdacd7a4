package diff_test

import (
	"fmt"
	"testing"
)

// ringAndTop is a ring of n specs of same (spec i over spec i+1, the
// last over zlib, zlib-ng in the new snapshot), and in the new snapshot
// one more spec of same over the last: the spec before it in the ring
// and the new one have the same edges.
func ringAndTop(n int) cycleShape {
	var sh cycleShape
	sh.want = map[string]string{}
	for s, bottom := range []string{"zlib", "zlib-ng"} {
		p := "on"[s : s+1]
		sh.sides[s] = append(sh.sides[s], symSpec{name: bottom, id: p + "z"})
		for i := range n {
			sp := symSpec{name: "same", id: fmt.Sprint(p, i), deps: [][2]string{{"same", fmt.Sprint(p, (i+1)%n)}}}
			if i == n-1 {
				sp.deps = append(sp.deps, [2]string{bottom, p + "z"})
			}
			sh.sides[s] = append(sh.sides[s], sp)
		}
	}
	sh.sides[1] = append(sh.sides[1], symSpec{name: "same", id: "ntop", deps: [][2]string{{"same", fmt.Sprint("n", n-1)}}})
	for i := range n {
		sh.want[fmt.Sprint("o", i)] = fmt.Sprint("n", i)
	}
	sh.groups = []string{fmt.Sprintf("zlib [removed:zlib@1.3>] specs=%d", n), fmt.Sprintf("zlib-ng [added:>zlib-ng@1.3] specs=%d", n)}
	return sh
}

// An old ring against the same ring and a new spec over the ring's
// spec over zlib (bad input): the ring's spec before that one and the
// new spec have the same edges, and the exact pair by edges was the
// first in hash order, the new spec as often as not. The ring crossed:
// "same@1 added" and "same@1 removed" made up for every spec of the
// ring, the zlib swap reaching fewer of them, in about half of the
// labellings either way (n = 3: 13 of 20). Now an exact pair of the
// old spec's color (its cycle's size) comes first, and another old
// spec takes one only of a color more new specs have than old.
func TestCycleRingAndNewTop(t *testing.T) {
	bad := 0
	for n := 2; n <= 6; n++ {
		sh := ringAndTop(n)
		for seed := range uint64(20) {
			checkLabelling(t, sh, seed, 45, fmt.Sprintf("n %d, ", n), &bad)
		}
	}
	if bad > 0 {
		t.Errorf("%d of 200 reports wrong", bad)
	}
}
