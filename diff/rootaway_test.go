package diff_test

import (
	"fmt"
	"testing"
)

// A root of a spelling both sides write respelt beside a root of that
// spelling moved to another environment: debian11's hdf5 for m 1.0 and
// hdf5@2.0 for l, now hdf5 for l and for rhel8's k 1.0 (m moved). m
// pairs with k, its spec's pair, yet was counted as debian11's other
// root of hdf5, which l was kept for: l was said removed under hdf5@2.0
// and added under hdf5, both ways round. It is renamed, and m changed
// into k.
func TestRootRespeltBesideOneMovedAway(t *testing.T) {
	h := func(env, v string) string { return propHash(env, "hdf5", v, "0")[:1] }
	zlib := map[string][2]int{"debian": {0, 0}, "rhel": {0, 0}}
	old := []propRoot{{"debian", "hdf5", "2.0", 0, "hdf5@2.0"}, {"debian", "hdf5", "1.0", 0, "hdf5"}}
	cur := []propRoot{{"debian", "hdf5", "2.0", 0, "hdf5"}, {"rhel", "hdf5", "1.0", 0, "hdf5"}}
	want := []string{
		fmt.Sprintf("changed %s>%s hdf5>hdf5", h("debian", "1.0"), h("rhel", "1.0")),
		fmt.Sprintf("renamed %s hdf5@2.0>hdf5", h("debian", "2.0")),
	}
	o := loadRootFolder(t, "old", old, zlib, 0, nil)
	n := loadRootFolder(t, "new", cur, zlib, 1, nil)
	rootsBothWays(t, "moved away", o, n, want, nil)
}
