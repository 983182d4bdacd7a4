package builtin_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/text"
)

// TestRootLabelsLookalikeQuoted (issue 35 class a): what tells roots of
// one spelling apart (diff.RootsApart: a facet's value of each root's
// spec) was written as it is, though a value that is not ASCII reads as
// another (lookalike): the roots zlib of the compilers gcc and gсc (its
// с Cyrillic) read "root zlib changed: 1.3 → 1.5 %gcc@1" and "root zlib
// changed: 1.3 → 1.5 %gсc@1", alike, in the news, the headline and
// text's roots line, where the news quote such a value of a coverage
// item or a package (lookalike.Value). Each line now quotes the label
// in ASCII ("%g\u0441c@1"; the headline's roots added quote their
// items whole besides), the engine's own arrows and marks aside.
func TestRootLabelsLookalikeQuoted(t *testing.T) {
	const cyrillic = "gсc" // с is U+0441
	for _, added := range []bool{false, true} {
		old := envLockfiles(t, "1.3", []string{"gcc", cyrillic})
		if added {
			old = envLockfilesOf(t, "other", "1.3", []string{"x"})
		}
		r := reporttest.ComparePaths(t, old, envLockfiles(t, "1.5", []string{"gcc", cyrillic}))
		lines := map[string]string{}
		lines["headline"], _ = report.RootsHeadline(r)
		lines["shown headline"], _ = report.RootsHeadlineShown(r)
		nd := report.NewDocument(r, report.Options{})
		doc := &text.Document{Document: &nd}
		lines["roots line"] = strings.Join(doc.TextCauses(), "\n")
		var news []string
		for _, h := range r.Highlights {
			if strings.HasPrefix(h.Kind, "root-") {
				news = append(news, report.NewsText(h, -1))
			}
		}
		lines["news"] = strings.Join(news, "; ")
		for k, l := range lines {
			if strings.Contains(l, cyrillic) || !strings.Contains(l, `u0441c@1`) {
				t.Errorf("added %v: the %s writes the label of the compiler g\\u0441c as it is, reading as gcc's: %s", added, k, l)
			}
		}
	}
	for _, c := range []struct{ label, want string }{
		{"%gcc@10", "%gcc@10"},
		{"/aaaaaaa → /ccccccc", "/aaaaaaa → /ccccccc"},
		{"∅", "∅"},
		{"hash /aaa…a", "hash /aaa…a"},
		{"os=rh\u0435l8", `"os=rh\u0435l8"`},
		{"os=rhel8 ", `"os=rhel8 "`},
	} {
		if got := report.ApartLabel(c.label); got != c.want {
			t.Errorf("ApartLabel(%q) = %s, want %s", c.label, got, c.want)
		}
	}
}

// TestRootLabelsHashMarksEngineOnly (issue 35 classes a and e, r35):
// ApartLabel took the engine's marks (→, ∅, …) out of every label before
// asking whether it read as another, so a compiler holding them was
// written as it is, "%gcc@1 → gcc@2" read as a compiler changed in
// "root zlib changed: 1.3 → 1.5 %gcc@1 → gcc@2", and the engine's own
// label of a root with no old hash, "∅ → /ccccccc" (diff.RootsApart,
// beside a root of the same new hash), was quoted in ASCII,
// "\u2205 \u2192 /ccccccc", for the edge space the marks taken out
// left. The marks are the engine's only in a label of hashes.
func TestRootLabelsHashMarksEngineOnly(t *testing.T) {
	h := func(c byte) string { return strings.Repeat(string(c), 32) }
	roots := []diff.RootChange{
		{Root: "zlib", Old: diff.RootSpec{Root: "zlib", Name: "zlib", Version: "1.3"}, New: diff.RootSpec{Root: "zlib", Name: "zlib", Version: "1.5", Hash: h('c')}},
		{Root: "zlib", Old: diff.RootSpec{Root: "zlib", Name: "zlib", Version: "1.3", Hash: h('a')}, New: diff.RootSpec{Root: "zlib", Name: "zlib", Version: "1.5", Hash: h('c')}},
	}
	r := &diff.Report{Causes: &diff.Causes{Roots: &diff.RootChanges{Changed: roots, Added: []diff.RootSpec{}, Removed: []diff.RootSpec{}}}}
	engine := diff.NewRootsApart(r).Labels(roots, []int{0, 1})
	if want := []string{"∅ → /ccccccc", "/aaaaaaa → /ccccccc"}; !slices.Equal(engine, want) {
		t.Fatalf("the engine labels %q, want %q", engine, want)
	}
	for _, c := range []struct{ label, want string }{
		{engine[0], engine[0]},
		{engine[1], engine[1]},
		{"/aaaaaaa → ∅", "/aaaaaaa → ∅"},
		{"hash hash /aaa…a → /ccccccc", "hash hash /aaa…a → /ccccccc"},
		{"%gcc@1 → gcc@2", `"%gcc@1 \u2192 gcc@2"`},
		{"%gcc…", `"%gcc\u2026"`},
		{"os=∅", `"os=\u2205"`},
		{"/aaaaaaa → /ccсcccc", `"/aaaaaaa \u2192 /cc\u0441cccc"`},
		{"hash /aaa…a …", `"hash /aaa\u2026a \u2026"`},
	} {
		if got := report.ApartLabel(c.label); got != c.want {
			t.Errorf("ApartLabel(%q) = %s, want %s", c.label, got, c.want)
		}
	}
}
