package catalog

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	. "github.com/cachediff/cachediff/snapshot"
)

// decodeSpecs decodes specs, written as a page's spec_details, with st's
// fast decoder, canonical, as Load does for each page a loading goroutine
// reads.
func decodeSpecs(t *testing.T, st *state, specs []map[string]any) specList {
	t.Helper()
	got, _, ok := st.specs([]byte(mustJSON(specs)), NewFinisher(Options{Tarballs: true}))
	if !ok {
		t.Fatal("the fast decoder left the specs to the general path")
	}
	return got
}

// TestRecentSlotShared decodes pages whose variant lists share a slot of
// listTexts.recent, in turn and one page after another with the same
// state, as a loading goroutine does: each spec must get its own list,
// whichever text the slot held before.
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
	st := newState()
	for k, order := range [][]string{{a, b, a, c, b, b, a}, {b, a, c, a, b}} {
		specs := make([]map[string]any, len(order))
		for i, v := range order {
			specs[i] = simpleSpec(100*k + i)
			specs[i]["variants"] = []string{v}
		}
		for i, sp := range decodeSpecs(t, st, specs) {
			if !slices.Equal(sp.Variants, []string{order[i]}) {
				t.Errorf("page %d, spec %d: variants %q, want [%q]", k, i, sp.Variants, order[i])
			}
		}
	}
}

// TestRecentKeepsShortTexts: a list text longer than maxRecentText is
// read as any other, but not kept in listTexts.recent, which outlives a
// Load; the short ones are.
func TestRecentKeepsShortTexts(t *testing.T) {
	long := "+" + strings.Repeat("v", maxRecentText)
	variants := []string{"+a", long, "+b", long, "+a"}
	specs := make([]map[string]any, len(variants))
	for i, v := range variants {
		specs[i] = simpleSpec(i)
		specs[i]["variants"] = []string{v}
	}
	st := newState()
	for i, sp := range decodeSpecs(t, st, specs) {
		if !slices.Equal(sp.Variants, []string{variants[i]}) {
			t.Errorf("spec %d: variants %.20q..., want [%.20q...]", i, sp.Variants, variants[i])
		}
	}
	kept, texts := 0, 0
	for f := range st.scan.lists.recent {
		for _, e := range st.scan.lists.recent[f] {
			if e.text != "" {
				kept++
				texts += len(e.text)
			}
			if len(e.text) > maxRecentText {
				t.Errorf("field %d: recent holds a text of %d bytes, over %d", f, len(e.text), maxRecentText)
			}
		}
	}
	if kept == 0 {
		t.Error("recent holds no text at all")
	}
	// What it holds counts in what the state keeps (Shared.put's bound),
	// also once the tables that hold the same texts start over.
	lt := &st.scan.lists
	lt.seen, lt.size, lt.base = [3]map[string]listText{}, [3]int{}, nil
	if _, kept := st.Kept(); kept-st.in.Size() < texts {
		t.Errorf("Kept counts %d bytes of lists, less than the %d of the texts in recent", kept-st.in.Size(), texts)
	}
}

// TestSeenKeepsShortTexts: a list text longer than maxListText read
// once is not kept in listTexts.seen, which holds a copy of each text it
// keeps (a page of specs of thousands of distinct variants each held a
// copy of most of its text there); the short ones are. (Read twice, it
// is kept: TestLongListShared.)
func TestSeenKeepsShortTexts(t *testing.T) {
	long, other := make([]string, maxListText/8), make([]string, maxListText/8)
	for i := range long {
		long[i], other[i] = fmt.Sprintf("v%05d=1", i), fmt.Sprintf("v%05d=2", i)
	}
	lists := [][]string{{"+a"}, long, {"+b"}, other, {"+a"}}
	specs := make([]map[string]any, len(lists))
	for i, l := range lists {
		specs[i] = simpleSpec(i)
		specs[i]["variants"] = l
	}
	st := newState()
	for i, sp := range decodeSpecs(t, st, specs) {
		if len(sp.Variants) != len(lists[i]) || sp.Variants[0] != lists[i][0] {
			t.Errorf("spec %d: %d variants from %.20q, want %d from %.20q", i, len(sp.Variants), sp.Variants, len(lists[i]), lists[i][0])
		}
	}
	lt := &st.scan.lists
	short := 0
	for f := range lt.seen {
		for text := range lt.seen[f] {
			if len(text) > maxListText {
				t.Errorf("field %d: seen holds a text of %d bytes, over %d", f, len(text), maxListText)
			} else {
				short++
			}
		}
	}
	if short == 0 {
		t.Error("seen holds no text at all")
	}
}
