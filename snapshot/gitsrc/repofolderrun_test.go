package gitsrc

import (
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRepoFolderRunSitePath: run without GIT_DIR in a repository
// folder, a clone's .git (or a folder of it) or a linked worktree's
// .git/worktrees/NAME, whose checkout a site holds as _cache, git reads
// that checkout's HEAD, and a REV:PATH is placed in the site as with
// GIT_DIR naming that folder. It was its own top (/develop), and a retag
// of every page passed a gate (exit 0) that GIT_DIR=. there failed. A
// repository kept outside any site stays its own top.
func TestRepoFolderRunSitePath(t *testing.T) {
	site, cat, cache, _ := clonedSite(t, nil)
	linked := filepath.Join(site, "_wt", "_cache")
	if _, err := gittest.Git(cat, nil, "worktree", "add", "-q", "--detach", linked); err != nil {
		t.Fatal(err)
	}
	linkedDir, err := gittest.Git(linked, nil, "rev-parse", "--absolute-git-dir")
	if err != nil {
		t.Fatal(err)
	}
	linkedDir = linkedDir[:len(linkedDir)-1]
	for _, c := range []struct{ dir, want string }{
		{filepath.Join(cache, ".git"), "/_cache/develop"},
		{filepath.Join(cache, ".git", "refs"), "/_cache/develop"},
		{linkedDir, "/_wt/_cache/develop"},
		{filepath.Join(cat, ".git"), "/develop"},
	} {
		if got := sitePath(t, c.dir, "HEAD:develop"); got != c.want {
			t.Errorf("run in %s: site path %q, want %s", c.dir, got, c.want)
		}
	}
	// An ordinary run, in the checkout, asks git nothing more.
	before := gitRuns.Load()
	if got := sitePath(t, filepath.Join(cat, "develop"), "HEAD:./"); got != "/develop" {
		t.Errorf("run in %s: site path %q, want /develop", filepath.Join(cat, "develop"), got)
	}
	ordinary := gitRuns.Load() - before
	before = gitRuns.Load()
	sitePath(t, filepath.Join(cat, ".git"), "HEAD:develop")
	if inGit := gitRuns.Load() - before; inGit > ordinary+2 {
		t.Errorf("run in cat/.git: %d git processes, %d in its checkout", inGit, ordinary)
	}
	// A bare repository (a mirror), whose HEAD no checkout has, is asked
	// nothing more than its clone's top.
	bare := filepath.Join(t.TempDir(), "cat.git")
	if _, err := gittest.Git(cat, nil, "clone", "-q", "--bare", cat, bare); err != nil {
		t.Fatal(err)
	}
	before = gitRuns.Load()
	sitePath(t, cat, "HEAD:develop")
	top := gitRuns.Load() - before
	before = gitRuns.Load()
	if got := sitePath(t, bare, "HEAD:develop"); got != "/develop" {
		t.Errorf("run in a bare clone: site path %q, want /develop", got)
	}
	if inBare := gitRuns.Load() - before; inBare > top {
		t.Errorf("run in a bare clone: %d git processes, %d at its clone's top", inBare, top)
	}
}
