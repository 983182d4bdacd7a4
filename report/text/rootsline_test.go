package text

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestTextRootsLineTellsRootsApart (issue 35 class a): the text view's
// "roots:" line (Document.TextCauses, which user templates get) joins
// its roots by ", ", each after its mark (+ added, − removed), and
// wrote them as they are and a changed root's versions as a pair's
// sides (None): the root "a, +b" added read as the roots a and b added,
// and the root "a " from 1.0 as the root a from " 1.0". The roots are
// quoted where one could read as more than a root, as a highlight's
// names are (report.NamesQuoted), and the versions written as a
// one-for-one move's (report.MoveSide).
func TestTextRootsLineTellsRootsApart(t *testing.T) {
	changed := reporttest.RootChanged
	added := func(roots ...string) []diff.RootSpec {
		var l []diff.RootSpec
		for _, r := range roots {
			l = append(l, diff.RootSpec{Root: r, Hash: r})
		}
		return l
	}
	seen := map[string]string{}
	for _, c := range []struct {
		what string
		rt   diff.RootChanges
	}{
		{`added "a, +b"`, diff.RootChanges{Added: added("a, +b")}},
		{`added a, b`, diff.RootChanges{Added: added("a", "b")}},
		{`added "a, −b"`, diff.RootChanges{Added: added("a, −b")}},
		{`added a, removed b`, diff.RootChanges{Added: added("a"), Removed: added("b")}},
		{`"a " 1.0 → 2.0`, diff.RootChanges{Changed: []diff.RootChange{changed("a ", "1.0", "2.0")}}},
		{`a " 1.0" → 2.0`, diff.RootChanges{Changed: []diff.RootChange{changed("a", " 1.0", "2.0")}}},
		{`"a, b" 1.0 → 2.0`, diff.RootChanges{Changed: []diff.RootChange{changed("a, b", "1.0", "2.0")}}},
		{`a 1.0 → "2.0, b 1.0 → 2.0"`, diff.RootChanges{Changed: []diff.RootChange{changed("a", "1.0", "2.0, b 1.0 → 2.0")}}},
		{`a, b 1.0 → 2.0`, diff.RootChanges{Changed: []diff.RootChange{changed("a", "1.0", "2.0"), changed("b", "1.0", "2.0")}}},
	} {
		r := reporttest.OnePackage("zlib")
		rt := c.rt
		r.Causes = &diff.Causes{Roots: &rt}
		doc := report.NewDocument(r, report.Options{Width: 400})
		lines := (&Document{&doc}).TextCauses()
		var line string
		for _, l := range lines {
			if strings.HasPrefix(l, "roots: ") {
				line = l
			}
		}
		if line == "" {
			t.Fatalf("%s: no roots line in %q", c.what, lines)
		}
		if other, ok := seen[line]; ok {
			t.Errorf("the roots %s and %s read alike: %s", c.what, other, line)
		}
		seen[line] = c.what
	}
}

// TestPackageLineMoveAsHighlight (issue 35 class a): a package's line
// wrote a one-for-one move's versions as a pair's sides (None), its
// highlight as a move's (report.MoveSide): the package zl from "ib 1.0"
// read "zl: ib 1.0 → 2.0" there and `zl "ib 1.0" → 2.0` in the news.
// The line writes them as the highlight does; an empty version is ∅ and
// the version ∅ quoted, as before.
func TestPackageLineMoveAsHighlight(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"ib 1.0", "2.0", `zl: "ib 1.0" → 2.0 (`},
		{"1.0", "2.0 x", `zl: 1.0 → "2.0 x" (`},
		{"", "∅", `zl: ∅ → "∅" (`},
		{"1.0", "2.0", `zl: 1.0 → 2.0 (`},
	} {
		p := &diff.Package{Name: "zl", Status: diff.Changed, Versions: diff.VersionChange{Old: []string{c.from}, New: []string{c.to},
			Added: []string{c.to}, Removed: []string{c.from}, Direction: diff.Upgraded}}
		var b strings.Builder
		textPackage(&b, false, p, false)
		if !strings.HasPrefix(b.String(), c.want) {
			t.Errorf("%q → %q: the line reads %q, want it to begin %q", c.from, c.to, b.String(), c.want)
		}
	}
}
