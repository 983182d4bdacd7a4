package diff_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestExplainTwoBuildsLabels: a spec over two builds of one package (py
// 1 and py 2), each rebuilt for zlib's change, explains the same way
// whatever the hashes of the builds, old or new: zlib's change alone. The edges
// of one name left after the identical ones were matched in hash order,
// so that new hashes in the other order paired py 1 with the new py 2
// and invented "py 1 → 2" and "py 2 → 1" causes.
func TestExplainTwoBuildsLabels(t *testing.T) {
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	for _, l := range [][4]string{{h('a'), h('b'), h('e'), h('f')}, {h('a'), h('b'), h('f'), h('e')}, {h('b'), h('a'), h('e'), h('f')}, {h('b'), h('a'), h('f'), h('e')}} {
		olds, labels := l[:2], l[2:]
		var before, after diff.Graph
		zl := []diff.Edge{{Name: "zlib", Hash: h('z'), Types: []string{"link"}}}
		zl2 := []diff.Edge{{Name: "zlib", Hash: h('y'), Types: []string{"link"}}}
		before.Add(diff.NewNode(h('z'), "zlib", "1", []diff.Edge{}))
		after.Add(diff.NewNode(h('y'), "zlib", "2", []diff.Edge{}))
		before.Add(diff.NewNode(olds[0], "py", "1", zl))
		before.Add(diff.NewNode(olds[1], "py", "2", zl))
		after.Add(diff.NewNode(labels[0], "py", "1", zl2))
		after.Add(diff.NewNode(labels[1], "py", "2", zl2))
		before.Add(diff.NewNode(h('c'), "app", "1", []diff.Edge{{Name: "py", Hash: olds[0], Types: []string{"run"}}, {Name: "py", Hash: olds[1], Types: []string{"run"}}}))
		after.Add(diff.NewNode(h('d'), "app", "1", []diff.Edge{{Name: "py", Hash: labels[0], Types: []string{"run"}}, {Name: "py", Hash: labels[1], Types: []string{"run"}}}))
		w := diff.Explain(before, after, h('c'), h('d'))
		var got []string
		for _, c := range w.Causes {
			got = append(got, c.Name+": "+report.ChangeText(c.Changes))
		}
		if !w.Known || len(w.Causes) != 1 || w.Causes[0].Name != "zlib" {
			t.Errorf("py 1 %.1s… → %.1s…, py 2 %.1s… → %.1s…: causes %q, want zlib's change alone", olds[0], labels[0], olds[1], labels[1], got)
		}
	}
}

// TestExplainAlikeLinear: the match of leftover edges by what their nodes
// say reads each node's variants once, however many edges reach it: n
// specs, each over the same two builds of py of n variants each (rebuilt
// for zlib, their new hashes in the other order), cost (bytes allocated)
// at most 4.4x as much at 4n as at n, where joining the variants per
// edge grew with n² (the input grows with n).
func TestExplainAlikeLinear(t *testing.T) {
	h := func(c string, i int) string { return fmt.Sprintf("%s%0*d", c, 32-len(c), i) }
	cost := func(n int) uint64 {
		var before, after diff.Graph
		vars := make([]string, n)
		for i := range vars {
			vars[i] = fmt.Sprintf("+v%07d", i)
		}
		py := func(hash, version string, zlib string) *diff.GraphNode {
			g := diff.NewNode(hash, "py", version, []diff.Edge{{Name: "zlib", Hash: zlib, Types: []string{"link"}}})
			g.Spec.Variants = vars
			return g
		}
		before.Add(diff.NewNode(h("z", 0), "zlib", "1", []diff.Edge{}))
		after.Add(diff.NewNode(h("y", 0), "zlib", "2", []diff.Edge{}))
		before.Add(py(h("a", 1), "1", h("z", 0)))
		before.Add(py(h("a", 2), "2", h("z", 0)))
		after.Add(py(h("e", 2), "1", h("y", 0)))
		after.Add(py(h("e", 1), "2", h("y", 0)))
		var topOld, topNew []diff.Edge
		for i := range n {
			name := fmt.Sprintf("app%d", i)
			before.Add(diff.NewNode(h("c", i), name, "1", []diff.Edge{{Name: "py", Hash: h("a", 1), Types: []string{"run"}}, {Name: "py", Hash: h("a", 2), Types: []string{"run"}}}))
			after.Add(diff.NewNode(h("d", i), name, "1", []diff.Edge{{Name: "py", Hash: h("e", 2), Types: []string{"run"}}, {Name: "py", Hash: h("e", 1), Types: []string{"run"}}}))
			topOld = append(topOld, diff.Edge{Name: name, Hash: h("c", i), Types: []string{"run"}})
			topNew = append(topNew, diff.Edge{Name: name, Hash: h("d", i), Types: []string{"run"}})
		}
		before.Add(diff.NewNode(h("t", 0), "top", "1", topOld))
		after.Add(diff.NewNode(h("u", 0), "top", "1", topNew))
		// The least of three: what another goroutine allocates meanwhile
		// is not Explain's.
		least := uint64(0)
		for range 3 {
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			w := diff.Explain(before, after, h("t", 0), h("u", 0))
			runtime.ReadMemStats(&m1)
			if !w.Known || len(w.Causes) != 1 || w.Causes[0].Name != "zlib" {
				t.Fatalf("n=%d: %d causes, want zlib's change alone", n, len(w.Causes))
			}
			if d := m1.TotalAlloc - m0.TotalAlloc; least == 0 || d < least {
				least = d
			}
		}
		return least
	}
	small, big := cost(500), cost(2000)
	t.Logf("bytes allocated: n=500 %d, n=2000 %d (%.2fx)", small, big, float64(big)/float64(small))
	if float64(big) > 4.4*float64(small) {
		t.Errorf("4x the specs and variants allocate %.2fx as much (%d → %d bytes), want at most 4.4x", float64(big)/float64(small), small, big)
	}
}
