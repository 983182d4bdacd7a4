package diff_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// A twinSpec is a spec of a hand-built lockfile (rhel8's, or that of
// loadTwinsIn's environment): its package, hash (a letter, repeated),
// root spelling ("" for none) and the letters of its dependencies.
type twinSpec struct {
	name, hash, root, deps string
}

// loadTwins loads specs as one spack.lock of rhel8, each at version 1.0
// built alike but for its hash and dependencies.
func loadTwins(t *testing.T, name string, specs []twinSpec) *snapshot.Snapshot {
	t.Helper()
	return loadTwinsIn(t, name, map[string][]twinSpec{"rhel": specs})
}

// loadTwinsIn is loadTwins of a folder of one spack.lock by environment
// (facetArch's names: its os and target), a dependency's letter that of
// a spec of any of them.
func loadTwinsIn(t *testing.T, name string, byEnv map[string][]twinSpec) *snapshot.Snapshot {
	t.Helper()
	names := map[string]string{}
	for _, specs := range byEnv {
		for _, s := range specs {
			names[s.hash] = s.name
		}
	}
	locks := make(map[string]*drawnLock, len(byEnv))
	for env, specs := range byEnv {
		l := &drawnLock{seen: map[string]bool{}}
		for _, s := range specs {
			var deps []string
			for _, d := range s.deps {
				deps = append(deps, fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, names[string(d)], strings.Repeat(string(d), 32)))
			}
			h := strings.Repeat(s.hash, 32)
			l.specs = append(l.specs, fmt.Sprintf(`%q:{"name":%q,"version":"1.0","arch":{"platform":"linux","platform_os":%q,"target":%q},"compiler":{"name":"gcc","version":"10"},"namespace":"builtin","parameters":{},"dependencies":[%s],"hash":%q}`,
				h, s.name, facetArch[env][0], facetArch[env][1], strings.Join(deps, ","), h))
			if s.root != "" {
				l.root(h, s.root)
			}
		}
		locks[env] = l
	}
	return loadDrawnLocks(t, name, slices.Sorted(maps.Keys(locks)), locks, nil)
}

// TestTwinsOrderedByTheirOwnStacks (class b): builds alike that neither
// their edges nor respell's mates tell apart paired by their places
// among each other, and those were ordered by their stacks, the old
// side's respelt into the new side's spellings: ordered one way in each
// direction. Old: libx a and b, both of curl-x@=1.0's root r; new: libx
// c of curl-x's root s (r respelt) and d of curl-x@1.0's root u
// (added). Old → new, a and b (both curl-x) by hash, c (curl-x) before
// d (curl-x@1.0): a>c, b>d; new → old, d (curl-x@1.0) before c
// (respelt curl-x@=1.0): d>a, c>b, the pairs not the mirror of those
// old → new. Each side's specs are ordered by their own stacks, as that
// side wrote them: the same order both ways round (a drawn loop of
// 3,000 such shapes: 6 of the first 1,660 not mirrored, none now).
func TestTwinsOrderedByTheirOwnStacks(t *testing.T) {
	old := []twinSpec{{"libx", "a", "", ""}, {"libx", "b", "", ""}, {"curl-x", "r", "curl-x@=1.0", "ab"}}
	cur := []twinSpec{{"libx", "c", "", ""}, {"libx", "d", "", ""}, {"curl-x", "s", "curl-x", "c"}, {"curl-x", "u", "curl-x@1.0", "d"}}
	o, n := loadTwins(t, "old", old), loadTwins(t, "new", cur)
	var pairs [2][]string
	for i, ab := range [2][2]*snapshot.Snapshot{{o, n}, {n, o}} {
		r, err := diff.CompareWith(ab[0], ab[1], diff.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.CheckLaws(); err != nil {
			t.Error(err)
		}
		for _, p := range r.Packages {
			if p.Name != "libx" {
				continue
			}
			for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
				for _, x := range l {
					o, n := x.Old.Hash[:1], x.New.Hash[:1]
					if i == 1 {
						o, n = n, o
					}
					pairs[i] = append(pairs[i], o+">"+n)
				}
			}
		}
		slices.Sort(pairs[i])
	}
	if len(pairs[0]) != 2 || !slices.Equal(pairs[0], pairs[1]) {
		t.Errorf("libx paired %q old → new, %q new → old (turned about): want two pairs, the same", pairs[0], pairs[1])
	}
}
