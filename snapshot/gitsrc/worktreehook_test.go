package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestLinkedWorktreeHookSitePath: a linked worktree of the catalogue
// checked out as a site's _cache (ignored by the site's repository) is
// placed in that site from git as on disk, in its hooks too, where git
// sets GIT_DIR to its .git/worktrees/NAME and runs at its top: with
// GIT_DIR in no modules folder, git was not asked, the worktree was its
// own top (/develop), and a retag of every page passed a gate that the
// folder on disk, and -C it without GIT_DIR, failed.
func TestLinkedWorktreeHookSitePath(t *testing.T) {
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	site := commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache/\n"}, nil)
	cache := filepath.Join(site, "_cache")
	if _, err := gittest.Git(cat, nil, "worktree", "add", "-q", cache); err != nil {
		t.Fatal(err)
	}
	if got := sitePath(t, cache, "HEAD:develop"); got != "/_cache/develop" {
		t.Fatalf("-C %s, no GIT_DIR: site path %q, want /_cache/develop", cache, got)
	}
	gitDir, err := gittest.Git(cache, nil, "rev-parse", "--absolute-git-dir")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_DIR", strings.TrimSuffix(gitDir, "\n"))
	if got := sitePath(t, cache, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR %s, run at the worktree's top: site path %q, want /_cache/develop", os.Getenv("GIT_DIR"), got)
	}
}

// TestMainRepoInLinkedWorktreeSitePath: GIT_DIR naming the main
// repository, run at the top of a linked worktree of it that a site
// holds as _cache (git takes that folder for the work tree), places it
// in that site as on disk: the worktree's .git leads to
// .git/worktrees/NAME, not GIT_DIR, so it was its own top (/develop),
// and a retag of every page passed a gate that ./develop failed there.
func TestMainRepoInLinkedWorktreeSitePath(t *testing.T) {
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	site := commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache/\n"}, nil)
	cache := filepath.Join(site, "_cache")
	if _, err := gittest.Git(cat, nil, "worktree", "add", "-q", cache); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_DIR", filepath.Join(cat, ".git"))
	if got := sitePath(t, cache, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR %s, run at the linked worktree's top: site path %q, want /_cache/develop", os.Getenv("GIT_DIR"), got)
	}
	// GIT_DIR naming the linked worktree's repository folder, run at
	// the main worktree's top, which no site holds: git reads the HEAD
	// of the checkout the site holds as _cache, so it is placed there
	// (worktreePlace), whatever folder git runs in.
	t.Setenv("GIT_DIR", filepath.Join(cat, ".git", "worktrees", "_cache"))
	if got := sitePath(t, cat, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR %s, run at the main worktree's top, no site: site path %q, want /_cache/develop", os.Getenv("GIT_DIR"), got)
	}
	// The main repository's own, run at its top: its checkout is in
	// no site, and it is its own top.
	t.Setenv("GIT_DIR", filepath.Join(cat, ".git"))
	if got := sitePath(t, cat, "HEAD:develop"); got != "/develop" {
		t.Errorf("GIT_DIR %s, run at its own top, no site: site path %q, want /develop", os.Getenv("GIT_DIR"), got)
	}
}
