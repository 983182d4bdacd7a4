package builtin_test

import (
	"bytes"
	"html"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestViewsQuoteRootSpecWithArrow (issue 35 class a): a changed root's
// row writes its spec "old hash → new hash", each spec as it is: the
// root "zl → ib" read "zl → ib@1 aaaaaaa → bbbbbbb" on the HTML page,
// the first arrow no change. A spec that holds an arrow is quoted as a
// pair's side is (report.Same), in Markdown and on the page.
func TestViewsQuoteRootSpecWithArrow(t *testing.T) {
	r := reporttest.RootRecipeChanged(t, "zl → ib", "zl → ib")
	for _, c := range []struct{ format, row string }{
		{"md", "| changed | zl → ib | \"zl → ib@1\" `aaaaaaa` → `bbbbbbb` |"},
		{"html", `<td>"zl → ib@1" aaaaaaa → bbbbbbb</td>`},
	} {
		f, _ := report.Lookup(c.format)
		var buf bytes.Buffer
		if err := f.Render(&buf, r, report.Options{Width: 200}); err != nil {
			t.Fatal(err)
		}
		if doc := html.UnescapeString(buf.String()); !strings.Contains(doc, c.row) {
			t.Errorf("--format %s: no %s in\n%s", c.format, c.row, doc)
		}
	}
}
