package jsonv1

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestCoverageItemsAsWritten (issue 35 class b): render computes the
// highlights again and checked of the saved coverage items (appeared,
// vanished, shrank, grew) only that a value in facets.*.added or
// .removed had one, so a saved report with a coverage item no cachediff
// writes rendered as the one it was made from: an item of the wrong
// kind, of a value that did not move, with other counts, of no facet,
// twice, or naming a package the report has not. Each is refused; the
// engine's report is read, and so is testdata/golden/seeds.json with
// the catalogue's root stack "grew" (51 → 116 specs) and a coverage
// item naming every changed package, as builds before 9f9c7fd2 (c2e180ce,
// 9e361f1a) wrote them.
func TestCoverageItemsAsWritten(t *testing.T) {
	data, err := os.ReadFile("../../testdata/golden/develop-2025-03.json")
	if err != nil {
		t.Fatal(err)
	}
	base, err := DecodeBytes(data)
	if err != nil {
		t.Fatalf("the golden report refused: %v", err)
	}
	item := func(r *diff.Report, kind, value string) *diff.Highlight {
		for i := range r.Highlights {
			if h := &r.Highlights[i]; h.Kind == kind && h.Value == value {
				return h
			}
		}
		t.Fatalf("no %s item of %q in the golden report", kind, value)
		return nil
	}
	for _, tc := range []struct {
		name  string
		forge func(r *diff.Report)
		want  string // "" for a report to read
	}{
		{"the engine's", func(*diff.Report) {}, ""},
		{"another kind", func(r *diff.Report) {
			item(r, diff.HighlightShrank, "gcc@12.4.0").Kind = diff.HighlightGrew
		}, `: a coverage item of kind grew for compiler "gcc@12.4.0", whose news is of kind shrank (facets.compiler: `},
		{"other counts", func(r *diff.Report) {
			h := item(r, diff.HighlightVanished, "gcc@7.5.0")
			c := *h.Specs
			c.Old++
			h.Specs = &c
		}, `.specs: `},
		{"a value that did not move", func(r *diff.Report) {
			vc := r.Facets.OS.Counts[0]
			r.Highlights = append(r.Highlights, diff.Highlight{Kind: diff.HighlightGrew, Facet: "os", Value: vc.Value, Specs: &vc.OldToNew, Packages: []string{}})
		}, "which neither came, went nor moved"},
		{"no facet of coverage", func(r *diff.Report) {
			item(r, diff.HighlightVanished, "gcc@7.5.0").Facet = "variant"
		}, `.facet: "variant", but a coverage item's (kind vanished) is one of stack, platform, os, target, compiler`},
		{"twice", func(r *diff.Report) {
			r.Highlights = append(r.Highlights, *item(r, diff.HighlightAppeared, "none"))
		}, `: a second item (kind appeared) for compiler "none"`},
		{"a package the report has not", func(r *diff.Report) {
			item(r, diff.HighlightAppeared, "none").Packages = []string{"nosuch"}
		}, `.packages[0]: "nosuch", but the report lists no such package`},
		{"a field of another kind", func(r *diff.Report) {
			item(r, diff.HighlightAppeared, "none").To = "1.0"
		}, "a coverage item (kind appeared) with a field of another kind"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := DecodeBytes(data)
			if err != nil {
				t.Fatal(err)
			}
			r.Highlights = slices.Clone(base.Highlights)
			tc.forge(r)
			_, err = DecodeBytes(jsonOf(t, r))
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want == "":
			case err == nil:
				t.Fatal("accepted")
			case !strings.Contains(err.Error(), tc.want):
				t.Errorf("refused for %v, want a message with %q", err, tc.want)
			}
		})
	}
}

func TestCoverageItemsOfOlderBuilds(t *testing.T) {
	data, err := os.ReadFile("../../testdata/golden/seeds.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := DecodeBytes(data)
	if err != nil {
		t.Fatalf("the golden report refused: %v", err)
	}
	var all []string
	for _, p := range r.Packages {
		all = append(all, p.Name)
	}
	slices.Sort(all)
	for i := range r.Highlights {
		if r.Highlights[i].Facet != "" {
			r.Highlights[i].Packages = all
		}
	}
	for _, vc := range r.Facets.Stack.Counts {
		if vc.Value == "root" {
			c := vc.OldToNew
			r.Highlights = append(r.Highlights, diff.Highlight{Kind: diff.HighlightGrew, Facet: "stack", Value: "root", Specs: &c, Packages: all})
		}
	}
	if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
		t.Fatalf("an older build's coverage items refused: %v", err)
	}
}
