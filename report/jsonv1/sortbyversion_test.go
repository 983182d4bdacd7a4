package jsonv1

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/version"
)

// TestSortByVersionAsSortFunc: sortByVersion, which sorts runs and
// merges them to bound its scratch, leaves counts in the order
// version.SortFunc does, at lengths around its runs, from any order.
func TestSortByVersionAsSortFunc(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	spell := []string{"%d.%d.%d", "gcc@%d.%d", "v%d-rc%d.%d", "%d.%02d%d", "develop%d.%d.%d", "git.%x=%d.%d"}
	for _, n := range []int{0, 1, 2, versionRun - 1, versionRun, versionRun + 1, 2*versionRun + 7, 5 * versionRun, 9*versionRun + 3} {
		seen := map[string]bool{}
		var vc diff.ValueCounts
		for len(vc) < n {
			v := fmt.Sprintf(spell[rng.IntN(len(spell))], rng.IntN(40), rng.IntN(40), rng.IntN(40))
			if !seen[v] {
				seen[v] = true
				vc = append(vc, diff.ValueCount{Value: v, OldToNew: diff.OldToNew{Old: len(vc), New: rng.IntN(9)}})
			}
		}
		for _, order := range []string{"random", "bytes", "reversed"} {
			switch order {
			case "random":
				rng.Shuffle(len(vc), func(i, j int) { vc[i], vc[j] = vc[j], vc[i] })
			case "bytes":
				slices.SortFunc(vc, func(a, b diff.ValueCount) int { return strings.Compare(a.Value, b.Value) })
			case "reversed":
				slices.Reverse(vc)
			}
			want := slices.Clone(vc)
			version.SortFunc(want, func(v *diff.ValueCount) string { return v.Value })
			got := slices.Clone(vc)
			sortByVersion(got)
			if !slices.Equal(got, want) {
				t.Errorf("%d counts in %s order: sortByVersion differs from version.SortFunc", n, order)
			}
		}
	}
}

// TestComparerAsCompare: a Comparer, reused, compares as version.Compare.
func TestComparerAsCompare(t *testing.T) {
	vs := []string{"1.2", "1.02", "1.2.0", "1.2rc1", "1.2-rc1", "develop", "main", "git.abc=1.2", "1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.16.17.18", "1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.16.17.19", "", "a", "gcc@12.3.0", "gcc@7.5.0"}
	var c version.Comparer
	for _, a := range vs {
		for _, b := range vs {
			if got, want := c.Compare(a, b), version.Compare(a, b); got != want {
				t.Errorf("Compare(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
	if n := testing.AllocsPerRun(100, func() { c.Compare("1.2.3", "1.2.4") }); n != 0 {
		t.Errorf("a Comparer allocates %.0f times a comparison, want 0", n)
	}
}
