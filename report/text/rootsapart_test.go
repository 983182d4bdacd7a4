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

// TestRootsApartNewsSaidOnce (issue 35 classes b and e): the news tells
// apart the roots' items that NewsText writes alike, not only those
// whose fields are all alike. Two environments' cmake, both 3.31.6 →
// 3.31.7, one with a variant changed too, read "root cmake changed:
// 3.31.6 → 3.31.7" twice (the variant is not said beside the
// versions), and two removed at 3.31.6 and 3.31.7 "root cmake removed"
// twice (a removed root's version is not said), where the headline
// told them apart ("cmake %gcc@10.2.1, cmake %gcc@8.5.0").
func TestRootsApartNewsSaidOnce(t *testing.T) {
	spec := func(hash, version, compiler string) diff.Spec {
		return diff.Spec{Hash: hash, Versions: []string{version}, Compiler: compiler, OS: "rhel8", Target: "x86_64", Platform: "linux"}
	}
	const a, b, c, d = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "cccccccccccccccccccccccccccccccc", "dddddddddddddddddddddddddddddddd"
	oa, ob, nc, nd := spec(a, "3.31.6", "gcc@8.5.0"), spec(b, "3.31.6", "gcc@10.2.1"), spec(c, "3.31.7", "gcc@8.5.0"), spec(d, "3.31.7", "gcc@10.2.1")
	side := func(s diff.Spec) diff.RootSpec {
		return diff.RootSpec{Root: "cmake", Name: "cmake", Version: s.Versions[0], Hash: s.Hash}
	}
	for _, tc := range []struct {
		what string
		r    *diff.Report
		want []string
	}{
		{"changed, one with a variant too", &diff.Report{
			Packages: []diff.Package{{Name: "cmake", Specs: diff.SpecChanges{Updated: []diff.Pair{{Old: &oa, New: &nc}, {Old: &ob, New: &nd}}}}},
			Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{
				{Root: "cmake", Old: side(oa), New: side(nc), Changes: []diff.Change{{Kind: "version", From: "3.31.6", To: "3.31.7"}}},
				{Root: "cmake", Old: side(ob), New: side(nd), Changes: []diff.Change{{Kind: "version", From: "3.31.6", To: "3.31.7"}, {Kind: "variant", From: "~doc", To: "+doc"}}},
			}}}},
			[]string{"root cmake changed: 3.31.6 → 3.31.7 %gcc@8.5.0", "root cmake changed: 3.31.6 → 3.31.7 %gcc@10.2.1"}},
		{"removed at two versions", &diff.Report{
			Packages: []diff.Package{{Name: "cmake", Status: diff.Removed, Specs: diff.SpecChanges{Removed: []diff.Spec{oa, nd}}}},
			Causes:   &diff.Causes{Roots: &diff.RootChanges{Removed: []diff.RootSpec{side(oa), side(nd)}}}},
			[]string{"root cmake %gcc@8.5.0 removed", "root cmake %gcc@10.2.1 removed"}},
		{"added at two versions", &diff.Report{
			Packages: []diff.Package{{Name: "cmake", Status: diff.Added, Specs: diff.SpecChanges{Added: []diff.Spec{oa, nd}}}},
			Causes:   &diff.Causes{Roots: &diff.RootChanges{Added: []diff.RootSpec{side(oa), side(nd)}}}},
			[]string{"root cmake %gcc@8.5.0 added", "root cmake %gcc@10.2.1 added"}},
	} {
		var got []string
		for _, h := range diff.News(tc.r) {
			if strings.HasPrefix(h.Kind, "root-") {
				got = append(got, report.NewsText(h, -1))
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: news %q; want %q", tc.what, got, tc.want)
		}
	}
}
