package spackgen

import "slices"

// BusyWeek changes d as a week of many root causes does: the version of
// every every-th library that something depends on (in name order, at
// every layer, so that specs reach changed libraries along chains of
// them), the shared variant of the first three libraries halfway up
// (Middle), and mpi's provider. It returns the mutations, one a
// library; d is rehashed once.
func (d *DAG) BusyWeek(every int) []Mutation {
	used := d.dependedOn()
	libs := d.names(func(n *Node) bool {
		return n.Layer >= 1 && n.Provides == nil && !n.External && used[n.Name] && n.Name != d.TwinLib &&
			n.Name != "compiler-wrapper" && n.Name != "gcc-runtime"
	})
	var out []Mutation
	bumped := map[string]*Mutation{}
	for i, name := range libs {
		if i%max(every, 1) == 0 {
			out = append(out, Mutation{Name: name, Kind: "version"})
			bumped[name] = nil
		}
	}
	for i := range out {
		bumped[out[i].Name] = &out[i]
	}
	for _, n := range d.Nodes {
		if m := bumped[n.Name]; m != nil {
			m.From = n.Version
			n.Version = bump(n.Version)
			m.To = n.Version
		}
	}
	flip := d.Middle()
	flip = slices.DeleteFunc(flip, func(name string) bool { _, ok := bumped[name]; return ok })
	for _, name := range flip[:min(3, len(flip))] {
		out = append(out, d.flipVariant(name))
	}
	out = append(out, d.SwapProvider()) // rehashes
	return out
}

// Shape is what a DAG's specs look like, to compare a generated one with
// real files: the longest path in nodes (MaxDepth), the specs, the
// distinct package versions (name@version), and the most specs of one.
type Shape struct {
	Depth, Specs, Versions, MostOfOne int
}

// ShapeOf measures d's Shape.
func (d *DAG) ShapeOf() Shape {
	per := map[string]int{}
	s := Shape{Depth: d.MaxDepth(), Specs: len(d.Nodes)}
	for _, n := range d.Nodes {
		k := n.Name + "@" + n.Version
		per[k]++
		s.MostOfOne = max(s.MostOfOne, per[k])
	}
	s.Versions = len(per)
	return s
}
