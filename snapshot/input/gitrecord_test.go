package input

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// snapRepo is a repository in a new temporary folder whose first commit
// holds snap/index.json and whose commits after it, commits-1 of them,
// are empty: the revisions HEAD~1… a hint's tests ask about beside
// snap. The test skips where git is not on PATH.
func snapRepo(t *testing.T, commits int) string {
	t.Helper()
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := t.TempDir()
	if err := gittest.Init(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "snap"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "snap", "index.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := [][]string{{"add", "-A"}, {"commit", "-qm", "1"}}
	for i := 2; i <= commits; i++ {
		runs = append(runs, []string{"commit", "-q", "--allow-empty", "-m", string(rune('0' + i))})
	}
	for _, args := range runs {
		if _, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// gitRecorded puts a git first on PATH, for the rest of the test, that
// writes each run's arguments on a line before running the real one,
// and returns runsOf: the runs f makes, their lines, for the tests that
// count what a hint asks git. The test skips where git is not on PATH.
func gitRecorded(t *testing.T) (runsOf func(f func()) string) {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("the git program is not on PATH")
	}
	bin := t.TempDir()
	runs := filepath.Join(bin, "runs")
	script := "#!/bin/sh\necho \"$*\" >> '" + runs + "'\nexec '" + git + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return func(f func()) string {
		if err := os.WriteFile(runs, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		f()
		out, err := os.ReadFile(runs)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
}
