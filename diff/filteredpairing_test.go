package diff_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// libOverTwoDeps is two builds of lib@1 alike but for their dependency,
// dep@1 (x86_64_v3) and dep@v2 (x86_64_v2), both rebuilt over zlib ->
// zlib-ng, and top over the first build; lib's hashes sort the other
// way on the new side, so that the pairs in hash order cross.
func libOverTwoDeps(t *testing.T, v2 string) (o, nw *snapshot.Snapshot) {
	t.Helper()
	var sides [2][]indexSpec
	for side, bottom := range []string{"zlib", "zlib-ng"} {
		s := "on"[side]
		lib := fakeHash('z', "zz"+"on"[side:side+1])
		d1, d2 := fakeHash(s, "depa"), fakeHash(s, "depb")
		a, b := fakeHash(s, "liba"), fakeHash(s, "libb")
		if side == 1 {
			a, b = b, a
		}
		sides[side] = []indexSpec{
			{name: bottom, version: "1.3", hash: lib},
			{name: "dep", version: "1", hash: d1, target: "x86_64_v3", deps: [][2]string{{bottom, lib}}},
			{name: "dep", version: v2, hash: d2, target: "x86_64_v2", deps: [][2]string{{bottom, lib}}},
			{name: "lib", version: "1", hash: a, deps: [][2]string{{"dep", d1}}},
			{name: "lib", version: "1", hash: b, deps: [][2]string{{"dep", d2}}},
			{name: "top", version: "1", hash: fakeHash("tu"[side], "top"), deps: [][2]string{{"lib", a}}},
		}
	}
	dir := t.TempDir()
	o = loadWritten(t, filepath.Join(dir, "old", "index.json"), indexJSON(t, sides[0]), false)
	nw = loadWritten(t, filepath.Join(dir, "new", "index.json"), indexJSON(t, sides[1]), false)
	return o, nw
}

// libPairs are lib's pairs in r and the causes of each.
func libPairs(r *diff.Report) string {
	var out string
	for _, p := range r.Packages {
		if p.Name != "lib" {
			continue
		}
		for _, l := range [][]diff.Pair{p.Specs.Rebuilt, p.Specs.Updated} {
			for _, pr := range l {
				out += fmt.Sprintf("%s -> %s: %v\n", pr.Old.Hash, pr.New.Hash, r.Causes.Resolve(pr.Why, "lib"))
			}
		}
	}
	return out
}

// The pairing by edges of a package of a view narrowed by --package read
// its dependencies' pairs in the view alone (f4900901 gave the whole
// snapshots' to the explainer, not to the pairing): lib over dep@1 and
// lib over dep@2, dep left out and rebuilt, paired in hash order,
// crossed, and each was said rebuilt for "dep 1 → 2" or "dep 2 → 1"
// (or a target swap), which the unfiltered report does not say. Narrowed
// to lib, lib's pairs and their causes are the unfiltered report's, both
// ways.
func TestFilteredPairsByEdgesOutside(t *testing.T) {
	for _, v2 := range []string{"2", "1"} {
		o, nw := libOverTwoDeps(t, v2)
		for w, way := range [][2]*snapshot.Snapshot{{o, nw}, {nw, o}} {
			var got [2]string
			for k, f := range []diff.Filter{{}, {Packages: []string{"lib"}}} {
				r, err := diff.CompareWith(way[0], way[1], f)
				if err != nil {
					t.Fatal(err)
				}
				if err := r.CheckLaws(); err != nil {
					t.Fatal(err)
				}
				got[k] = libPairs(r)
			}
			if got[0] == "" || got[0] != got[1] {
				t.Errorf("dep@%s, way %d: lib's pairs narrowed to lib:\n%swant the unfiltered report's:\n%s", v2, w, got[1], got[0])
			}
		}
	}
}
