package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestDashedRangeAfterDashes (class e): cachediff -C DIR -- -y..-z X, of
// branches -y and -z, said "-y..-z comes after --, which makes every
// word after it an argument: put flags before --", a flag it is not.
// It is told the range with its ref written in full and the log of it,
// which, pasted as bash reads it, steps through it (exit 1); so a
// reversed one (-z..-y) the range the other way; a word git knows no
// ref of (-q) keeps the flag's message.
func TestDashedRangeAfterDashes(t *testing.T) {
	bash, dir := snapRepo(t)
	for _, ref := range [][]string{{"refs/heads/-z", "HEAD"}, {"refs/heads/-y", "HEAD~2"}} {
		if _, err := gittest.Git(dir, nil, "update-ref", ref[0], ref[1]); err != nil {
			t.Fatal(err)
		}
	}
	const flag = "put flags before --"
	for word, before := range map[string]string{"-y..-z": "a log of PATH over it is ", "-z..-y": "; to run it: ", "-q": ""} {
		var stdout, stderr bytes.Buffer
		args := []string{"-C", dir, "--", word, "HEAD:snap"}
		if code := run(args, &stdout, &stderr); code != exitTrouble {
			t.Errorf("%q: exit %d, want %d", args, code, exitTrouble)
			continue
		}
		msg, _, _ := strings.Cut(stderr.String(), "\n")
		_, line, ok := strings.Cut(msg, before)
		if before == "" {
			if !strings.Contains(msg, flag) {
				t.Errorf("%q: %s; want the flag's message", args, msg)
			}
			continue
		}
		if !ok || strings.Contains(msg, flag) || !strings.Contains(msg, "begins with -") || !strings.HasSuffix(line, " PATH") {
			t.Errorf("%q: %s; want the range with its ref in full, and a log of it to run", args, msg)
			continue
		}
		line = strings.TrimSuffix(line, "PATH") + "snap"
		if code := pasteRun(t, bash, line); code != exitDiffers {
			t.Errorf("%q: the log given, %s, pasted: exit %d, want %d", args, line, code, exitDiffers)
		}
	}
}
