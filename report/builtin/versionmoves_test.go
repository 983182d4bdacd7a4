package builtin_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestViewsTellVersionMovesApart (issue 35 class a): the versions a
// package gained and lost were joined with spaces, each behind its mark,
// in the text view's "(+a −b)" and a highlight's words ("zlib +1.3
// −1.1"): the one version "1.0 −0.9" added read as 1.0 added and 0.9
// removed, and "" added as nothing. Each is quoted where one is empty or
// holds a space or a quote (report.WordsQuoted), in the highlight's
// words and in every view.
func TestViewsTellVersionMovesApart(t *testing.T) {
	lists := [][]string{{"1.0 −0.9"}, {"1.0"}, {"0.9"}, {"1.0 +2.0"}, {"1.0", "2.0"}, {""}, {}, {`"1.0`, `2.0"`}, {`"1.0 2.0"`}, {"2.0"}}
	put := func(r *diff.Report, added, removed []string) {
		p := &r.Packages[0]
		p.Versions = diff.VersionChange{Old: append(slices.Clone(removed), "k"), New: append(slices.Clone(added), "k"),
			Added: added, Removed: removed, Direction: diff.Other}
		r.Highlights = []diff.Highlight{{Kind: diff.HighlightVersion, Packages: []string{p.Name}, Versions: &p.Versions}}
	}
	type move struct{ added, removed []string }
	var moves []move
	for _, a := range lists {
		for _, r := range lists {
			if len(a)+len(r) > 0 && len(a)+len(r) != 2 { // one for one reads "a → b"
				moves = append(moves, move{a, r})
			}
		}
	}
	news := map[string]string{}
	for _, m := range moves {
		r := reporttest.OnePackage("zlib")
		put(r, m.added, m.removed)
		got := report.NewsText(r.Highlights[0], -1)
		what := fmt.Sprintf("+%q −%q", m.added, m.removed)
		if other, ok := news[got]; ok {
			t.Errorf("the highlights of %s and %s read alike: %s", what, other, got)
		}
		news[got] = what
	}
	for _, f := range report.Formats() {
		if f.Name != "text" {
			continue // the others write the lists apart (TestViewsTellVersionListsApart)
		}
		seen := map[string]string{}
		for _, m := range moves {
			r := reporttest.OnePackage("zlib")
			put(r, m.added, m.removed)
			r.Highlights = nil // the package's own line, not its highlight's
			var buf bytes.Buffer
			if err := f.Render(&buf, r, report.Options{Width: 400, RebuiltRows: true}); err != nil {
				t.Fatal(err)
			}
			var line string
			for _, l := range strings.Split(buf.String(), "\n") {
				if strings.HasPrefix(l, "  zlib: ") && strings.Contains(l, "(") {
					line = l
				}
			}
			what := fmt.Sprintf("+%q −%q", m.added, m.removed)
			if line == "" {
				t.Fatalf("--format %s: no line of zlib's versions for %s in\n%s", f.Name, what, buf.String())
			}
			if other, ok := seen[line]; ok {
				t.Errorf("--format %s: %s and %s read alike: %s", f.Name, what, other, line)
			}
			seen[line] = what
		}
	}
}
