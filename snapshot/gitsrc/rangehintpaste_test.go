package gitsrc

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/report"
)

// TestSeriesRangeHintsPasteBack (class e): the range a refused range's
// message gives to use instead is one the shell reads back as that range,
// which the log then takes, whatever the branch it names: git allows a
// quote, $, ; and an invisible U+202E in one, and "use FORK..it's",
// "it's~1..HEAD is the other way round" were written raw (a quote left
// open when pasted), and ^B's "as '<U+202E>b..HEAD'" shows on standard
// error as '\u202eb..HEAD', a name no branch has. The range named is
// quoted when it holds a character that does not print.
func TestSeriesRangeHintsPasteBack(t *testing.T) {
	bash := gittest.GitAndBash(t)
	r := xCommits(t, 3)
	git := gitRunner(t, r)
	// Behind main, on its line: reversed ranges.
	git("branch", "it's", "HEAD~1")
	git("branch", "\u202eb", "HEAD~1")
	// A branch whose name begins with -, which git reads as an option:
	// -y..HEAD was given, refused in turn; it is written refs/heads/-y.
	git("update-ref", "refs/heads/-y", "HEAD~1")
	// Forked off main~1: FORK..side.
	git("checkout", "-q", "-b", "$x;y", "HEAD~1")
	os.WriteFile(filepath.Join(r.dir, "x"), []byte("side"), 0o644)
	git("commit", "-q", "-am", "side")
	git("checkout", "-q", "main")
	for _, tc := range []struct{ rng, branch, before, after, named string }{
		{"HEAD..it's", "it's", "selects no commit; ", " is the other way round", ""},
		{"HEAD..\u202eb", "\u202eb", "selects no commit; ", " is the other way round", `"HEAD..\u202eb"`},
		{"main..$x;y", "$x;y", "; use ", "", ""},
		{"^it's", "it's", "as ", ", B a later", ""},
		{"^\u202eb", "\u202eb", "as ", ", B a later", `"^\u202eb"`},
		{"HEAD..-y", "-y", "selects no commit; ", " is the other way round", ""},
		{"^-y", "-y", "as ", ", B a later", ""},
		{"-y..HEAD", "-y", "in full, ", "", ""},
	} {
		_, err := r.Series(tc.rng, "x", "", "")
		if err == nil {
			t.Errorf("Series(%q) took it", tc.rng)
			continue
		}
		msg := report.Visible(err.Error()) // as on standard error
		if tc.named != "" && !strings.Contains(msg, "the range "+tc.named+" ") {
			t.Errorf("Series(%q): %s; want the range named %s", tc.rng, msg, tc.named)
		}
		word, ok := givenWord(t, tc.rng, msg, tc.before, tc.after)
		if !ok {
			continue
		}
		got, ok := shellWord(t, bash, word)
		if !ok || !strings.Contains(got, tc.branch) {
			t.Errorf("Series(%q) gives %s, which the shell reads as %q", tc.rng, word, got)
			continue
		}
		if _, err := r.Series(got, "x", "", ""); err != nil {
			t.Errorf("Series(%q) gives %s, read as %q, which is refused: %v", tc.rng, word, got, err)
		}
	}
}

// shellWord reads word, a range a message gives, as the shell reads it
// pasted: the one word it is, else an error of t and false.
func shellWord(t *testing.T, bash, word string) (string, bool) {
	t.Helper()
	out, err := exec.Command(bash, "-c", "set -- "+word+`; printf '%s\n%d' "$1" "$#"`).Output()
	got, n, _ := strings.Cut(string(out), "\n")
	if err != nil || n != "1" {
		t.Errorf("%s is read by the shell as %s words %q (%v)", word, n, got, err)
		return got, false
	}
	return got, true
}

// givenWord is the range msg, Series(rng)'s error, gives: its text after
// before, up to after ("" for its end); false, with an error of t, when
// msg holds no before.
func givenWord(t *testing.T, rng, msg, before, after string) (string, bool) {
	t.Helper()
	i := strings.Index(msg, before)
	if i < 0 {
		t.Errorf("Series(%q): %s; want a range after %q", rng, msg, before)
		return "", false
	}
	word := msg[i+len(before):]
	if j := strings.Index(word, after); after != "" && j >= 0 {
		word = word[:j]
	}
	return word, true
}
