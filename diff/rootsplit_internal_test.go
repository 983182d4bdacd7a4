package diff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestRespeltSplitLinear: n roots of one spelling, foo, all of one
// environment, foo 1.i each, now written foo@1.i, every other one
// rebuilt and every tenth bumped too (foo@2.i): the spelling is split,
// each root respelt into the spelling of its hash, or of its version
// in its environment, or of its environment; each new root is filed
// once by its keys and taken once, so 4x the roots cost at most ~4.4x
// the allocations and the steps.
func TestRespeltSplitLinear(t *testing.T) {
	steps, built := respellProbes(t)
	node := func(h, version string) *GraphNode {
		return &GraphNode{Name: "foo", Spec: &snapshot.Spec{Hash: h, Versions: []string{version}, OS: "rhel8", Platform: "linux", Target: "x86_64"}}
	}
	cost := func(n int) (float64, int) {
		o, nw := map[string][]*GraphNode{}, map[string][]*GraphNode{}
		want := map[string]string{} // old hash: new spelling
		for i := range n {
			h, v := fmt.Sprintf("a%031d", i), fmt.Sprintf("1.%d", i)
			o["foo"] = append(o["foo"], node(h, v))
			nh, nv := h, v
			if i%2 == 1 {
				nh = fmt.Sprintf("b%031d", i)
			}
			if i%10 == 5 {
				nv = fmt.Sprintf("2.%d", i)
			}
			nw["foo@"+nv] = []*GraphNode{node(nh, nv)}
			want[h] = "foo@" + nv
		}
		var ren *respelling
		allocs := testing.AllocsPerRun(2, func() { ren = respell(o, nw) })
		if len(ren.whole) != 0 || len(ren.part) != n {
			t.Fatalf("%d roots: %d spellings respelt whole, %d roots alone; want 0, %d", n, len(ren.whole), len(ren.part), n)
		}
		for _, g := range o["foo"] {
			// A bumped root takes a bumped one's spelling of its
			// environment: any of them.
			got, w := ren.part[rootAt{"foo", g.Hash()}], want[g.Hash()]
			if got != w && !(strings.HasPrefix(w, "foo@2.") && strings.HasPrefix(got, "foo@2.")) {
				t.Fatalf("%d roots: foo %s (%s) respelt %q, want %s", n, g.Version(), g.Hash(), got, w)
			}
		}
		*steps, *built = 0, 0
		respell(o, nw)
		if *built != 0 {
			// No root left over of a spelling both sides write asks
			// whether a spelling is split the other way round: built
			// when first asked, it is not built (eagerly it was a third
			// more allocations here).
			t.Fatalf("%d roots: the reverse respeltRootsLeft built %d times, want none", n, *built)
		}
		return allocs, *steps
	}
	checkRespellStep(t, "a split spelling", "roots", 1000, cost)
}
