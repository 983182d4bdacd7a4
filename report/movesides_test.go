package report

import (
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestVersionMoveSidesApart (issue 35 class a): a highlight of one
// version giving way to another wrote each as a pair's side (None):
// the package zl moving from "ib 1.0" to 2.0 and the package "zl ib"
// moving from 1.0 to 2.0 both read "zl ib 1.0 → 2.0 (upgraded)". A
// version holding a space or a quote is quoted, as the versions that
// came and went are (WordsQuoted); an empty one is still ∅.
func TestVersionMoveSidesApart(t *testing.T) {
	moves := []struct{ name, from, to string }{
		{"zl", "ib 1.0", "2.0"}, {"zl ib", "1.0", "2.0"}, {"zl", "1.0", "2.0"},
		{"zl", `"1.0"`, "2.0"}, {"zl", "1.0", "2.0 (upgraded)"}, {"zl", "", "2.0"}, {"zl", "∅", "2.0"},
	}
	read := map[string]string{}
	for _, m := range moves {
		v := &diff.VersionChange{Old: []string{m.from}, New: []string{m.to}, Added: []string{m.to}, Removed: []string{m.from}, Direction: diff.Upgraded}
		got := NewsText(diff.Highlight{Kind: diff.HighlightVersion, Packages: []string{m.name}, Versions: v}, -1)
		what := fmt.Sprintf("%q %q → %q", m.name, m.from, m.to)
		if other, ok := read[got]; ok {
			t.Errorf("the moves %s and %s read alike: %s", what, other, got)
		}
		read[got] = what
	}
	if got, want := NewsText(diff.Highlight{Kind: diff.HighlightVersion, Packages: []string{"zl"},
		Versions: &diff.VersionChange{Added: []string{"2.0"}, Removed: []string{""}, Direction: diff.Upgraded}}, -1), "zl ∅ → 2.0 (upgraded)"; got != want {
		t.Errorf("an empty version's move = %q, want %q", got, want)
	}
}
