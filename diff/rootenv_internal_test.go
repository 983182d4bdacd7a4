package diff

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// respeltRoots pairs a root within its own environment (package,
// spelling but for the version, os, platform and target) before the
// pairing by name, and leaves out a root whose spec the other side
// writes under a spelling of its own: each is filed once by its key and
// looked at about once. Of n roots a side, all of one package and
// spelling but for the version (one key), of two environments, and a
// tenth written otherwise of one hash, 4x the roots cost at most ~4.4x
// the allocations.
func TestRespeltRootsWithinEnvironmentLinear(t *testing.T) {
	roots := func(n int) (o, nw map[string][]*GraphNode) {
		o, nw = map[string][]*GraphNode{}, map[string][]*GraphNode{}
		node := func(h string, i int) *GraphNode {
			return &GraphNode{Name: "foo", Spec: &snapshot.Spec{Hash: h, OS: []string{"rhel8", "debian11"}[i%2], Platform: "linux", Target: "x86_64"}}
		}
		for i := range n {
			if i%10 == 0 { // written otherwise, of one hash
				h := fmt.Sprintf("s%031d", i)
				o[fmt.Sprintf("foo@1.%d", i)] = []*GraphNode{node(h, i)}
				nw[fmt.Sprintf("foo@1.%d %%gcc@10", i)] = []*GraphNode{node(h, i)}
				continue
			}
			o[fmt.Sprintf("foo@1.%d", i)] = []*GraphNode{node(fmt.Sprintf("a%031d", i), i)}
			nw[fmt.Sprintf("foo@2.%d", i)] = []*GraphNode{node(fmt.Sprintf("b%031d", i), i)}
		}
		return o, nw
	}
	cost := func(n int) float64 {
		o, nw := roots(n)
		var ren map[string]string
		allocs := testing.AllocsPerRun(2, func() { ren, _, _ = respeltRoots(o, nw) })
		for x, y := range ren {
			if o[x][0].OS() != nw[y][0].OS() {
				t.Fatalf("%s (%s) respelt %s (%s): another environment's", x, o[x][0].OS(), y, nw[y][0].OS())
			}
		}
		if want := n - n/10; len(ren) != want {
			t.Fatalf("%d roots a side: %d respelt, want %d", n, len(ren), want)
		}
		return allocs
	}
	small, large := cost(2000), cost(8000)
	t.Logf("%.0f allocations of 2,000 roots a side, %.0f of 8,000 (%.2fx)", small, large, large/small)
	if large > 4.4*small {
		t.Errorf("respeltRoots: %.0f allocations of 2,000 roots a side, %.0f of 8,000 (%.1fx), want at most 4.4x", small, large, large/small)
	}
}
