package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
)

// headlineReport is a report of n roots added, each spelled three ways
// in spellings of about size characters, beside one spec unchanged.
func headlineReport(n, size int) *diff.Report {
	r := &diff.Report{
		Summary: diff.Summary{Specs: diff.Counts{Old: 1, New: 1, Unchanged: 1}},
		Causes:  &diff.Causes{Roots: &diff.RootChanges{}},
	}
	for i := range n {
		h := fmt.Sprintf("h%d", i)
		for k := range 3 {
			var b strings.Builder
			fmt.Fprintf(&b, "hdf5%d+mpi+fortran+cxx%d", i, k)
			for j := 0; b.Len() < size; j++ {
				fmt.Fprintf(&b, " ^openmpi@4.%d+cuda", j)
			}
			r.Causes.Roots.Added = append(r.Causes.Roots.Added, diff.RootSpec{Root: b.String(), Hash: h})
		}
	}
	return r
}

// TestRootsHeadlineFits (issue 35 class b): whatever the roots and
// their spellings, the roots headline fits what Shorten keeps whole
// (fitsText), so that no format cuts a clause off its end: the counts
// stay, and the names are what gives. Short names are named whole, all
// their spellings.
func TestRootsHeadlineFits(t *testing.T) {
	for _, n := range []int{1, 3, 10, 100} {
		for _, size := range []int{20, 220, 2000} {
			h, _ := RootsHeadline(headlineReport(n, size))
			added := CountNoun(n, "root", "roots") + " added (hdf50+mpi+fortran+cxx0"
			if !fitsText(h) || !strings.HasPrefix(h, added) || !strings.HasSuffix(h, "); 1 spec unchanged") {
				t.Errorf("%d roots of %d characters: headline of %d bytes: %.200q…%q", n, size, len(h), h, h[max(0, len(h)-100):])
			}
			if size == 20 && !strings.Contains(h, "hdf50+mpi+fortran+cxx0 = hdf50+mpi+fortran+cxx1 = hdf50+mpi+fortran+cxx2") {
				t.Errorf("%d roots of %d characters: short spellings not all named: %q", n, size, h)
			}
		}
	}
	// Ten roots of every kind, and every count: where three spellings of
	// 60 characters are too many, each root names one, the others
	// counted.
	r := headlineReport(10, 600)
	r.Summary.Specs.Updated, r.Summary.Specs.Rebuilt, r.Summary.Specs.Removed, r.Summary.Specs.Added = 5, 7, 10, 20
	r.Causes.Roots.FewerRoots, r.Causes.Roots.MoreRoots, r.Causes.Roots.OtherRoots = 2, 3, 4
	r.Causes.Roots.Removed = headlineReport(10, 600).Causes.Roots.Added
	for _, x := range headlineReport(10, 600).Causes.Roots.Added {
		r.Causes.Roots.Changed = append(r.Causes.Roots.Changed, diff.RootChange{Root: x.Root, Old: diff.RootSpec{Hash: x.Hash}, New: diff.RootSpec{Hash: x.Hash + "n"}})
	}
	h, _ := RootsHeadline(r)
	for _, want := range []string{"10 roots removed (", ", …and 7 more); 10 roots added (", "; 10 roots changed (", " (and 2 more spellings), ",
		"; 10 specs removed; 20 specs added; 5 specs updated; 7 specs rebuilt; 1 spec unchanged; 2 dependencies are now needed by fewer roots; 3 dependencies are now needed by more roots; 4 dependencies are now needed by other roots"} {
		if !strings.Contains(h, want) || !fitsText(h) {
			t.Errorf("6 roots of 600 characters: no %q in the headline (%d bytes): %q", want, len(h), h)
		}
	}
}

// TestRootsHeadlineLinear (issue 35 class c): fitting the headline
// costs the same whatever the number of roots: 4x the roots costs at
// most 4.4x the allocations.
func TestRootsHeadlineLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector")
	}
	allocs := func(n int) float64 {
		r := headlineReport(n, 220)
		return testing.AllocsPerRun(5, func() { RootsHeadline(r) })
	}
	small, large := allocs(250), allocs(1000)
	if large > 4.4*small {
		t.Errorf("RootsHeadline: %.0f allocations for 250 roots, %.0f for 1000 (%.2fx)", small, large, large/small)
	}
}
