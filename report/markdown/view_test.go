package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/view"
)

// TestRebuiltOnly: in a real week's Markdown and text, rebuilds that
// change nothing but the hash are counted, not listed; the packages
// changed by them alone are in one table (one line in text), every
// package is named exactly once, the headline says how much was
// rebuilt, and --rows rebuilt lists every rebuilt spec again.
func TestRebuiltOnly(t *testing.T) {
	r := reporttest.GenWeek(1, 200)
	only, onlySpecs := rebuiltOnlyCounts(report.Document{Report: r})
	if only < 100 || only == len(r.Packages) {
		t.Fatalf("%d of %d packages rebuilt only: not a real week", only, len(r.Packages))
	}
	md := func(o report.Options) string {
		var b bytes.Buffer
		if err := Markdown(&b, r, o); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	out := md(report.Options{})
	all := md(report.Options{RebuiltRows: true})
	s := r.Summary.Specs
	changes := s.Rebuilt + s.Updated + s.Restacked + s.Added + s.Removed
	plain := 0
	for _, p := range r.Packages {
		for i := range p.Specs.Rebuilt {
			if p.Specs.Rebuilt[i].Plain() {
				plain++
			}
		}
	}
	// The headline counts the rebuilds that changed nothing else, and
	// says how many others there are: they are listed.
	if want := fmt.Sprintf("**Rebuilt only: %d specs of %d spec changes (%s)**: a new hash, the same facets and stacks. %d more rebuilt specs changed stacks (listed).",
		plain, changes, report.Percent(plain, changes), s.Rebuilt-plain); !strings.Contains(out, want) || !strings.Contains(all, want) {
		t.Errorf("no headline %q", want)
	}
	if want := fmt.Sprintf("\n### Rebuilt only (%d packages, %d specs)\n", only, onlySpecs); !strings.Contains(out, want) {
		t.Errorf("no section %q", want)
	}
	if got := len(names(out)); got != len(r.Packages) {
		t.Errorf("%d packages named, want %d", got, len(r.Packages))
	}
	if got, want := strings.Count(out, "<details>"), len(r.Packages)-only; got != want {
		t.Errorf("%d <details>, want %d (one per package with more than rebuilds)", got, want)
	}
	rebuiltRows := regexp.MustCompile(`(?m)^\| rebuilt \| `)
	if got, want := len(rebuiltRows.FindAllString(out, -1)), s.Rebuilt-plain; got != want || want == 0 {
		t.Errorf("%d rebuilt rows, want %d (those that moved between stacks)", got, want)
	}
	if got := len(rebuiltRows.FindAllString(all, -1)); got != s.Rebuilt {
		t.Errorf("--rows rebuilt: %d rebuilt rows, want %d", got, s.Rebuilt)
	}
	if strings.Contains(all, "### Rebuilt only") || strings.Count(all, "<details>") != len(r.Packages) {
		t.Errorf("--rows rebuilt: a rebuilt-only section, or not a <details> per package")
	}
	if len(out)*3 > len(all) {
		t.Errorf("the report takes %d bytes, %d with every rebuilt row: not much of a summary", len(out), len(all))
	}
	reporttest.CheckTableRows(t, out)
	// Cut: the rebuilt-only table goes first, a row at a time.
	prev := ""
	for _, limit := range []int{len(out) - 1, len(out) * 3 / 4, len(out) / 2, len(out) / 4, 4000} {
		cut, ok := cutTo(t, r, limit)
		if !ok {
			continue
		}
		checkCut(t, out, cut, limit)
		if limit == len(out)-1 && (!regexp.MustCompile(`\n…and \d+ more rebuilt-only packages?\.`).MatchString(cut) || strings.Count(cut, "<details>") != strings.Count(out, "<details>")) {
			t.Errorf("one byte less: not rebuilt-only rows less and every <details>")
		}
		if prev != "" {
			before := names(prev)
			for n := range names(cut) {
				if !before[n] {
					t.Errorf("%s shown under %d bytes, not in the longer report", n, limit)
				}
			}
		}
		prev = cut
	}
	// Text (wide enough that nothing wraps): the rebuilt-only packages
	// share a line, which counts them, and every other package has a
	// line of its own; --rows rebuilt gives each a line.
	var b bytes.Buffer
	if err := render(&b, "text", r, report.Options{Width: 1 << 20}); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("; %d packages had nothing else: ", only)
	if got := strings.Count(b.String(), want); got != 1 {
		t.Errorf("text: %d rebuilt-only lines %q, want 1:\n%s", got, want, b.String())
	}
	pkgLines := func(out string) int {
		n := 0
		for _, p := range r.Packages {
			if strings.Contains(out, "\n  "+p.Name+" ") || strings.Contains(out, "\n  "+p.Name+": ") ||
				strings.Contains(out, "\n  new package "+p.Name+" ") || strings.Contains(out, "\n  removed package "+p.Name+" ") {
				n++
			}
		}
		return n
	}
	if got, want := pkgLines(b.String()), len(r.Packages)-only; got != want {
		t.Errorf("text: %d packages with a line of their own, want %d:\n%s", got, want, b.String())
	}
	b.Reset()
	if err := render(&b, "text", r, report.Options{RebuiltRows: true, Width: 1 << 20}); err != nil {
		t.Fatal(err)
	}
	if got, want := pkgLines(b.String()), len(r.Packages); got != want || strings.Contains(b.String(), "had nothing else") {
		t.Errorf("text --rows rebuilt: %d packages with a line of their own, want %d, and no rebuilt-only line", got, want)
	}
	_ = onlySpecs
}

// TestPercent: a share is never rounded to all or nothing.
func TestPercent(t *testing.T) {
	for _, tc := range []struct {
		n, of int
		want  string
	}{{0, 0, "0%"}, {0, 5, "0%"}, {1, 1000, "<1%"}, {999, 1000, ">99%"}, {994, 1000, "99%"}, {4, 1000, "<1%"}, {5, 1000, "1%"}, {5, 5, "100%"}, {1, 3, "33%"}} {
		if got := report.Percent(tc.n, tc.of); got != tc.want {
			t.Errorf("Percent(%d, %d) = %s, want %s", tc.n, tc.of, got, tc.want)
		}
	}
}

// TestViewFitSizes: the size Fit computes is what the template writes,
// at every limit (a view.View's template only lays out its strings).
func TestViewFitSizes(t *testing.T) {
	r := reporttest.GenWeek(2, 60)
	reporttest.GenSkipped(r, 2, 40)
	rd := report.NewDocument(r, report.Options{})
	doc := Document{Document: &rd}
	v := doc.View()
	full := v.Size()
	tmpl, err := builtin()
	if err != nil {
		t.Fatal(err)
	}
	for limit := full + 10; limit > 0; limit -= 1 + limit/40 {
		if err := v.Fit(limit); err != nil {
			var small *view.TooSmallError
			if !errors.As(err, &small) {
				t.Fatal(err)
			}
			break
		}
		var b bytes.Buffer
		if err := tmpl.ExecuteTemplate(&b, "md.tmpl", &doc); err != nil {
			t.Fatal(err)
		}
		var w bytes.Buffer
		if _, err := v.WriteTo(&w); err != nil {
			t.Fatal(err)
		}
		if b.Len() != v.Size() || b.Len() > limit || w.String() != b.String() {
			t.Fatalf("max %d: Size %d, the template writes %d bytes, WriteTo %d", limit, v.Size(), b.Len(), w.Len())
		}
	}
}

// rebuiltOnlyCounts counts the packages that changed by plain rebuilds
// alone, and their specs.
func rebuiltOnlyCounts(doc report.Document) (pkgs, specs int) {
	for i := range doc.Packages {
		if p := &doc.Packages[i]; report.RebuiltOnly(p) {
			pkgs++
			specs += p.Counts.Rebuilt
		}
	}
	return pkgs, specs
}

// cutTo writes r as Markdown within limit bytes; false when the limit is
// below the least report (a *view.TooSmallError).
func cutTo(t *testing.T, r *diff.Report, limit int) (string, bool) {
	t.Helper()
	var b bytes.Buffer
	err := Markdown(&b, r, report.Options{MaxBytes: limit})
	var small *view.TooSmallError
	if errors.As(err, &small) {
		return "", false
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.String(), true
}
