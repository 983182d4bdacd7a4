package text

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestRootChangedOnce (issue 35 class e: the headline repeated itself):
// two spellings of one root (zlib and zlib@1.3), two builds of zlib 1.3
// on the old side and one spec of zlib 1.5 on the new, said
//
//	2 roots changed (zlib 1.3 → 1.5, zlib 1.3 → 1.5)
//
// keyed by both hashes; the roots line said it twice too, the Markdown
// heading "(2 changed)". Roots that share a spec on either side are one
// root (diff.RootChangeKeys), in the headline, the roots line, the
// count (report.RootsChanged) and the news; the mirrored comparison
// (one old spec, two new) says the same backwards. Two roots that do
// share no spec and read the same are said by their spellings. Every
// order of the roots says the same.
func TestRootChangedOnce(t *testing.T) {
	const a1, a2, b1, b2 = "a1aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "a2aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "b1bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "b2bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
	side := func(v, h string) diff.RootSpec { return diff.RootSpec{Name: "zlib", Version: v, Hash: h} }
	ch := func(root, ov, oh, nv, nh string) diff.RootChange {
		return diff.RootChange{Root: root, Old: side(ov, oh), New: side(nv, nh)}
	}
	for _, tc := range []struct {
		what     string
		changed  []diff.RootChange
		headline string
		line     string
		count    int
		news     []string // each item's value, values, from and to
	}{
		{"two builds to one spec", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.3", "1.3", a2, "1.5", b1)},
			"1 root changed (zlib 1.3 → 1.5)", "roots: zlib 1.3 → 1.5", 1, []string{"zlib [zlib@1.3] 1.3 → 1.5"}},
		{"one spec to two builds", []diff.RootChange{ch("zlib", "1.5", b1, "1.3", a1), ch("zlib@1.3", "1.5", b1, "1.3", a2)},
			"1 root changed (zlib 1.5 → 1.3)", "roots: zlib 1.5 → 1.3", 1, []string{"zlib [zlib@1.3] 1.5 → 1.3"}},
		{"two builds rebuilt into one", []diff.RootChange{ch("zlib", "1.3", a1, "1.3", b1), ch("zlib@1.3", "1.3", a2, "1.3", b1)},
			"1 root changed (zlib = zlib@1.3)", "roots: zlib = zlib@1.3 1.3 (new hash)", 1, []string{"zlib [zlib@1.3] 1.3 → 1.3"}},
		{"two versions to one spec", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.2", "1.2", a2, "1.5", b1)},
			"1 root changed (zlib 1.3 → 1.5 = zlib 1.2 → 1.5)", "roots: zlib 1.3 → 1.5, zlib 1.2 → 1.5", 1, []string{"zlib [] 1.3 → 1.5", "zlib@1.2 [] 1.2 → 1.5"}},
		{"two builds each side", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.3", "1.3", a2, "1.5", b2)},
			"2 roots changed (zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5)", "roots: zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5", 2, []string{"zlib [] 1.3 → 1.5", "zlib@1.3 [] 1.3 → 1.5"}},
		{"a root without a hash beside", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.3", "1.3", "", "1.5", b1)},
			"2 roots changed (zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5)", "roots: zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5", 2, []string{"zlib [] 1.3 → 1.5", "zlib@1.3 [] 1.3 → 1.5"}},
	} {
		orders := [][]diff.RootChange{tc.changed, slices.Clone(tc.changed)}
		slices.Reverse(orders[1])
		for k, changed := range orders {
			r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: changed}}}
			h, _ := report.RootsHeadline(r)
			doc := report.NewDocument(r, report.Options{})
			lines := (&Document{&doc}).TextCauses()
			var news []string
			for _, n := range diff.News(r) {
				if n.Kind == diff.HighlightRootChanged {
					news = append(news, fmt.Sprintf("%s %v %s → %s", n.Value, n.Values, n.From, n.To))
				}
			}
			if k == 1 {
				// Reversed: the same roots, the other first.
				if !strings.HasPrefix(h, strings.SplitN(tc.headline, " (", 2)[0]) || report.RootsChanged(r.Causes.Roots) != tc.count || len(news) != len(tc.news) {
					t.Errorf("%s, reversed: %q, %d roots, news %q", tc.what, h, report.RootsChanged(r.Causes.Roots), news)
				}
				continue
			}
			if h != tc.headline {
				t.Errorf("%s: headline %q; want %q", tc.what, h, tc.headline)
			}
			if len(lines) == 0 || lines[0] != tc.line {
				t.Errorf("%s: roots line %q; want %q", tc.what, lines, tc.line)
			}
			if n := report.RootsChanged(r.Causes.Roots); n != tc.count {
				t.Errorf("%s: RootsChanged %d; want %d", tc.what, n, tc.count)
			}
			if !slices.Equal(news, tc.news) {
				t.Errorf("%s: news %q; want %q", tc.what, news, tc.news)
			}
		}
	}
}

// TestRootChangedOnceLinear (issue 35 class c): grouping changed roots
// by the specs they share costs linear allocations: a chain of roots,
// each sharing its old spec with the one before and its new spec with
// the one after (one root written n ways), 4x the roots at most 4.4x.
func TestRootChangedOnceLinear(t *testing.T) {
	build := func(n int) *diff.Report {
		changed := make([]diff.RootChange, n)
		for i := range changed {
			changed[i] = diff.RootChange{Root: fmt.Sprintf("zlib@%d", i),
				Old: diff.RootSpec{Name: "zlib", Version: "1.3", Hash: fmt.Sprintf("o%031d", i/2)},
				New: diff.RootSpec{Name: "zlib", Version: "1.5", Hash: fmt.Sprintf("n%031d", (i+1)/2)}}
		}
		return &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: changed}}}
	}
	cost := func(n int) float64 {
		r := build(n)
		if h, _ := report.RootsHeadline(r); !strings.HasPrefix(h, "1 root changed (zlib 1.3 → 1.5)") {
			t.Fatalf("%d roots of one chain: %q", n, h)
		}
		doc := report.NewDocument(r, report.Options{})
		return testing.AllocsPerRun(3, func() {
			report.RootsHeadline(r)
			report.RootsChanged(r.Causes.Roots)
			diff.News(r)
			(&Document{&doc}).TextCauses()
		})
	}
	small, large := cost(2000), cost(8000)
	if large > 4.4*small {
		t.Errorf("%.0f allocations for 2000 roots, %.0f for 8000 (%.2fx)", small, large, large/small)
	}
}
