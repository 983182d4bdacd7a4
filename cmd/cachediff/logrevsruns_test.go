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
	count := countGitRuns(t)
	for _, n := range []int{2, 4} {
		// With --since, the series' base is the first parent of its
		// oldest commit, and it costs as many: the rev-list of the
		// dates' order, no rev-list of the base's line.
		for _, since := range []string{"", "2000-01-01"} {
			args := []string{"log", "-C", repo, "-f", "json", "--revs", fmt.Sprintf("HEAD~%d..HEAD", n), "_cache/develop"}
			series := 9
			if since != "" {
				args = append(args, "--since", since)
			}
			var out, stderr bytes.Buffer
			if code := run(args, &out, &stderr); code != 1 || stderr.Len() > 0 {
				t.Fatalf("N = %d, since %q: exit %d: %s", n, since, code, stderr.String())
			}
			if runs, want := count(), series+2*(n+1); runs != want {
				t.Errorf("log --revs HEAD~%d..HEAD, since %q: %d git processes, want %d (%d for the series, two a snapshot)", n, since, runs, want, series)
			}
		}
	}
}

// countGitRuns puts first on PATH, for the rest of the test, a git that
// notes each run and runs the real one, and returns a function that
// says how many ran since it last said.
func countGitRuns(t *testing.T) func() int {
	t.Helper()
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
	return func() int {
		t.Helper()
		data, err := os.ReadFile(count)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if err := os.WriteFile(count, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		return bytes.Count(data, []byte("run\n"))
	}
}

// TestDiffRevsShareRepo: the two sides of a diff in one repository are
// read through one Repo (input.Repos), which asks git once what it
// keeps: from a folder below the top, git:A:./develop git:B:./develop
// start one git rev-parse --show-prefix, not one a side, and one git
// cat-file --batch to resolve each side, git ls-tree to list it and a
// git cat-file --batch --buffer to stream its pages: seven processes
// (eight with a Repo a side), and so without git: (REV:PATH).
func TestDiffRevsShareRepo(t *testing.T) {
	_, repo, _ := weeklyRepo(t)
	count := countGitRuns(t)
	for _, prefix := range []string{"git:", ""} {
		count()
		args := []string{"-C", filepath.Join(repo, "_cache"), "-f", "json", prefix + "HEAD~1:./develop", prefix + "HEAD:./develop"}
		var out, stderr bytes.Buffer
		if code := run(args, &out, &stderr); code != 1 || stderr.Len() > 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr.String())
		}
		if runs := count(); runs != 7 {
			t.Errorf("%q: %d git processes, want 7", args, runs)
		}
	}
}
