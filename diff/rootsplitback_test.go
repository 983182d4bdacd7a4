package diff_test

import "testing"

// A root left over of a spelling both sides write pairs in its
// environment with a root of a spelling one side alone writes whose
// roots the other way round go into several spellings (class b): one
// way round such a spelling is split, and a root of it, respelt alone,
// took the root left over there; the other way round the spelling was
// taken whole (merged: several old spellings go into it), none of its
// roots free for the root left over, which was changed into a root of
// its own spelling in another environment, and the root split off was
// added. Seed 1677 of TestRootsDrawnFacetFolders, smallest: debian's w
// and debarm's q rooted curl@1.0, debarm's p curl@3.0; now w and p
// written curl, debarm's h added under curl and debian's s under
// curl@1.0. Old → new, curl@3.0 went whole into curl and q was changed
// into s across environments (h added); new → old, curl was split (w
// into curl@1.0, p into curl@3.0) and h changed into q (s removed).
// Now q is changed into h both ways round: a spelling one side alone
// writes that the other way round is split (respeltRootsLeft of the
// sides swapped) leaves its roots to the roots left over, as a split
// spelling's roots take theirs. The drawn folders' seeds below shrunk
// (of 0–1999, the 14 of this shape whose root lines did not mirror),
// each with its lines old → new. The rule is used twice, where a
// spelling taken whole blocks a root (taken) and where one old spelling
// owns a new one (byOwner): the 14 need the first alone, and the last
// two cases (1677 and 347 again, shrunk with the second undone: their
// root lines not mirrored) the second.
func TestRootLeftTakesSplitBackSpelling(t *testing.T) {
	for _, c := range []struct {
		seed     uint64
		old, cur []facetRoot
		want     []string
	}{
		{225, []facetRoot{
			{"rhel", "curl", "1.0", "11", "~shared", 0, 0, "curl@1.0"},
			{"debarm", "curl", "1.0", "10", "~shared", 0, 1, "curl@=1.0"},
			{"debarm", "curl", "2.0", "10", "~shared", 3, 1, "curl@=1.0"},
		}, []facetRoot{
			{"rhel", "curl", "1.0", "11", "~shared", 7, 10, "curl"},
			{"debarm", "curl", "1.0", "10", "~shared", 0, 1, "curl"},
			{"debarm", "curl", "2.0", "10", "~shared", 7, 1, "curl"},
			{"rhel", "curl", "2.0", "10", "~shared", 3, 1, "curl@=1.0"},
		}, []string{
			"added c curl@=1.0",
			"changed g>k curl@=1.0>curl",
			"changed m>i curl@1.0>curl",
			"renamed y curl@=1.0>curl",
		}},
		{345, []facetRoot{
			{"debian", "hdf5", "1.0", "11", "~shared", 0, 1, "hdf5@1.0"},
			{"debarm", "hdf5", "1.0", "11", "+shared", 0, 1, "hdf5@1.0"},
			{"debarm", "hdf5", "1.0", "11", "~shared", 3, 1, "hdf5@1.0"},
			{"rhel", "hdf5", "2.0", "11", "~shared", 0, 1, "hdf5@2.0"},
		}, []facetRoot{
			{"debarm", "hdf5", "1.0", "11", "+shared", 0, 1, "hdf5@=1.0"},
			{"debarm", "hdf5", "1.0", "11", "~shared", 3, 1, "hdf5"},
			{"debian", "hdf5", "2.0", "11", "~shared", 0, 1, "hdf5@2.0"},
		}, []string{
			"changed q>5 hdf5@1.0>hdf5@2.0",
			"removed p hdf5@2.0",
			"renamed j hdf5@1.0>hdf5",
			"renamed t hdf5@1.0>hdf5@=1.0",
		}},
		{347, []facetRoot{
			{"rhel", "cmake", "3.0", "11", "~shared", 0, 0, "cmake@3.0"},
			{"debarm", "cmake", "3.0", "11", "+shared", 0, 0, "cmake"},
			{"debarm", "cmake", "3.0", "11", "~shared", 3, 0, "cmake"},
			{"debarm", "cmake", "3.0", "10", "+shared", 0, 0, "cmake"},
		}, []facetRoot{
			{"debarm", "cmake", "3.0", "11", "+shared", 0, 0, "cmake@=3.0"},
			{"debarm", "cmake", "3.0", "11", "~shared", 3, 0, "cmake@3.0"},
			{"debarm", "cmake", "3.0", "10", "~shared", 0, 0, "cmake@3.0"},
		}, []string{
			"changed 5>u cmake>cmake@3.0",
			"removed v cmake@3.0",
			"renamed q cmake>cmake@=3.0",
			"renamed s cmake>cmake@3.0",
		}},
		{431, []facetRoot{
			{"ubuntu", "curl", "3.0", "11", "~shared", 3, 0, "curl@=3.0"},
			{"ubuntu", "curl", "1.0", "10", "+shared", 0, 1, "curl@=1.0"},
			{"debian", "curl", "3.0", "11", "~shared", 0, 0, "curl@=3.0"},
		}, []facetRoot{
			{"ubuntu", "curl", "1.0.1", "11", "~shared", 0, 10, "curl"},
			{"ubuntu", "curl", "1.0", "10", "+shared", 0, 11, "curl"},
			{"debian", "curl", "3.0", "11", "~shared", 0, 0, "curl"},
			{"debian", "curl", "3.0", "10", "~shared", 0, 1, "curl@=3.0"},
		}, []string{
			"added q curl@=3.0",
			"changed b>c curl@=3.0>curl",
			"changed r>i curl@=1.0>curl",
			"renamed i curl@=3.0>curl",
		}},
		{703, []facetRoot{
			{"debarm", "hdf5", "3.0", "11", "~shared", 0, 1, "hdf5@=3.0"},
			{"debarm", "hdf5", "3.0", "11", "~shared", 3, 1, "hdf5@=3.0"},
			{"debarm", "hdf5", "3.0", "10", "+shared", 0, 0, "hdf5"},
			{"debian", "hdf5", "3.0", "11", "+shared", 0, 1, "hdf5@3.0"},
			{"debian", "hdf5", "3.0", "10", "~shared", 0, 0, "hdf5@=3.0"},
		}, []facetRoot{
			{"debarm", "hdf5", "1.0.1", "11", "~shared", 0, 11, "hdf5@1.0.1"},
			{"debarm", "hdf5", "1.0.1", "10", "+shared", 0, 10, "hdf5@=1.0.1"},
			{"debian", "hdf5", "3.0", "11", "+shared", 0, 11, "hdf5@3.0"},
			{"debian", "hdf5", "3.0", "10", "+shared", 0, 10, "hdf5"},
		}, []string{
			"changed 4>o hdf5@=3.0>hdf5@1.0.1",
			"changed 7>c hdf5@3.0>hdf5@3.0",
			"changed 7>p hdf5@=3.0>hdf5@=1.0.1",
			"changed w>m hdf5@=3.0>hdf5",
			"removed n hdf5",
		}},
		{890, []facetRoot{
			{"rhel", "cmake", "1.0", "10", "+shared", 0, 0, "cmake@=1.0"},
			{"debian", "cmake", "3.0", "10", "~shared", 0, 0, "cmake@3.0"},
			{"debian", "cmake", "1.0", "10", "~shared", 0, 1, "cmake"},
		}, []facetRoot{
			{"debarm", "cmake", "3.0", "10", "+shared", 1, 1, "cmake@3.0"},
			{"rhel", "cmake", "1.0", "10", "+shared", 0, 0, "cmake@1.0"},
			{"debian", "cmake", "1.0", "10", "~shared", 0, 1, "cmake@1.0"},
			{"debian", "cmake", "1.0", "10", "~shared", 7, 1, "cmake@1.0"},
		}, []string{
			"added v cmake@3.0",
			"changed g>s cmake@3.0>cmake@1.0",
			"renamed n cmake>cmake@1.0",
			"renamed x cmake@=1.0>cmake@1.0",
		}},
		{1183, []facetRoot{
			{"ubuntu", "hdf5", "2.0", "10", "+shared", 0, 0, "hdf5@=2.0"},
			{"rhel", "hdf5", "2.0", "11", "+shared", 0, 0, "hdf5@=2.0"},
			{"rhel", "hdf5", "2.0", "11", "+shared", 3, 0, "hdf5@=2.0"},
			{"debarm", "hdf5", "2.0", "11", "+shared", 0, 1, "hdf5"},
		}, []facetRoot{
			{"ubuntu", "hdf5", "2.0", "10", "+shared", 0, 10, "hdf5"},
			{"rhel", "hdf5", "2.0", "11", "+shared", 4, 0, "hdf5@2.0"},
			{"rhel", "hdf5", "3.0", "11", "+shared", 1, 0, "hdf5@3.0"},
		}, []string{
			"changed 3>7 hdf5@=2.0>hdf5@2.0",
			"changed c>7 hdf5@=2.0>hdf5",
			"changed i>z hdf5@=2.0>hdf5@3.0",
			"removed s hdf5",
		}},
		{1217, []facetRoot{
			{"debarm", "hdf5", "2.0", "10", "~shared", 0, 0, "hdf5@=2.0"},
			{"debarm", "hdf5", "1.0", "11", "+shared", 3, 0, "hdf5"},
			{"debian", "hdf5", "2.0", "11", "~shared", 0, 1, "hdf5@=2.0"},
			{"debian", "hdf5", "2.0", "10", "+shared", 0, 1, "hdf5@=2.0"},
		}, []facetRoot{
			{"debarm", "hdf5", "3.0.1", "10", "~shared", 0, 10, "hdf5@=3.0.1"},
			{"debian", "hdf5", "2.0", "11", "~shared", 0, 1, "hdf5"},
			{"debian", "hdf5", "2.0", "10", "+shared", 9, 0, "hdf5"},
		}, []string{
			"changed r>b hdf5@=2.0>hdf5",
			"changed t>2 hdf5@=2.0>hdf5@=3.0.1",
			"removed f hdf5",
			"renamed 5 hdf5@=2.0>hdf5",
		}},
		{1344, []facetRoot{
			{"debarm", "cmake", "2.0", "11", "+shared", 0, 0, "cmake"},
			{"debarm", "cmake", "3.0", "11", "+shared", 0, 0, "cmake@3.0"},
			{"rhel", "cmake", "3.0", "11", "+shared", 0, 1, "cmake@3.0"},
			{"rhel", "cmake", "2.0", "11", "+shared", 3, 1, "cmake@3.0"},
		}, []facetRoot{
			{"rhel", "cmake", "2.0", "11", "+shared", 0, 0, "cmake"},
			{"rhel", "cmake", "3.0.1", "11", "+shared", 3, 1, "cmake@3.0.1"},
			{"debarm", "cmake", "1.0", "10", "+shared", 9, 0, "cmake@1.0"},
		}, []string{
			"changed b>x cmake@3.0>cmake@3.0.1",
			"changed n>l cmake@3.0>cmake",
			"changed q>o cmake@3.0>cmake@1.0",
			"removed 7 cmake",
		}},
		{1475, []facetRoot{
			{"ubuntu", "curl", "1.0", "10", "+shared", 3, 0, "curl@1.0"},
			{"ubuntu", "curl", "2.0", "10", "+shared", 0, 0, "curl@=2.0"},
			{"debian", "curl", "1.0", "10", "~shared", 0, 0, "curl"},
		}, []facetRoot{
			{"rhel", "curl", "3.0", "11", "~shared", 4, 10, "curl"},
			{"ubuntu", "curl", "1.0", "10", "+shared", 3, 0, "curl@=1.0"},
			{"ubuntu", "curl", "3.0", "10", "+shared", 7, 0, "curl@=1.0"},
			{"debian", "curl", "1.0", "10", "+shared", 0, 0, "curl@=1.0"},
		}, []string{
			"added x curl",
			"changed h>w curl>curl@=1.0",
			"changed z>j curl@=2.0>curl@=1.0",
			"renamed p curl@1.0>curl@=1.0",
		}},
		{1536, []facetRoot{
			{"ubuntu", "cmake", "2.0", "10", "+shared", 0, 0, "cmake"},
			{"debian", "cmake", "3.0", "10", "+shared", 0, 0, "cmake"},
			{"debian", "cmake", "2.0", "11", "+shared", 0, 1, "cmake"},
			{"debarm", "cmake", "2.0", "11", "~shared", 0, 0, "cmake@2.0"},
		}, []facetRoot{
			{"ubuntu", "cmake", "2.0", "10", "+shared", 0, 10, "cmake@=2.0"},
			{"debian", "cmake", "3.0", "10", "~shared", 0, 10, "cmake@3.0"},
			{"debian", "cmake", "2.0", "11", "+shared", 0, 11, "cmake@2.0"},
		}, []string{
			"changed s>p cmake>cmake@=2.0",
			"changed u>x cmake>cmake@2.0",
			"changed x>l cmake>cmake@3.0",
			"removed o cmake@2.0",
		}},
		{1677, []facetRoot{
			{"debian", "curl", "1.0", "10", "+shared", 0, 0, "curl@1.0"},
			{"debarm", "curl", "3.0", "10", "~shared", 0, 0, "curl@3.0"},
			{"debarm", "curl", "1.0", "11", "~shared", 0, 0, "curl@1.0"},
		}, []facetRoot{
			{"debian", "curl", "1.0", "10", "+shared", 0, 0, "curl"},
			{"debarm", "curl", "3.0", "10", "~shared", 0, 0, "curl"},
			{"debarm", "curl", "2.0", "10", "~shared", 7, 0, "curl"},
			{"debian", "curl", "1.0", "11", "~shared", 0, 0, "curl@1.0"},
		}, []string{
			"added s curl@1.0",
			"changed q>h curl@1.0>curl",
			"renamed p curl@3.0>curl",
			"renamed w curl@1.0>curl",
		}},
		{1748, []facetRoot{
			{"debian", "curl", "3.0", "10", "+shared", 0, 1, "curl"},
			{"debian", "curl", "3.0", "11", "~shared", 0, 0, "curl@3.0"},
			{"debian", "curl", "1.0", "11", "~shared", 3, 0, "curl@3.0"},
			{"debarm", "curl", "3.0", "10", "+shared", 0, 0, "curl@3.0"},
		}, []facetRoot{
			{"debian", "curl", "1.0", "11", "~shared", 7, 0, "curl@=3.0"},
			{"debian", "curl", "1.0", "11", "+shared", 3, 0, "curl@1.0"},
			{"debarm", "curl", "1.0", "10", "+shared", 7, 10, "curl"},
		}, []string{
			"changed 6>q curl@3.0>curl",
			"changed b>i curl@3.0>curl@1.0",
			"changed i>5 curl@3.0>curl@=3.0",
			"removed r curl",
		}},
		{1825, []facetRoot{
			{"ubuntu", "curl", "3.0", "10", "+shared", 0, 1, "curl@=3.0"},
			{"rhel", "curl", "1.0", "10", "+shared", 0, 0, "curl@=1.0"},
			{"debian", "curl", "1.0", "11", "~shared", 3, 1, "curl@3.0"},
		}, []facetRoot{
			{"ubuntu", "curl", "1.0", "10", "+shared", 7, 1, "curl"},
			{"rhel", "curl", "3.0", "10", "+shared", 0, 11, "curl@3.0"},
			{"rhel", "curl", "1.0", "10", "+shared", 1, 10, "curl"},
			{"debian", "curl", "1.0", "11", "~shared", 3, 11, "curl"},
		}, []string{
			"added s curl@3.0",
			"changed i>o curl@=1.0>curl",
			"changed m>7 curl@3.0>curl",
			"changed t>o curl@=3.0>curl",
		}},
		{1677, []facetRoot{
			{"debian", "curl", "1.0", "10", "+shared", 0, 0, "curl@1.0"},
			{"debarm", "curl", "1.0", "11", "~shared", 0, 1, "curl@=1.0"},
			{"debarm", "curl", "3.0", "10", "~shared", 0, 0, "curl@3.0"},
			{"debarm", "curl", "1.0", "11", "~shared", 0, 0, "curl@=1.0"},
		}, []facetRoot{
			{"debian", "curl", "1.0", "10", "+shared", 0, 0, "curl"},
			{"debarm", "curl", "1.0", "11", "~shared", 0, 1, "curl@1.0"},
			{"debarm", "curl", "3.0", "10", "~shared", 0, 0, "curl"},
			{"debarm", "curl", "2.0", "10", "~shared", 7, 0, "curl"},
			{"debian", "curl", "1.0", "11", "~shared", 0, 0, "curl@=1.0"},
		}, []string{
			"added s curl@=1.0",
			"changed q>h curl@=1.0>curl",
			"renamed f curl@=1.0>curl@1.0",
			"renamed p curl@3.0>curl",
			"renamed w curl@1.0>curl",
		}},
		{347, []facetRoot{
			{"rhel", "cmake", "3.0", "11", "~shared", 0, 0, "cmake@3.0"},
			{"rhel", "cmake", "3.0", "10", "~shared", 0, 1, "cmake@=3.0"},
			{"debarm", "cmake", "3.0", "11", "+shared", 0, 0, "cmake"},
			{"debarm", "cmake", "3.0", "11", "~shared", 3, 0, "cmake"},
			{"debarm", "cmake", "3.0", "10", "+shared", 0, 0, "cmake"},
		}, []facetRoot{
			{"debarm", "cmake", "3.0", "11", "+shared", 0, 0, "cmake@=3.0"},
			{"debarm", "cmake", "3.0", "11", "~shared", 3, 0, "cmake@3.0"},
			{"debarm", "cmake", "3.0", "10", "~shared", 0, 0, "cmake@3.0"},
		}, []string{
			"changed 5>u cmake>cmake@3.0",
			"removed n cmake@=3.0",
			"removed v cmake@3.0",
			"renamed q cmake>cmake@=3.0",
			"renamed s cmake>cmake@3.0",
		}},
	} {
		o, n := loadFacetFolder(t, "old", c.old, nil), loadFacetFolder(t, "new", c.cur, nil)
		checkRootsMirror(t, c.seed, o, n, c.old, c.cur, c.want)
	}
}
