package diff_test

import (
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// toolRoot is a lockfile root of package tool (spelt spelling) over
// the cmake spec of dep (a facetRoot's, not rooted by it), in env.
type toolRoot struct {
	env, spelling string
	build         int
	dep           facetRoot
}

// loadToolFolder is loadFacetFolder of roots, with tools rooted beside
// them: a cmake spec that only a tool needs is in the folder, rooted by
// no cmake spelling.
func loadToolFolder(t *testing.T, name string, roots []facetRoot, tools []toolRoot) *snapshot.Snapshot {
	t.Helper()
	locks := map[string]*drawnLock{}
	var envs []string
	lock := func(env string) *drawnLock {
		l := locks[env]
		if l == nil {
			l = &drawnLock{seen: map[string]bool{}}
			locks[env] = l
			envs = append(envs, env)
		}
		return l
	}
	dep := func(name, h string) string {
		return fmt.Sprintf(`{"name":%q,"hash":%q,"parameters":{"deptypes":["link"],"virtuals":[]}}`, name, h)
	}
	cmake := func(l *drawnLock, x facetRoot) string {
		zh := propHash("zlib", x.env)
		l.spec(zh, "zlib", "1.3", "10", "", x.env, "")
		lh := propHash("lib"+x.pkg, x.env, strconv.Itoa(x.mid))
		l.spec(lh, "lib"+x.pkg, "1.0", "10", "", x.env, dep("zlib", zh))
		h := x.hash()
		l.spec(h, x.pkg, x.version, "10", x.variant, x.env, dep("lib"+x.pkg, lh)+","+dep("zlib", zh))
		return h
	}
	for _, x := range roots {
		l := lock(x.env)
		l.root(cmake(l, x), x.spelling)
	}
	for _, x := range tools {
		l := lock(x.env)
		ch := cmake(l, x.dep)
		th := propHash("tool", x.env, strconv.Itoa(x.build), ch)
		l.spec(th, "tool", "1.0", "10", "", x.env, dep("cmake", ch))
		l.root(th, x.spelling)
	}
	return loadDrawnLocks(t, name, envs, locks, nil)
}

// TestRootChangedUnderItsSpellingMatesItsSpec (class b: the mirror;
// found by perturbing TestSplitRootHeldBySpellingBothWrite's shapes
// with tool roots over a cmake spec of either side, 7 of 3,000 draws):
// a root changed under a spelling both sides write pairs its spec with
// its new root's, both ways round, as the roots pair. Old ubuntu's 2
// (~shared, lib 0) rooted cmake@2.0 and t (+shared, lib 0) cmake@=2.0;
// new m (+x, read shared:false as 2 is, lib 0) cmake@=1.0, w (+shared,
// lib 1) cmake@2.0, and a tool root over t, which stays as a
// dependency. The roots are 2>w and t>m both ways round; the specs
// were 2>w with m added old → new, and new → old m>2 (facets alike)
// with w added, though its root changed into 2's: respell's mates were
// only the roots it paired by environment (changedRoots).
func TestRootChangedUnderItsSpellingMatesItsSpec(t *testing.T) {
	old := []facetRoot{{"ubuntu", "cmake", "2.0", "10", "~shared", 5, 0, "cmake@2.0"}, {"ubuntu", "cmake", "2.0", "10", "+shared", 5, 0, "cmake@=2.0"}}
	cur := []facetRoot{{"ubuntu", "cmake", "2.0", "10", "+x", 5, 0, "cmake@=1.0"}, {"ubuntu", "cmake", "2.0", "10", "+shared", 5, 1, "cmake@2.0"}}
	tools := []toolRoot{{"ubuntu", "tool@=1.0", 1, old[1]}}
	compare := lawfulCompare(t, 0, old, cur)
	o, n := loadToolFolder(t, "old", old, nil), loadToolFolder(t, "new", cur, tools)
	fwd, back := compare(o, n), compare(n, o)
	checkMirrored(t, 0, fwd, back, old, cur)
	want := "paired " + old[0].hash() + ">" + cur[1].hash()
	for i, h := range [2][]string{specHashes(fwd, false), specHashes(back, true)} {
		if !slices.Contains(h, want) {
			t.Errorf("way %d: specs %q, want %q, as the roots pair (changed 2>w cmake@2.0)", i, h, want)
		}
	}
}

// TestMateHeldBothSidesWaitedForNeitherWay (class b: the mirror): a
// root's spec whose mate (respell's, either way round) is a hash both
// sides hold waits for it neither way round. Old ubuntu's t (+shared)
// rooted cmake@=2.0 and 2 (~shared) under a tool root; new m (+x, read
// as shared:false like 2) rooted cmake@=1.0, t under the tool root and
// w (+shared, lib 1) under another. The same-hash pass marked the new
// spec paired and left the old one unpaired, so old → new m waited for
// t (a later pass, the variants', told them apart) and 2 paired with w
// in it, while new → old m, t paired, took 2 at once, and the tool
// roots followed: the roots and the specs did not mirror.
func TestMateHeldBothSidesWaitedForNeitherWay(t *testing.T) {
	two := facetRoot{"ubuntu", "cmake", "2.0", "10", "~shared", 5, 0, ""}
	w := facetRoot{"ubuntu", "cmake", "2.0", "10", "+shared", 5, 1, ""}
	old := []facetRoot{{"ubuntu", "cmake", "2.0", "10", "+shared", 5, 0, "cmake@=2.0"}}
	cur := []facetRoot{{"ubuntu", "cmake", "2.0", "10", "+x", 5, 0, "cmake@=1.0"}}
	compare := lawfulCompare(t, 0, old, cur)
	o := loadToolFolder(t, "old", old, []toolRoot{{"ubuntu", "tool@=1.0", 1, two}})
	n := loadToolFolder(t, "new", cur, []toolRoot{{"ubuntu", "tool@=1.0", 1, old[0]}, {"ubuntu", "tool@=1.0", 1, w}})
	checkMirrored(t, 0, compare(o, n), compare(n, o), old, cur)
}
