package diff_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// A spec over itself (a cycle of one, bad input) rebuilt with nothing
// else changed, and a package over it: the spec's own change is its
// root cause ("other": its hash changed, nothing the files show did),
// and the package's cause is that change, both ways. Its edge to
// itself counted as a dependency changing, so it had no own change,
// and neither it nor the package over it had any cause ("explained
// 0"). Over a zlib bumped as well, its cause is zlib's version alone.
func TestSelfEdgeOwnCause(t *testing.T) {
	for _, bumped := range []bool{false, true} {
		old := []gSpec{
			{name: "zlib", id: "oz", version: "1"},
			{name: "a", id: "o0", version: "1", deps: [][2]string{{"a", "o0"}}},
			{name: "c", id: "o1", version: "1", deps: [][2]string{{"a", "o0"}}},
		}
		mut := func([]gSpec) {}
		want := map[string][]string{"a": {"self a [other:>]"}, "c": {"a [other:>] [c a]"}}
		if bumped {
			old[1].deps = append(old[1].deps, [2]string{"zlib", "oz"})
			mut = gBump("zlib")
			want = map[string][]string{"a": {"zlib [version:1>2] [a zlib]"}, "c": {"zlib [version:1>2] [c a zlib]"}}
		}
		sh := gMake(old, mut)
		for _, reverse := range []bool{false, true} {
			o, nw, _ := gLoad(t, rand.New(rand.NewPCG(1, 77)), sh)
			if reverse {
				o, nw = nw, o
				if bumped {
					want = map[string][]string{"a": {"zlib [version:2>1] [a zlib]"}, "c": {"zlib [version:2>1] [c a zlib]"}}
				}
			}
			r := compareLawful(t, o, nw, diff.Filter{})
			got := causesByPackage(r)
			for _, name := range []string{"a", "c"} {
				if !slices.Equal(got[name], want[name]) {
					t.Errorf("bumped=%v reverse=%v: %s's causes %q, want %q", bumped, reverse, name, got[name], want[name])
				}
			}
		}
	}
}

// changeKeys writes changes as kind:from>to, in a list.
func changeKeys(l []diff.Change) string {
	var s []string
	for _, c := range l {
		s = append(s, c.Kind+":"+c.From+">"+c.To)
	}
	return fmt.Sprint(s)
}

// causesByPackage lists each package's causes, over its rebuilt then
// updated pairs: "self NAME CHANGES" for a pair's own change, then
// "NAME CHANGES PATH" for each root cause it resolves to.
func causesByPackage(r *diff.Report) map[string][]string {
	got := map[string][]string{}
	for _, p := range r.Packages {
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for _, x := range l {
				if c := r.Causes.SelfCause(x.Why); c != nil {
					got[p.Name] = append(got[p.Name], fmt.Sprintf("self %s %s", c.Name, changeKeys(c.Changes)))
				}
				for _, c := range r.Causes.Resolve(x.Why, p.Name) {
					got[p.Name] = append(got[p.Name], fmt.Sprintf("%s %s %v", c.Name, changeKeys(c.Changes), c.Path))
				}
			}
		}
	}
	return got
}
