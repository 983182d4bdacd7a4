package diff

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/version"
)

// TestSpecOrderTotal (class c): sortRuns sorts a package's removed and
// added lists by specOrder with slices.SortFunc, not SortStableFunc
// (9eebd8b8), which for a list of more than 12 specs puts two that
// compare equal in an order of its own. specOrder ties no two specs of
// one list: a hash is listed once a side (checkPairs), and each facet
// before it compares by version.Compare, a total order, where Spack
// holds versions equal (1.2, 1-2, 1.02) too. Fourteen specs of one
// package, their versions, compilers, os and targets such, each
// spelling apart: no pair compares 0, and the list sorts alike from
// any order.
func TestSpecOrderTotal(t *testing.T) {
	vs := []string{"1.2", "1-2", "1_2", "1.02", "1-02", "1_02", "01.2", "01-2", "01_2", "001.2", "1.002", "01.02", "001-2", "1-002"}
	var specs []Spec
	for i, v := range vs {
		if version.CompareSpack(v, vs[0]) != 0 {
			t.Fatalf("Spack holds %q and %q apart: the test wants them equal", v, vs[0])
		}
		w := vs[len(vs)-1-i]
		specs = append(specs, Spec{Hash: fmt.Sprintf("h%03d", i), Versions: []string{v}, Compiler: "gcc@" + w, OS: "rhel" + w, Platform: "linux", Target: "x86_64"})
	}
	// The same versions, compilers, os and targets, by hash alone.
	for i := range 3 {
		specs = append(specs, Spec{Hash: fmt.Sprintf("g%03d", i), Versions: []string{"1.2"}, Compiler: "gcc@1.2", OS: "rhel1.2", Platform: "linux", Target: "x86_64"})
	}
	for i := range specs {
		for j := range specs {
			if c := specOrder(&specs[i], &specs[j]); (c == 0) != (i == j) {
				t.Fatalf("specOrder(%s, %s) = %d", specs[i].Hash, specs[j].Hash, c)
			}
		}
	}
	want := slices.Clone(specs)
	slices.SortStableFunc(want, func(a, b Spec) int { return specOrder(&a, &b) })
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		r.Shuffle(len(specs), func(i, j int) { specs[i], specs[j] = specs[j], specs[i] })
		got := slices.Clone(specs)
		slices.SortFunc(got, func(a, b Spec) int { return specOrder(&a, &b) })
		if !slices.EqualFunc(got, want, func(a, b Spec) bool { return a.Hash == b.Hash }) {
			t.Fatalf("sorted from another order: %s, want %s", hashes(got), hashes(want))
		}
	}
}
