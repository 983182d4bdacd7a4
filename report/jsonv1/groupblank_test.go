package jsonv1

import (
	"strings"
	"testing"
)

// TestGroupAndSelfRefusalsQuoteValues (issue 35 class e): 166d32d2
// quoted a refused shared change, whose empty kind, from and to read as
// blanks; the laws' messages beside it that name a group and a pair's
// own change wrote their values bare as well: a group of an empty name
// read 'causes.groups[0]:  is the root cause of no pair', a self naming
// a cause whose old hash is empty 'names curl  → r47d…'. Each is quoted.
func TestGroupAndSelfRefusalsQuoteValues(t *testing.T) {
	r := spackGenReport(t)
	r.Causes.Groups[0].Name = ""
	want := `causes.groups[0]: "" is the root cause of no pair`
	if _, err := DecodeBytes(jsonOf(t, r)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a group of an empty name: %v; want an error with %q", err, want)
	}

	r = spackGenReport(t)
	done := false
	for i := range r.Packages {
		for j := range r.Packages[i].Specs.Updated {
			pr := &r.Packages[i].Specs.Updated[j]
			if done || pr.Why == nil || pr.Why.Self == nil {
				continue
			}
			other := (*pr.Why.Self + 2) % len(r.Causes.Table)
			tc := &r.Causes.Table[other]
			tc.OldHash = ""
			*pr.Why.Self = other
			want = `.why.self: names "` + tc.Name + `" "" → "` + tc.NewHash + `", not the pair's own spec "` + r.Packages[i].Name + `" "` + pr.Old.Hash + `" → "` + pr.New.Hash + `"`
			done = true
		}
	}
	if !done {
		t.Fatal("no updated pair of the spack-gen report has a self")
	}
	if _, err := DecodeBytes(jsonOf(t, r)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a self naming a cause of an empty old hash: %v; want an error with %q", err, want)
	}
}
