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

// TestTextLinesTellNamesFromStacks (issue 35 class a): the text
// template's package list (TextLines) writes each package of rebuilds
// alone as its name, its count and its stacks in parentheses, and
// quoted a name only where it was odd in a list (report.ListQuoted):
// the package a of 1 rebuild in the stack "s) 2 (in t" and the package
// "a 1 (in s)" of 2 in the stack t both read "a 1 (in s) 2 (in t)", and
// so two such reports of 3 rebuilds each read alike. The names are
// quoted as names written beside parentheses are (report.PartsQuoted).
func TestTextLinesTellNamesFromStacks(t *testing.T) {
	type pkg struct {
		name  string
		count int
		stack string
	}
	lines := func(pkgs ...pkg) string {
		r := reporttest.OnePackage("x")
		r.Packages = nil
		for _, k := range pkgs {
			p := reporttest.OnePackage(k.name).Packages[0]
			p.Specs.Rebuilt[0].Old.Stacks, p.Specs.Rebuilt[0].New.Stacks = []string{k.stack}, []string{k.stack}
			for range k.count - 1 {
				p.Specs.Rebuilt = append(p.Specs.Rebuilt, p.Specs.Rebuilt[0])
			}
			p.Counts.Rebuilt, p.Counts.Old, p.Counts.New = k.count, k.count, k.count
			r.Packages = append(r.Packages, p)
		}
		doc := report.NewDocument(r, report.Options{})
		return strings.Join((&Document{&doc}).TextLines(), "\n")
	}
	stacks := lines(pkg{"a", 1, "s) 2 (in t"}, pkg{"b", 2, "u) 1 (in v"})
	names := lines(pkg{"a 1 (in s)", 2, "t"}, pkg{"b 2 (in u)", 1, "v"})
	if stacks == names {
		t.Errorf("two lists of rebuilds read alike: %s", names)
	}
	if want := `"a 1 (in s)" 2 (in t), "b 2 (in u)" 1 (in v)`; !strings.HasSuffix(names, want) {
		t.Errorf("the package list\n%s\nwant it to end %s", names, want)
	}
	// The stacks are quoted too (TestTextLinesQuoteStacks).
	if want := `a 1 (in "s) 2 (in t"), b 2 (in "u) 1 (in v")`; !strings.HasSuffix(stacks, want) {
		t.Errorf("the package list\n%s\nwant it to end %s", stacks, want)
	}
}

// TestTextLinesQuoteStacks (issue 35 class a): the text view writes the
// stacks of a package's plain rebuilds in parentheses, "3 rebuilt (in
// e4s)", and in the list of rebuilds alone each package's after its
// name and count, "a 1 (in s), b 2 (in t)"; it quoted a stack only
// where it was odd in a list (report.JoinList), and the stacks "a)"
// and "b 2 (in b" of the package a read as the package b of 2 in the
// stack b, and the stacks "b)" and "c 2 (in c" of b as the package c
// of 2 in c: "a 1 (in a), b 2 (in b), c 2 (in c)", two lists of 2 packages and 3 rebuilds, a of 1 and c of 2,
// and a of 1 and b of 2, read alike. A stack
// is quoted as names beside parentheses are (report.PartsQuoted), in
// the list of rebuilds alone and on a package's line.
func TestTextLinesQuoteStacks(t *testing.T) {
	type pkg struct {
		name   string
		count  int
		stacks []string
	}
	reportOf := func(pkgs ...pkg) *diff.Report {
		r := reporttest.OnePackage("x")
		r.Packages = nil
		for _, k := range pkgs {
			p := reporttest.OnePackage(k.name).Packages[0]
			p.Specs.Rebuilt[0].Old.Stacks, p.Specs.Rebuilt[0].New.Stacks = k.stacks, k.stacks
			for range k.count - 1 {
				p.Specs.Rebuilt = append(p.Specs.Rebuilt, p.Specs.Rebuilt[0])
			}
			p.Counts.Rebuilt, p.Counts.Old, p.Counts.New = k.count, k.count, k.count
			r.Packages = append(r.Packages, p)
		}
		return r
	}
	lines := func(rebuiltRows bool, pkgs ...pkg) string {
		doc := report.NewDocument(reportOf(pkgs...), report.Options{})
		doc.Render.RebuiltRows = rebuiltRows
		return strings.Join((&Document{&doc}).TextLines(), "\n")
	}
	forged := []pkg{{"a", 1, []string{"a)", "b 2 (in b"}}, {"c", 2, []string{"c"}}}
	other := []pkg{{"a", 1, []string{"a"}}, {"b", 2, []string{"b)", "c 2 (in c"}}}
	if f, o := lines(false, forged...), lines(false, other...); f == o {
		t.Errorf("two lists of rebuilds alone read alike:\n%s", f)
	}
	if got, want := lines(false, forged...), `a 1 (in "a)", "b 2 (in b"), c 2 (in c)`; !strings.HasSuffix(got, want) {
		t.Errorf("the package list\n%s\nwant it to end %s", got, want)
	}
	// A package's own line: the stacks "a)" and "b (in c" read "1
	// rebuilt (in a), b (in c)", a stack a and more words.
	if got, want := lines(true, pkg{"a", 1, []string{"a)", "b (in c"}}), `1 rebuilt (in "a)", "b (in c")`; !strings.HasSuffix(got, want) {
		t.Errorf("the package's line\n%s\nwant it to hold %s", got, want)
	}
}
