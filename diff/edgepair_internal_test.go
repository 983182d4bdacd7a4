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
				og.Add(NewNode(od, "d", v, []Edge{}))
				ng.Add(NewNode(nd, "d", v, []Edge{}))
				d.Specs.Rebuilt = append(d.Specs.Rebuilt, Pair{Old: spec(od, v), New: spec(nd, v), plain: plainYes})
				// p's new spec built on d's pair i sorts at n-1-i.
				op, np := fmt.Sprintf("op%04d", i), fmt.Sprintf("np%04d", n-1-i)
				og.Add(NewNode(op, "p", "1", []Edge{{Name: "d", Hash: od}}))
				ng.Add(NewNode(np, "p", "1", []Edge{{Name: "d", Hash: nd}}))
			}
			for i := range n { // the passes' pairing: in hash order
				p.Specs.Rebuilt = append(p.Specs.Rebuilt, Pair{Old: spec(fmt.Sprintf("op%04d", i), "1"), New: spec(fmt.Sprintf("np%04d", i), "1"), plain: plainYes})
			}
			out := []*compared{{p: &d}, {p: &p, ambiguous: true}}
			pairByEdges(out, og, ng, nil, nil, nil, nil)
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

// Classes whose specs depend on each other (a cycle, which Spack never
// writes) are resolved all the same, without looping: a's specs, which
// also depend on a version of l each, pair by l first, then b's by a's,
// then a's again by both.
func TestPairByEdgesCycle(t *testing.T) {
	og, ng := Graph{}, Graph{}
	spec := func(hash string) *Spec {
		return &Spec{Hash: hash, Versions: []string{"1"}, Variants: []string{}, Stacks: []string{}}
	}
	l := Package{Name: "l", Status: Changed}
	for i := range 2 {
		o, n := fmt.Sprintf("ol%d", i), fmt.Sprintf("nl%d", i)
		og.Add(NewNode(o, "l", fmt.Sprint(i), []Edge{}))
		ng.Add(NewNode(n, "l", fmt.Sprint(i), []Edge{}))
		l.Specs.Rebuilt = append(l.Specs.Rebuilt, Pair{Old: spec(o), New: spec(n)})
	}
	pkgs := []Package{l}
	for _, name := range []string{"a", "b"} {
		other := map[string]string{"a": "b", "b": "a"}[name]
		p := Package{Name: name, Status: Changed}
		for i := range 2 {
			o, n := fmt.Sprintf("o%s%d", name, i), fmt.Sprintf("n%s%d", name, i)
			og.Add(NewNode(o, name, "1", []Edge{{Name: other, Hash: fmt.Sprintf("o%s%d", other, i)}}))
			ng.Add(NewNode(n, name, "1", []Edge{{Name: other, Hash: fmt.Sprintf("n%s%d", other, i)}}))
			if name == "a" {
				og.Node(o).Spec.More.Deps = append(og.Node(o).Spec.More.Deps, Edge{Name: "l", Hash: fmt.Sprintf("ol%d", i)})
				ng.Node(n).Spec.More.Deps = append(ng.Node(n).Spec.More.Deps, Edge{Name: "l", Hash: fmt.Sprintf("nl%d", i)})
			}
		}
		// Crossed by the passes: o0 → n1, o1 → n0.
		p.Specs.Rebuilt = []Pair{{Old: spec("o" + name + "0"), New: spec("n" + name + "1")}, {Old: spec("o" + name + "1"), New: spec("n" + name + "0")}}
		pkgs = append(pkgs, p)
	}
	out := []*compared{{p: &pkgs[0]}, {p: &pkgs[1], ambiguous: true}, {p: &pkgs[2], ambiguous: true}}
	pairByEdges(out, og, ng, nil, nil, nil, nil)
	for _, c := range out {
		for _, x := range c.p.Specs.Rebuilt {
			if x.Old.Hash[2:] != x.New.Hash[2:] {
				t.Errorf("%s: %s → %s, want the pair of the same number", c.p.Name, x.Old.Hash, x.New.Hash)
			}
		}
	}
}
