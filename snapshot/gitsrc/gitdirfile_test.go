package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitDirFileCheckoutSitePath: with GIT_DIR the .git file of a
// checkout a site holds as _cache that git's worktree list does not
// name (a clone made with --separate-git-dir, which git lists as its
// repository folder; a linked worktree moved there by hand), run in a
// plain folder, a REV:PATH is placed in that site (/_cache/develop), as
// the same GIT_DIR naming a plain clone's .git folder is: the checkout
// is the folder of that .git file. Both were placed nowhere, and a
// retag of every page passed a gate that the same run in _cache/develop
// failed.
func TestGitDirFileCheckoutSitePath(t *testing.T) {
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	tmp := t.TempDir()
	plain, store := filepath.Join(tmp, "plain"), filepath.Join(tmp, "store", "cat.git")
	for _, d := range []string{plain, filepath.Dir(store)} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	site := func(name string) string {
		d := filepath.Join(tmp, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "_config.yml"), []byte("t: 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return filepath.Join(d, "_cache")
	}
	separate, moved := site("a"), site("b")
	if _, err := gittest.Git(tmp, nil, "clone", "-q", "--separate-git-dir="+store, cat, separate); err != nil {
		t.Fatal(err)
	}
	away := filepath.Join(tmp, "wt")
	if _, err := gittest.Git(cat, nil, "worktree", "add", "-q", "--detach", away); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(away, moved); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, gitDir string }{
		{"a clone with --separate-git-dir", filepath.Join(separate, ".git")},
		{"a linked worktree moved by hand", filepath.Join(moved, ".git")},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GIT_DIR", c.gitDir)
			if got := sitePath(t, plain, "HEAD:develop"); got != "/_cache/develop" {
				t.Errorf("GIT_DIR %s, run in a plain folder: site path %q, want /_cache/develop", c.gitDir, got)
			}
		})
	}
}
