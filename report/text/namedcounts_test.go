package text

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestTextTellsNamedCountsApart (issue 35 class a): the text view's
// packages of rebuilds alone, and of restacks alone, were listed as
// each name and its count joined by ", ": the package "a 1, b" of 2
// rebuilds read "a 1, b 2", as the packages a of 1 and b of 2. The
// names are quoted as a list of names is where one is odd
// (report.ListQuoted), in the news and in the package list of the
// text template (TextLines).
func TestTextTellsNamedCountsApart(t *testing.T) {
	reportOf := func(names []string, counts []int) *diff.Report {
		r := reporttest.OnePackage("x")
		r.Packages = nil
		for i, name := range names {
			p := reporttest.OnePackage(name).Packages[0]
			for range counts[i] - 1 {
				p.Specs.Rebuilt = append(p.Specs.Rebuilt, p.Specs.Rebuilt[0])
			}
			p.Counts.Rebuilt, p.Counts.Old, p.Counts.New = counts[i], counts[i], counts[i]
			r.Packages = append(r.Packages, p)
		}
		return r
	}
	lists := []struct {
		names  []string
		counts []int
	}{
		{[]string{"a 1, b"}, []int{2}}, {[]string{"a", "b"}, []int{1, 2}},
		{[]string{"a 1", "b"}, []int{1, 2}}, {[]string{"a", "1, b"}, []int{1, 2}},
	}
	for _, where := range []struct {
		name   string
		render func(r *diff.Report) string
	}{
		{"news", func(r *diff.Report) string {
			var buf bytes.Buffer
			if err := Format.Render(&buf, r, report.Options{Width: 400}); err != nil {
				t.Fatal(err)
			}
			// The Rebuilt section: its line of rebuilds alone.
			_, rebuilt, _ := strings.Cut(buf.String(), "Rebuilt:\n")
			rebuilt, _, _ = strings.Cut(rebuilt, "why:")
			return rebuilt
		}},
		{"package list", func(r *diff.Report) string {
			doc := report.NewDocument(r, report.Options{})
			d := &Document{&doc}
			return strings.Join(d.TextLines(), "\n")
		}},
	} {
		read := map[string]string{}
		for _, l := range lists {
			got := where.render(reportOf(l.names, l.counts))
			what := fmt.Sprintf("%q of %v rebuilds", l.names, l.counts)
			if got == "" {
				t.Fatalf("%s: no line of rebuilds alone for %s", where.name, what)
			}
			if other, ok := read[got]; ok {
				t.Errorf("%s: the packages %s and %s read alike: %s", where.name, what, other, got)
			}
			read[got] = what
		}
	}
}
