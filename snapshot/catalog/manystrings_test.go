package catalog

import (
	"fmt"
	"testing"
	"unsafe"
)

// TestSeenKeepsListsOfFewStrings: a list text of more than rareFrom
// strings read once is not kept in listTexts.seen, however short its
// text: its strings are likely given once (rareFrom), and so is the
// list. Pages of specs of 500 distinct variants each, every spec
// changed, kept a copy of each spec's list text there (5.5 KB, under
// maxListText) until the Load ended: 0.5x the page's bytes beside its
// specs, the diff's peak with the next Load's (cmd/cachediff's
// TestManyChangedVariantsMemory). Read twice, it is kept and shared.
func TestSeenKeepsListsOfFewStrings(t *testing.T) {
	lists := make([][]string, 4)
	for i := range lists {
		lists[i] = make([]string, rareFrom+1)
		for j := range lists[i] {
			lists[i][j] = fmt.Sprintf("v%04d=%d", j, i%3) // the last list is the first's
		}
	}
	specs := make([]map[string]any, len(lists))
	for i, l := range lists {
		specs[i] = simpleSpec(i)
		specs[i]["variants"] = l
	}
	st := newState()
	got := decodeSpecs(t, st, specs)
	for i, sp := range got {
		if len(sp.Variants) != len(lists[i]) || sp.Variants[0] != lists[i][0] {
			t.Errorf("spec %d: %d variants from %q, want %d from %q", i, len(sp.Variants), sp.Variants[0], len(lists[i]), lists[i][0])
		}
	}
	lt := &st.scan.lists
	if n := len(lt.seen[1]); n != 1 {
		t.Errorf("seen holds %d variant lists, want the one read twice", n)
	}
	if unsafe.SliceData(got[0].Variants) == unsafe.SliceData(got[1].Variants) {
		t.Error("two lists of other strings share their array")
	}
}
