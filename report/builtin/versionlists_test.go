package builtin_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestViewsTellVersionListsApart (issue 35 class a): a spec's versions,
// and a package's, were joined with ", " in Markdown's spec rows and
// package tables, the HTML page's spec rows, the text view's package
// lines and a highlight's words: the one version "1.0, 2.0" (from a
// lockfile or a spec file) read as the two versions 1.0 and 2.0. Each
// view writes each of these lists as a text of its own, as an updated
// pair's from and to (diff.JoinVersions) are.
func TestViewsTellVersionListsApart(t *testing.T) {
	lists := [][]string{{"1.0, 2.0"}, {"1.0", "2.0"}, {`"1.0`, `2.0"`}, {`"1.0, 2.0"`},
		{"", "1.0"}, {", 1.0"}, {""}, {}, {"1.0,", "2.0"}, {"1.0", ",2.0"}, {"1.0 +2.0"}, {"1.0 −0.9"}, {"1.0", "−0.9"}}
	for _, where := range []struct {
		name string
		put  func(r *diff.Report, l []string)
	}{
		{"added spec", func(r *diff.Report, l []string) {
			p := &r.Packages[0]
			s := *p.Specs.Rebuilt[0].New
			s.Hash, s.Versions = "cccccccccccccccccccccccccccccccc", l
			p.Specs.Added = []diff.Spec{s}
			p.Counts.Added, p.Counts.New = 1, 2
		}},
		{"rebuilt spec", func(r *diff.Report, l []string) {
			r.Packages[0].Specs.Rebuilt[0].New.Versions = l
		}},
		{"package's versions", func(r *diff.Report, l []string) {
			p := &r.Packages[0]
			p.Versions = diff.VersionChange{Old: []string{"0.9"}, New: l, Added: l, Removed: []string{"0.9"}, Direction: diff.Other}
			r.Highlights = []diff.Highlight{{Kind: diff.HighlightVersion, Packages: []string{p.Name}, Versions: &p.Versions}}
		}},
		{"new package", func(r *diff.Report, l []string) {
			p := &r.Packages[0]
			p.Status = diff.Added
			p.Versions = diff.VersionChange{Old: []string{}, New: l, Added: l, Removed: []string{}, Direction: diff.NoChange}
			s := *p.Specs.Rebuilt[0].New
			s.Versions = l
			p.Specs = diff.SpecChanges{Added: []diff.Spec{s}, Removed: []diff.Spec{}, Updated: []diff.Pair{}, Rebuilt: []diff.Pair{}, Restacked: []diff.Pair{}}
			p.Counts = diff.Counts{New: 1, Added: 1}
			r.Summary.Packages = diff.PackageCounts{New: 1, Added: 1}
			r.Highlights = []diff.Highlight{{Kind: diff.HighlightNewPackage, Packages: []string{p.Name}, Versions: &p.Versions}}
		}},
	} {
		for _, f := range report.Formats() {
			render := func(l []string) string {
				r := reporttest.OnePackage("zlib")
				where.put(r, l)
				var buf bytes.Buffer
				if err := f.Render(&buf, r, report.Options{Width: 200}); err != nil {
					t.Fatalf("%s, %s %q: %v", f.Name, where.name, l, err)
				}
				if rendered[f.Name] {
					return seen(buf.String())
				}
				return buf.String()
			}
			if !strings.Contains(render([]string{"MARK"}), "MARK") {
				t.Logf("--format %s does not show the %s", f.Name, where.name)
				continue
			}
			seen := map[string][]string{}
			for _, l := range lists {
				got := render(l)
				if other, ok := seen[got]; ok {
					t.Errorf("--format %s: the %s %q and %q read alike", f.Name, where.name, l, other)
					continue
				}
				seen[got] = slices.Clone(l)
			}
		}
	}
}
