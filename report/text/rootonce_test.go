package text

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// TestRootChangedOnce (issue 35 classes e and b): two roots that read
// the same change are never said twice ("2 roots changed (zlib 1.3 →
// 1.5, zlib 1.3 → 1.5)"), and two spellings are one root only when
// they have the same old hash and the same new hash
// (diff.RootChangeKeys), in the headline, the roots line, the count
// (report.RootsChanged) and the news; other roots that read the same
// are said by their spellings. Roots that share a spec on one side
// alone were merged (transitively), so that adding a root lowered the
// count and a spelling rebuilt at its version was said to move with
// another: those cases are at the end. Every order of the roots says
// the same.
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
		{"one spec each side, written two ways", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.3", "1.3", a1, "1.5", b1)},
			"1 root changed (zlib 1.3 → 1.5)", "roots: zlib 1.3 → 1.5", 1, []string{"zlib [zlib@1.3] 1.3 → 1.5"}},
		{"one spec rebuilt, written two ways", []diff.RootChange{ch("zlib", "1.3", a1, "1.3", b1), ch("zlib@1.3", "1.3", a1, "1.3", b1)},
			"1 root changed (zlib = zlib@1.3)", "roots: zlib = zlib@1.3 1.3 (new hash)", 1, []string{"zlib [zlib@1.3] 1.3 → 1.3"}},
		{"two builds to one spec", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.3", "1.3", a2, "1.5", b1)},
			"2 roots changed (zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5)", "roots: zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5", 2, []string{"zlib [] 1.3 → 1.5", "zlib@1.3 [] 1.3 → 1.5"}},
		{"one spec to two builds", []diff.RootChange{ch("zlib", "1.5", b1, "1.3", a1), ch("zlib@1.3", "1.5", b1, "1.3", a2)},
			"2 roots changed (zlib 1.5 → 1.3, zlib@1.3 1.5 → 1.3)", "roots: zlib 1.5 → 1.3, zlib@1.3 1.5 → 1.3", 2, []string{"zlib [] 1.5 → 1.3", "zlib@1.3 [] 1.5 → 1.3"}},
		{"two builds rebuilt into one", []diff.RootChange{ch("zlib", "1.3", a1, "1.3", b1), ch("zlib@1.3", "1.3", a2, "1.3", b1)},
			"2 roots changed (zlib, zlib@1.3)", "roots: zlib 1.3 (new hash), zlib@1.3 1.3 (new hash)", 2, []string{"zlib [] 1.3 → 1.3", "zlib@1.3 [] 1.3 → 1.3"}},
		{"two versions to one spec", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.2", "1.2", a2, "1.5", b1)},
			"2 roots changed (zlib 1.3 → 1.5, zlib 1.2 → 1.5)", "roots: zlib 1.3 → 1.5, zlib 1.2 → 1.5", 2, []string{"zlib [] 1.3 → 1.5", "zlib@1.2 [] 1.2 → 1.5"}},
		{"two builds each side", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.3", "1.3", a2, "1.5", b2)},
			"2 roots changed (zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5)", "roots: zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5", 2, []string{"zlib [] 1.3 → 1.5", "zlib@1.3 [] 1.3 → 1.5"}},
		{"a root without a hash beside", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.3", "1.3", "", "1.5", b1)},
			"2 roots changed (zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5)", "roots: zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5", 2, []string{"zlib [] 1.3 → 1.5", "zlib@1.3 [] 1.3 → 1.5"}},
		// Merged transitively, these three were "1 root changed (zlib
		// 1.3 → 1.5)", Markdown "(1 changed, written 3 ways)", and
		// without zlib@1.3 "2 roots changed": a root added lowered the
		// count.
		{"three roots chained by shared specs", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.3", "1.3", a1, "1.5", b2), ch("zlib@1.3.0", "1.3", a2, "1.5", b2)},
			"3 roots changed (zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5, zlib@1.3.0 1.3 → 1.5)", "roots: zlib 1.3 → 1.5, zlib@1.3 1.3 → 1.5, zlib@1.3.0 1.3 → 1.5", 3,
			[]string{"zlib [] 1.3 → 1.5", "zlib@1.3 [] 1.3 → 1.5", "zlib@1.3.0 [] 1.3 → 1.5"}},
		{"the chain without its middle", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.3.0", "1.3", a2, "1.5", b2)},
			"2 roots changed (zlib 1.3 → 1.5, zlib@1.3.0 1.3 → 1.5)", "roots: zlib 1.3 → 1.5, zlib@1.3.0 1.3 → 1.5", 2,
			[]string{"zlib [] 1.3 → 1.5", "zlib@1.3.0 [] 1.3 → 1.5"}},
		// Merged, zlib@1.3, rebuilt at 1.3, was said to move: "1 root
		// changed (zlib 1.3 → 1.5 = zlib@1.3)".
		{"one spec split, one spelling stays", []diff.RootChange{ch("zlib", "1.3", a1, "1.5", b1), ch("zlib@1.3", "1.3", a1, "1.3", b2)},
			"2 roots changed (zlib 1.3 → 1.5, zlib@1.3)", "roots: zlib 1.3 → 1.5, zlib@1.3 1.3 (new hash)", 2, []string{"zlib [] 1.3 → 1.5", "zlib@1.3 [] 1.3 → 1.3"}},
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

// TestRootChangedOnceLinear (issue 35 class c): saying changed roots
// that read the same by their spellings costs linear allocations: a
// chain of roots, each sharing its old spec with the one before and its
// new spec with the one after (n roots, each its own, all "zlib 1.3 →
// 1.5"), 4x the roots at most 4.4x.
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
	checkRootsLinear(t, build, func(n int, r *diff.Report, _ *report.Document) {
		if h, _ := report.RootsHeadline(r); !strings.HasPrefix(h, fmt.Sprintf("%d roots changed (zlib@0 1.3 → 1.5, zlib@1 1.3 → 1.5,", n)) {
			t.Fatalf("%d roots of one chain: %q", n, h)
		}
	}, func(r *diff.Report) { report.RootsChanged(r.Causes.Roots) })
}

// TestRootChangedMonotone (issue 35 class b): over every set of up to
// five changed roots (spellings of zlib over two old specs or none
// and three new), adding a root never lowers the count (report.RootsChanged,
// the headline's), the headline counts what RootsChanged counts in
// either order, and no change text is said twice: not in the headline's
// roots, the roots line or the news. Merged by a spec shared on either
// side (transitively), a third root joining two made them one: "1 root
// changed" of three, "2 roots changed" of two of them.
func TestRootChangedMonotone(t *testing.T) {
	type spec struct{ hash, version string }
	olds := []spec{{"a1aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "1.3"}, {"a2aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "1.3"}, {"", "1.3"}}
	news := []spec{{"b1bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "1.5"}, {"b2bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "1.3"}, {"b3bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "1.5"}}
	spellings := []string{"zlib", "zlib@1.3", "zlib@1.3.0", "zlib+shared", "zlib@1"}
	// Each spelling takes one (old, new) pair of the 9: sets are the
	// spellings present, pairs fixed per case.
	said := func(changed []diff.RootChange) (int, int, []string) {
		r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: changed}}}
		h, _ := report.RootsHeadline(r)
		var n int
		fmt.Sscanf(h, "%d", &n)
		var lists [][]string
		if i := strings.Index(h, " ("); i >= 0 {
			lists = append(lists, strings.Split(strings.TrimSuffix(h[i+2:], ")"), ", "))
		}
		doc := report.NewDocument(r, report.Options{})
		if lines := (&Document{&doc}).TextCauses(); len(lines) > 0 {
			lists = append(lists, strings.Split(strings.TrimPrefix(lines[0], "roots: "), ", "))
		}
		var items []string
		for _, x := range diff.News(r) {
			items = append(items, report.NewsText(x, 10))
		}
		lists = append(lists, items)
		var rep []string
		for _, l := range lists {
			seen := map[string]bool{}
			for _, s := range l {
				if seen[s] && !strings.HasPrefix(s, "…") {
					rep = append(rep, s)
				}
				seen[s] = true
			}
		}
		if len(rep) > 0 {
			rep = append(rep, h)
		}
		return report.RootsChanged(r.Causes.Roots), n, rep
	}
	pairs := len(olds) * len(news)
	cases := 0
	for seed := range 400 {
		// A deterministic walk over assignments of pairs to spellings.
		x := uint64(seed)*0x9e3779b97f4a7c15 + 1
		all := make([]diff.RootChange, len(spellings))
		for i, sp := range spellings {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			p := int(x % uint64(pairs))
			o, nw := olds[p/len(news)], news[p%len(news)]
			all[i] = diff.RootChange{Root: sp, Old: diff.RootSpec{Name: "zlib", Version: o.version, Hash: o.hash},
				New: diff.RootSpec{Name: "zlib", Version: nw.version, Hash: nw.hash}}
		}
		count := map[int]int{} // subset mask → RootsChanged
		for mask := 1; mask < 1<<len(all); mask++ {
			var sub []diff.RootChange
			for i := range all {
				if mask&(1<<i) != 0 {
					sub = append(sub, all[i])
				}
			}
			got, head, rep := said(sub)
			rev := slices.Clone(sub)
			slices.Reverse(rev)
			gotRev, headRev, repRev := said(rev)
			cases++
			if got != head || gotRev != got || headRev != head {
				t.Fatalf("%v: RootsChanged %d, headline %d; reversed %d, %d", sub, got, head, gotRev, headRev)
			}
			if rep != nil || repRev != nil {
				t.Fatalf("%v: said twice %q %q", sub, rep, repRev)
			}
			count[mask] = got
			for i := range all {
				if mask&(1<<i) != 0 && mask != 1<<i && count[mask&^(1<<i)] > got {
					t.Fatalf("%v: %d roots changed; without %s, %d", sub, got, all[i].Root, count[mask&^(1<<i)])
				}
			}
		}
	}
	if cases == 0 {
		t.Fatal("no case")
	}
}
