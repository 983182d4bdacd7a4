package diff_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Of a spelling both sides write whose roots in one environment
// outnumber the other side's there (rhel8's hdf5 for 1.0 and 3.0, now
// hdf5@=1.0 and hdf5@=3.0 for the same specs and hdf5 for c), each root
// whose hash the other side roots under a spelling of its own is
// renamed into it, and c is added, whatever c's version and the hashes'
// letters. As many as they outnumbered were respelt, the rest staying
// their spelling's: the root of c's version was changed into c and its
// hash said added under hdf5@=1.0 or hdf5@=3.0 too, one hash in two
// categories (and, in hash order, the root lettered first was respelt).
func TestRootLeftOverByHash(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct{ cVersion string }{{"3.0"}, {"1.0"}, {"2.0"}} {
		for j, letters := range [][2]string{{"b", "d"}, {"d", "b"}} {
			of := map[string]string{"1.0": letters[0], "3.0": letters[1]}
			old := []splitRoot{{"rhel", of["1.0"], "1.0", "hdf5"}, {"rhel", of["3.0"], "3.0", "hdf5"}}
			cur := []splitRoot{{"rhel", of["1.0"], "1.0", "hdf5@=1.0"}, {"rhel", of["3.0"], "3.0", "hdf5@=3.0"}, {"rhel", "c", c.cVersion, "hdf5"}}
			want := []string{
				"renamed " + of["1.0"] + " hdf5>hdf5@=1.0",
				"renamed " + of["3.0"] + " hdf5>hdf5@=3.0",
				"added c hdf5",
			}
			slices.Sort(want)
			tag := fmt.Sprintf("c %s, letters %s", c.cVersion, strings.Join(letters[:], ""))
			o := splitLocks(t, dir, fmt.Sprint("o", i, j), old)
			n := splitLocks(t, dir, fmt.Sprint("n", i, j), cur)
			rootsBothWays(t, tag, o, n, want, nil)
		}
	}
}
