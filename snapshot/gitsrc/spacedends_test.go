package gitsrc

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSpacedRangeEndsAsWritten: a range with spaces around its dots
// names its ends as written, their spaces around the dots trimmed, and
// gives the range to paste in ASCII, within the line cap. Joined, 'HEAD
// .. a b' was left to the ends' check, which said unknown revision
// "HEAD ", a commit git knows; HEAD@{1 day ago} was given back as
// HEAD@{1dayago}, another date. The range to paste was a word as it is,
// 'HEAD..mаin' (its а Cyrillic) read as main, and a U+202E in a
// branch's name reached the terminal raw; a range of 96 KB was named
// whole, a 590 KB line.
func TestSpacedRangeEndsAsWritten(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r, _ := xCommitsGit(t, 3, []string{"branch", "m\u202ein"}, []string{"branch", "m\u0430in"})
	for _, c := range []struct{ rng, want, paste string }{
		{"HEAD .. a b", `git knows no commit "a b"`, ""},
		{"a b .. HEAD", `git knows no commit "a b"`, ""},
		{"HEAD .. m\u202ein", `a range is one argument, $'HEAD..m\xe2\x80\xaein'`, "HEAD..m\u202ein"},
		{"HEAD~1 m\u0430in", `a range is one argument, $'HEAD~1..m\xd0\xb0in'`, "HEAD~1..m\u0430in"},
		{"HEAD@{1 day ago} .. HEAD~1", `a range is one argument, 'HEAD@{1 day ago}..HEAD~1'`, "HEAD@{1 day ago}..HEAD~1"},
		{"HEAD .. " + strings.Repeat("\u0456", 48<<10), `\u0456\u0456`, ""},
		{"HEAD~1 HEAD" + strings.Repeat("^", 40000), `is two revisions`, ""},
	} {
		_, err := r.Series(c.rng, "x", "", "")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), `"HEAD "`) || strings.ContainsAny(err.Error(), "\u202e\u0430\u0456\n") || len(err.Error()) > 8<<10 {
			msg := "<nil>"
			if err != nil {
				msg = err.Error()[:min(len(err.Error()), 300)]
			}
			t.Errorf("Series(%.40q): %q; want %s, in ASCII, one line within 8 KB", c.rng, msg, c.want)
			continue
		}
		if c.paste == "" {
			continue
		}
		word, _, _ := strings.Cut(c.want[strings.Index(c.want, ", ")+2:], ", which")
		out, err := exec.Command("bash", "-c", "printf %s "+word).Output()
		if err != nil || string(out) != c.paste {
			t.Errorf("the range to paste %s, through bash -c: %q (%v); want %q", word, out, err, c.paste)
		}
	}
}
