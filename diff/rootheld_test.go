package diff_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// A root of a spelling both sides write, beside another root of that
// spelling in its environment, whose hash is now rooted under a
// spelling of its own: debian11's curl rooting 3.0 and 1.0, now
// curl@=3.0 for 3.0 and curl for 2.0 (1.0 bumped), or for 1.0 still.
// As curl kept a root in debian11, 3.0 was left over for no spelling:
// removed under curl and added under curl@=3.0, one hash. It is
// renamed into curl@=3.0, and curl's other root is its own (changed, or
// kept), both ways round, with no spec restacked.
func TestRootRespeltBesideItsSpelling(t *testing.T) {
	zlib := map[string][2]int{"debian": {0, 0}}
	letter := func(version string) string { return propHash("debian", "curl", version, "0")[:1] }
	for i, c := range []struct {
		old, cur []propRoot
		want     []string
	}{
		{
			[]propRoot{{"debian", "curl", "3.0", 0, "curl"}, {"debian", "curl", "1.0", 0, "curl"}},
			[]propRoot{{"debian", "curl", "3.0", 0, "curl@=3.0"}, {"debian", "curl", "2.0", 0, "curl"}},
			[]string{"renamed " + letter("3.0") + " curl>curl@=3.0", "changed " + letter("1.0") + ">" + letter("2.0") + " curl>curl"},
		},
		{
			[]propRoot{{"debian", "curl", "3.0", 0, "curl"}, {"debian", "curl", "1.0", 0, "curl"}},
			[]propRoot{{"debian", "curl", "3.0", 0, "curl@=3.0"}, {"debian", "curl", "1.0", 0, "curl"}},
			[]string{"renamed " + letter("3.0") + " curl>curl@=3.0"},
		},
	} {
		slices.Sort(c.want)
		o := loadRootFolder(t, "old", c.old, zlib, 0, nil)
		n := loadRootFolder(t, "new", c.cur, zlib, 1, nil)
		rootsBothWays(t, fmt.Sprintf("case %d", i), o, n, c.want, func(where string, r *diff.Report) {
			if s := r.Summary.Specs; s.Restacked != 0 {
				t.Errorf("%s: specs %+v, want none restacked", where, s)
			}
		})
	}
}
