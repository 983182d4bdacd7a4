package diff_test

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// ringsOverChain is a chain of n specs, every version bumped (a_i over
// a_{i-1}), and n rings of two specs, x_j over y_j and a_j, y_j over
// x_j: each ring reads a_j's set written out, j causes, and the rings
// n²/2 references in all.
func ringsOverChain(n int) *shape {
	s := newShape()
	a := func(i int) string { return fmt.Sprintf("a%05d", i) }
	s.add(a(0), a(0), true)
	for i := 1; i < n; i++ {
		s.add(a(i), a(i), true, a(i-1))
	}
	for j := range n {
		x, y := fmt.Sprintf("x%05d", j), fmt.Sprintf("y%05d", j)
		for _, side := range []struct {
			g *diff.Graph
			p string
		}{{&s.old, "o-"}, {&s.new, "n-"}} {
			side.g.Add(diff.NewNode(side.p+x, x, "1.0", []diff.Edge{{Name: y, Hash: side.p + y}, {Name: a(j), Hash: side.p + a(j)}}))
			side.g.Add(diff.NewNode(side.p+y, y, "1.0", []diff.Edge{{Name: x, Hash: side.p + x}}))
		}
		s.pairs = append(s.pairs, shapePair{x, "o-" + x, "n-" + x, false}, shapePair{y, "o-" + y, "n-" + y, false})
	}
	return s
}

// The sets a ring solved as one (solveRing) reads from outside it are
// charged to the budget as a cycle's are: past it, the ring is cut, and
// 4x the rings over a chain cost at most about 4.4x, where reading every
// ring's set for free cost the square (class c).
func TestCauseBudgetRingsReadCharged(t *testing.T) {
	defer diff.SetCauseBudget(16, 4096)()
	if checkBudgetGrowth(t, "", "4x the input", ringsOverChain(300), ringsOverChain(1200)) == 0 {
		t.Errorf("no pair cut at the smaller size: the rings' reading is not charged")
	}
}
