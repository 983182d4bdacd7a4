package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitDirSharedCheckoutSitePath: with two checkouts whose .git leads
// to the repository folder GIT_DIR names (a linked worktree a site holds
// as _cache whose .git file was edited to lead to the main .git), the
// one in a _cache places a REV:PATH (/_cache/develop) wherever git runs,
// as run in the site's _cache: the main one, kept outside any site and
// listed first by git, had it placed nowhere, and a retag of every page
// passed a gate.
func TestGitDirSharedCheckoutSitePath(t *testing.T) {
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	site := commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache/\n"}, nil)
	plain, cache := t.TempDir(), filepath.Join(site, "_cache")
	if _, err := gittest.Git(cat, nil, "worktree", "add", "-q", "--detach", cache); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cache, ".git"), []byte("gitdir: "+filepath.Join(cat, ".git")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_DIR", filepath.Join(cat, ".git"))
	for _, dir := range []string{plain, cache} {
		if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("GIT_DIR %s, run in %s: site path %q, want /_cache/develop", os.Getenv("GIT_DIR"), dir, got)
		}
	}
}
