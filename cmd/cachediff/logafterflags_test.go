package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLogAfterFlagsSaid (class e): cachediff -f text -C r log --revs R P
// said "--revs is a flag of cachediff log, not of the diff", though the
// user wrote log: a command's name is read only first (or after -C
// DIR), so the diff read log as a snapshot. It says where log goes and
// gives the words so, which bash reads back and the log then takes (it
// loads the range's snapshots: exit 1); words the log would not take
// all (a second path) get where log goes alone; no word log, the
// message as before. A range the log refuses (HEAD..HEAD~2, reversed)
// was given in a command refused in turn: the refusal is said, and the
// command given with the range it names, which pasted runs; with
// --since, whose base is another, as before (it takes side..m).
func TestLogAfterFlagsSaid(t *testing.T) {
	bash, repo := snapRepo(t)
	dir := filepath.Join(t.TempDir(), `d 'q" x`)
	if err := os.Symlink(repo, dir); err != nil {
		t.Fatal(err)
	}
	const where = "log, after flags, was read as a snapshot of the diff: a command's name comes first"
	for _, c := range []struct {
		args  []string
		whole bool
	}{
		{[]string{"-f", "text", "-C", dir, "log", "--revs", "HEAD~2..HEAD", "snap"}, true},
		{[]string{"--quiet", "log", "--revs=HEAD~2..HEAD", "-C", dir, "snap"}, true},
		{[]string{"-f", "text", "-C", dir, "log", "HEAD", "--revs", "HEAD~2..HEAD", "snap"}, false},
		// A range the log refuses (reversed): the command given was
		// refused in turn; it is said, and given with the range the
		// refusal names; of one commit, said with no command.
		{[]string{"-f", "text", "-C", dir, "log", "--revs", "HEAD..HEAD~2", "snap"}, true},
		{[]string{"-q", "log", "--revs=HEAD..HEAD~2", "-C", dir, "snap"}, true},
		{[]string{"-f", "text", "-C", dir, "log", "--revs", "HEAD..HEAD", "snap"}, false},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		msg, _, _ := strings.Cut(stderr.String(), "\n")
		i := strings.LastIndex(msg, ": cachediff log ")
		whole, line := i >= 0, msg[i+2:]
		if refused := strings.Contains(strings.Join(c.args, " "), "HEAD..HEAD"); refused != strings.Contains(msg, "; the log refuses its range: the range HEAD..HEAD") {
			t.Errorf("%q: %s; want the log's refusal said: %v", c.args, msg, refused)
		}
		if code != exitTrouble || !strings.Contains(msg, where) || whole != c.whole {
			t.Errorf("%q: exit %d, %s; want %d, where log goes (the command: %v)", c.args, code, msg, exitTrouble, c.whole)
			continue
		}
		if whole {
			if code := pasteRun(t, bash, line); code != exitDiffers {
				t.Errorf("%q: the command given, %s, pasted: exit %d, want %d", c.args, line, code, exitDiffers)
			}
		}
	}
	// With --since, the log takes a base off the first-parent line
	// (side..m, side merged into m): it was said to refuse it.
	side := gitOut(t, repo, "commit-tree", "-m", "side", "-p", "HEAD~1", "HEAD~1^{tree}")
	gitOut(t, repo, "update-ref", "refs/heads/m", gitOut(t, repo, "commit-tree", "-m", "m", "-p", "HEAD", "-p", side, "HEAD^{tree}"))
	gitOut(t, repo, "update-ref", "refs/heads/side", side)
	var stdout, stderr bytes.Buffer
	run([]string{"-f", "text", "-C", dir, "log", "--revs", "side..m", "--since", "2000-01-01", "snap"}, &stdout, &stderr)
	msg, _, _ := strings.Cut(stderr.String(), "\n")
	if i := strings.LastIndex(msg, ": cachediff log "); i < 0 || strings.Contains(msg, "refuses") {
		t.Errorf("side..m --since: %s; want the command, no refusal", msg)
	} else if code := pasteRun(t, bash, msg[i+2:]); code == exitTrouble {
		t.Errorf("side..m --since: the command given, %s, pasted: exit %d", msg[i+2:], code)
	}
	stdout.Reset()
	stderr.Reset()
	run([]string{"-f", "text", "-C", dir, "logs", "--revs", "HEAD~2..HEAD", "snap"}, &stdout, &stderr)
	if strings.Contains(stderr.String(), where) || !strings.Contains(stderr.String(), "cachediff log [flags] --revs RANGE PATH") {
		t.Errorf("no word log: %s; want the message as before", stderr.String())
	}
}
