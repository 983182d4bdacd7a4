package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestReversedRangeHintLogTakes (class e, lead 1 of g7): cachediff
// HEAD..HEAD~1 X, a reversed range given with no --revs, was told its
// log, cachediff log --revs 'HEAD..HEAD~1' PATH, which the log refuses
// in turn as reversed. It is told the log's own refusal, whose range
// the other way round, pasted in the log as bash reads it, steps
// through the range (exit 1).
func TestReversedRangeHintLogTakes(t *testing.T) {
	bash, dir := snapRepo(t)
	const other = " is the other way round"
	for _, rng := range []string{"HEAD..HEAD~1", "HEAD..HEAD~2", "HEAD~1..HEAD~2"} {
		var stdout, stderr bytes.Buffer
		args := []string{"-C", dir, rng, "HEAD:snap"}
		if code := run(args, &stdout, &stderr); code != exitTrouble {
			t.Errorf("%q: exit %d, want %d", args, code, exitTrouble)
			continue
		}
		msg, _, _ := strings.Cut(stderr.String(), "\n")
		i, j := strings.LastIndex(msg, "; "), strings.LastIndex(msg, other)
		if !strings.Contains(msg, "log --revs RANGE PATH) refuses: the range "+rng+" is reversed") || i < 0 || j < i {
			t.Errorf("%q: %s; want the log's refusal of the reversed range", args, msg)
			continue
		}
		line := "cachediff -C " + dir + " log --revs " + msg[i+2:j] + " snap"
		if code := pasteRun(t, bash, line); code != exitDiffers {
			t.Errorf("%q: the range given, in %s, pasted: exit %d, want %d", args, line, code, exitDiffers)
		}
	}
}
