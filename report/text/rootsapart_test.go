package text

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestRootsApartLinear (issue 35 classes b and c): n roots written alike
// (zlib of n environments' lockfiles, each its own spec, all 1.3 →
// 1.5, and n more added) are n roots of each kind, each said once, told apart by their short hashes in
// the headline, the roots line and the news; 4x the roots cost at most
// 4.4x the allocations.
func TestRootsApartLinear(t *testing.T) {
	build := func(n int) *diff.Report {
		changed := make([]diff.RootChange, n)
		for i := range changed {
			changed[i] = diff.RootChange{Root: "zlib",
				Old: diff.RootSpec{Name: "zlib", Version: "1.3", Hash: fmt.Sprintf("o%031d", i)},
				New: diff.RootSpec{Name: "zlib", Version: "1.5", Hash: fmt.Sprintf("n%031d", i)}}
		}
		added := make([]diff.RootSpec, n)
		for i := range added {
			added[i] = diff.RootSpec{Root: "zlib", Name: "zlib", Version: "1.3", Hash: fmt.Sprintf("a%031d", i)}
		}
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Added: added, Changed: changed}}}
		r.Highlights = diff.News(r)
		return r
	}
	cost := func(n int) float64 {
		r := build(n)
		h, _ := report.RootsHeadline(r)
		for _, want := range []string{fmt.Sprintf("%d roots added (zlib /a000000000000000000000000000000", n), fmt.Sprintf("%d roots changed (zlib 1.3 → 1.5 /n000000000000000000000000000000", n)} {
			if !strings.Contains(h, want) {
				t.Fatalf("%d roots: headline %q; want %q in it", n, h, want)
			}
		}
		seen := map[string]bool{}
		for _, x := range r.Highlights {
			s := report.NewsText(x, -1)
			if seen[s] {
				t.Fatalf("%d roots: %q twice in the news", n, s)
			}
			seen[s] = true
		}
		doc := report.NewDocument(r, report.Options{})
		lines := (&Document{&doc}).TextCauses()
		if len(lines) == 0 || strings.Count(lines[0], "zlib 1.3 → 1.5 /") != n || strings.Count(lines[0], "+zlib /a") != n {
			t.Fatalf("%d roots: roots line %.200q", n, lines)
		}
		return testing.AllocsPerRun(3, func() {
			report.RootsHeadline(r)
			diff.News(r)
			(&Document{&doc}).TextCauses()
		})
	}
	small, large := cost(2000), cost(8000)
	if large > 4.4*small {
		t.Errorf("%.0f allocations for 2000 roots, %.0f for 8000 (%.2fx)", small, large, large/small)
	}
}
