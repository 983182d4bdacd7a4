package diff_test

import "testing"

// TestRootStacksEqualBothWaysPairFirst holds pairGroup's first pass
// where a side is respelt, of stacks equal both ways round (bothWays),
// before the equal stacks of one way round: without it the diffs of
// these folders, TestRootsDrawnFacetFolders' seeds 1194 (old → new) and
// 1559 (new → old) shrunk, were not the mirror of each other, while the
// real lockfile pairs' outputs and go test -short ./diff did not change
// (class c). 1194: ubuntu's curl moved to rhel and rebuilt, and
// debian's curl@2.0 respelt curl, now 1.0 by compiler 10; 1559:
// ubuntu's two builds of cmake@3.0, one moved to debian, the other
// respelt cmake, now 2.0 by compiler 10.
func TestRootStacksEqualBothWaysPairFirst(t *testing.T) {
	for _, c := range []struct {
		seed     uint64
		old, cur []facetRoot
	}{
		{1194, []facetRoot{
			{"ubuntu", "curl", "2.0", "11", "+shared", 3, 1, "curl"}, {"debian", "curl", "2.0", "11", "+shared", 0, 1, "curl@2.0"},
		}, []facetRoot{
			{"rhel", "curl", "2.0", "11", "+shared", 3, 11, "curl"}, {"debian", "curl", "1.0", "10", "+shared", 9, 0, "curl"},
		}},
		{1559, []facetRoot{
			{"ubuntu", "cmake", "3.0", "11", "+shared", 0, 0, "cmake@3.0"}, {"ubuntu", "cmake", "3.0", "11", "+shared", 3, 0, "cmake@3.0"},
		}, []facetRoot{
			{"debian", "cmake", "3.0", "11", "+shared", 3, 0, "cmake@3.0"}, {"ubuntu", "cmake", "2.0", "10", "+shared", 9, 0, "cmake"},
		}},
	} {
		checkFacetRootsMirrored(t, c.seed, c.old, c.cur)
	}
}
