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

// TestViewsTellPairsApart (issue 35 class a): a pair's cell "old → new"
// wrote each side as it is: a compiler "a → b" kept read as a changed to
// b, the pair "a → b" → "c" as a → "b → c", and "∅", which stands for an
// empty side, as the value named ∅ did. Each side that holds an arrow,
// is ∅, or is such a value quoted, is quoted (report.None, report.Same), in
// Markdown's and the HTML page's spec rows and in a change's words.
func TestViewsTellPairsApart(t *testing.T) {
	values := []string{"a → b", "a", "b", "b → c", "a →", "→ b", "∅", "", `"∅"`, `"\"∅\""`, `"(none)"`, "(none)",
		`"a → b"`, `"a`, "x", `"x"`, `"a" "b"`}
	for _, f := range report.Formats() {
		if f.Name != "md" && f.Name != "html" {
			continue
		}
		read := map[string]string{}
		for _, o := range values {
			for _, n := range values {
				r := reporttest.OnePackage("zlib")
				p := &r.Packages[0]
				pr := p.Specs.Rebuilt[0]
				pr.Old.Compiler, pr.New.Compiler = o, n
				if o != n {
					pr.Facet, pr.From, pr.To = "compiler", o, n
				}
				p.Specs.Rebuilt, p.Specs.Updated = []diff.Pair{}, []diff.Pair{pr}
				p.Counts.Rebuilt, p.Counts.Updated = 0, 1
				var buf bytes.Buffer
				if err := f.Render(&buf, r, report.Options{Width: 400, RebuiltRows: true}); err != nil {
					t.Fatal(err)
				}
				// The spec rows alone: elsewhere the old and the new
				// compiler may be written apart.
				var rows []string
				for _, l := range strings.Split(buf.String(), "\n") {
					if strings.HasPrefix(l, "<tr><td>") || strings.HasPrefix(l, "| updated") {
						rows = append(rows, l)
					}
				}
				got := seen(strings.Join(rows, "\n"))
				what := fmt.Sprintf("%q → %q", o, n)
				if len(rows) == 0 {
					t.Fatalf("--format %s: no spec row for %s in\n%s", f.Name, what, buf.String())
				}
				if other, ok := read[got]; ok {
					t.Errorf("--format %s: the compilers %s and %s read alike: %s", f.Name, what, other, got)
				}
				read[got] = what
			}
		}
	}
	for _, kind := range []string{"version", "other", "provider"} {
		words := map[string]string{} // an edge's change reads as a version's
		for _, o := range values {
			for _, n := range values {
				if kind == "other" && (o == n || o == "" || n == "") {
					continue // "hash changed"; an edge is written both sides
				}
				got := report.ChangeText([]diff.Change{{Kind: kind, From: o, To: n}})
				what := fmt.Sprintf("%s %q → %q", kind, o, n)
				if other, ok := words[got]; ok {
					t.Errorf("the changes %s and %s read alike: %s", what, other, got)
				}
				words[got] = what
			}
		}
	}
}
