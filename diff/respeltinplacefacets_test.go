package diff_test

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// TestReleasingRespeltDrawnFacets is TestReleasingRespeltDrawn over the
// generators of roots held by several spellings, merged and split
// (drawMergedHeldFolders, drawMergedFolders) and of facets
// (drawFacetFolders): CompareReleasing's report, the old side's
// respelt stacks written into its loaded specs (respeltInPlace), is
// CompareWith's, both ways round, where stacks go root by root, kept,
// joined and weak. Of drawFacetFolders' seeds 0-299, 65 and 99 (the
// first each way round) are those whose reports differ where the old
// graph does not keep the lists as loaded (Graph.asLoaded), which
// TestReleasingRespeltDrawn's folders do not show.
func TestReleasingRespeltDrawnFacets(t *testing.T) {
	respelt := 0 // pairs, either way round, whose roots respell
	for g, c := range []struct {
		draw  func(uint64) ([]facetRoot, []facetRoot)
		seeds []uint64
	}{{drawMergedHeldFolders, []uint64{0}}, {drawMergedFolders, []uint64{1}}, {drawFacetFolders, []uint64{65, 99}}} {
		for _, seed := range c.seeds {
			old, cur := c.draw(seed)
			for k := range 2 {
				load := func() (a, b *snapshot.Snapshot) {
					a, b = loadFacetFolder(t, "old", old, nil), loadFacetFolder(t, "new", cur, nil)
					if k == 1 {
						return b, a
					}
					return a, b
				}
				a, b, same := releasingAsWith(t, load)
				if _, part, stack, whole := diff.RespellFacts(a, b); part+stack+whole > 0 {
					respelt++
				}
				if !same {
					t.Errorf("generator %d, seed %d, way %d: CompareReleasing's report differs from CompareWith's\nold %v\nnew %v", g, seed, k, old, cur)
				}
			}
		}
	}
	if respelt == 0 {
		t.Error("no drawn pair respells a root: the test shows nothing")
	}
}
