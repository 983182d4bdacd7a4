package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitDirOverridesC (issue 35, adversarial round 3): with GIT_DIR set
// (as inside a git hook), REV:PATH read that repository whatever -C said,
// as git does, and nothing said so: the diff of another repository's
// pages, without a word. A run given -C warns once that GIT_DIR decides.
func TestGitDirOverridesC(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := func(page string) string {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "page.md"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "page.md"}, {"commit", "-q", "-m", "page"}} {
			if _, err := gittest.Git(dir, nil, args...); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	mine, hook := repo(permPage), repo(strings.Replace(permPage, "1.0", "2.0", 1))
	gitDir := filepath.Join(hook, ".git")
	const warning = "cachediff: warning: GIT_DIR is set ("
	for _, c := range []struct {
		name   string
		gitDir string
		args   []string
		warns  bool
	}{
		{"-C and GIT_DIR", gitDir, []string{"-C", mine, "main:page.md", "main:page.md"}, true},
		{"-C and GIT_DIR, git: and log", gitDir, []string{"log", "-C", mine, "git:main:page.md", "main:page.md"}, true},
		{"-C and GIT_DIR, --revs", gitDir, []string{"log", "-C", mine, "--revs", "main", "page.md"}, true},
		{"--quiet", gitDir, []string{"-q", "-C", mine, "main:page.md", "main:page.md"}, false},
		{"no -C", gitDir, []string{"main:page.md", "main:page.md"}, false},
		{"no GIT_DIR", "", []string{"-C", mine, "main:page.md", "main:page.md"}, false},
		{"no REV:PATH", gitDir, []string{"-C", mine, "page.md", "page.md"}, false},
		{"relative GIT_DIR", ".git", []string{"-C", mine, "main:page.md", "main:page.md"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GIT_DIR", c.gitDir)
			if c.gitDir == "" {
				os.Unsetenv("GIT_DIR")
			}
			t.Chdir(mine)
			var stdout, stderr bytes.Buffer
			run(c.args, &stdout, &stderr)
			got := strings.Count(stderr.String(), warning)
			named := c.gitDir
			if c.gitDir == ".git" {
				named = ".git, which from -C " + mine + " is " + filepath.Join(mine, ".git")
			}
			if c.warns && (got != 1 || !strings.Contains(stderr.String(), warning+named+"): git reads that repository, whatever -C "+mine+" says")) {
				t.Errorf("%d warnings; want one, naming GIT_DIR and -C:\n%s", got, stderr.String())
			}
			if !c.warns && got != 0 {
				t.Errorf("a warning of GIT_DIR:\n%s", stderr.String())
			}
		})
	}
}
