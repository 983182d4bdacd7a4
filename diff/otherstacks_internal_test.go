package diff

import (
	"maps"
	"slices"
	"testing"
)

// TestLazyOtherStacksAfterRelease: the other stacks and mates
// lazyOtherStacks makes the first time a pass needs them are those made
// at once (respeltBack, newOtherStacks, addMates), though by then
// CompareReleasing has dropped the lists of the packages compared: the
// new specs are read from their lists taken before. Of roots written
// foo@=1 (odd) and foo@1, now all foo@1, the new side's respelt the
// other way round take foo@=1 back. Fails if the fill reads the
// packages' lists (none left).
func TestLazyOtherStacksAfterRelease(t *testing.T) {
	old, cur := respeltAloneLock(t, 6, true), respeltAloneLock(t, 6, false)
	og, ng := GraphOf(old), GraphOf(cur)
	roots := [2]map[string][]*GraphNode{rootNodes(og), rootNodes(ng)}
	rev := respell(roots[1], roots[0])
	want := newOtherStacks(og, respeltBack(cur, og, ng, roots, rev))
	want.addMates(rev.mates(), true)
	respelt := 0
	for _, p := range cur.Packages {
		for _, sp := range p.Specs {
			if !slices.Equal(want.back[sp.Hash], sp.Stacks) {
				respelt++
			}
		}
	}
	if respelt == 0 {
		t.Fatal("no new spec respelt the other way round: the test shows nothing")
	}
	got := lazyOtherStacks(og, ng, cur, nil)
	for _, p := range cur.Packages {
		p.Specs = nil // as CompareReleasing drops them
	}
	got.ready()
	if !maps.EqualFunc(got.back, want.back, slices.Equal[[]string]) {
		t.Errorf("other stacks of %d new specs (%d respelt), want those of %d", len(got.back), respelt, len(want.back))
	}
	for k := range got.mate {
		for _, m := range []map[string][]string{got.mate[k], want.mate[k]} {
			for _, l := range m {
				slices.Sort(l)
			}
		}
		if !maps.EqualFunc(got.mate[k], want.mate[k], slices.Equal[[]string]) {
			t.Errorf("mates of side %d: %v, want %v", k, got.mate[k], want.mate[k])
		}
	}
}
