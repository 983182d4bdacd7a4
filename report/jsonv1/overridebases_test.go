package jsonv1

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestOverrideBeforeTwoBases (issue 35 class e): an override written
// before its set's bases was refused as "before the set's base {set,
// via}" however many bases followed it; with two, moved after them as
// that said, it is refused again ("in a set of 2 bases"). Where more
// than one base follows, that is what the error names; before one base,
// as before.
func TestOverrideBeforeTwoBases(t *testing.T) {
	r := chainHubReport(t, 60, 2)
	k, i := overrideSet(t, r)
	set := slices.Clone(r.Causes.Sets[k])
	if set[0].SetBase == nil || set[1].SetBase != nil {
		t.Fatalf("set %d is not of one base: %v", k, set)
	}
	// A second base: a set other than set k, its base and set 0.
	other := 1
	for other == k || other == set[0].SetBase.Set {
		other++
	}
	over := set[i]
	set = slices.Delete(set, i, i+1)
	set = slices.Insert(set, 1, diff.CauseRef{SetBase: &diff.SetBase{Set: other, Via: set[0].SetBase.Via}})
	set = slices.Insert(set, 0, over)
	r.Causes.Sets[k] = set
	want := fmt.Sprintf("causes.sets[%d][0].over: an override {over, path} in a set of 2 bases: only a set of one base overrides its causes", k)
	if _, err := DecodeBytes(jsonOf(t, r)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%v; want an error with %q", err, want)
	}
}
