package gitsrc

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/shellword"
)

// TestRangeWayInASCII (class a): the range a refusal of the log's range
// gives to use instead was written with shellword.Shown, its characters
// past ASCII raw, beside the range quoted in ASCII: HEAD..-nаme, of a
// branch -nаme (its а Cyrillic), was told "'refs/heads/-nаme..HEAD' is
// the other way round", which reads as the branch -name. Each way is
// written in ASCII ($'…\xd0\xb0…'), and pasted through bash -c it reads
// back as the range the refusal names (Instead): reversed, reversed
// along a line a side was merged into, from a fork, off the
// first-parent line, A...A and ^END (endHint).
func TestRangeWayInASCII(t *testing.T) {
	r := xCommits(t, 3)
	git := gitRunner(t, r)
	git("update-ref", "refs/heads/-nаme", "HEAD~2")
	git("checkout", "-q", "-b", "sіde", "HEAD~1")
	git("commit", "-q", "--allow-empty", "-m", "side")
	git("checkout", "-q", "main")
	git("merge", "-q", "--no-ff", "-m", "merge", "sіde")
	git("checkout", "-q", "-b", "fоrk", "HEAD~1")
	git("commit", "-q", "--allow-empty", "-m", "fork")
	git("checkout", "-q", "main")
	git("branch", "mаin")
	bash, _ := exec.LookPath("bash")
	for _, rng := range []string{"HEAD..-nаme", "mаin..sіde", "fоrk..mаin", "sіde..mаin", "mаin...mаin", "^-nаme"} {
		err := r.CheckRange(rng)
		if err == nil {
			t.Errorf("CheckRange(%q) took it", rng)
			continue
		}
		msg := err.Error()
		if strings.ContainsFunc(msg, func(c rune) bool { return c > '~' && c != '…' }) {
			t.Errorf("CheckRange(%q): %q; want it in ASCII", rng, msg)
		}
		instead := Instead(err)
		if instead == "" || !strings.Contains(instead, "..") {
			// ^END names a range with B left to write (endHint).
			if !strings.Contains(msg, shellword.ShownASCII(`refs/heads/-nаme..`)[:20]) {
				t.Errorf("CheckRange(%q): %q; want a range to give", rng, msg)
			}
			continue
		}
		way := shellword.ShownASCII(instead)
		if !strings.Contains(msg, way) {
			t.Errorf("CheckRange(%q): %q; want the way %s", rng, msg, way)
			continue
		}
		if bash == "" {
			continue
		}
		if out, err := exec.Command(bash, "-c", "printf %s "+way).Output(); err != nil || string(out) != instead {
			t.Errorf("CheckRange(%q): %s pasted through bash -c reads %q (%v), not %q", rng, way, out, err, instead)
		}
	}
}
