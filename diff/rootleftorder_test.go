package diff_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Of a spelling both sides write whose roots in one environment
// outnumber the other side's there (rhel8's hdf5 for 1.0 and 3.0, now
// hdf5@=1.0 and hdf5@=3.0 for the same specs and hdf5 for c), as many
// as they outnumber are respelt into the spelling the other side roots
// their hash under, and the rest stay their spelling's, changed into
// its other roots there: those of the version, then the facets, of such
// a root stay (3.0 changed into c of 3.0, 1.0 into c of 1.0), the rest
// by version, whatever the hashes' letters. In hash order, the root
// lettered first was respelt: swapping the two roots' letters swapped
// which was changed into c.
func TestRootLeftOverByVersion(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct {
		cVersion string
		stays    string // the version of the root that stays hdf5's, changed into c
	}{{"3.0", "3.0"}, {"1.0", "1.0"}, {"2.0", "3.0"}} {
		for j, letters := range [][2]string{{"b", "d"}, {"d", "b"}} {
			of := map[string]string{"1.0": letters[0], "3.0": letters[1]}
			old := []splitRoot{{"rhel", of["1.0"], "1.0", "hdf5"}, {"rhel", of["3.0"], "3.0", "hdf5"}}
			cur := []splitRoot{{"rhel", of["1.0"], "1.0", "hdf5@=1.0"}, {"rhel", of["3.0"], "3.0", "hdf5@=3.0"}, {"rhel", "c", c.cVersion, "hdf5"}}
			moved := "1.0"
			if c.stays == "1.0" {
				moved = "3.0"
			}
			want := []string{
				"renamed " + of[moved] + " hdf5>hdf5@=" + moved,
				"changed " + of[c.stays] + ">c hdf5>hdf5",
				"added " + of[c.stays] + " hdf5@=" + c.stays,
			}
			slices.Sort(want)
			tag := fmt.Sprintf("c %s, letters %s", c.cVersion, strings.Join(letters[:], ""))
			o := splitLocks(t, dir, fmt.Sprint("o", i, j), old)
			n := splitLocks(t, dir, fmt.Sprint("n", i, j), cur)
			rootsBothWays(t, tag, o, n, want, nil)
		}
	}
}
