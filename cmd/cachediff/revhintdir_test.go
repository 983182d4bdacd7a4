package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRevisionHintLogPastesWithDir (class e, lead a): cachediff -C DIR
// HEAD~1..HEAD HEAD, a range with no --revs, is told the log of the
// range, cachediff log --revs 'HEAD~1..HEAD' PATH, which pasted where
// cachediff ran read the repository of the current folder, another or
// none (exit 2). With -C DIR given (relative, absolute, a folder whose
// name holds a space, a quote or a leading -), the log given holds it
// (-C=-q, a folder named as a flag: -C -q pasted is refused, -q read
// as a flag, so the hint writes it ./-q; -it's a repo is no flag, taken):
// pasted as bash reads it, PATH the snapshot's, from the folder
// cachediff ran in, it steps through the range (exit 1).
func TestRevisionHintLogPastesWithDir(t *testing.T) {
	bash := gittest.GitAndBash(t)
	base := t.TempDir()
	for _, name := range []string{"-it's a repo", `a "q" $x`, "-q"} {
		if err := os.Mkdir(filepath.Join(base, name), 0o755); err != nil {
			t.Fatal(err)
		}
		snapHistory(t, filepath.Join(base, name))
	}
	t.Chdir(base)
	const said = "is a range of git revisions: a log of PATH over it is "
	for _, dir := range []string{"-it's a repo", `a "q" $x`, filepath.Join(base, "-it's a repo"), "./-it's a repo/", "-q"} {
		for _, cmd := range [][]string{{"HEAD~1..HEAD", "HEAD"}, {"log", "HEAD~1..HEAD", "snap"}} {
			var stdout, stderr bytes.Buffer
			args := append([]string{"-C", dir}, cmd...)
			if dir == "-q" {
				args = append([]string{"-C=" + dir}, cmd...)
			}
			if code := run(args, &stdout, &stderr); code != exitTrouble {
				t.Errorf("%q: exit %d, want %d", args, code, exitTrouble)
				continue
			}
			msg := strings.TrimSuffix(stderr.String(), "\n")
			_, line, ok := strings.Cut(msg, said)
			line, _, _ = strings.Cut(line, "\n") // the next is HEAD's
			// At the PATH of the snapshot beside (snap), the
			// placeholder beside HEAD, no path.
			want := map[string]string{"snap": " snap", "HEAD": " PATH"}[cmd[len(cmd)-1]]
			if !ok || !strings.HasSuffix(line, want) {
				t.Errorf("%q: %s; want the log of the range given, ending %q", args, msg, want)
				continue
			}
			if want == " PATH" {
				line = strings.TrimSuffix(line, want) + " snap"
			}
			if code := pasteRun(t, bash, line); code != exitDiffers {
				t.Errorf("%q: the log given, %s, pasted: exit %d, want %d", args, line, code, exitDiffers)
			}
		}
	}
}
