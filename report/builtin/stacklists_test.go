package builtin_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/listops"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestViewsTellStackListsApart (issue 35 class a): a spec's stacks were
// joined with ", " as they are in Markdown's spec rows and rebuilt-only
// table, the HTML page's spec rows and the text view's "(in …)": a
// lockfile's root "a, b" (its stacks are its roots) read as the two
// stacks a and b, a stack kept named "+a" as the stack a joined, and a
// tenth stack named "j and 1 more" as a list cut after ten. Every view
// writes each list, and a pair's stacks kept, joined and left, as one
// list (report.JoinList), as it writes a list of versions.
func TestViewsTellStackListsApart(t *testing.T) {
	long := func(last ...string) []string {
		l := []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"}
		return append(l, last...)
	}
	lists := [][]string{{"a, b"}, {"a", "b"}, {"+a"}, {"a"}, {"−a"}, {`"a`, `b"`}, {`"a, b"`}, {""}, {}, {"", "a"},
		{", a"}, {"a,", "b"}, long("j and 1 more"), long("j", "k"), {"a (+b)"}, {"a (−b)"},
		{"x"}, {"+a", "x"}}
	for _, where := range []struct {
		name string
		opts report.Options
		put  func(r *diff.Report, o, n []string)
		pair bool // o matters
	}{
		{"added spec's stacks", report.Options{}, func(r *diff.Report, _, n []string) {
			p := &r.Packages[0]
			s := *p.Specs.Rebuilt[0].New
			s.Hash, s.Stacks = "cccccccccccccccccccccccccccccccc", n
			p.Specs.Added = []diff.Spec{s}
			p.Counts.Added, p.Counts.New = 1, 2
		}, false},
		{"plain rebuild's stacks", report.Options{}, func(r *diff.Report, _, n []string) {
			pr := &r.Packages[0].Specs.Rebuilt[0]
			pr.Old.Stacks, pr.New.Stacks = n, n
		}, false},
		{"plain rebuild's stacks, --rows rebuilt", report.Options{RebuiltRows: true}, func(r *diff.Report, _, n []string) {
			pr := &r.Packages[0].Specs.Rebuilt[0]
			pr.Old.Stacks, pr.New.Stacks = n, n
		}, false},
		{"rebuild's stacks kept, joined and left", report.Options{RebuiltRows: true}, func(r *diff.Report, o, n []string) {
			pr := &r.Packages[0].Specs.Rebuilt[0]
			pr.Old.Stacks, pr.New.Stacks = o, n
			pr.StacksJoined, pr.StacksLeft = listops.Minus(n, o, nil), listops.Minus(o, n, nil)
		}, true},
	} {
		for _, f := range report.Formats() {
			render := func(o, n []string) string {
				r := reporttest.OnePackage("zlib")
				where.put(r, o, n)
				opts := where.opts
				opts.Width = 400
				var buf bytes.Buffer
				if err := f.Render(&buf, r, opts); err != nil {
					t.Fatalf("%s, %s %q → %q: %v", f.Name, where.name, o, n, err)
				}
				doc := buf.String()
				if f.Name == "html" {
					// The spec rows alone: the page's chart of stacks
					// names each stack on its own.
					doc = specRows(doc)
				}
				if rendered[f.Name] {
					return seen(doc)
				}
				return doc
			}
			if !strings.Contains(render([]string{"OLD"}, []string{"MARK"}), "MARK") {
				t.Logf("--format %s does not show the %s", f.Name, where.name)
				continue
			}
			olds := [][]string{{"a"}}
			if where.pair {
				olds = lists
			}
			seen := map[string]string{}
			for _, o := range olds {
				for _, n := range lists {
					got := render(o, n)
					what := fmt.Sprintf("%q → %q", o, n)
					if other, ok := seen[got]; ok {
						t.Errorf("--format %s: the %s %s and %s read alike", f.Name, where.name, what, other)
						continue
					}
					seen[got] = what
				}
			}
		}
	}
}

// specRows are the lines of an HTML page that are rows of its spec
// tables.
func specRows(page string) string {
	var b strings.Builder
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(line, "<tr><td>") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}
