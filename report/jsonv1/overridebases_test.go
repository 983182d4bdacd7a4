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

// TestOverrideBasesEveryCount (issue 35 class e): an override with B
// bases before it and A after, for B and A up to 2. Where a base
// followed it and one went before it, the base was refused as "after a
// reference: a set's bases are its first elements", and moved first as
// that said, the override was refused for the set's bases; where two
// went before it, "a set of 2 bases" was said of a set of 3 or 4. The
// override is refused for all the set's bases, counted.
func TestOverrideBasesEveryCount(t *testing.T) {
	r := chainHubReport(t, 60, 2)
	k, i := overrideSet(t, r)
	set0 := slices.Clone(r.Causes.Sets[k])
	var others []int
	for o := 1; len(others) < 3; o++ {
		if o != k && o != set0[0].SetBase.Set {
			others = append(others, o)
		}
	}
	over := set0[i]
	rest := slices.Delete(slices.Clone(set0[1:]), i-1, i)
	bases := []diff.CauseRef{set0[0]}
	for _, o := range others {
		bases = append(bases, diff.CauseRef{SetBase: &diff.SetBase{Set: o, Via: set0[0].SetBase.Via}})
	}
	const many = "an override {over, path} in a set of %d bases: only a set of one base overrides its causes"
	for _, tc := range []struct {
		before, after int
		want          string
	}{
		{0, 1, "an override {over, path} before the set's base {set, via}: a set's bases are its first elements"},
		{0, 2, fmt.Sprintf(many, 2)},
		{1, 1, fmt.Sprintf(many, 2)},
		{1, 2, fmt.Sprintf(many, 3)},
		{2, 0, fmt.Sprintf(many, 2)},
		{2, 1, fmt.Sprintf(many, 3)},
		{2, 2, fmt.Sprintf(many, 4)},
	} {
		n := tc.before + tc.after
		r.Causes.Sets[k] = slices.Concat(bases[:tc.before], []diff.CauseRef{over}, bases[tc.before:n], rest)
		want := fmt.Sprintf("causes.sets[%d][%d].over: %s", k, tc.before, tc.want)
		_, err := DecodeBytes(jsonOf(t, r))
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%d bases before, %d after: %v; want an error with %q", tc.before, tc.after, err, want)
		}
	}
}

// TestOverrideAfterMisplacedBase (issue 35 class e): a base written
// after a reference, with an override after it, was refused as "a base
// {set, via} after a reference: a set's bases are its first elements";
// moved first as that said, the override was then refused for the
// set's bases: the detour TestOverrideBasesEveryCount closed where the
// override came before the base. The override is refused for all the
// set's bases, counted; a set of one base misplaced is still refused
// for where its base is.
func TestOverrideAfterMisplacedBase(t *testing.T) {
	r := chainHubReport(t, 60, 2)
	k, i := overrideSet(t, r)
	set0 := slices.Clone(r.Causes.Sets[k])
	if i != 2 || set0[0].SetBase == nil || set0[1].SetBase != nil || set0[1].Over != nil {
		t.Fatalf("set %d is not a base, a reference, then overrides: %v", k, set0)
	}
	var others []diff.CauseRef
	for o := 1; len(others) < 2; o++ {
		if o != k && o != set0[0].SetBase.Set {
			others = append(others, diff.CauseRef{SetBase: &diff.SetBase{Set: o, Via: set0[0].SetBase.Via}})
		}
	}
	base, ref, overs := set0[0], set0[1], set0[2:]
	const many = "an override {over, path} in a set of %d bases: only a set of one base overrides its causes"
	for _, tc := range []struct {
		name string
		set  []diff.CauseRef
		want string
	}{
		{"a base, a reference, a base, the overrides",
			slices.Concat([]diff.CauseRef{base, ref, others[0]}, overs),
			fmt.Sprintf("causes.sets[%d][3].over: "+many, k, 2)},
		{"a base, a reference, two bases, the overrides",
			slices.Concat([]diff.CauseRef{base, ref, others[0], others[1]}, overs),
			fmt.Sprintf("causes.sets[%d][4].over: "+many, k, 3)},
		{"another base, a reference, the base, the overrides",
			slices.Concat([]diff.CauseRef{others[0], ref, base}, overs),
			fmt.Sprintf("causes.sets[%d][3].over: "+many, k, 2)},
		{"a reference, the one base, the overrides",
			slices.Concat([]diff.CauseRef{ref, base}, overs),
			fmt.Sprintf("causes.sets[%d][1]: a base {set, via} after a reference: a set's bases are its first elements", k)},
	} {
		r.Causes.Sets[k] = tc.set
		_, err := DecodeBytes(jsonOf(t, r))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want an error with %q", tc.name, err, tc.want)
		}
	}
}
