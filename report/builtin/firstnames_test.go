package builtin_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestTablesTellPackageListsApart (issue 35 class a): Markdown's Updates
// table and the HTML page's table of changes that several packages
// share joined their packages with ", " as they are: the package "a, b"
// read as the packages a and b. They are written as a list of stacks is
// (report.JoinList).
func TestTablesTellPackageListsApart(t *testing.T) {
	lists := [][]string{{"a, b"}, {"a", "b"}, {`"a`, `b"`}, {`"a, b"`}, {""}, {"a and 1 more"}, {"a", "b", "c", "d", "e", "f and 1 more"}, {"a", "b", "c", "d", "e", "f", "g"}}
	for _, c := range []struct {
		format string
		put    func(r *diff.Report, l []string)
		row    string // what starts the table's rows
	}{
		{"md", func(r *diff.Report, l []string) {
			r.Updates = []diff.UpdateGroup{{Facet: "compiler", From: "gcc@1", To: "gcc@2", Specs: 1, Packages: l}}
		}, "| compiler |"},
		{"html", func(r *diff.Report, l []string) {
			r.Causes = &diff.Causes{Pairs: 1, Known: 1, Shared: []diff.SharedCause{{Kind: "version", From: "1.0", To: "2.0", Specs: 1, Rebuilt: 1, Packages: l}}}
		}, `<tr><th scope="row">1.0 → 2.0</th>`},
	} {
		f, ok := report.Lookup(c.format)
		if !ok {
			t.Fatalf("no format %s", c.format)
		}
		read := map[string]string{}
		for _, l := range lists {
			r := reporttest.OnePackage("zlib")
			c.put(r, l)
			var buf bytes.Buffer
			if err := f.Render(&buf, r, report.Options{}); err != nil {
				t.Fatal(err)
			}
			var rows []string
			for _, line := range strings.Split(buf.String(), "\n") {
				if strings.HasPrefix(line, c.row) {
					rows = append(rows, line)
				}
			}
			if len(rows) == 0 {
				t.Fatalf("--format %s: no row starting %q for %q in\n%s", c.format, c.row, l, buf.String())
			}
			got := seen(strings.Join(rows, "\n"))
			if other, ok := read[got]; ok {
				t.Errorf("--format %s: the packages %q and %s read alike: %s", c.format, l, other, got)
			}
			read[got] = fmt.Sprintf("%q", l)
		}
	}
}
