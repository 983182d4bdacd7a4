package diff_test

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/jsonv1"
)

// An old spelling split root by root into two new spellings, a third
// root of it removed in another environment, over a zlib a root of a
// stack --stack selects needs too (drawRootFolders' seed 1590, new →
// old): ubuntu's cmake for 3.0 and 1.0 and debian's cmake for another
// 3.0, now ubuntu's cmake@=2.0 and cmake@1.0, debian's cmake gone,
// debian's hdf5@3.0 over the same zlib as its cmake. Under --stack
// hdf5@3.0 (or --package zlib) debian's zlib is counted in stack cmake
// on the old side, the root that keeps that spelling: it was dropped by
// the filter, and render refused the report ("cmake", but the report
// counts specs in that stack: the old side is compared under the new
// spelling). The removed root is listed whatever the filters, as one of
// a spelling respelt whole root by root is, and the report written as
// JSON is read back.
func TestRootSplitRemovedListedUnderFilters(t *testing.T) {
	zlib := map[string][2]int{"ubuntu": {0, 0}, "debian": {0, 0}}
	old := []propRoot{{"ubuntu", "cmake", "3.0", 0, "cmake"}, {"ubuntu", "cmake", "1.0", 0, "cmake"},
		{"debian", "cmake", "3.0", 7, "cmake"}, {"debian", "hdf5", "3.0", 0, "hdf5@3.0"}}
	cur := []propRoot{{"ubuntu", "cmake", "2.0", 0, "cmake@=2.0"}, {"ubuntu", "cmake", "1.0", 0, "cmake@1.0"},
		{"debian", "hdf5", "3.0", 0, "hdf5@3.0"}}
	o := loadRootFolder(t, "old", old, zlib, 0, nil)
	n := loadRootFolder(t, "new", cur, zlib, 1, nil)
	removed := "removed " + propHash("debian", "cmake", "3.0", "7")[:1] + " cmake"
	for _, f := range []diff.Filter{{Stacks: []string{"hdf5@3.0"}}, {Packages: []string{"zlib"}}, {Stacks: []string{"cmake"}, Packages: []string{"zlib"}}} {
		tag := fmt.Sprintf("stacks %q, packages %q", f.Stacks, f.Packages)
		r, err := diff.CompareWith(o, n, f)
		if err != nil {
			t.Fatal(err)
		}
		if got := rootLines(r); !slices.Contains(got, removed) {
			t.Errorf("%s: roots %q, want %q among them", tag, got, removed)
		}
		var buf bytes.Buffer
		if err := jsonv1.JSON(&buf, r); err != nil {
			t.Fatal(err)
		}
		if _, err := jsonv1.DecodeBytes(buf.Bytes()); err != nil {
			t.Errorf("%s: the report written is refused: %v", tag, err)
		}
	}
}
