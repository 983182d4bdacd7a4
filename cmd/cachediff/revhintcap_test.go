package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRevisionHintWithinLine (class e): an argument that is no path on
// disk and that git reads as a revision, a range or :/TEXT is told how
// to write it (input's revisionHint). Those hints wrote each word whole
// (shellword.Shown), some twice, and the log's refusal of a range and
// the past-the-root note, which name the revision two or three times,
// whole too: of a tag and a commit message of 12 folders of 80 U+200B
// (11.5 KB as \xHH), each made a first line cut by its cap (8,224
// bytes) before the command or REV:PATH to paste. Each word is cut
// (hintWord; a word named beside others, not to paste, sooner), the
// refusal and the note cut too, and the hint ends whole. A range of a
// name past 255 bytes and a :/TEXT past PATH_MAX (ENAMETOOLONG,
// input.NamesNothing) are given their hints as ones that name no file.
func TestRevisionHintWithinLine(t *testing.T) {
	dir := indexRepo(t)
	long := "x"
	for range 12 {
		long += "/" + strings.Repeat("\u200b", 80)
	}
	for _, args := range [][]string{
		{"commit", "-q", "--allow-empty", "-m", long, "-m", strings.Repeat("y", 4200)},
		{"update-ref", "refs/tags/" + long, "HEAD"},
	} {
		if _, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		arg, want, end string
	}{
		{long, " is a git revision: a snapshot from git is REV:PATH", ")"},
		{long + "~9", " is an unknown git revision (it is past the root", ")"},
		{"HEAD~1.." + long, " is a range of git revisions: a log of PATH over it is cachediff -C ", " snap"},
		{long + "..HEAD~1", " log --revs RANGE PATH) refuses: the range ", " snap"},
		{":/" + long, " as a revision, the youngest commit whose message matches ", ")"},
		{":/" + long + ":snap", ", colon and all, with no PATH: snap at the commit of message ", " more)"},
		// A name past 255 bytes is no file's (ENAMETOOLONG), and the
		// range was told "file name too long" alone.
		{"HEAD~1..HEAD" + strings.Repeat("^0", 150), " is a range of git revisions: a log of PATH over it is cachediff -C ", " snap"},
		// and :/TEXT past PATH_MAX "file name too long".
		{":/" + strings.Repeat("y", 4200), " as a revision, the youngest commit whose message matches ", ")"},
	} {
		// Beside the folder snap on disk, not HEAD:snap: the hint is
		// the same, and reading it from git cost 3 git runs a case.
		var stdout, stderr bytes.Buffer
		code := run([]string{"-C", dir, c.arg, "snap"}, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || len(line) > maxErrorLine || capCut.MatchString(line) || !strings.Contains(line, c.want) || !strings.HasSuffix(line, c.end) {
			t.Errorf("%.16q: exit %d, a first line of %d bytes (cap %d) ending %q; want exit %d, %q, the line ending %q",
				c.arg, code, len(line), maxErrorLine, line[max(0, len(line)-120):], exitTrouble, c.want, c.end)
		}
	}
}
