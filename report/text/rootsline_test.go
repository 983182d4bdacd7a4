package text

import (
	"slices"
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

// TestTextRootsLineQuotesSwapsAndVersions (issue 35 class a): the
// roots line wrote a root swapped for another package (its old and new
// specs) and a root's version whose hash alone changed as they are,
// where the headline quotes them (report.Same, report.MoveSide): the
// root r swapped from the package "p → q" of 1 to s of 1 read "r p →
// q@1 → s@1", as the swap from p to the package "q@1 → s" of 1, and
// the version "1.0 → 2.0" of a rebuilt root "r 1.0 → 2.0 (new hash)".
func TestTextRootsLineQuotesSwapsAndVersions(t *testing.T) {
	spec := func(name, version string) diff.RootSpec {
		return diff.RootSpec{Root: "r", Name: name, Version: version}
	}
	swap := func(from, to diff.RootSpec) diff.RootChange {
		from.Hash, to.Hash = "aaaa", "bbbb"
		return diff.RootChange{Root: "r", Old: from, New: to}
	}
	for _, c := range []struct {
		change diff.RootChange
		want   string
	}{
		{swap(spec("p → q", "1"), spec("s", "1")), `roots: r "p → q@1" → s@1`},
		{swap(spec("p", ""), spec("q@1 → s", "1")), `roots: "r" p → "q@1 → s@1"`},
		{swap(spec("r", "1.0 → 2.0"), spec("r", "1.0 → 2.0")), `roots: r "1.0 → 2.0" (new hash)`},
		{swap(spec("mpich", "4.1"), spec("openmpi", "5.0")), `roots: r mpich@4.1 → openmpi@5.0`},
	} {
		r := reporttest.OnePackage("zlib")
		r.Causes = &diff.Causes{Roots: &diff.RootChanges{Changed: []diff.RootChange{c.change}}}
		doc := report.NewDocument(r, report.Options{Width: 400})
		lines := (&Document{&doc}).TextCauses()
		if !slices.Contains(lines, c.want) {
			t.Errorf("the root %+v: no line %q in %q", c.change, c.want, lines)
		}
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
