package jsonv1

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestNewsItemsNoMoreThanNews (issue 35 class b): render computes the
// highlights again and checked only that the saved ones held every item
// News writes, so a saved report with an item News never writes (a
// version item of a package the report has not, a package's item of
// the wrong kind or twice) or 10,000 gate items more rendered as the
// one it was made from: a report no cachediff wrote, accepted.
func TestNewsItemsNoMoreThanNews(t *testing.T) {
	item := func(r *diff.Report, kind string) diff.Highlight {
		for _, h := range r.Highlights {
			if h.Kind == kind {
				return h
			}
		}
		t.Fatalf("no %s item in the spack-gen report", kind)
		return diff.Highlight{}
	}
	for _, tc := range []struct {
		name  string
		forge func(r *diff.Report)
		want  string
	}{
		{"a version item of no package", func(r *diff.Report) {
			h := item(r, diff.HighlightVersion)
			h.Packages = []string{"nosuch"}
			r.Highlights = append(r.Highlights, h)
		}, `: a version item for package "nosuch", but the report lists no such news of it`},
		{"a package's item of another kind", func(r *diff.Report) {
			h := item(r, diff.HighlightVersion)
			h.Kind = diff.HighlightNewPackage
			r.Highlights = append(r.Highlights, h)
		}, "whose news is a version item"},
		{"a package's item twice", func(r *diff.Report) {
			r.Highlights = append(r.Highlights, item(r, diff.HighlightVersion))
		}, "item for package \"bzip2\" again"},
		{"10,000 gate items more", func(r *diff.Report) {
			for range 10_000 {
				r.Highlights = append(r.Highlights, diff.Highlight{Kind: diff.HighlightGatePassed, Packages: []string{}})
			}
		}, "highlights: 10004 items, but the report's news are at most"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := spackGenReport(t)
			if _, err := DecodeBytes(jsonOf(t, r)); err != nil {
				t.Fatalf("the engine's report refused: %v", err)
			}
			r.Highlights = slices.Clone(r.Highlights)
			tc.forge(r)
			_, err := DecodeBytes(jsonOf(t, r))
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("refused for %v, want a message with %q", err, tc.want)
			}
		})
	}
}
