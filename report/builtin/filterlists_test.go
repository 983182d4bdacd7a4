package builtin_test

import (
	"bytes"
	"fmt"
	"html"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestViewsTellFilterListsApart (issue 35 class a): the filters line
// of a report's header (Markdown, the HTML page, text, the patch) joined
// the user's --package, --stack and --ignore values with ", " as they
// are: the one --stack "a, b" read as the stacks a and b, and the
// --package "a; specs in stack b" as the two filters --package a
// --stack b. Each list is written as a list of names is, its values
// also quoted where one holds what parts the line (report.FilterList).
func TestViewsTellFilterListsApart(t *testing.T) {
	filters := []diff.Options{
		{Stacks: []string{"a, b"}}, {Stacks: []string{"a", "b"}}, {Stacks: []string{`"a`, `b"`}}, {Stacks: []string{""}},
		{Stacks: []string{"a"}}, {Stacks: []string{"a and 1 more"}},
		{Packages: []string{"a; specs in stack b"}}, {Packages: []string{"a"}, Stacks: []string{"b"}},
		{Packages: []string{"a · specs in stack b"}}, {Packages: []string{"a, b"}}, {Packages: []string{"a", "b"}},
		{Ignore: []string{"os, target"}}, {Ignore: []string{"os", "target"}},
		{Stacks: []string{"a ", "b"}}, {Stacks: []string{"a", " b"}},
	}
	for _, f := range report.Formats() {
		render := func(o diff.Options) string {
			r := reporttest.OnePackage("zlib")
			r.Options.Packages, r.Options.Stacks, r.Options.Ignore = o.Packages, o.Stacks, o.Ignore
			var buf bytes.Buffer
			if err := f.Render(&buf, r, report.Options{Width: 400}); err != nil {
				t.Fatalf("%s, filters %+v: %v", f.Name, o, err)
			}
			var lines []string // the filters line
			for _, l := range strings.Split(buf.String(), "\n") {
				if strings.Contains(strings.ToLower(l), "filter") || strings.Contains(l, "ignores") {
					lines = append(lines, l)
				}
			}
			if rendered[f.Name] {
				return seen(strings.Join(lines, "\n"))
			}
			return strings.Join(lines, "\n")
		}
		if !strings.Contains(render(diff.Options{Stacks: []string{"MARK"}}), "MARK") {
			t.Logf("--format %s does not show the filters", f.Name)
			continue
		}
		read := map[string]string{}
		for _, o := range filters {
			got := render(o)
			what := fmt.Sprintf("--package %q --stack %q --ignore %q", o.Packages, o.Stacks, o.Ignore)
			if other, ok := read[got]; ok {
				t.Errorf("--format %s: the filters %s and %s read alike: %s", f.Name, what, other, got)
			}
			read[got] = what
		}
	}
}

// TestFilterLinesQuotePairWords (issue 35 class a): the filters line
// wrote a value holding an arrow or reading ∅ as it is, where every
// other sentence of a report quotes it (report.NamesQuoted): "filters:
// packages x → y; specs in stack ∅" read as the package x changed to y
// and the specs in no stack. Each such value is quoted, in every view
// that writes the line.
func TestFilterLinesQuotePairWords(t *testing.T) {
	for _, c := range []struct {
		o    diff.Options
		want string
	}{
		{diff.Options{Packages: []string{"x → y"}}, `"x → y"`},
		{diff.Options{Stacks: []string{"∅"}}, `"∅"`},
		{diff.Options{Stacks: []string{"(none)", "b"}}, `"(none)", "b"`},
		{diff.Options{Packages: []string{"a", `"∅"`}}, `"a", "\"∅\""`},
	} {
		for _, name := range []string{"md", "text", "patch", "html"} {
			f, _ := report.Lookup(name)
			r := reporttest.OnePackage("zlib")
			r.Options.Packages, r.Options.Stacks = c.o.Packages, c.o.Stacks
			var buf bytes.Buffer
			if err := f.Render(&buf, r, report.Options{Width: 400}); err != nil {
				t.Fatal(err)
			}
			out := html.UnescapeString(buf.String())
			if name == "md" {
				out = strings.ReplaceAll(out, `\\`, `\`) // Markdown escapes a backslash
			}
			if !strings.Contains(out, c.want) {
				t.Errorf("--format %s, --package %q --stack %q: no %s in\n%s", name, c.o.Packages, c.o.Stacks, c.want, out)
			}
		}
	}
}
