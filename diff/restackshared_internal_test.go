package diff

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestRestackedSharedListsOnce (209th adversarial pass): k packages of
// one spec each, whose stacks are one list on each side that they all
// share (a lockfile's roots above a hub: one root, then m), are k
// restacked pairs that each joined the same m−1 stacks. Each pair worked
// its joined and left stacks out again, k·m probes: a lockfile of 8,000
// nodes cost 23x the time of 2,000 and 1.4 GB. The pairs of one old list
// and one new share the two results: 4x the packages and stacks probe at
// most 4.4x, and every pair still lists the m−1 joined.
func TestRestackedSharedListsOnce(t *testing.T) {
	probes := func(n int) int {
		oldStacks, newStacks := []string{"r0"}, make([]string, n)
		for i := range newStacks {
			newStacks[i] = fmt.Sprintf("r%d", i)
		}
		m := newMatcher(nil)
		for j := range n {
			o := sp(fmt.Sprintf("p%07d", j), "1.0", "gcc@13.2.0", "x86_64_v3")
			nw := o
			o.Stacks, nw.Stacks = oldStacks, newStacks
			name := fmt.Sprintf("p%d", j)
			p, _ := m.matchPackage(&snapshot.Package{Name: name, Specs: []snapshot.Spec{o}}, &snapshot.Package{Name: name, Specs: []snapshot.Spec{nw}})
			if len(p.Specs.Restacked) != 1 {
				t.Fatalf("%d stacks: package %s: %+v, want one restacked pair", n, name, p.Counts)
			}
			if r := p.Specs.Restacked[0]; len(r.StacksJoined) != n-1 || len(r.StacksLeft) != 0 {
				t.Fatalf("%d stacks: package %s joined %d stacks and left %d, want %d and 0", n, name, len(r.StacksJoined), len(r.StacksLeft), n-1)
			}
		}
		return m.probes
	}
	const n = 300
	small, large := probes(n), probes(4*n)
	t.Logf("probes: %d for %d packages and stacks, %d for %d", small, n, large, 4*n)
	if float64(large) > 4.4*float64(small) {
		t.Errorf("%d packages restacked from 1 stack to %d probe %d times, %d to %d %d times: want at most 4.4x", n, n, small, 4*n, 4*n, large)
	}
}
