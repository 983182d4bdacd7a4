package diff

import (
	"fmt"
	"testing"
)

// pairByEdges on one package of n specs with the same facets, each
// depending on its own version of d (paired by version, so certain), the
// passes having paired them in hash order, which crosses them: every
// spec pairs again with the one built on its dependency's pair, through
// the scan of small classes and the index of big ones alike.
func TestPairByEdgesClasses(t *testing.T) {
	for _, n := range []int{2, 5, 300} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			og, ng := Graph{}, Graph{}
			d := Package{Name: "d", Status: Changed}
			p := Package{Name: "p", Status: Changed}
			spec := func(hash, version string) *Spec {
				return &Spec{Hash: hash, Versions: []string{version}, Variants: []string{}, Stacks: []string{}}
			}
			for i := range n {
				v := fmt.Sprint(i)
				od, nd := fmt.Sprintf("od%04d", i), fmt.Sprintf("nd%04d", i)
				og[od] = &GraphNode{Hash: od, Name: "d", Version: v, Deps: []Edge{}}
				ng[nd] = &GraphNode{Hash: nd, Name: "d", Version: v, Deps: []Edge{}}
				d.Specs.Rebuilt = append(d.Specs.Rebuilt, Pair{Old: spec(od, v), New: spec(nd, v), plain: plainYes})
				// p's new spec built on d's pair i sorts at n-1-i.
				op, np := fmt.Sprintf("op%04d", i), fmt.Sprintf("np%04d", n-1-i)
				og[op] = &GraphNode{Hash: op, Name: "p", Version: "1", Deps: []Edge{{Name: "d", Hash: od}}}
				ng[np] = &GraphNode{Hash: np, Name: "p", Version: "1", Deps: []Edge{{Name: "d", Hash: nd}}}
			}
			for i := range n { // the passes' pairing: in hash order
				p.Specs.Rebuilt = append(p.Specs.Rebuilt, Pair{Old: spec(fmt.Sprintf("op%04d", i), "1"), New: spec(fmt.Sprintf("np%04d", i), "1"), plain: plainYes})
			}
			out := []compared{{p: d}, {p: p, ambiguous: true}}
			pairByEdges(out, og, ng, nil)
			got := out[1].p.Specs.Rebuilt
			if len(got) != n {
				t.Fatalf("%d pairs, want %d", len(got), n)
			}
			for i, x := range got {
				if x.Old.Hash != fmt.Sprintf("op%04d", i) || x.New.Hash != fmt.Sprintf("np%04d", n-1-i) || !x.Plain() {
					t.Fatalf("pair %d: %s → %s (plain %v), want op%04d → np%04d", i, x.Old.Hash, x.New.Hash, x.Plain(), i, n-1-i)
				}
			}
		})
	}
}
