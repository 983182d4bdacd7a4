package diff_test

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// An old spelling whose roots go to a new spelling and to a spelling
// both sides write (debian's and rhel's hdf5@=3.0, now debian's written
// hdf5, as debian's other root writes it, and rhel's hdf5@3.0) is
// split, each root respelt alone: debian's was said removed and added,
// the spelling taken whole by hdf5@3.0 with rhel's, and its specs
// restacked. And an old spelling whose root the new side roots under a
// spelling both sides write (debian's cmake@=3.0, now cmake@3.0 as
// rhel's is) takes no other new spelling by name: it took ubuntu's
// cmake@=1.0, added, "changed" into it, its own hash said added. Both
// ways round, no spec restacked, updated or rebuilt.
func TestRootSplitIntoSpellingBothWrite(t *testing.T) {
	h := func(env, pkg, v string, build int) string { return propHash(env, pkg, v, fmt.Sprint(build))[:1] }
	zlib := map[string][2]int{"debian": {0, 0}, "rhel": {0, 0}}
	for i, c := range []struct {
		old, cur []propRoot
		want     []string
	}{
		{[]propRoot{{"debian", "hdf5", "3.0", 0, "hdf5@=3.0"}, {"debian", "hdf5", "2.0", 0, "hdf5"}, {"rhel", "hdf5", "3.0", 0, "hdf5@=3.0"}},
			[]propRoot{{"debian", "hdf5", "3.0", 0, "hdf5"}, {"debian", "hdf5", "2.0", 0, "hdf5"}, {"rhel", "hdf5", "3.0", 0, "hdf5@3.0"}},
			[]string{"renamed " + h("debian", "hdf5", "3.0", 0) + " hdf5@=3.0>hdf5", "renamed " + h("rhel", "hdf5", "3.0", 0) + " hdf5@=3.0>hdf5@3.0"}},
		{[]propRoot{{"debian", "cmake", "3.0", 0, "cmake@=3.0"}, {"rhel", "cmake", "3.0", 0, "cmake@3.0"}},
			[]propRoot{{"debian", "cmake", "3.0", 0, "cmake@3.0"}, {"rhel", "cmake", "3.0", 0, "cmake@3.0"}, {"ubuntu", "cmake", "1.0", 7, "cmake@=1.0"}},
			[]string{"added " + h("ubuntu", "cmake", "1.0", 7) + " cmake@=1.0", "renamed " + h("debian", "cmake", "3.0", 0) + " cmake@=3.0>cmake@3.0"}},
	} {
		o := loadRootFolder(t, "old", c.old, zlib, 0, nil)
		n := loadRootFolder(t, "new", c.cur, zlib, 1, nil)
		rootsBothWays(t, fmt.Sprint(i), o, n, c.want, func(tag string, r *diff.Report) {
			s := r.Summary.Specs
			if s.Restacked != 0 || s.Updated != 0 || s.Rebuilt != 0 {
				t.Errorf("%s: specs %+v, want none restacked, updated or rebuilt", tag, s)
			}
		})
	}
}
