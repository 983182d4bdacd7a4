package report

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestRootsHeadlineCutsApart (issue 35 class a, lead c of v10): the
// roots headline cut each spelling in its middle to 196, 100, 60, 32 or
// 16 characters and "…" (CutMiddle): two roots added that differ only
// in their middle read alike, the report of a and that of b one
// headline. A spelling cut holds the mark of its digest (CutLabel).
func TestRootsHeadlineCutsApart(t *testing.T) {
	report := func(mid string, size int) *diff.Report {
		r := &diff.Report{
			Summary: diff.Summary{Specs: diff.Counts{Old: 1, New: 1, Unchanged: 1}},
			Causes:  &diff.Causes{Roots: &diff.RootChanges{}},
		}
		for i := range 3 {
			half := strings.Repeat(string(rune('k'+i)), size)
			r.Causes.Roots.Added = append(r.Causes.Roots.Added, diff.RootSpec{Root: half + mid + half, Hash: string(rune('a' + i))})
		}
		return r
	}
	for _, size := range []int{20, 60, 120, 700} {
		a, _ := RootsHeadline(report("x", size))
		b, _ := RootsHeadline(report("y", size))
		if a == b {
			t.Errorf("roots of %d characters that differ in their middle read alike: %s", 2*size+1, a)
		}
	}
}

// TestRootsHeadlineCutsWhatApart (class c): what changed of a root
// spelt several ways, said once after its spellings (" 1.3 → 1.5"), is
// cut as a spelling is (CutLabel): cut in its middle alone (CutMiddle,
// as before 88d8ec31), two roots swapped from versions that differ only in
// their middle read alike, and no test failed with it so.
func TestRootsHeadlineCutsWhatApart(t *testing.T) {
	report := func(mid string) *diff.Report {
		version := strings.Repeat("1", 200) + mid + strings.Repeat("2", 200)
		r := &diff.Report{
			Summary: diff.Summary{Specs: diff.Counts{Old: 1, New: 1, Updated: 1}},
			Causes:  &diff.Causes{Roots: &diff.RootChanges{}},
		}
		// A provider swap, its root spelt two ways: said "mpi = mpi
		// %gcc mpich@… → openmpi@5".
		for _, root := range []string{"mpi", "mpi %gcc"} {
			r.Causes.Roots.Changed = append(r.Causes.Roots.Changed, diff.RootChange{
				Root: root,
				Old:  diff.RootSpec{Root: root, Name: "mpich", Version: version, Hash: "a"},
				New:  diff.RootSpec{Root: root, Name: "openmpi", Version: "5", Hash: "b"},
			})
		}
		return r
	}
	a, _ := RootsHeadline(report("x"))
	b, _ := RootsHeadline(report("y"))
	if a == b || !strings.Contains(a, " = ") {
		t.Errorf("roots swapped from versions that differ in their middle: %s and %s", a, b)
	}
}
