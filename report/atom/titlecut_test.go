package atom

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/diff"
)

// TestEntryNewsKeepsEscapesWhole (issue 35 class a): a highlight's news
// cut to feedTitleMax characters could end inside an escape of visible
// text ("\u20…" reads as no character): it keeps the escape whole or
// leaves it out, and the mark of the cut (report.CutEnd) makes up for
// the characters left out.
func TestEntryNewsKeepsEscapesWhole(t *testing.T) {
	re := regexp.MustCompile(`^new package a*(\\u200b)*…[0-9a-f]{8,}$`)
	for j := range 8 {
		name := strings.Repeat("a", j) + strings.Repeat("\u200b", 100)
		got := entryNews(nil, []diff.Highlight{{Kind: diff.HighlightNewPackage, Packages: []string{name}}})
		if !re.MatchString(got) || utf8.RuneCountInString(got) != feedTitleMax+1 {
			t.Errorf("%d a and 100 U+200B: the news %q, want it cut between escapes", j, got)
		}
	}
}
