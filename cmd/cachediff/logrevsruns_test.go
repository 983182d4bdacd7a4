package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLogRevsGitProcesses pins the git processes of log --revs A..B
// over N commits, counted by a git first on PATH that notes each run
// and runs the real one: nine for the series, whatever N (gitsrc's
// TestSeriesGitProcesses), and two for each snapshot (git ls-tree and
// the git cat-file that streams its pages), which loads through the
// series' repository, whose one git cat-file resolved every commit.
// It took thirteen and three: 28 for the five snapshots of N = 4, 19
// now, with --since too (20 with a git merge-base that said what the
// rev-list of the dates' order says).
func TestLogRevsGitProcesses(t *testing.T) {
	_, repo, _ := weeklyRepo(t)
	git, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	quote := func(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
	bin, count := t.TempDir(), filepath.Join(t.TempDir(), "runs")
	script := "#!/bin/sh\necho run >> " + quote(count) + "\nexec " + quote(git) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, n := range []int{2, 4} {
		// With --since, the series' base is the first parent of its
		// oldest commit, and it costs as many: the rev-list of the
		// dates' order, no rev-list of the base's line.
		for _, since := range []string{"", "2000-01-01"} {
			if err := os.WriteFile(count, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"log", "-C", repo, "-f", "json", "--revs", fmt.Sprintf("HEAD~%d..HEAD", n), "_cache/develop"}
			series := 9
			if since != "" {
				args = append(args, "--since", since)
			}
			var out, stderr bytes.Buffer
			if code := run(args, &out, &stderr); code != 1 || stderr.Len() > 0 {
				t.Fatalf("N = %d, since %q: exit %d: %s", n, since, code, stderr.String())
			}
			data, err := os.ReadFile(count)
			if err != nil {
				t.Fatal(err)
			}
			if runs, want := bytes.Count(data, []byte("run\n")), series+2*(n+1); runs != want {
				t.Errorf("log --revs HEAD~%d..HEAD, since %q: %d git processes, want %d (%d for the series, two a snapshot)", n, since, runs, want, series)
			}
		}
	}
}
