package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReversedRangeHintLogTakes (class e, lead 1 of g7, lead c of g8):
// cachediff HEAD..HEAD~1 X, a reversed range given with no --revs, was
// told its log, cachediff log --revs 'HEAD..HEAD~1' PATH, which the log
// refuses in turn as reversed. It is told the log's own refusal, and
// then the whole command of the range that refusal names (it gave the
// refusal's words alone, "'HEAD~1..HEAD' is the other way round", a
// range to put in a command by hand); that command, with -C DIR as
// given (a folder whose name holds spaces, quotes and a leading -,
// read from its parent), pasted as bash reads it, steps through the
// range (exit 1). HEAD...HEAD is told HEAD~1..HEAD so too.
func TestReversedRangeHintLogTakes(t *testing.T) {
	bash, dir := snapRepo(t)
	odd := filepath.Join(t.TempDir(), `-a 'b" c`)
	if err := os.Rename(dir, odd); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Dir(odd))
	for _, tc := range []struct{ dir, rng, said string }{
		{odd, "HEAD..HEAD~1", "the range HEAD..HEAD~1 is reversed"},
		{odd, "HEAD..HEAD~2", "the range HEAD..HEAD~2 is reversed"},
		{odd, "HEAD~1..HEAD~2", "the range HEAD~1..HEAD~2 is reversed"},
		{odd, "HEAD...HEAD", "the range HEAD...HEAD selects no commit"},
		{"./" + filepath.Base(odd), "HEAD..HEAD~1", "the range HEAD..HEAD~1 is reversed"},
	} {
		var stdout, stderr bytes.Buffer
		args := []string{"-C", tc.dir, tc.rng, "HEAD:snap"}
		if code := run(args, &stdout, &stderr); code != exitTrouble {
			t.Errorf("%q: exit %d, want %d", args, code, exitTrouble)
			continue
		}
		msg, _, _ := strings.Cut(stderr.String(), "\n")
		_, line, ok := strings.Cut(msg, "; to run it: ")
		if !strings.Contains(msg, "log --revs RANGE PATH) refuses: "+tc.said) || !ok || !strings.HasSuffix(line, " snap") {
			t.Errorf("%q: %s; want the log's refusal of the range, then a whole command to run", args, msg)
			continue
		}
		// At snap, the PATH of HEAD:snap beside, not the placeholder.
		if code := pasteRun(t, bash, line); code != exitDiffers {
			t.Errorf("%q: the command given, %s, pasted: exit %d, want %d", args, line, code, exitDiffers)
		}
	}
}
