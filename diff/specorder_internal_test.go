package diff

import (
	"strings"
	"testing"
)

// TestCompareJoined: compareJoined is strings.Compare of the lists
// joined by sep, an element holding sep or none at all included.
func TestCompareJoined(t *testing.T) {
	lists := [][]string{nil, {""}, {"", ""}, {"a"}, {"a", ""}, {"a", "b"}, {"a" + sep + "b"}, {"ab"}, {"a" + sep}, {"b"}, {"a", "x"}, {"a" + sep + "x"}}
	for _, a := range lists {
		for _, b := range lists {
			want := strings.Compare(strings.Join(a, sep), strings.Join(b, sep))
			if got := compareJoined(a, b); got != want {
				t.Errorf("compareJoined(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestSortRunsJoinedLists (pass 85b): specs whose lists differ as lists
// but not joined by sep (["a", "b"] and ["a\x1fb"], a variant holding
// \x1f, which a spec file can write as \u001f) have the same facets to
// the engine (compareSpecs, the interned lists), so they are ordered by
// stacks and hash among each other. Re-paired by the edges, such a list
// was sorted in runs of slices.Equal facets, which one spec of the other
// writing splits: the old spec given a slot of the list stayed out of
// order, and render refused the report (checkSpecOrder).
func TestSortRunsJoinedLists(t *testing.T) {
	h := func(c string) string { return strings.Repeat(c, 32) }
	a := Spec{Hash: h("a"), Versions: []string{"1"}, Variants: []string{"a", "b"}}
	b := Spec{Hash: h("b"), Versions: []string{"1"}, Variants: []string{"a" + sep + "b"}}
	x := Spec{Hash: h("x"), Versions: []string{"2"}, Variants: []string{"a", "b"}}
	y := Spec{Hash: h("y"), Versions: []string{"2"}, Variants: []string{"a", "b"}}
	for _, vs := range [][2][]string{{{"a", "b"}, {"a" + sep + "b"}}, {{"1", "2"}, {"1" + sep + "2"}}} {
		a, b := a, b
		if vs[1][0] == "1"+sep+"2" {
			a.Variants, b.Variants = nil, nil
			a.Versions, b.Versions = vs[0], vs[1]
		}
		// As re-paired: a took the slot of an old spec after b.
		p := Package{Name: "p", Specs: SpecChanges{
			Updated: []Pair{{Old: &b, New: &x}, {Old: &a, New: &y}},
			Removed: []Spec{b, a},
		}}
		sortRuns(&p.Specs)
		if err := checkSpecOrder("packages[0]", &p); err != nil {
			t.Errorf("%q: %v", vs, err)
		}
	}
}

// TestSortRunsAllocsLinear: sortRuns compared specs by their stacks
// joined, made for every comparison (cmp.Or takes its arguments made):
// n log n strings for a run of n re-paired specs of several stacks each
// (a lockfile's dependency that several roots share). A 4x run costs at
// most ~4.4x the allocations.
func TestSortRunsAllocsLinear(t *testing.T) {
	allocs := func(n int) float64 {
		specs := make([]Spec, n)
		for i := range specs {
			specs[i] = Spec{Hash: strings.Repeat(string(rune('a'+i%26)), 8) + strings.Repeat("x", i/26), Versions: []string{"1"},
				Stacks: []string{"curl", "curl@2", "python"}}
		}
		work := make([]Spec, n)
		return testing.AllocsPerRun(2, func() {
			copy(work, specs)
			sortRuns(&SpecChanges{Removed: work})
		})
	}
	small, large := allocs(1000), allocs(4000)
	if large > 4.4*max(small, 1) {
		t.Errorf("sortRuns: %.0f allocations for 1,000 specs, %.0f for 4,000, want at most 4.4x", small, large)
	}
}
