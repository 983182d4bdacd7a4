package jsonv1

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestOverrideRefusalNamesItsField (issue 35 class e): an override
// {"over": c, "path": p} refused for its cause was named by a field it
// does not have (causes.sets[4][2].cause: 1000000000, but causes.table
// has 301 causes), and one written before its set's base was refused as
// "in a set without a base", though the base is there, one element on.
// Each names the field "over" now, and the override before its base
// says so.
func TestOverrideRefusalNamesItsField(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(r *diff.Report, k, i int) string // the error wanted
	}{
		{"cause out of the table", func(r *diff.Report, k, i int) string {
			c := len(r.Causes.Table) + 5
			set := slices.Clone(r.Causes.Sets[k])
			set[i] = diff.CauseRef{Cause: c, Path: set[i].Path, Over: &c}
			r.Causes.Sets[k] = set
			return fmt.Sprintf("causes.sets[%d][%d].over: %d, but causes.table has", k, i, c)
		}},
		{"twice", func(r *diff.Report, k, i int) string {
			r.Causes.Sets[k] = slices.Insert(slices.Clone(r.Causes.Sets[k]), i, r.Causes.Sets[k][i])
			return fmt.Sprintf("causes.sets[%d][%d].over: %d after %d: a set lists each cause once", k, i+1, r.Causes.Sets[k][i].Cause, r.Causes.Sets[k][i].Cause)
		}},
		{"before the base", func(r *diff.Report, k, i int) string {
			set := slices.Clone(r.Causes.Sets[k])
			ref := set[i]
			set = slices.Insert(slices.Delete(set, i, i+1), 0, ref)
			r.Causes.Sets[k] = set
			return fmt.Sprintf("causes.sets[%d][0].over: an override {over, path} before the set's base {set, via}", k)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := chainHubReport(t, 60, 2)
			k, i := overrideSet(t, r)
			want := tc.edit(r, k, i)
			_, err := DecodeBytes(jsonOf(t, r))
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%v; want an error with %q", err, want)
			}
		})
	}
}
