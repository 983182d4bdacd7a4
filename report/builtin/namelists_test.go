package builtin_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestViewsTellNameListsApart (issue 35 class a): a highlight's
// packages were joined with ", " as they are ("new compiler x: 1 spec
// of a, b"), so the package "a, b" read as the packages a and b; and a
// cause's path with " → " ("via z → a → b → c"), so the package "a → b"
// on it read as two. The packages are written as a list of stacks is
// (report.ListQuoted), a path's names as a pair's sides are
// (strings.Join, report.Same).
func TestViewsTellNameListsApart(t *testing.T) {
	lists := [][]string{{"a, b"}, {"a", "b"}, {`"a`, `b"`}, {`"a, b"`}, {""}, {"a and 1 more"}, {"a", "…and 1 more"}, {"a"},
		{"a", "b", "c"}, {"a", "b, c"}}
	// Each list named whole, and a list cut after its first name ("a,
	// …and 1 more").
	read := map[string]string{}
	for i, l := range append(lists, []string{"a", "b"}) {
		most := -1
		if i == len(lists) {
			most = 1
		}
		h := diff.Highlight{Kind: diff.HighlightAppeared, Facet: "compiler", Value: "x", Packages: l, Specs: &diff.OldToNew{New: 1}}
		got := report.NewsText(h, most)
		what := fmt.Sprintf("%q (%d named)", l, most)
		if other, ok := read[got]; ok {
			t.Errorf("the highlights of the packages %s and %s read alike: %s", what, other, got)
		}
		read[got] = what
	}
	paths := [][]string{{"z", "a → b", "c"}, {"z", "a", "b", "c"}, {"z", "a →", "b", "c"}, {"z", "a", "→ b", "c"}, {"z", `"a → b"`, "c"}}
	for _, f := range report.Formats() {
		if f.Name != "md" && f.Name != "html" {
			continue // text names a path in its causes' sentence alone
		}
		read := map[string]string{}
		for _, via := range paths {
			r := reporttest.OnePackage("zlib")
			r.Causes = &diff.Causes{Pairs: 1, Known: 1, Groups: []diff.CauseGroup{{Name: "c", Specs: 1, Rebuilt: 1, Via: via,
				Changes: []diff.Change{{Kind: "version", From: "1.0", To: "2.0"}}}}}
			var buf bytes.Buffer
			if err := f.Render(&buf, r, report.Options{Width: 400}); err != nil {
				t.Fatal(err)
			}
			got := buf.String()
			if other, ok := read[got]; ok {
				t.Errorf("--format %s: the paths %q and %s read alike", f.Name, via, other)
			}
			read[got] = fmt.Sprintf("%q", via)
		}
	}
}
