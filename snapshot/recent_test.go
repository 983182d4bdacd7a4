package snapshot

import (
	"fmt"
	"slices"
	"strings"
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

// TestRecentKeepsShortTexts: a list text longer than maxRecentText is
// read as any other, but not kept in listTexts.recent, which outlives a
// Load; the short ones are.
func TestRecentKeepsShortTexts(t *testing.T) {
	long := "+" + strings.Repeat("v", maxRecentText)
	var specs []map[string]any
	for i := range 200 { // enough for the fast decoder, and for the Shared to keep its states
		specs = append(specs, simpleSpec(i))
		specs[i]["variants"] = []string{fmt.Sprintf("+x%d", i%7)}
	}
	specs[3]["variants"] = []string{long}
	specs[4]["variants"] = []string{long}
	sh := new(Shared)
	s, err := Load(writeTree(t, map[string]string{"p/specs.md": testPage("p", "t", simpleMeta(len(specs)), specs...)}), Options{Shared: sh})
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range s.Packages[0].Specs {
		if want := slices.IndexFunc(specs, func(m map[string]any) bool { return m["hash"] == sp.Hash }); !slices.Equal(sp.Variants, specs[want]["variants"].([]string)) {
			t.Fatalf("spec %s: variants %.20q..., want %.20q...", sp.Hash, sp.Variants, specs[want]["variants"])
		}
	}
	kept := 0
	for _, st := range sh.free {
		for f := range st.scan.lists.recent {
			for _, e := range st.scan.lists.recent[f] {
				if e.text != "" {
					kept++
				}
				if len(e.text) > maxRecentText {
					t.Errorf("field %d: recent holds a text of %d bytes, over %d", f, len(e.text), maxRecentText)
				}
			}
		}
	}
	if kept == 0 {
		t.Fatal("recent holds no text: the page was not read by the fast decoder, and the test shows nothing")
	}
}
