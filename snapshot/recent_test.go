package snapshot

import (
	"fmt"
	"slices"
	"testing"
)

// TestRecentSlotShared loads pages whose variant lists share slots of
// listTexts.recent, in turn and across two Loads of one Shared: each
// spec must get its own list, whichever text the slot held before.
func TestRecentSlotShared(t *testing.T) {
	// Lists whose texts, as the pages write them, fall in one slot.
	bySlot := map[int][]string{}
	var a, b string
	for i := 0; a == ""; i++ {
		v := fmt.Sprintf("+v%d", i)
		slot := recentSlot([]byte(mustJSON([]string{v})))
		if l := bySlot[slot]; len(l) == 1 {
			a, b = l[0], v
		}
		bySlot[slot] = append(bySlot[slot], v)
	}
	c := "+alone"
	page := func(first int, variants ...string) string {
		specs := make([]map[string]any, len(variants))
		for i, v := range variants {
			specs[i] = simpleSpec(first + i)
			specs[i]["variants"] = []string{v}
		}
		return testPage("p", "t", simpleMeta(len(specs)), specs...)
	}
	orders := [][]string{{a, b, a, c, b, b, a}, {b, a, c, a, b}} // the variants of each tree's specs
	sh := new(Shared)
	for k := range orders {
		first := 100 * k
		s, err := Load(writeTree(t, map[string]string{"p/specs.md": page(first, orders[k]...)}), Options{Shared: sh})
		if err != nil {
			t.Fatal(err)
		}
		specs := s.Packages[0].Specs
		for i, v := range orders[k] {
			h := hashN(first + i)
			j := slices.IndexFunc(specs, func(s Spec) bool { return s.Hash == h })
			if j < 0 {
				t.Fatalf("tree %d: no spec %s", k, h)
			}
			if got := specs[j].Variants; !slices.Equal(got, []string{v}) {
				t.Errorf("tree %d, spec %d: variants %q, want [%q]", k, i, got, v)
			}
		}
	}
}
