package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSpacedRangeEndKnown (class e): a range with spaces around its
// dots, or written as two revisions, whose end is no commit said git
// knows no commit of it, whatever git knew: HEAD^{tree} is a tree,
// HEAD:x a file's blob, main@{99} of a reflog of fewer entries. It
// says what the range written as one argument says of that end, and
// "knows no commit" only of a name git does not know.
func TestSpacedRangeEndKnown(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 2)
	for rng, want := range map[string]string{
		"HEAD~1 .. HEAD^{tree}": `has spaces: a range is one argument (A..B), and revision HEAD^{tree} is a tree, not a commit`,
		"HEAD~1 HEAD:x":         `is two revisions: a range is one argument (A..B), and revision HEAD:x is a blob, not a commit`,
		"HEAD~1 .. main@{99}":   `has spaces: a range is one argument (A..B), and revision main@{99}: log for 'main' only has `,
		"HEAD~1 .. nope":        `has spaces: a range is one argument (A..B), and git knows no commit "nope"`,
	} {
		_, err := r.Series(rng, "x", "", "")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Series(%q): %v; want %s", rng, err, want)
		}
	}
}

// TestRefLogWhyInASCII (class a): git's reason why a reflog's revision
// is none (refLogWhy) names the ref as git writes it, raw: "log for
// 'mаin' only has 1 entries" (its а Cyrillic) read as main's, and a
// U+202E in a branch's name reached the terminal. Quoted in ASCII.
func TestRefLogWhyInASCII(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r, _ := xCommitsGit(t, 2, []string{"branch", "m\u0430in"}, []string{"branch", "m\u202ein"})
	for _, rng := range []string{"HEAD~1..m\u0430in@{9}", "HEAD~1 .. m\u0430in@{9}", "m\u202ein@{9}..HEAD"} {
		_, err := r.Series(rng, "x", "", "")
		if err == nil || !strings.Contains(err.Error(), `log for 'm\u`) || strings.ContainsAny(err.Error(), "\u0430\u202e") {
			t.Errorf("Series(%q): %+q; want git's reason, its ref in ASCII", rng, err)
		}
	}
}
