package gitsrc

import (
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitDirWorkTreeEnvSitePath: with GIT_DIR and GIT_WORK_TREE naming a
// clone a site holds as _cache and its own checkout, git takes that
// checkout for the work tree wherever it runs, and git:HEAD:develop is
// placed in the site from below its top as from its top, as ./develop
// on disk is: run in _cache/develop, the clone was not asked of (git,
// with GIT_WORK_TREE left out, took that folder for the top), it was
// its own top (/develop), and a retag of every page passed a gate.
func TestGitDirWorkTreeEnvSitePath(t *testing.T) {
	site := commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache/\n"}, nil)
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	cache := filepath.Join(site, "_cache")
	if _, err := gittest.Git(site, nil, "clone", "-q", cat, cache); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_DIR", filepath.Join(cache, ".git"))
	for _, wt := range []string{cache, "..", "../"} {
		t.Setenv("GIT_WORK_TREE", wt)
		for _, dir := range []string{filepath.Join(cache, "develop")} {
			if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
				t.Errorf("GIT_DIR %s, GIT_WORK_TREE %s, run in %s: site path %q, want /_cache/develop", filepath.Join(cache, ".git"), wt, dir, got)
			}
		}
	}
	// Absolute, run above the checkout or out of it: git reads the
	// checkout's HEAD all the same.
	t.Setenv("GIT_WORK_TREE", cache)
	for _, dir := range []string{site, t.TempDir()} {
		if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("GIT_WORK_TREE %s, run in %s: site path %q, want /_cache/develop", cache, dir, got)
		}
	}
	// Both relative, from the folder they are set in.
	t.Setenv("GIT_DIR", "../../.git")
	t.Setenv("GIT_WORK_TREE", "../..")
	if got := sitePath(t, filepath.Join(cache, "develop", "bc"), "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR ../../.git, GIT_WORK_TREE ../.., run in %s: site path %q, want /_cache/develop", filepath.Join(cache, "develop", "bc"), got)
	}
	t.Setenv("GIT_DIR", filepath.Join(cache, ".git"))
	// GIT_WORK_TREE naming no checkout of the repository is no top.
	t.Setenv("GIT_WORK_TREE", site)
	if got := sitePath(t, cache, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_WORK_TREE %s, run in %s: site path %q, want /_cache/develop", site, cache, got)
	}
}
