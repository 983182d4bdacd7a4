package builtin_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestRootsHeadlineTellsValuesApart (issue 35 class a): the roots
// headline wrote a changed root's versions raw after its name, and
// quoted its roots only where one held a comma or " and ": the root
// "a " from 1.0 and the root a from " 1.0" both read "1 root changed
// (a  1.0 → 2.0)", the root zl from "ib 1.0" and the root "zl ib" from
// 1.0 alike, and the root "b); 1 root added (c" removed as the root b
// removed beside the root c added (its clauses are joined by "; ",
// each list in parentheses). A version is written as a one-for-one
// move's (quoted where it holds a space), a root quoted where one of
// its list could read as more than a root, and in Markdown each value
// shows its own edge spaces, as a highlight's words do.
func TestRootsHeadlineTellsValuesApart(t *testing.T) {
	changed := reporttest.RootChanged
	roots := []struct {
		what string
		rt   diff.RootChanges
	}{
		{`"a " 1.0 → 2.0`, diff.RootChanges{Changed: []diff.RootChange{changed("a ", "1.0", "2.0")}}},
		{`a " 1.0" → 2.0`, diff.RootChanges{Changed: []diff.RootChange{changed("a", " 1.0", "2.0")}}},
		{`zl "ib 1.0" → 2.0`, diff.RootChanges{Changed: []diff.RootChange{changed("zl", "ib 1.0", "2.0")}}},
		{`"zl ib" 1.0 → 2.0`, diff.RootChanges{Changed: []diff.RootChange{changed("zl ib", "1.0", "2.0")}}},
		{`a 1.0 → "2.0; 1 spec added"`, diff.RootChanges{Changed: []diff.RootChange{changed("a", "1.0", "2.0; 1 spec added")}}},
		{`removed "b); 1 root added (c"`, diff.RootChanges{Removed: []diff.RootSpec{{Root: "b); 1 root added (c", Hash: "b"}}}},
		{`removed b, added c`, diff.RootChanges{Removed: []diff.RootSpec{{Root: "b", Hash: "b"}}, Added: []diff.RootSpec{{Root: "c", Hash: "c"}}}},
		{`removed "b; c"`, diff.RootChanges{Removed: []diff.RootSpec{{Root: "b; c", Hash: "b"}}}},
		{`removed " e "`, diff.RootChanges{Removed: []diff.RootSpec{{Root: " e ", Hash: "b"}}}},
		{`removed e`, diff.RootChanges{Removed: []diff.RootSpec{{Root: "e", Hash: "b"}}}},
	}
	for _, f := range []string{"md", "text"} {
		format, _ := report.Lookup(f)
		seen := map[string]string{}
		for _, c := range roots {
			r := reporttest.OnePackage("zlib")
			rt := c.rt
			r.Causes = &diff.Causes{Roots: &rt}
			r.Summary.Specs = diff.Counts{Old: 1, New: 2, Added: 1}
			var buf bytes.Buffer
			if err := format.Render(&buf, r, report.Options{Width: 400}); err != nil {
				t.Fatal(err)
			}
			var line string
			for _, l := range strings.Split(buf.String(), "\n") {
				if strings.Contains(l, " root") {
					line = l
					break
				}
			}
			if line == "" {
				t.Fatalf("--format %s, %s: no roots headline in\n%s", f, c.what, buf.String())
			}
			if other, ok := seen[line]; ok {
				t.Errorf("--format %s: the roots %s and %s read alike: %s", f, c.what, other, line)
			}
			seen[line] = c.what
			if want := `(\\x20e\\x20)`; f == "md" && c.what == `removed " e "` && !strings.Contains(line, want) {
				t.Errorf("--format md: the root %s reads %s, want its edge spaces shown, %s", c.what, line, want)
			}
		}
	}
}
