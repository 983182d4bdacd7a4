package jsonv1

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestSetSecondBaseOutOfOrderNamed (issue 35 class e): a set of two
// bases whose second base is numbered out of order was refused as "a
// base of" the set numbered last (the first base's last base, walked
// before it), not of the set that has it. Two chains of 40 specs, every
// version bumped, joined by a spec named first: its set is based on
// each chain's top set, the second numbered after the whole first
// chain's.
func TestSetSecondBaseOutOfOrderNamed(t *testing.T) {
	var specs []spackgen.DAGSpec
	for c, pre := range []string{"a", "b"} {
		for i := range 40 {
			s := spackgen.DAGSpec{Name: fmt.Sprintf("%s%02d", pre, i)}
			if i > 0 {
				s.Deps = []int{c*40 + i - 1}
			}
			specs = append(specs, s)
		}
	}
	specs = append(specs, spackgen.DAGSpec{Name: "0j", Deps: []int{39, 79}})
	o, n, err := spackgen.WriteDAGPair(t.TempDir(), specs)
	if err != nil {
		t.Fatal(err)
	}
	r := reporttest.ComparePaths(t, o, n)
	if r.Packages[0].Name != "0j" || len(r.Packages[0].Specs.Updated) != 1 {
		t.Fatalf("the first package is %q, not 0j updated", r.Packages[0].Name)
	}
	k := r.Packages[0].Specs.Updated[0].Why.Set
	s := r.Causes.Sets[k]
	if len(s) < 2 || s[0].SetBase == nil || s[1].SetBase == nil || s[1].SetBase.Set <= s[0].SetBase.Set+1 {
		t.Fatalf("0j's set %d is not of two bases, the second numbered after the first's own: %v", k, s)
	}
	b := s[1].SetBase.Set
	swapped(r, "sets", b, b+1)
	want := fmt.Sprintf("causes.sets[%d]: named (by a base of causes.sets[%d], of packages[0].specs.updated[0].why.set) before causes.sets[%d]", b+1, k, b)
	if _, err := DecodeBytes(jsonOf(t, r)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%v; want an error with %q", err, want)
	}
}
