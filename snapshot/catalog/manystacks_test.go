package catalog

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// manyStacksPage is a page of 64 specs each in the same k stacks (half
// of them, when drop, without the stack of their index), its meta
// agreeing but for one stack claimed that no spec is in.
func manyStacksPage(k int, drop bool) []byte {
	stacks := make([]string, k)
	for j := range stacks {
		stacks[j] = fmt.Sprintf("s%06d", j)
	}
	byStack := map[string]int{"nowhere": 1}
	specs := make([]map[string]any, 64)
	for i := range specs {
		st := stacks
		if drop && i%2 == 0 {
			st = append(append([]string{}, stacks[:i]...), stacks[i+1:]...)
		}
		for _, s := range st {
			byStack[s]++
		}
		specs[i] = simpleSpec(i)
		specs[i]["stacks"] = st
	}
	meta, _ := json.Marshal(map[string]any{"num_specs": len(specs), "num_specs_by_stack": byStack})
	details, _ := json.Marshal(specs)
	return fmt.Appendf(nil, "---\ntitle: \"p\"\nlayout: cache\ncategories: [package, develop]\nmeta: %s\nspec_details: %s\n---\n", meta, details)
}

// TestManyStacksCountedOnce (81st adversarial pass; issue 35: a 4x
// input costs at most ~4.4x): a page of 64 specs in the same thousands
// of stacks was checked against its meta with an increment of a map of
// every stack per spec and stack, and the time grew faster than the page
// as the map outgrew the caches (64 specs of 64k stacks: 2.4 s of 5.3 s
// in checkMeta, the command 5.6x the time of 16k). Each distinct list is
// counted once, times the specs that have it; the counts, and what meta
// is told, are as before.
func TestManyStacksCountedOnce(t *testing.T) {
	const k = 4000
	for _, drop := range []bool{false, true} {
		pages, _, _, err := parsePage("p/specs.md", manyStacksPage(k, drop), false) // the fast path shares lists
		if err != nil {
			t.Fatal(err)
		}
		specs := pages.Specs
		byStack, incs := stackCounts(specs)
		distinct := 1
		if drop {
			distinct = 33 // the 32 lists that lack a stack, and the whole one
		}
		// The whole list is read twice, once not kept, then kept: a
		// list more, at most.
		if want := (distinct + 1) * k; incs > want {
			t.Errorf("drop %v: %d increments for %d specs of %d stacks in %d distinct lists, want %d", drop, incs, len(specs), k, distinct, want)
		}
		if byStack["s000000"] != 64-btoi(drop) || byStack["s000063"] != 64 || byStack[fmt.Sprintf("s%06d", k-1)] != 64 || len(byStack) != k {
			t.Errorf("drop %v: counts s000000 %d, s000063 %d, last %d, %d stacks", drop, byStack["s000000"], byStack["s000063"], byStack[fmt.Sprintf("s%06d", k-1)], len(byStack))
		}
	}
	for _, parse := range bothPaths {
		_, _, warns, err := parse("p/specs.md", manyStacksPage(k, true), false)
		if err != nil {
			t.Fatal(err)
		}
		if len(warns) != 1 || !strings.Contains(warns[0].Message, `num_specs_by_stack["nowhere"] is 1, but 0 specs list that stack`) {
			t.Errorf("warnings %v, want one, of the stack no spec is in", warns)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestLongListShared: the specs of a page that write one list of
// thousands of stacks share one list, read once: kept the second time
// it is read (listTexts.long), where each spec read and held its own.
func TestLongListShared(t *testing.T) {
	st := newState()
	specs := make([]map[string]any, 8)
	long := make([]string, maxListText/8)
	for j := range long {
		long[j] = fmt.Sprintf("s%06d", j)
	}
	for i := range specs {
		specs[i] = simpleSpec(i)
		specs[i]["stacks"] = long
	}
	got := decodeSpecs(t, st, specs)
	distinct := map[*string]bool{}
	for _, sp := range got {
		distinct[unsafe.SliceData(sp.Stacks)] = true
	}
	if len(distinct) > 2 {
		t.Errorf("8 specs of one list of %d stacks hold %d lists, want at most 2 (the first read, then the one kept)", len(long), len(distinct))
	}
}
