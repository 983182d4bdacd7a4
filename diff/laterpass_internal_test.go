package diff

import "testing"

// TestLaterPass holds what waits asks of laterPass (cc116b16): that a
// and b differ in exactly one facet the matcher does not ignore, whose
// updated pass comes after the pass running. With any one facet taken
// (at >= 0 for at > skip), a spec waited for a mate that differs from
// it in a facet whose pass was past, or the pass's own: of seed 72 of
// TestRootsDrawnFacetFolders' draw, obeb… paired with ro5i… and qdzb…
// with s5wj…, where qdzb… pairs with ro5i… (and seeds 601 and 955 of
// drawRootFolders' moved, of 0–999), and no test noticed (class c).
func TestLaterPass(t *testing.T) {
	m := newMatcher(&[numFacets]bool{})
	var a spec
	for f := range numFacets {
		a.ids[f] = uint32(10 + f)
	}
	for f := range numFacets {
		b := a
		b.ids[f]++
		for skip := -1; skip < numFacets; skip++ {
			if got, want := m.laterPass(&a, &b, skip), f > skip; got != want {
				t.Errorf("%s differs, the pass skipping %d: later %v, want %v", facetNames[f], skip, got, want)
			}
		}
		if g := f + 1; g < numFacets {
			b.ids[g]++
			if m.laterPass(&a, &b, -1) {
				t.Errorf("%s and %s differ: later, want not", facetNames[f], facetNames[g])
			}
		}
	}
	if m.laterPass(&a, &a, -1) {
		t.Errorf("no facet differs: later, want not")
	}
	ignore := [numFacets]bool{fCompiler: true}
	b := a
	b.ids[fCompiler]++
	if newMatcher(&ignore).laterPass(&a, &b, -1) {
		t.Errorf("an ignored facet differs: later, want not")
	}
}
