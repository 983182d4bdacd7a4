package diff

import (
	"fmt"
	"strings"
	"testing"
)

// TestCheckManyVariantsLinear (issue 35: a 4x input costs at most
// 4.4x): render checks that a report's values are canonical
// (checkSpecLists). For every element of a spec's versions and variants
// it wrote the element's path (a Sprintf) whether or not the value was
// wrong, and remembered every value found canonical in one map: the
// report of one spec of 1.28M variants, every one flipped (202 MB of
// JSON), took 5.0 s to render against 1.0 s at 320k, the map grown past
// the caches. The path is written for a value found wrong, and the map
// holds at most maxCanonSeen values: checking allocates nothing a
// variant, and a wrong value is still named with its index.
func TestCheckManyVariantsLinear(t *testing.T) {
	spec := func(n int, sign string) *Spec {
		l := make([]string, n)
		for i := range l {
			l[i] = fmt.Sprintf("%sv%07d", sign, i)
		}
		return &Spec{Hash: "h" + sign, Versions: []string{"1.0"}, Compiler: "none", Variants: l, Stacks: []string{}}
	}
	const n = 100000
	p := &Package{Name: "libdwarf", Specs: SpecChanges{Updated: []Pair{{Old: spec(n, "+"), New: spec(n, "~")}}}}
	var seen map[[2]string]bool
	allocs := testing.AllocsPerRun(2, func() {
		seen = map[[2]string]bool{}
		if err := checkSpecLists("packages[0]", p, true, seen); err != nil {
			t.Fatal(err)
		}
	})
	if len(seen) > maxCanonSeen {
		t.Errorf("checking %d variants a side remembered %d values, want at most maxCanonSeen (%d)", n, len(seen), maxCanonSeen)
	}
	// The map's own growth, up to maxCanonSeen values: a few hundred
	// allocations, none a variant (before: 2n and more).
	if allocs > 2000 {
		t.Errorf("checking %d variants a side made %.0f allocations, want at most 2,000 (none a variant)", n, allocs)
	}
	p.Specs.Updated[0].New.Variants[70000] = "v=b,a" // loading writes v=a,b
	err := checkSpecLists("packages[0]", p, true, map[[2]string]bool{})
	if err == nil || !strings.Contains(err.Error(), "packages[0].specs.updated[0].new.variants[70000]") {
		t.Errorf("a value not canonical: %v, want it named by its path", err)
	}
}
