package diff_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// A cycle (bad input) whose members are all rebuilt, with no change
// entering it from outside, is a spec over itself made longer: each
// member's own change is its root cause ("other"), and the members'
// changes reach the other members and the specs over the cycle, each by
// its path. The members each had a changed dependency (the next
// member), so none had an own change, and neither they nor the spec
// over them had any cause. A cycle over a bumped zlib has zlib's
// version alone; a cycle over such a cycle has the lower cycle's
// changes alone (they enter it from outside).
func TestCycleOwnCause(t *testing.T) {
	ring := func(p string, ids ...int) []gSpec {
		var l []gSpec
		for i, k := range ids {
			l = append(l, gSpec{name: fmt.Sprint(p, i), id: fmt.Sprint("o", k), version: "1",
				deps: [][2]string{{fmt.Sprint(p, (i+1)%len(ids)), fmt.Sprint("o", ids[(i+1)%len(ids)])}}})
		}
		return l
	}
	for _, tc := range []struct {
		name string
		old  []gSpec
		mut  func([]gSpec)
		want map[string][]string
	}{{
		name: "free",
		old:  append(ring("a", 0, 1, 2), gSpec{name: "d", id: "o3", version: "1", deps: [][2]string{{"a0", "o0"}}}),
		mut:  func([]gSpec) {},
		want: map[string][]string{
			"a0": {"self a0 [other:>]", "a1 [other:>] [a0 a1]", "a2 [other:>] [a0 a1 a2]"},
			"a1": {"self a1 [other:>]", "a0 [other:>] [a1 a2 a0]", "a2 [other:>] [a1 a2]"},
			"a2": {"self a2 [other:>]", "a0 [other:>] [a2 a0]", "a1 [other:>] [a2 a0 a1]"},
			"d":  {"a0 [other:>] [d a0]", "a1 [other:>] [d a0 a1]", "a2 [other:>] [d a0 a1 a2]"},
		},
	}, {
		name: "over zlib",
		old: append(append(ring("a", 0, 1), gSpec{name: "zlib", id: "o9", version: "1"}),
			gSpec{name: "d", id: "o3", version: "1", deps: [][2]string{{"a0", "o0"}}}),
		mut: func(nw []gSpec) {
			nw[1].deps = append(nw[1].deps, [2]string{"zlib", "n9"})
			nw[2].version = "2"
		},
		want: map[string][]string{
			"a0":   {"zlib [added:>zlib@2] [a0 a1 zlib]"},
			"a1":   {"zlib [added:>zlib@2] [a1 zlib]"},
			"d":    {"zlib [added:>zlib@2] [d a0 a1 zlib]"},
			"zlib": {"self zlib [version:1>2]"},
		},
	}, {
		name: "over a cycle",
		old: append(ring("a", 0, 1), append(ring("b", 4, 5),
			gSpec{name: "d", id: "o3", version: "1", deps: [][2]string{{"a0", "o0"}}})...),
		mut: func(nw []gSpec) {
			nw[1].deps = append(nw[1].deps, [2]string{"b0", "n4"})
		},
		want: map[string][]string{
			"a0": {"b0 [added:>b0@1] [a0 a1 b0]"},
			"a1": {"b0 [added:>b0@1] [a1 b0]"},
			"b0": {"self b0 [other:>]", "b1 [other:>] [b0 b1]"},
			"b1": {"self b1 [other:>]", "b0 [other:>] [b1 b0]"},
			"d":  {"b0 [added:>b0@1] [d a0 a1 b0]"},
		},
	}, {
		name: "cycle over a cycle",
		old: func() []gSpec {
			l := append(ring("a", 0, 1), append(ring("b", 4, 5),
				gSpec{name: "d", id: "o3", version: "1", deps: [][2]string{{"a0", "o0"}}})...)
			l[1].deps = append(l[1].deps, [2]string{"b0", "o4"})
			return l
		}(),
		mut: func([]gSpec) {},
		want: map[string][]string{
			"a0": {"b0 [other:>] [a0 a1 b0]", "b1 [other:>] [a0 a1 b0 b1]"},
			"a1": {"b0 [other:>] [a1 b0]", "b1 [other:>] [a1 b0 b1]"},
			"b0": {"self b0 [other:>]", "b1 [other:>] [b0 b1]"},
			"b1": {"self b1 [other:>]", "b0 [other:>] [b1 b0]"},
			"d":  {"b0 [other:>] [d a0 a1 b0]", "b1 [other:>] [d a0 a1 b0 b1]"},
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			o, nw, _ := gLoad(t, rand.New(rand.NewPCG(1, 78)), gMake(tc.old, tc.mut))
			r := compareLawful(t, o, nw, diff.Filter{})
			got := causesByPackage(r)
			for name, w := range tc.want {
				if !slices.Equal(got[name], w) {
					t.Errorf("%s's causes %q, want %q", name, got[name], w)
				}
			}
			if len(got) != len(tc.want) {
				t.Errorf("causes %q, want %q", got, tc.want)
			}
		})
	}
}
