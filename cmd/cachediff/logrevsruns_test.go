package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
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

// TestLogRevsSkipNotedOnce: under --revs, the files the commits left
// out (--skip-invalid) are noted once for the log, with how many
// commits and the first and last: a page bad since the range's base was
// noted at each commit, word for word but its 40-digit id. One commit
// alone is noted as before.
func TestLogRevsSkipNotedOnce(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	repo := t.TempDir()
	page := func(version string) string {
		return "---\ntitle: \"zlib\"\nlayout: cache\ncategories: [package, develop]\n" +
			`meta: {"compilers": ["gcc@13.2.0"], "num_specs": 1, "num_specs_by_stack": {"root": 1}, "oss": ["ubuntu22.04"], "platforms": ["linux"], "stacks": ["root"], "targets": ["x86_64_v3"], "versions": ["` + version + `"]}` + "\n" +
			`spec_details: [{"compiler": "gcc@13.2.0", "hash": "abcdefghijklmnopqrstuvwxyz234567", "os": "ubuntu22.04", "platform": "linux", "size": "-", "stacks": ["root"], "target": "x86_64_v3", "variants": ["+shared"], "versions": ["` + version + `"]}]` + "\n---\n"
	}
	// Commits: a bad page beside zlib, zlib updated, a second bad page,
	// both bad pages gone.
	for i, files := range []map[string]string{
		{"snap/zlib/specs.md": page("1.3.1"), "snap/bad/specs.md": "no front matter\n"},
		{"snap/zlib/specs.md": page("1.3.2")},
		{"snap/zlib/specs.md": page("1.3.3"), "snap/worse/specs.md": "no front matter\n"},
		{"snap/bad/specs.md": "", "snap/worse/specs.md": ""},
	} {
		for rel, data := range files {
			p := filepath.Join(repo, rel)
			if data == "" {
				if err := os.RemoveAll(filepath.Dir(p)); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmds := [][]string{{"add", "-A"}, {"commit", "-qm", "c"}}
		if i == 0 {
			cmds = append([][]string{{"init", "-q"}}, cmds...)
		}
		for _, args := range cmds {
			if _, err := gittest.Git(repo, nil, args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	ids, err := gittest.Git(repo, nil, "log", "--format=%H", "--reverse")
	if err != nil {
		t.Fatal(err)
	}
	id := strings.Fields(string(ids))
	for _, c := range []struct {
		revs, want string
		code       int
	}{
		{"HEAD~3..HEAD", "cachediff: snap: skipped 1 to 2 invalid pages at each of 3 commits of the log's 4, " + id[0][:12] + " to " + id[2][:12] + ", listed in the log\n", exitDiffers},
		{"HEAD~3..HEAD~2", "cachediff: snap: skipped 1 invalid page at each of 2 commits, " + id[0][:12] + " to " + id[1][:12] + ", listed in the log\n", exitDiffers},
		// The skipped pages gone: no change.
		{"HEAD~1..HEAD", "cachediff: " + id[2] + ":snap: skipped 2 invalid pages, listed in the log\n", exitSame},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"log", "-C", repo, "--skip-invalid", "--revs", c.revs, "snap"}, &stdout, &stderr)
		if code != c.code || stderr.String() != c.want {
			t.Errorf("%s: exit %d, stderr %q; want exit %d, %q", c.revs, code, stderr.String(), c.code, c.want)
		}
	}
}
