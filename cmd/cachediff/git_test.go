package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/gittest"
)

// TestGitEqualsFolders: a diff of two REV:PATH snapshots is the diff of
// the folders they were committed from, byte for byte in every format,
// but for the paths (REV:PATH for the folder) and the revisions (the JSON
// sides' rev and date, which a folder has not). The repository is the
// real weekly series, one commit per week; each step of it is checked.
func TestGitEqualsFolders(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	series, err := filepath.Abs("../../testdata/real-series")
	if err != nil {
		t.Fatal(err)
	}
	repo := filepath.Join(t.TempDir(), "catalogue")
	weeks, err := gittest.Series(repo, series)
	if err != nil {
		t.Fatal(err)
	}
	if len(weeks) != 5 {
		t.Fatalf("%d weeks, want 5", len(weeks))
	}
	for i := 1; i < len(weeks); i++ {
		oldDir, newDir := filepath.Join(series, weeks[i-1].Tag), filepath.Join(series, weeks[i].Tag)
		oldRev, newRev := weeks[i-1].ID+":_cache/develop", weeks[i].ID+":_cache/develop"
		for _, format := range []string{"md", "json", "text", "patch"} {
			var fromDirs, fromGit, stderr bytes.Buffer
			dirCode := run([]string{"--format", format, oldDir, newDir}, &fromDirs, &stderr)
			gitCode := run([]string{"-C", repo, "--format", format, oldRev, newRev}, &fromGit, &stderr)
			if dirCode != 1 || gitCode != 1 || stderr.Len() > 0 {
				t.Fatalf("%s → %s, %s: exit %d from folders, %d from git: %s", weeks[i-1].Tag, weeks[i].Tag, format, dirCode, gitCode, stderr.String())
			}
			got := fromGit.String()
			if format == "json" {
				for _, w := range []gittest.Week{weeks[i-1], weeks[i]} {
					revs := "\n    \"rev\": \"" + w.ID + "\",\n    \"date\": \"" + w.Tag[len("develop-"):] + "T12:00:00Z\","
					if !strings.Contains(got, revs) {
						t.Errorf("%s → %s: the JSON lacks %q", weeks[i-1].Tag, weeks[i].Tag, revs)
					}
					got = strings.Replace(got, revs, "", 1)
				}
			}
			got = strings.ReplaceAll(strings.ReplaceAll(got, oldRev, oldDir), newRev, newDir)
			if got != fromDirs.String() {
				t.Errorf("%s → %s, --format %s: the diff from git differs from the diff of the folders:\n%s",
					weeks[i-1].Tag, weeks[i].Tag, format, firstDifference(got, fromDirs.String()))
			}
		}
	}
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return "line " + strconv.Itoa(i+1) + ":\n  git:     " + g[i] + "\n  folders: " + w[i]
		}
	}
	return "one is longer: " + strconv.Itoa(len(g)) + " lines from git, " + strconv.Itoa(len(w)) + " from the folders"
}

// TestGitMissing: without the git program, REV:PATH says what it needs;
// folders still work.
func TestGitMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var stdout, stderr bytes.Buffer
	code := run([]string{"HEAD~1:_cache/develop", "HEAD:_cache/develop"}, &stdout, &stderr)
	want := "cachediff: loading HEAD~1:_cache/develop: no such file or directory, and not REV:PATH either: REV:PATH needs the git program, and it is not on PATH (install git, or give a folder on disk)\n"
	if code != 2 || !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr.String(), want)
	}
	stderr.Reset()
	if code := run([]string{"../../testdata/real/v0.23.0", "../../testdata/real/v0.23.1"}, &stdout, &stderr); code > 1 {
		t.Errorf("folders without git: exit %d: %s", code, stderr.String())
	}
}

// TestReadmeGitExample runs the README's REV:PATH example in this
// repository (when it is a git clone): it must work as written.
func TestReadmeGitExample(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	if _, err := gittest.Git("../..", nil, "rev-parse", "--verify", "--quiet", "HEAD:testdata/real-series"); err != nil {
		t.Skip("not a git clone of cachediff with testdata/real-series committed")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(readme), "\n") {
		cmd, ok := strings.CutPrefix(line, "bin/cachediff HEAD:")
		if !ok {
			continue
		}
		n++
		args := append([]string{"-C", "../.."}, strings.Fields("HEAD:"+cmd)...)
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 1 || !strings.HasPrefix(stdout.String(), "## cachediff: develop-2025-03-09 → develop-2025-03-16\n") {
			t.Errorf("README: %s: exit %d, %q…, stderr %s", line, code, stdout.String()[:min(60, stdout.Len())], stderr.String())
		}
	}
	if n == 0 {
		t.Error("the README has no bin/cachediff HEAD:… example")
	}
}
