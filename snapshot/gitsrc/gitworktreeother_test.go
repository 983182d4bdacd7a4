package gitsrc

import (
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// clonedSite is a site (a _config.yml, _cache/ ignored, and the files
// extra) that holds as _cache a clone of a catalogue cat
// (develop/bc/specs.md, a real page), and a linked worktree other of
// that clone, kept outside in a folder of its own.
func clonedSite(t *testing.T, extra map[string]string) (site, cat, cache, other string) {
	t.Helper()
	files := map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache/\n"}
	maps.Copy(files, extra)
	site = commitFiles(t, files, nil)
	cat = commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	cache = filepath.Join(site, "_cache")
	other = filepath.Join(t.TempDir(), "wt")
	if _, err := gittest.Git(site, nil, "clone", "-q", cat, cache); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(cache, nil, "worktree", "add", "-q", "--detach", other); err != nil {
		t.Fatal(err)
	}
	return site, cat, cache, other
}

// TestGitWorkTreeOtherWorktreeSitePath: with GIT_DIR and GIT_WORK_TREE
// naming two worktrees of one repository, one held by a site as _cache
// and one kept outside it, run at the top of the one the site holds,
// git:HEAD:develop is placed in the site (/_cache/develop), as it was
// before GIT_WORK_TREE's checkout was asked of: measured from the one
// outside, it was its own top (/develop), and a retag of every page
// passed a gate (exit 0) that the same run without GIT_WORK_TREE failed.
func TestGitWorkTreeOtherWorktreeSitePath(t *testing.T) {
	// The site holds a clone; a linked worktree of it is kept outside.
	site, cat, cache, other := clonedSite(t, nil)
	t.Setenv("GIT_DIR", filepath.Join(cache, ".git"))
	t.Setenv("GIT_WORK_TREE", other)
	if got := sitePath(t, cache, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR %s, GIT_WORK_TREE %s (another worktree), run in %s: site path %q, want /_cache/develop", filepath.Join(cache, ".git"), other, cache, got)
	}
	// The other way round: the main repository kept outside, the site
	// holding a linked worktree of it as _cache2.
	cache2 := filepath.Join(site, "_cache2", "_cache")
	if _, err := gittest.Git(cat, nil, "worktree", "add", "-q", "--detach", cache2); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_DIR", filepath.Join(cat, ".git"))
	t.Setenv("GIT_WORK_TREE", cat)
	if got := sitePath(t, cache2, "HEAD:develop"); got != "/_cache2/_cache/develop" {
		t.Errorf("GIT_DIR %s, GIT_WORK_TREE %s, run in %s (a linked worktree of it): site path %q, want /_cache2/_cache/develop", filepath.Join(cat, ".git"), cat, cache2, got)
	}
}

// TestGitWorkTreeOtherWorktreeBelowTop: as TestGitWorkTreeOtherWorktreeSitePath,
// run below the top of the clone the site holds (_cache/develop,
// _cache/develop/bc): asked from that folder with GIT_DIR alone, git took
// it for the top, and a correct snapshot was placed at
// /_cache/develop/develop and refused ("is in folder develop/bc").
func TestGitWorkTreeOtherWorktreeBelowTop(t *testing.T) {
	_, _, cache, other := clonedSite(t, nil)
	t.Setenv("GIT_WORK_TREE", other)
	for _, dir := range []string{filepath.Join(cache, "develop"), filepath.Join(cache, "develop", "bc")} {
		for _, gitDir := range []string{filepath.Join(cache, ".git"), "relative"} {
			if gitDir == "relative" {
				rel, err := filepath.Rel(dir, filepath.Join(cache, ".git"))
				if err != nil {
					t.Fatal(err)
				}
				gitDir = rel
			}
			t.Setenv("GIT_DIR", gitDir)
			if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
				t.Errorf("GIT_DIR %s, GIT_WORK_TREE %s (another worktree), run in %s: site path %q, want /_cache/develop", gitDir, other, dir, got)
			}
		}
	}
}

// TestGitWorkTreeOtherWorktreeLink: as TestGitWorkTreeOtherWorktreeBelowTop,
// run in a link from outside the site to the clone's develop: git took
// that folder for the top, and a correct snapshot was placed at
// /_cache/develop/develop and refused.
func TestGitWorkTreeOtherWorktreeLink(t *testing.T) {
	_, _, cache, other := clonedSite(t, nil)
	tmp := filepath.Dir(other)
	lnk := filepath.Join(tmp, "lnk")
	if err := os.Symlink(filepath.Join(cache, "develop"), lnk); err != nil {
		t.Skip(err)
	}
	t.Setenv("GIT_DIR", filepath.Join(cache, ".git"))
	t.Setenv("GIT_WORK_TREE", other)
	if got := sitePath(t, lnk, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR %s, GIT_WORK_TREE %s (another worktree), run in %s (a link to %s): site path %q, want /_cache/develop", filepath.Join(cache, ".git"), other, lnk, filepath.Join(cache, "develop"), got)
	}
}

// TestGitWorkTreeOtherWorktreeLinkFromCheckout: as
// TestGitWorkTreeOtherWorktreeLink, the link kept in a folder that is a
// checkout of its own (a home folder in git): the fallback walk took
// that checkout for the top, by the link's spelling, and a retag of
// every page passed a gate (placed nowhere) that the same link from a
// folder outside any checkout failed.
func TestGitWorkTreeOtherWorktreeLinkFromCheckout(t *testing.T) {
	_, _, cache, other := clonedSite(t, nil)
	home := commitFiles(t, map[string]string{"x": "x\n"}, nil)
	lnk := filepath.Join(home, "lnk")
	if err := os.Symlink(filepath.Join(cache, "develop"), lnk); err != nil {
		t.Skip(err)
	}
	t.Setenv("GIT_DIR", filepath.Join(cache, ".git"))
	t.Setenv("GIT_WORK_TREE", other)
	if got := sitePath(t, lnk, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR %s, GIT_WORK_TREE %s (another worktree), run in %s (a link in checkout %s to %s): site path %q, want /_cache/develop", filepath.Join(cache, ".git"), other, lnk, home, filepath.Join(cache, "develop"), got)
	}
}

// TestGitWorkTreeOtherWorktreeLinkInSite: as
// TestGitWorkTreeOtherWorktreeLinkFromCheckout, the link kept in the
// site's own checkout (site/lnk, site/sub/l2 to _cache/develop/bc): the
// fallback walk took the site's checkout for the top, by the link's
// spelling, and a retag of every page passed a gate (placed nowhere)
// that the same run in _cache/develop failed.
func TestGitWorkTreeOtherWorktreeLinkInSite(t *testing.T) {
	site, _, cache, other := clonedSite(t, map[string]string{"sub/x": "x\n"})
	lnk, l2 := filepath.Join(site, "lnk"), filepath.Join(site, "sub", "l2")
	if err := os.Symlink(filepath.Join(cache, "develop"), lnk); err != nil {
		t.Skip(err)
	}
	if err := os.Symlink(filepath.Join("..", "_cache", "develop", "bc"), l2); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_DIR", filepath.Join(cache, ".git"))
	t.Setenv("GIT_WORK_TREE", other)
	for _, dir := range []string{lnk, l2} {
		if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("GIT_DIR %s, GIT_WORK_TREE %s (another worktree), run in %s (a link in the site): site path %q, want /_cache/develop", filepath.Join(cache, ".git"), other, dir, got)
		}
	}
}

// TestGitWorkTreeOtherWorktreeLinkRelGitDir: as
// TestGitWorkTreeOtherWorktreeLink, with GIT_DIR=../.git relative, which
// git, run in the link, reads from where it leads (the clone's .git):
// joined by the link's spelling it named no repository, and a retag of
// every page passed a gate (placed nowhere) that the same run in
// _cache/develop failed.
func TestGitWorkTreeOtherWorktreeLinkRelGitDir(t *testing.T) {
	_, _, cache, other := clonedSite(t, nil)
	tmp := filepath.Dir(other)
	lnk := filepath.Join(tmp, "lnk")
	if err := os.Symlink(filepath.Join(cache, "develop"), lnk); err != nil {
		t.Skip(err)
	}
	t.Setenv("GIT_DIR", filepath.Join("..", ".git"))
	t.Setenv("GIT_WORK_TREE", other)
	if got := sitePath(t, lnk, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR ../.git, GIT_WORK_TREE %s (another worktree), run in %s (a link to %s): site path %q, want /_cache/develop", other, lnk, filepath.Join(cache, "develop"), got)
	}
}

// TestGitWorkTreeLinkRelGitDirHere: GIT_DIR=../.git relative and
// GIT_WORK_TREE the clone the site holds as _cache, run in a link to
// its develop as the command line does (".", the shell's PWD the
// link's spelling): GIT_DIR was joined to ".", made absolute by the
// spelling, named no repository, superPath asked nothing, and a retag
// of every page passed a gate that the same run in _cache/develop
// failed.
func TestGitWorkTreeLinkRelGitDirHere(t *testing.T) {
	site := commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache/\n"}, nil)
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	cache := filepath.Join(site, "_cache")
	if _, err := gittest.Git(site, nil, "clone", "-q", cat, cache); err != nil {
		t.Fatal(err)
	}
	lnk := filepath.Join(t.TempDir(), "lnk")
	if err := os.Symlink(filepath.Join(cache, "develop"), lnk); err != nil {
		t.Skip(err)
	}
	t.Chdir(lnk)
	t.Setenv("PWD", lnk)
	t.Setenv("GIT_DIR", filepath.Join("..", ".git"))
	t.Setenv("GIT_WORK_TREE", cache)
	if got := sitePath(t, ".", "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR ../.git, GIT_WORK_TREE %s, run in %s (a link to %s): site path %q, want /_cache/develop", cache, lnk, filepath.Join(cache, "develop"), got)
	}
}
