package spackfmt

import (
	"strings"
	"testing"
)

// manyEdgesSpec is a spec file of two nodes, the first with n edges to
// the second (one dependency written n times, each edge as Spack 0.23
// writes it).
func manyEdgesSpec(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"spec":{"_meta":{"version":5},"nodes":[{"name":"libdwarf","version":"20130729",` +
		`"arch":{"platform":"test","platform_os":"debian6","target":"core2"},"namespace":"builtin.mock",` +
		`"parameters":{"build_system":"generic","cflags":[],"cppflags":[],"cxxflags":[],"fflags":[],"ldflags":[],"ldlibs":[]},` +
		`"package_hash":"n7axrpelzl5kjuctt4yoaaf33gvgnik6cx7fjudwhc6hvywdrr4q====","dependencies":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"name":"libelf","hash":"jr3yipyxyjulcdvckwwwjrrumis7glpa","parameters":{"deptypes":["build","link"],"virtuals":[]}}`)
	}
	b.WriteString(`],"hash":"u5uz3dcch5if4eve4sef67o2rf2lbfgh"},{"name":"libelf","version":"0.8.13",` +
		`"arch":{"platform":"test","platform_os":"debian6","target":"core2"},"namespace":"builtin.mock",` +
		`"parameters":{"build_system":"generic"},"hash":"jr3yipyxyjulcdvckwwwjrrumis7glpa"}]}}`)
	return []byte(b.String())
}

// TestManyEdgesDecodeAllocs (issue 35: a 4x input costs at most 4.4x;
// memory within 4x the input): one spec of many edges, all to one
// dependency. The edges read (refScratch, a depRef of 88 bytes each)
// grew by append, a quarter at a time: the lists it outgrew were five
// times the last, 440 bytes an edge (Decode allocated 540 in all), and
// the last beside the list it outgrew while it grew, beside the edges
// kept: 1.28M edges of 57 bytes (146 MB a pair) peaked at 633 MB, and
// 4x the edges took 5.7x the time. The list now grows in chunks of
// refChunk, which keepRefs reads: at most 250 bytes an edge.
func TestManyEdgesDecodeAllocs(t *testing.T) {
	steadyIntern(t)
	measure := func(n int) float64 {
		set, _, bytes := decodeAllocs(t, manyEdgesSpec(n))
		if len(set.Nodes) == 0 || len(set.Nodes[0].Deps) != n {
			t.Fatalf("want a node of %d edges", n)
		}
		return bytes
	}
	const n = 20000
	b1 := measure(n)
	b4 := measure(4 * n)
	t.Logf("%d edges: %.0f bytes; %d: %.0f bytes (%.2fx)", n, b1, 4*n, b4, b4/b1)
	if per := b4 / (4 * n); per > 250 {
		t.Errorf("%d edges: %.0f bytes allocated an edge, want at most 250", 4*n, per)
	}
	if b4/b1 > 4.4 {
		t.Errorf("4x the edges allocated %.2fx the bytes, want at most 4.4x", b4/b1)
	}
}
