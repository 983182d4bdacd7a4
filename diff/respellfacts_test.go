package diff_test

import (
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestRespellFactsDrawn: alikeOtherWay's oldNamed spares a spelling
// respelt root by root (byRoot) whole, on a proof that rests on three
// facts of respell's respelling (bd062767): each root of its stack
// takes a spelling other than its old one; a spelling respelt whole
// is one the new side writes for no root; kept counts, for each old
// spelling of part, every new root written so. A rule that broke one
// would leave oldNamed's sparing unproven, and the drawn folders of
// the generators that hold it (drawMergedHeldFolders,
// drawMergedFolders, drawFacetFolders) check each, both ways round.
// The facts are read over enough roots of each kind to say something.
func TestRespellFactsDrawn(t *testing.T) {
	seeds := uint64(25)
	if testing.Short() {
		seeds = 10
	}
	var part, stack, whole int
	for _, draw := range []func(uint64) ([]facetRoot, []facetRoot){drawMergedHeldFolders, drawMergedFolders, drawFacetFolders} {
		for seed := range seeds {
			old, cur := draw(seed)
			broken, p, s, w := diff.RespellFacts(loadFacetFolder(t, "old", old, nil), loadFacetFolder(t, "new", cur, nil))
			part, stack, whole = part+p, stack+s, whole+w
			for _, b := range broken {
				t.Errorf("seed %d: %s\nold %v\nnew %v", seed, b, old, cur)
			}
		}
	}
	if part < 10 || stack < 10 || whole < 10 {
		t.Errorf("the facts were read over %d roots of part, %d of stack and %d spellings of whole: too few to say anything", part, stack, whole)
	}
	t.Logf("read %d roots of part, %d of stack, %d spellings of whole", part, stack, whole)
}
