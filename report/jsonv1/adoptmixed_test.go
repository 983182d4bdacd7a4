package jsonv1

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestCausesWholeBesideSets: a report of cachediff before issue 35
// writes every pair's causes out whole and has no paths, sets (nor
// table); today's writes none out whole. render skips the check of the
// causes' lists' order (CheckCauseListOrder) for a report whose causes
// were written out whole, so that one pair's causes written out whole
// in today's report, or a set beside them (AdoptCauses replaced it),
// let the report's table, paths and sets be reordered or duplicated and
// render: a report no cachediff wrote. Each is refused, named.
func TestCausesWholeBesideSets(t *testing.T) {
	// sharedWhy is a pair's why without a via whose set another pair
	// names too (so that the set is still named without it).
	sharedWhy := func(t *testing.T, r *diff.Report) (*diff.Why, string) {
		named := map[int]int{}
		for _, w := range causeWhys(r) {
			named[w.Set]++
		}
		for i := range r.Packages {
			p := &r.Packages[i]
			for j := range p.Specs.Rebuilt {
				if w := p.Specs.Rebuilt[j].Why; w != nil && w.Set > 0 && w.Via == nil && named[w.Set] > 1 {
					return w, p.Name
				}
			}
		}
		t.Fatal("no pair of the spack-gen report shares its set without a via")
		return nil, ""
	}
	for _, tc := range []struct {
		name  string
		forge func(t *testing.T, r *diff.Report)
		want  string
	}{
		{"one pair's causes out whole", func(t *testing.T, r *diff.Report) {
			w, name := sharedWhy(t, r)
			w.Causes, w.Set = r.Causes.Resolve(w, name), 0
		}, ".why.causes: written out whole (as cachediff before issue 35 wrote them) beside causes.paths and causes.sets"},
		{"one pair's causes out whole, the table swapped", func(t *testing.T, r *diff.Report) {
			w, name := sharedWhy(t, r)
			w.Causes, w.Set = r.Causes.Resolve(w, name), 0
			swapped(r, "table", 0, 1)
		}, ".why.causes: written out whole"},
		{"a set beside causes out whole", func(t *testing.T, r *diff.Report) {
			legacy(r)
			for _, w := range causeWhys(r) {
				if len(w.Causes) > 0 {
					w.Set = 1 // AdoptCauses replaced it
					return
				}
			}
			t.Fatal("no pair with causes")
		}, "written out whole"},
		{"causes out whole, the table swapped", func(t *testing.T, r *diff.Report) {
			legacy(r)
			swapped(r, "table", 0, 1)
		}, "causes.table[1]: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := spackGenReport(t)
			tc.forge(t, r)
			_, err := DecodeBytes(jsonOf(t, r))
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("refused for %v, want a message with %q", err, tc.want)
			}
			t.Log(err)
		})
	}
}
