package diff

import (
	"fmt"
	"testing"
)

// TestCauseLawsBaseMin (issue 35 class b): the engine writes a set on
// bases only where one of its bases holds baseMin causes or more, and
// writes it out otherwise; the laws did not ask, and a chainhub 300
// report whose set of 32 causes (a31's) was rewritten on the set of 31
// below it (a30's, an override of the hub's cause beside it, the links
// no longer used dropped) rendered byte-identically. A chain explained
// with baseMin 1 is such a report: its sets are based on sets of fewer
// than 32 causes, which the laws with baseMin 32 refuse, and the same
// chain explained with 32 passes them.
func TestCauseLawsBaseMin(t *testing.T) {
	const n = 10
	name := make([]string, n)
	deps := make([][]int, n)
	bumped := make([]bool, n)
	for i := range n {
		name[i] = fmt.Sprintf("s%d", i)
		if i+1 < n {
			deps[i] = []int{i + 1}
		}
		bumped[i] = true
	}
	before, after, pairs := dagPairOf(name, deps, bumped, nil, nil)
	r, based, _ := explainPairs(t, before, after, pairs, 1)
	if based == 0 {
		t.Fatal("the chain explained with baseMin 1 has no based set")
	}
	if err := checkCauseSets(r); err != nil {
		t.Fatalf("with baseMin 1: %v", err)
	}
	withBaseMin(t, 32)
	const want = "causes.sets[1]: its bases hold at most 8 causes each: cachediff writes a set on bases only where one holds 32 or more, and writes it out otherwise"
	if err := checkCauseSets(r); err == nil || err.Error() != want {
		t.Errorf("sets on bases of fewer than 32 causes, with baseMin 32: got %v, want %q", err, want)
	}
	flat, based, _ := explainPairs(t, before, after, pairs, 32)
	if based != 0 {
		t.Fatalf("the chain of %d explained with baseMin 32: %d sets based", n, based)
	}
	if err := checkCauseSets(flat); err != nil {
		t.Errorf("with baseMin 32: %v", err)
	}
}
