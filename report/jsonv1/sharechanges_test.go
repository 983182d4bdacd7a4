package jsonv1

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestSharedChangesKeepEachCauses: the causes of the table that changed
// alike share one list of changes once decoded (shareChanges), and a
// cause whose changes only join to the same text as another's keeps its
// own. Joined by NULs, a to of "1.0.9\x00variants\x00~x\x00+x" was the
// key of a version and a variants change, and render wrote that cause
// with the other's two changes.
func TestSharedChangesKeepEachCauses(t *testing.T) {
	data, err := os.ReadFile("../../testdata/golden/spack-gen.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	two := []diff.Change{{Kind: "version", From: "1.0.8", To: "1.0.9"}, {Kind: "variants", From: "~x", To: "+x"}}
	one := []diff.Change{{Kind: "version", From: "1.0.8", To: "1.0.9\x00variants\x00~x\x00+x"}}
	causes := doc["causes"].(map[string]any)
	table := causes["table"].([]any)
	// Causes 0 and 1 are bzip2 of two hashes, group 0; 2 and 3 curl,
	// group 1: each group changes one way, two or one.
	groups := causes["groups"].([]any)
	for i, cs := range [][]diff.Change{two, two, one, one} {
		table[i].(map[string]any)["changes"] = cs
	}
	groups[0].(map[string]any)["changes"] = two
	groups[1].(map[string]any)["changes"] = one
	crafted, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	r, err := DecodeBytes(crafted)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range [][]diff.Change{two, two, one, one} {
		if got := r.Causes.Table[i].Changes; !slices.Equal(got, want) {
			t.Errorf("causes.table[%d].changes: %q, want %q (its own, not bzip2's)", i, got, want)
		}
	}
	// Those that changed alike do share.
	for _, i := range []int{0, 2} {
		a, b := r.Causes.Table[i].Changes, r.Causes.Table[i+1].Changes
		if !slices.Equal(a, b) || len(a) == 0 || &a[0] != &b[0] {
			t.Errorf("causes.table[%d] and [%d] changed alike (%q, %q) and share no list", i, i+1, a, b)
		}
	}
}

// TestGroupOfNULJoinedChanges: the laws group the causes of the table
// as the engine does, by package and changes, and a cause whose changes
// only join to the same text as its group's (a to of
// "1.0.9\x00variants\x00~x\x00+x" against a version and a variants
// change, joined by NULs) is of another group: a report that lists no
// group for it is refused. GroupKey joined the strings by NULs, and the
// laws let causes.groups name changes that half the group's causes have
// not.
func TestGroupOfNULJoinedChanges(t *testing.T) {
	data, err := os.ReadFile("../../testdata/golden/spack-gen.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	two := []diff.Change{{Kind: "version", From: "1.0.8", To: "1.0.9"}, {Kind: "variants", From: "~x", To: "+x"}}
	one := []diff.Change{{Kind: "version", From: "1.0.8", To: "1.0.9\x00variants\x00~x\x00+x"}}
	causes := doc["causes"].(map[string]any)
	table := causes["table"].([]any)
	// Causes 0 and 1 are bzip2 of two hashes, group 0.
	table[0].(map[string]any)["changes"] = two
	table[1].(map[string]any)["changes"] = one
	causes["groups"].([]any)[0].(map[string]any)["changes"] = two
	crafted, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	_, err = DecodeBytes(crafted)
	if err == nil || !strings.Contains(err.Error(), "causes.groups") {
		t.Fatalf("bzip2's causes changed two ways, one group: %v, want causes.groups refused", err)
	}
}
