package spackgen

import "testing"

// BusyWeek bumps one library in every, at several layers, flips three
// variants and swaps mpi's provider: each mutation's package has a new
// hash in every environment, and the shape is the real lockfiles' (a
// longest path of 8 to 14 nodes, a package version in every
// environment).
func TestBusyWeek(t *testing.T) {
	before := New(Options{Seed: 1, Packages: 200, Envs: 3, Depth: 12})
	after := before.Clone()
	muts := after.BusyWeek(8)
	kinds := map[string]int{}
	layers := map[int]bool{}
	for _, m := range muts {
		kinds[m.Kind]++
		for i, n := range after.Nodes {
			if n.Name == m.Name && m.Kind != "provider" {
				if n.Hash == before.Nodes[i].Hash {
					t.Errorf("%s %s: its hash in environment %d did not change", m.Kind, m.Name, n.Env)
				}
				layers[n.Layer] = true
			}
		}
	}
	if kinds["version"] < 20 || kinds["variants"] != 3 || kinds["provider"] != 1 || len(layers) < 8 {
		t.Errorf("mutations %v over %d layers, want a library in 8 bumped (20 or more), 3 variants, 1 provider, at 8 layers or more", kinds, len(layers))
	}
	s := after.ShapeOf()
	if s.Depth < 8 || s.Depth > 14 || s.Specs != len(after.Nodes) || s.MostOfOne != 3 {
		t.Errorf("shape %+v, want a longest path of 8 to 14 nodes and each package version in each of the 3 environments", s)
	}
}
