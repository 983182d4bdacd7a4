package diff_test

import "testing"

// A spelling that roots a hash the other side roots under a spelling
// of its own, of another rest (hdf5 %gcc now hdf5), beside another
// environment's root of another spelling rebuilt into it (ubuntu's
// hdf5@2.0 now hdf5 for a rebuild): each environment's root is its own
// both ways round. One way the two old spellings were two, and
// hdf5@2.0 took hdf5 by its environment (changed into its rebuild);
// the other way they were one, hdf5, which a spec rooted under a new
// spelling kept from pairing at all: both its roots were removed and
// the two new ones added, and new → old did not mirror old → new.
func TestRootHeldBesideRebuild(t *testing.T) {
	dir := t.TempDir()
	o := splitLocks(t, dir, "o", []splitRoot{{"rhel", "a", "3.1", "hdf5 %gcc"}, {"ubuntu", "b", "2.0", "hdf5@2.0"}})
	n := splitLocks(t, dir, "n", []splitRoot{{"rhel", "a", "3.1", "hdf5"}, {"ubuntu", "d", "2.0", "hdf5"}})
	want := []string{"added a hdf5", "changed b>d hdf5@2.0>hdf5", "removed a hdf5 %gcc"}
	rootsBothWays(t, "held beside rebuild", o, n, want, nil)
}
