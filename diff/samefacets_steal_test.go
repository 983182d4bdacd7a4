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

// A chain's old specs A (over zlib and p) and B (over zlib, p and r),
// T over A, with zlib now zlib-ng: neither A nor B finds an exact pair.
// B has the most in common with N1 (p and r), A with N2 (p): the level's
// pairs at once go by the most in common over the whole level, not to A
// first because it comes first (which gave A N1 and B N2, where the
// parent of the pairing at once paired them right), whichever way the
// hashes sort.
func TestSameFacetsChainFallbackBestOfLevel(t *testing.T) {
	for _, flip := range []int{0, 1, 2, 3} {
		t.Run(fmt.Sprint("flip=", flip), func(t *testing.T) {
			z, zn, p, r := fakeHash('z', "zz"), fakeHash('z', "zn"), fakeHash('l', "ip"), fakeHash('l', "ir")
			a, b, tt := fakeHash('b', "oa"), fakeHash('c', "ob"), fakeHash('d', "ot")
			n1, n2, u := fakeHash('e', "na"), fakeHash('f', "nb"), fakeHash('g', "nu")
			if flip&1 != 0 {
				a, b = fakeHash('c', "oa"), fakeHash('b', "ob")
			}
			if flip&2 != 0 {
				n1, n2 = fakeHash('f', "na"), fakeHash('e', "nb")
			}
			oldIdx := indexJSON(t, []indexSpec{
				{name: "zlib", version: "1.3", hash: z},
				{name: "p", version: "1", hash: p},
				{name: "r", version: "1", hash: r},
				{name: "same", version: "1", hash: a, deps: [][2]string{{"zlib", z}, {"p", p}}},
				{name: "same", version: "1", hash: b, deps: [][2]string{{"zlib", z}, {"p", p}, {"r", r}}},
				{name: "same", version: "1", hash: tt, deps: [][2]string{{"same", a}}},
			})
			newIdx := indexJSON(t, []indexSpec{
				{name: "zlib-ng", version: "1.3", hash: zn},
				{name: "p", version: "1", hash: p},
				{name: "r", version: "1", hash: r},
				{name: "same", version: "1", hash: n1, deps: [][2]string{{"zlib-ng", zn}, {"p", p}, {"r", r}}},
				{name: "same", version: "1", hash: n2, deps: [][2]string{{"zlib-ng", zn}, {"p", p}}},
				{name: "same", version: "1", hash: u, deps: [][2]string{{"same", n2}}},
			})
			want := map[string]string{a: n2, b: n1, tt: u}
			ab, _ := compareIndexes(t, oldIdx, newIdx)
			got := first(pairsOf(ab))
			for o, nw := range want {
				if got[o] != nw {
					t.Errorf("%s pairs with %q, want %s", o, got[o], nw)
				}
			}
		})
	}
}

func first(p map[string]string, _ map[string][]string) map[string]string { return p }
