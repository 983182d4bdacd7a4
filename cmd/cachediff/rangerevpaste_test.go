package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitRangeRevSuggestionsPaste (class e): a REV:PATH whose REV is a
// range is told the log of the range and the pair of its ends, each a
// command to paste. Read with -C DIR, they said cachediff log --revs …
// and cachediff git:A:snap git:B:snap without it, which pasted where
// cachediff ran read the repository of the current folder, another or
// none ("path snap does not exist"); a log the log refuses in turn (of
// nope..HEAD, of HEAD~1..-y, reversed) was given all the same; and a
// range of a branch -y (git update-ref refs/heads/-y) said unknown
// revision "-y..HEAD". Each command given, pasted as bash reads it, is
// taken and compares what it says: the log steps through the range, the
// pair compares its ends (exit 1); a log refused is not given as one to
// run.
func TestGitRangeRevSuggestionsPaste(t *testing.T) {
	bash, repo := snapRepo(t)
	if _, err := gittest.Git(repo, nil, "update-ref", "refs/heads/-y", "HEAD~2"); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(repo, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	paste := func(line string) int { t.Helper(); return pasteRun(t, bash, line) }
	const logSaid, pairSaid = "; to step through the range's commits, ", "; to compare its ends, "
	for _, tc := range []struct {
		dir, arg  string
		log, pair bool // a log to run, a pair to compare
	}{
		{repo, "git:HEAD~2..HEAD~1:snap", true, true},
		{repo, "HEAD~2..HEAD~1:snap", true, true},
		{filepath.Join(repo, "sub"), "git:HEAD~2..HEAD~1:snap", true, true},
		{repo, "git:HEAD~2^!:./snap", true, false}, // a root's: PATH made
		{repo, "git:HEAD~1^!:snap", true, false},
		{repo, "git:nope..HEAD:snap", false, false},
		{repo, "git:HEAD~1..-y:snap", false, true},
		{repo, "git:-y..HEAD~1:snap", true, true},
	} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-C", tc.dir, tc.arg, "git:HEAD:snap"}, &stdout, &stderr); code != exitTrouble {
			t.Errorf("%s: exit %d, want %d", tc.arg, code, exitTrouble)
			continue
		}
		msg := strings.TrimSuffix(stderr.String(), "\n")
		if !strings.Contains(msg, "is a range of commits, not one: REV:PATH reads PATH at one commit") {
			t.Errorf("%s: %s; want it called a range", tc.arg, msg)
			continue
		}
		_, log, hasLog := strings.Cut(msg, logSaid)
		log, _, _ = strings.Cut(log, pairSaid)
		_, pair, hasPair := strings.Cut(msg, pairSaid)
		if hasLog != tc.log || hasPair != tc.pair {
			t.Errorf("%s: %s; want a log to run %v, a pair %v", tc.arg, msg, tc.log, tc.pair)
			continue
		}
		if hasLog {
			if code := paste(log); code != exitDiffers && code != exitSame {
				t.Errorf("%s: the log given, %s, pasted: exit %d", tc.arg, log, code)
			}
		} else if !strings.Contains(msg, "it is refused too: ") {
			t.Errorf("%s: %s; want the log's refusal said", tc.arg, msg)
		}
		if hasPair {
			if code := paste(pair); code != exitDiffers {
				t.Errorf("%s: the pair given, %s, pasted: exit %d, want %d", tc.arg, pair, code, exitDiffers)
			}
		}
	}
}

// snapHistory makes repo a repository of three commits of snap/index.json:
// the old index, the new one, the old one again (HEAD~1..HEAD and
// HEAD~2..HEAD~1 each change snap).
func snapHistory(t *testing.T, repo string) {
	t.Helper()
	oldIndex, newIndex := genIndexes(t)
	if err := gittest.IndexCommits(repo, nil, string(oldIndex), string(newIndex), string(oldIndex)); err != nil {
		t.Fatal(err)
	}
}

// snapRepo is bash and a repository of snapHistory, skipping the test
// without git or bash.
func snapRepo(t *testing.T) (bash, repo string) {
	t.Helper()
	bash = gittest.GitAndBash(t)
	repo = t.TempDir()
	snapHistory(t, repo)
	return bash, repo
}

// pasteRun runs line, a cachediff command a message suggests, with the
// arguments bash reads from it, as pasted: its exit code.
func pasteRun(t *testing.T, bash, line string) int {
	t.Helper()
	out, err := exec.Command(bash, "-c", `printf '%s\0' `+strings.TrimPrefix(line, "cachediff ")).Output()
	if err != nil {
		t.Fatalf("bash read %s: %v", line, err)
	}
	var stdout, stderr bytes.Buffer
	return run(strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00"), &stdout, &stderr)
}
