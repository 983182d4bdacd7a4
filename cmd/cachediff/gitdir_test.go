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

// TestGitDirWarningPathsApart: the GIT_DIR warning wrote its paths
// raw into a message that Visible escapes whole, which leaves a
// backslash as it is: a GIT_DIR of "a\" and U+202E, and one of the
// seven characters `a\\u202e`, read alike (both a\\u202e). Each path
// is now written as snapshot.ShownPath names a path, in ASCII: as
// VisibleInput wrote it, a lookalike (/gа, its а Cyrillic) read as /ga.
func TestGitDirWarningPathsApart(t *testing.T) {
	warn := func(gitDir, dir string) string {
		t.Setenv("GIT_DIR", gitDir)
		var stderr bytes.Buffer
		c := &cli{stdout: &bytes.Buffer{}, stderr: &stderr}
		c.warnGitDir(&options{dir: dir, revs: "main"}, nil)
		if !strings.Contains(stderr.String(), "GIT_DIR is set (") {
			t.Fatalf("GIT_DIR %q, -C %q: no warning: %q", gitDir, dir, stderr.String())
		}
		return stderr.String()
	}
	for _, c := range [][2]string{
		{"/a\\\u202e", `/a\\u202e`},
		{"a\\\u202e", `a\\u202e`},
	} {
		for _, dir := range []string{"/repo", "/r\\\u202e"} {
			if a, b := warn(c[0], dir), warn(c[1], dir); a == b {
				t.Errorf("GIT_DIR %q and %q, -C %q: one warning for both: %s", c[0], c[1], dir, a)
			}
		}
		if a, b := warn("/g", "/r\\\u202e"), warn("/g", `/r\\u202e`); a == b {
			t.Errorf("-C %q and %q: one warning for both: %s", "/r\\\u202e", `/r\\u202e`, a)
		}
	}
	if w := warn("/g\u0430", "r\u0430"); strings.ContainsRune(w, '\u0430') {
		t.Errorf("GIT_DIR /gа and -C rа (Cyrillic а): %s; want them in ASCII", w)
	}
}
