package text

import (
	"fmt"
	"slices"
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
	checkRootsLinear(t, build, func(n int, r *diff.Report, doc *report.Document) {
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
		lines := (&Document{doc}).TextCauses()
		if len(lines) == 0 || strings.Count(lines[0], "zlib 1.3 → 1.5 /") != n || strings.Count(lines[0], "+zlib /a") != n {
			t.Fatalf("%d roots: roots line %.200q", n, lines)
		}
	}, nil)
}

// checkRootsLinear holds 4x the roots to at most 4.4x the allocations:
// the report of 2,000 roots and of 8,000 (build) is checked first (check,
// given the report's document), then the allocations of the headline,
// also (when not nil), the news and the roots line are counted.
func checkRootsLinear(t *testing.T, build func(n int) *diff.Report, check func(n int, r *diff.Report, doc *report.Document), also func(r *diff.Report)) {
	t.Helper()
	cost := func(n int) float64 {
		r := build(n)
		doc := report.NewDocument(r, report.Options{})
		check(n, r, &doc)
		return testing.AllocsPerRun(1, func() {
			report.RootsHeadline(r)
			if also != nil {
				also(r)
			}
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

// TestRootsApartBySpellings (issue 35 class b): roots are told apart as
// they read with all their spellings (OneRootEach, the news's values),
// in any order, and alike in the headline, the roots line and the
// news, whatever the input's order. One spec written zlib and zlib@1.3
// beside two other zlib: the headline grouped the three by one
// spelling, so labelled them by short hash ("zlib 1.3 → 1.5 /ddddddd =
// zlib@1.3 1.3 → 1.5, zlib 1.3 → 1.5 /eeeeeee, ...") where the news said
// "%gcc@9" and "%gcc@10", and the roots line labelled the first root or
// not by which spelling came first. Two environments' zlib = zlib@1.3,
// listed in two orders, read "root zlib = zlib@1.3 changed" and "root
// zlib@1.3 = zlib changed", not told apart in the news.
func TestRootsApartBySpellings(t *testing.T) {
	hash := func(c byte) string { return strings.Repeat(string(c), 32) }
	spec := func(c byte, version, compiler, os string) *diff.Spec {
		return &diff.Spec{Hash: hash(c), Versions: []string{version}, Compiler: compiler, OS: os, Target: "x86_64", Platform: "linux"}
	}
	oa, ob, oc := spec('a', "1.3", "gcc@9", "rhel8"), spec('b', "1.3", "gcc@9", "debian11"), spec('c', "1.3", "gcc@10", "rhel8")
	na, nb, nc := spec('d', "1.5", "gcc@9", "rhel8"), spec('e', "1.5", "gcc@9", "debian11"), spec('f', "1.5", "gcc@10", "rhel8")
	pkgs := []diff.Package{{Name: "zlib", Specs: diff.SpecChanges{Updated: []diff.Pair{{Old: oa, New: na}, {Old: ob, New: nb}, {Old: oc, New: nc}}}}}
	side := func(root string, s *diff.Spec) diff.RootSpec {
		return diff.RootSpec{Root: root, Name: "zlib", Version: s.Versions[0], Hash: s.Hash}
	}
	ch := func(root string, o, n *diff.Spec) diff.RootChange {
		return diff.RootChange{Root: root, Old: side(root, o), New: side(root, n)}
	}
	for _, tc := range []struct {
		what   string
		roots  []diff.RootChange
		labels []string // the news's, sorted; each said once a spelling in the headline and once in the roots line
	}{
		{"one spec written two ways, two other zlib", []diff.RootChange{ch("zlib", oa, na), ch("zlib@1.3", oa, na), ch("zlib", ob, nb), ch("zlib", oc, nc)},
			[]string{"%gcc@10", "%gcc@9"}},
		{"two environments' zlib = zlib@1.3", []diff.RootChange{ch("zlib", oa, na), ch("zlib@1.3", oa, na), ch("zlib@1.3", ob, nb), ch("zlib", ob, nb)},
			[]string{"os=debian11", "os=rhel8"}},
	} {
		for _, p := range [][]int{{0, 1, 2, 3}, {1, 0, 2, 3}, {2, 1, 0, 3}, {3, 2, 1, 0}, {1, 3, 0, 2}} {
			var l []diff.RootChange
			for _, i := range p {
				l = append(l, tc.roots[i])
			}
			r := &diff.Report{Packages: pkgs, Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: l}}}
			var labels, news []string
			for _, h := range diff.News(r) {
				if h.Kind == diff.HighlightRootChanged {
					news = append(news, report.NewsText(h, -1))
					if h.Apart != "" {
						labels = append(labels, h.Apart)
					}
				}
			}
			slices.Sort(labels)
			if !slices.Equal(labels, tc.labels) {
				t.Errorf("%s, order %v: news %q; want labels %q", tc.what, p, news, tc.labels)
			}
			h, _ := report.RootsHeadline(r)
			doc := report.NewDocument(r, report.Options{})
			line := (&Document{&doc}).TextCauses()[0]
			for _, said := range []string{h, line} {
				if strings.Contains(said, " /") {
					t.Errorf("%s, order %v: %q; want the news's labels %q", tc.what, p, said, tc.labels)
				}
				for _, want := range tc.labels {
					if n := strings.Count(said, " "+want); n == 0 || n > 2 || strings.Contains(said, want+" =") != (n == 2) {
						t.Errorf("%s, order %v: %q says %q %d times", tc.what, p, said, want, n)
					}
				}
			}
		}
	}
}

// TestRootsApartOneLabel (issue 35 class b): a root is told apart by
// one label wherever it is said. Three environments' zlib, each
// rebuilt at 1.3 (two of them for one variant, rhel8 and debian11, one
// for its dependencies), read alike in the headline and the roots line
// ("zlib, zlib, zlib"), told apart by short hash as no facet tells the
// three apart; the news says the variant, so told apart the two alone:
// "os=rhel8" there, "/ddddddd" in the headline, for one root.
func TestRootsApartOneLabel(t *testing.T) {
	hash := func(c byte) string { return strings.Repeat(string(c), 32) }
	spec := func(c byte, compiler, os string) *diff.Spec {
		return &diff.Spec{Hash: hash(c), Versions: []string{"1.3"}, Compiler: compiler, OS: os, Target: "x86_64", Platform: "linux"}
	}
	oa, ob, oc := spec('a', "gcc@9", "rhel8"), spec('b', "gcc@9", "debian11"), spec('c', "gcc@10", "rhel8")
	na, nb, nc := spec('d', "gcc@9", "rhel8"), spec('e', "gcc@9", "debian11"), spec('f', "gcc@10", "rhel8")
	pkgs := []diff.Package{{Name: "zlib", Specs: diff.SpecChanges{Rebuilt: []diff.Pair{{Old: oa, New: na}, {Old: ob, New: nb}, {Old: oc, New: nc}}}}}
	side := func(s *diff.Spec) diff.RootSpec {
		return diff.RootSpec{Root: "zlib", Name: "zlib", Version: "1.3", Hash: s.Hash}
	}
	variant := []diff.Change{{Kind: "variants", From: "~x", To: "+x"}}
	r := &diff.Report{Packages: pkgs, Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{
		{Root: "zlib", Old: side(oa), New: side(na), Changes: variant},
		{Root: "zlib", Old: side(ob), New: side(nb), Changes: variant},
		{Root: "zlib", Old: side(oc), New: side(nc)},
	}}}}
	h, _ := report.RootsHeadline(r)
	doc := report.NewDocument(r, report.Options{})
	line := (&Document{&doc}).TextCauses()[0]
	var news []string
	for _, x := range diff.News(r) {
		if x.Kind == diff.HighlightRootChanged {
			news = append(news, report.NewsText(x, -1))
			if x.Apart != "" && (!strings.Contains(h, "zlib "+x.Apart) || !strings.Contains(line, "(new hash) "+x.Apart)) {
				t.Errorf("the news tells a root apart as %q; the headline %q, the roots line %q", x.Apart, h, line)
			}
		}
	}
	if len(news) != 3 || news[0] == news[1] {
		t.Errorf("news %q", news)
	}
}

// TestRootsApartManyGroupsLinear (issue 35 class c): n roots of one
// spelling, in pairs that read alike (zlib 1.i → 1.i+1, two
// environments each), are told apart over all n once, not once a pair:
// 4x the roots cost at most 4.4x the allocations.
func TestRootsApartManyGroupsLinear(t *testing.T) {
	build := func(n int) *diff.Report {
		changed := make([]diff.RootChange, n)
		for i := range changed {
			changed[i] = diff.RootChange{Root: "zlib",
				Old: diff.RootSpec{Name: "zlib", Version: fmt.Sprintf("1.%d", i/2), Hash: fmt.Sprintf("o%031d", i)},
				New: diff.RootSpec{Name: "zlib", Version: fmt.Sprintf("1.%d", i/2+1), Hash: fmt.Sprintf("n%031d", i)}}
		}
		return &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: changed}}}
	}
	checkRootsLinear(t, build, func(n int, r *diff.Report, doc *report.Document) {
		if line := (&Document{doc}).TextCauses()[0]; strings.Count(line, " /n") != n {
			t.Fatalf("%d roots: %.200q", n, line)
		}
	}, nil)
}

// TestRootsApartNotASpelling (issue 35 class b): a label is not one
// that makes a root read as another root's spelling. Two environments'
// zlib (gcc@9 and gcc@10) beside a third's root spelt "zlib %gcc@9" (of
// another spec, os debian11) read "3 roots added (zlib %gcc@10, zlib
// %gcc@9, zlib %gcc@9)" and "root zlib %gcc@9 added" twice; rebuilt
// alike, "3 roots changed (zlib %gcc@10, zlib %gcc@9, zlib %gcc@9)".
// The two zlib are told apart by their short hashes.
func TestRootsApartNotASpelling(t *testing.T) {
	hash := func(c byte) string { return strings.Repeat(string(c), 32) }
	spec := func(c byte, compiler, os, variant string) *diff.Spec {
		return &diff.Spec{Hash: hash(c), Versions: []string{"1.3"}, Compiler: compiler, OS: os, Target: "x86_64", Platform: "linux", Variants: []string{variant}}
	}
	a, b, c := spec('a', "gcc@9", "rhel8", "~x"), spec('b', "gcc@10", "rhel8", "~x"), spec('c', "gcc@9", "debian11", "~x")
	d, e, f := spec('d', "gcc@9", "rhel8", "+x"), spec('e', "gcc@10", "rhel8", "+x"), spec('f', "gcc@9", "debian11", "+x")
	side := func(root string, s *diff.Spec) diff.RootSpec {
		return diff.RootSpec{Root: root, Name: "zlib", Version: "1.3", Hash: s.Hash}
	}
	variant := []diff.Change{{Kind: "variant", From: "~x", To: "+x"}}
	for _, tc := range []struct {
		what string
		r    *diff.Report
	}{
		{"added", &diff.Report{
			Packages: []diff.Package{{Name: "zlib", Status: diff.Added, Specs: diff.SpecChanges{Added: []diff.Spec{*a, *b, *c}}}},
			Causes:   &diff.Causes{Roots: &diff.RootChanges{Added: []diff.RootSpec{side("zlib", a), side("zlib", b), side("zlib %gcc@9", c)}}}}},
		{"rebuilt", &diff.Report{
			Packages: []diff.Package{{Name: "zlib", Specs: diff.SpecChanges{Rebuilt: []diff.Pair{{Old: a, New: d}, {Old: b, New: e}, {Old: c, New: f}}}}},
			Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{
				{Root: "zlib", Old: side("zlib", a), New: side("zlib", d), Changes: variant},
				{Root: "zlib", Old: side("zlib", b), New: side("zlib", e), Changes: variant},
				{Root: "zlib %gcc@9", Old: side("zlib %gcc@9", c), New: side("zlib %gcc@9", f), Changes: variant},
			}}}}},
	} {
		r := tc.r
		r.Highlights = diff.News(r)
		h, _ := report.RootsHeadline(r)
		open, end := strings.Index(h, "("), strings.Index(h, ")")
		if open < 0 || end < open {
			t.Fatalf("%s: headline %q names no roots", tc.what, h)
		}
		if names := strings.Split(h[open+1:end], ", "); len(names) != 3 || len(slices.Compact(slices.Sorted(slices.Values(names)))) != 3 {
			t.Errorf("%s: headline %q: want three roots, each read once", tc.what, h)
		}
		seen := map[string]bool{}
		for _, x := range r.Highlights {
			if s := report.NewsText(x, -1); strings.HasPrefix(x.Kind, "root-") {
				if seen[s] {
					t.Errorf("%s: %q twice in the news", tc.what, s)
				}
				seen[s] = true
			}
		}
		doc := report.NewDocument(r, report.Options{})
		if lines := (&Document{&doc}).TextCauses(); len(lines) == 0 || strings.Count(lines[0], "zlib %gcc@9") != 1 {
			t.Errorf("%s: roots line %q: want zlib %%gcc@9 once", tc.what, lines)
		}
	}
}

// TestRootsApartAsNamed (issue 35 classes b and e): roots read alike
// as they are named, their first three spellings and a count of the
// rest, in the headline as in the news. Two environments' zlib, each
// spelt zlib, zlib@1.3, zlib@1.3: and a fourth spelling of its own,
// read "2 roots added (zlib = zlib@1.3 = zlib@1.3: (and 1 more
// spelling), zlib = zlib@1.3 = zlib@1.3: (and 1 more spelling))" where
// the news told them apart by compiler.
func TestRootsApartAsNamed(t *testing.T) {
	hash := func(c byte) string { return strings.Repeat(string(c), 32) }
	a := diff.Spec{Hash: hash('a'), Versions: []string{"1.3"}, Compiler: "gcc@9", OS: "rhel8", Target: "x86_64", Platform: "linux"}
	b := a
	b.Hash, b.Compiler = hash('b'), "gcc@10"
	var added []diff.RootSpec
	for _, x := range []struct {
		s    diff.Spec
		last string
	}{{a, "zlib~a"}, {b, "zlib~b"}} {
		for _, sp := range []string{"zlib", "zlib@1.3", "zlib@1.3:", x.last} {
			added = append(added, diff.RootSpec{Root: sp, Name: "zlib", Version: "1.3", Hash: x.s.Hash})
		}
	}
	r := &diff.Report{
		Packages: []diff.Package{{Name: "zlib", Status: diff.Added, Specs: diff.SpecChanges{Added: []diff.Spec{a, b}}}},
		Causes:   &diff.Causes{Roots: &diff.RootChanges{Added: added}},
	}
	r.Highlights = diff.News(r)
	var news []string
	for _, x := range r.Highlights {
		if x.Kind == diff.HighlightRootAdded {
			news = append(news, report.NewsText(x, -1))
		}
	}
	if len(news) != 2 || news[0] == news[1] {
		t.Fatalf("news %q: want two roots told apart", news)
	}
	h, _ := report.RootsHeadline(r)
	const alike = "zlib = zlib@1.3 = zlib@1.3: (and 1 more spelling)"
	if strings.Count(h, alike) > 1 || !strings.Contains(h, "%gcc@9") || !strings.Contains(h, "%gcc@10") {
		t.Errorf("headline %q: want the two roots told apart as the news tells them (%q)", h, news)
	}
}

// TestRootsApartNotAnotherListsSpelling (issue 35, class b): the labels
// were checked against the spellings of their own list alone, so two
// added zlib labelled "%gcc@9" and "%gcc@10" beside a removed root spelt
// "zlib %gcc@9" read "root zlib %gcc@9 removed" and "root zlib %gcc@9
// added", one root both removed and added (which a root both sides
// write never is). A label reads as no spelling of the report's roots.
func TestRootsApartNotAnotherListsSpelling(t *testing.T) {
	hash := func(c byte) string { return strings.Repeat(string(c), 32) }
	spec := func(c byte, compiler, os string) *diff.Spec {
		return &diff.Spec{Hash: hash(c), Versions: []string{"1.3"}, Compiler: compiler, OS: os, Target: "x86_64", Platform: "linux"}
	}
	a, b, c := spec('a', "gcc@9", "rhel8"), spec('b', "gcc@10", "rhel8"), spec('c', "gcc@9", "debian11")
	side := func(root string, s *diff.Spec) diff.RootSpec {
		return diff.RootSpec{Root: root, Name: "zlib", Version: "1.3", Hash: s.Hash}
	}
	for _, tc := range []struct {
		what string
		r    *diff.Report
	}{
		{"added beside removed", &diff.Report{
			Packages: []diff.Package{{Name: "zlib", Specs: diff.SpecChanges{Added: []diff.Spec{*a, *b}, Removed: []diff.Spec{*c}}}},
			Causes:   &diff.Causes{Roots: &diff.RootChanges{Added: []diff.RootSpec{side("zlib", a), side("zlib", b)}, Removed: []diff.RootSpec{side("zlib %gcc@9", c)}}}}},
		{"removed beside added", &diff.Report{
			Packages: []diff.Package{{Name: "zlib", Specs: diff.SpecChanges{Removed: []diff.Spec{*a, *b}, Added: []diff.Spec{*c}}}},
			Causes:   &diff.Causes{Roots: &diff.RootChanges{Removed: []diff.RootSpec{side("zlib", a), side("zlib", b)}, Added: []diff.RootSpec{side("zlib %gcc@9", c)}}}}},
	} {
		r := tc.r
		r.Highlights = diff.News(r)
		if h, _ := report.RootsHeadline(r); strings.Count(h, "zlib %gcc@9") != 1 {
			t.Errorf("%s: headline %q: want zlib %%gcc@9 once", tc.what, h)
		}
		n := 0
		for _, x := range r.Highlights {
			if s := report.NewsText(x, -1); strings.HasPrefix(x.Kind, "root-") {
				n += strings.Count(s, "zlib %gcc@9")
			}
		}
		if n != 1 {
			t.Errorf("%s: the news names zlib %%gcc@9 %d times, want once", tc.what, n)
		}
		doc := report.NewDocument(r, report.Options{})
		if lines := (&Document{&doc}).TextCauses(); strings.Count(strings.Join(lines, "\n"), "zlib %gcc@9") != 1 {
			t.Errorf("%s: roots lines %q: want zlib %%gcc@9 once", tc.what, lines)
		}
	}
}
