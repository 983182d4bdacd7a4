package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestBareGitWorkTreeSitePath: with GIT_DIR a bare repository (a bare
// clone, or a clone whose config says core.bare=true) and GIT_WORK_TREE
// its linked worktree a site holds as _cache, a REV:PATH is placed in
// that site (/_cache/develop) wherever git runs, as the same run with
// core.bare=false is: git, asked for the top from the worktree with
// GIT_DIR alone, has none in a bare repository, and a retag of every
// page was placed nowhere and passed a gate.
func TestBareGitWorkTreeSitePath(t *testing.T) {
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	tmp := t.TempDir()
	plain := filepath.Join(tmp, "plain")
	if err := os.Mkdir(plain, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, clone string }{
		{"a bare clone", "--bare"},
		{"core.bare=true in a clone's config", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := t.TempDir()
			repo, cache := filepath.Join(d, "repo"), filepath.Join(d, "site", "_cache")
			args := []string{"clone", "-q", cat, repo}
			if c.clone != "" {
				args = append(args[:2], c.clone, cat, repo)
			}
			if _, err := gittest.Git(d, nil, args...); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Dir(cache), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(d, "site", "_config.yml"), []byte("t: 1\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := gittest.Git(repo, nil, "worktree", "add", "-q", "--detach", cache); err != nil {
				t.Fatal(err)
			}
			gitDir := repo
			if c.clone == "" {
				gitDir = filepath.Join(repo, ".git")
				if _, err := gittest.Git(repo, nil, "config", "core.bare", "true"); err != nil {
					t.Fatal(err)
				}
			}
			t.Setenv("GIT_DIR", gitDir)
			t.Setenv("GIT_WORK_TREE", cache)
			for _, dir := range []string{plain, filepath.Join(cache, "develop")} {
				if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
					t.Errorf("GIT_DIR %s, GIT_WORK_TREE %s, run in %s: site path %q, want /_cache/develop", gitDir, cache, dir, got)
				}
			}
		})
	}
}
