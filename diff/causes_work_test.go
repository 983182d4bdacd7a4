package diff

import (
	"fmt"
	"testing"
)

// Item 12 of issue 35: one spec with k renamed dependencies (and k more
// providing a virtual, swapped for other providers) was matched by nested
// loops, k² comparisons (20,000 took 12 s). The edges are now matched by
// sorting: local looks at each edge a few times.
func TestCausesEdgeMatchingLinear(t *testing.T) {
	k := 20000
	if testing.Short() {
		k = 5000
	}
	before, after := Graph{}, Graph{}
	x := &GraphNode{Hash: "o-wide", Name: "wide", Deps: []Edge{}}
	y := &GraphNode{Hash: "n-wide", Name: "wide", Deps: []Edge{}}
	for i := range k {
		a, b := fmt.Sprintf("a%06d", i), fmt.Sprintf("b%06d", i)
		x.Deps = append(x.Deps, Edge{Name: a, Hash: "h-" + a})
		y.Deps = append(y.Deps, Edge{Name: b, Hash: "h-" + b})
		v := fmt.Sprintf("v%06d", i)
		x.Deps = append(x.Deps, Edge{Name: "p" + a, Hash: "h-p" + a, Virtuals: []string{v}})
		y.Deps = append(y.Deps, Edge{Name: "p" + b, Hash: "h-p" + b, Virtuals: []string{v}})
	}
	before[x.Hash], after[y.Hash] = x, y
	e := newExplainer(before, after, 0)
	l, _ := e.local(x, y)
	if len(l.edges) != 3*k {
		t.Fatalf("%d edge causes, want %d removed, %d added and %d provider swaps", len(l.edges), k, k, k)
	}
	if limit := 8 * 2 * k; e.probes > limit {
		t.Errorf("%d probes for %d edges a side, want at most %d (linear)", e.probes, 2*k, limit)
	}
}
