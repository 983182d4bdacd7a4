package builtin_test

import (
	"bytes"
	"html"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestQuotedValueControlEscapedOnce (issue 35 class a): a value quoted
// where it could read as another (report.ListItem, JoinList,
// JoinVersions, Same, MoveSide) leaves a control character for the view
// to escape once, as a snapshot's label does (quoteLabel). Quoted by Go
// first, the version "1, 0\n" (a newline at its end) read "1, 0\\n" in
// a package's line, its highlight and the tables of versions, the stack
// "s, t\n" "s, t\\n" in the stacks' lists and the charts, and the
// version "2 →\n" of a move "2 →\\n": the value, then a backslash and
// an n. Each still reads apart from its twin of a backslash and an n.
func TestQuotedValueControlEscapedOnce(t *testing.T) {
	render := func(f report.Format, nl string) string {
		r := reporttest.OnePackage("zlib")
		p := &r.Packages[0]
		l := []string{"1, 0" + nl, "2"}
		p.Versions = diff.VersionChange{Old: []string{"0.9"}, New: l, Added: l, Removed: []string{"0.9"}, Direction: diff.Other}
		p.Specs.Rebuilt[0].New.Stacks = []string{"s, t" + nl, "u"}
		s := *p.Specs.Rebuilt[0].New
		s.Hash, s.Versions = "cccccccccccccccccccccccccccccccc", l
		p.Specs.Added = []diff.Spec{s}
		p.Counts.Added, p.Counts.New = 1, 2
		moved := &diff.VersionChange{Old: []string{"1"}, New: []string{"2 →" + nl}, Added: []string{"2 →" + nl}, Removed: []string{"1"}, Direction: diff.Upgraded}
		r.Highlights = []diff.Highlight{{Kind: diff.HighlightVersion, Packages: []string{p.Name}, Versions: &p.Versions},
			{Kind: diff.HighlightVersion, Packages: []string{"zz"}, Versions: moved}}
		var b bytes.Buffer
		if err := f.Render(&b, r, report.Options{Width: 200}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for range 2 { // a feed's content is HTML escaped twice
			out = html.UnescapeString(out)
		}
		return out
	}
	for _, f := range report.Formats() {
		if f.Name == "json" {
			continue
		}
		escaped, twice := `\n"`, `\\n"`
		if f.Name == "md" { // a backslash escaped for Markdown
			escaped, twice = `\\n"`, `\\\\n"`
		}
		out := render(f, "\n")
		for _, v := range []string{`"1, 0`, `"s, t`, `"2 →`} {
			shown := f.Name != "patch" && (v != `"s, t` || f.Name != "text" && f.Name != "atom") // the patch writes %0A, text and a feed no stacks
			if shown && !strings.Contains(out, v+escaped) || strings.Contains(out, v+twice) {
				t.Errorf("--format %s: %s and a newline not written %s%s once:\n%s", f.Name, v, v, escaped, out)
			}
		}
		if out == render(f, `\n`) {
			t.Errorf("--format %s: a value's newline and its backslash and n read alike:\n%s", f.Name, out)
		}
	}
}
