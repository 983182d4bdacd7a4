package diff_test

import "testing"

// TestJoinedClassLeftOverInOrder (class b: render refused the tool's
// own report): rhel's curl 7 (curl@=1.0), x and w (curl@1.0), builds
// alike, now debian's 5 and a (curl@1.0), rhel's b (curl@=2.0) and
// ubuntu's j (curl@=1.0) and v (curl@=2.0). The edges' classes of one
// old facets and three new ones (os debian11, rhel8, ubuntu22.04) were
// joined (mergeBySide), and the specs left over filled the places of
// those the passes left in the class's order: added v (ubuntu22.04)
// before a (debian11) both ways round, and the laws refused it. The
// lists are sorted again where a joined class crossed another facet.
func TestJoinedClassLeftOverInOrder(t *testing.T) {
	old := map[string][]twinSpec{
		"rhel": {{"curl", "7", "curl@=1.0", ""}, {"curl", "x", "curl@1.0", ""}, {"curl", "w", "curl@1.0", ""}},
	}
	cur := map[string][]twinSpec{
		"debian": {{"curl", "5", "curl@1.0", ""}, {"curl", "a", "curl@1.0", ""}},
		"rhel":   {{"curl", "b", "curl@=2.0", ""}},
		"ubuntu": {{"curl", "j", "curl@=1.0", ""}, {"curl", "v", "curl@=2.0", ""}},
	}
	checkTwinRoots(t, old, cur, []string{
		"added a curl@1.0",
		"added v curl@=2.0",
		"changed 7>j curl@=1.0>curl@=1.0",
		"changed w>b curl@1.0>curl@=2.0",
		"changed x>5 curl@1.0>curl@1.0",
	})
}
