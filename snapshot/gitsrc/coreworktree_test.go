package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitDirCoreWorktreeSitePath: with GIT_DIR naming a repository kept
// outside the site whose core.worktree is the site's _cache (a
// checkout of its own, as a submodule's), git:HEAD:develop is placed
// in the site, from any folder, as ./develop on disk is: git was not
// asked for a GIT_DIR in no modules folder, the repository was its own
// top (/develop), and a retag of every page passed a gate.
func TestGitDirCoreWorktreeSitePath(t *testing.T) {
	cache, gitDir := outsideRepo(t, "core.worktree")
	t.Setenv("GIT_DIR", gitDir)
	for _, dir := range []string{cache, filepath.Join(cache, "develop"), t.TempDir()} {
		if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("GIT_DIR %s, run in %s: site path %q, want /_cache/develop", gitDir, dir, got)
		}
	}
}

// TestGitDirWorktreeConfigSitePath: core.worktree set in the
// repository's config.worktree (extensions.worktreeConfig), which git
// reads as its own config and git config --local does not, places the
// checkout in the site as one in its config does: it was its own top
// (/develop), and a retag of every page passed a gate.
func TestGitDirWorktreeConfigSitePath(t *testing.T) {
	_, gitDir := outsideRepo(t, "config.worktree")
	t.Setenv("GIT_DIR", gitDir)
	if got := sitePath(t, t.TempDir(), "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR %s, core.worktree in config.worktree: site path %q, want /_cache/develop", gitDir, got)
	}
}

// TestGitDirCoreWorktreeGitConfigEnv: GIT_CONFIG in the environment,
// which git config refuses beside --local ("only one config file at a
// time") and git's setup does not read, leaves a repository whose
// core.worktree is the site's _cache placed in the site: the question
// failed, the repository was its own top (/develop), and a retag of
// every page passed a gate that ./develop on disk failed.
func TestGitDirCoreWorktreeGitConfigEnv(t *testing.T) {
	_, gitDir := outsideRepo(t, "core.worktree")
	empty := filepath.Join(t.TempDir(), "empty.cfg")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_DIR", gitDir)
	t.Setenv("GIT_CONFIG", empty)
	if got := sitePath(t, t.TempDir(), "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR %s, GIT_CONFIG %s: site path %q, want /_cache/develop", gitDir, empty, got)
	}
}

// outsideRepo makes a site (a _config.yml, _cache ignored) and a
// repository kept outside it, at gitDir, whose checkout is the site's
// _cache holding one committed page: core.worktree names it in the
// repository's config, or with where "config.worktree" in its
// config.worktree.
func outsideRepo(t *testing.T, where string) (cache, gitDir string) {
	t.Helper()
	site := commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache/\n"}, nil)
	cache = filepath.Join(site, "_cache")
	if err := os.MkdirAll(filepath.Join(cache, "develop", "bc"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cache, "develop", "bc", "specs.md"), []byte(realPage(t, "bc")), 0o644); err != nil {
		t.Fatal(err)
	}
	gitDir = filepath.Join(t.TempDir(), "cat.git")
	worktree := [][]string{{"config", "core.worktree", cache}}
	if where == "config.worktree" {
		worktree = [][]string{
			{"config", "extensions.worktreeConfig", "true"},
			{"config", "--worktree", "core.worktree", cache},
		}
	}
	steps := [][]string{{"init", "-q", "--bare", gitDir}, {"config", "core.bare", "false"}}
	steps = append(steps, worktree...)
	steps = append(steps, []string{"add", "--all"}, []string{"commit", "-q", "-m", "c"})
	env := []string{"GIT_DIR=" + gitDir}
	for _, args := range steps {
		if _, err := gittest.Git(cache, env, args...); err != nil {
			t.Fatal(err)
		}
	}
	return cache, gitDir
}
