package diff_test

import (
	"fmt"
	"testing"
)

// In a class with a chain (T over S1), S1 finds no exact pair (its zlib
// is zlib-ng now) while S2 (over libA, unchanged) has one, N1. S1's
// pairing at once must not take N1 from S2 before S2 is visited: S2
// pairs with N1 and S1 with N2, whichever way the hashes sort, both
// ways.
func TestSameFacetsChainFallbackKeepsExactPair(t *testing.T) {
	for _, flip := range []int{0, 1, 2, 3} {
		t.Run(fmt.Sprint("flip=", flip), func(t *testing.T) {
			z, zn, a := fakeHash('z', "zz"), fakeHash('z', "zn"), fakeHash('l', "ib")
			s1, s2, tt := fakeHash('b', "oa"), fakeHash('c', "ob"), fakeHash('d', "ot")
			n1, n2, u := fakeHash('e', "na"), fakeHash('f', "nb"), fakeHash('g', "nu")
			if flip&1 != 0 {
				s1, s2 = fakeHash('c', "oa"), fakeHash('b', "ob")
			}
			if flip&2 != 0 {
				n1, n2 = fakeHash('f', "na"), fakeHash('e', "nb")
			}
			oldIdx := indexJSON(t, []indexSpec{
				{name: "zlib", version: "1.3", hash: z},
				{name: "liba", version: "1", hash: a},
				{name: "same", version: "1", hash: s1, deps: [][2]string{{"zlib", z}}},
				{name: "same", version: "1", hash: s2, deps: [][2]string{{"liba", a}}},
				{name: "same", version: "1", hash: tt, deps: [][2]string{{"same", s1}}},
			})
			newIdx := indexJSON(t, []indexSpec{
				{name: "zlib-ng", version: "1.3", hash: zn},
				{name: "liba", version: "1", hash: a},
				{name: "same", version: "1", hash: n1, deps: [][2]string{{"liba", a}}},
				{name: "same", version: "1", hash: n2, deps: [][2]string{{"zlib-ng", zn}}},
				{name: "same", version: "1", hash: u, deps: [][2]string{{"same", n2}}},
			})
			want := map[string]string{s1: n2, s2: n1, tt: u}
			ab, ba := compareIndexes(t, oldIdx, newIdx)
			for w, r := range []struct {
				r    map[string]string
				flip bool
			}{{first(pairsOf(ab)), false}, {first(pairsOf(ba)), true}} {
				for o, nw := range want {
					got, exp := r.r[o], nw
					if r.flip {
						got = r.r[nw]
						exp = o
					}
					if got != exp {
						t.Errorf("way %d: %s pairs with %q, want %s (pairs %v)", w, o, got, exp, r.r)
					}
				}
			}
		})
	}
}

func first(p map[string]string, _ map[string][]string) map[string]string { return p }
