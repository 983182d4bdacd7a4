package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestLinkedGitFolderSitePath: run in a clone's .git (or a folder of
// it) spelt through a site's _cache, a symbolic link to the clone kept
// elsewhere, a REV:PATH is placed at the checkout that holds that .git
// as spelt (/_cache/develop), as run at its top. It was measured from
// the .git folder itself (/_cache/.git/develop), and a correct change
// was refused (exit 2), its pages a folder too deep.
func TestLinkedGitFolderSitePath(t *testing.T) {
	site, _ := linkedClone(t)
	for _, dir := range []string{
		filepath.Join(site, "_cache"),
		filepath.Join(site, "_cache", ".git"),
		filepath.Join(site, "_cache", ".git", "refs"),
	} {
		if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("run in %s: site path %q, want /_cache/develop", dir, got)
		}
	}
}

// TestLinkedRelativeGitDirSitePath: with GIT_DIR relative (.git, or
// ../.git from develop), run in a site's _cache, a symbolic link to a
// clone kept elsewhere, a REV:PATH is placed in the site, as without
// GIT_DIR: read from where the link leads (the clone, in no site), it
// was placed nowhere, and a retag of every page passed a gate (exit 0)
// that the same run without GIT_DIR failed.
func TestLinkedRelativeGitDirSitePath(t *testing.T) {
	site, _ := linkedClone(t)
	for _, c := range []struct{ gitDir, dir, spec, want string }{
		{".git", filepath.Join(site, "_cache"), "HEAD:develop", "/_cache/develop"},
		{"../.git", filepath.Join(site, "_cache", "develop"), "HEAD:./", "/_cache"},
	} {
		t.Setenv("GIT_DIR", c.gitDir)
		if got := sitePath(t, c.dir, c.spec); got != c.want {
			t.Errorf("GIT_DIR %s, run in %s: site path of %s %q, want %s", c.gitDir, c.dir, c.spec, got, c.want)
		}
	}
}

// TestLinkedGitWorkTreeSitePath: with GIT_DIR the .git of a clone kept
// elsewhere and GIT_WORK_TREE the site's _cache, a symbolic link to that
// clone, a REV:PATH is placed in the site, as run in site/_cache without
// the variables: git's list names the clone where the link leads (in no
// site), it was placed nowhere, and a retag of every page passed a gate
// (exit 0).
func TestLinkedGitWorkTreeSitePath(t *testing.T) {
	site, clone := linkedClone(t)
	t.Setenv("GIT_DIR", filepath.Join(clone, ".git"))
	t.Setenv("GIT_WORK_TREE", filepath.Join(site, "_cache"))
	if got := sitePath(t, t.TempDir(), "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR %s, GIT_WORK_TREE %s, run in a plain folder: site path %q, want /_cache/develop", os.Getenv("GIT_DIR"), os.Getenv("GIT_WORK_TREE"), got)
	}
}

// TestLinkedGitWorkTreeAloneSitePath: as TestLinkedGitWorkTreeSitePath
// without GIT_DIR, run in the clone's .git, which git finds the
// repository from, with GIT_WORK_TREE the site's _cache relative to it:
// placed nowhere, a retag of every page passed a gate (exit 0).
func TestLinkedGitWorkTreeAloneSitePath(t *testing.T) {
	site, clone := linkedClone(t)
	rel, err := filepath.Rel(filepath.Join(clone, ".git"), filepath.Join(site, "_cache"))
	if err != nil {
		t.Skip(err)
	}
	t.Setenv("GIT_WORK_TREE", rel)
	if got := sitePath(t, filepath.Join(clone, ".git"), "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_WORK_TREE %s, run in %s: site path %q, want /_cache/develop", rel, filepath.Join(clone, ".git"), got)
	}
}

// TestLinkedGitWorktreeFolderSitePath: run in .git/worktrees/NAME
// spelt through a site's _cache, a symbolic link to a clone kept
// elsewhere, git reads the worktree NAME's HEAD, and a REV:PATH is
// placed at that worktree's checkout: in no site for one kept outside
// (/develop), in a site for one a site holds as _cache. It was placed
// at the clone's checkout as spelt (/_cache/develop), and a retag of
// every page in a worktree no site holds was refused (exit 2) that the
// same run in its checkout passed.
func TestLinkedGitWorktreeFolderSitePath(t *testing.T) {
	site, clone := linkedClone(t)
	outside := filepath.Join(t.TempDir(), "outside")
	held := filepath.Join(site, "_wt", "_cache")
	for _, wt := range []string{outside, held} {
		if _, err := gittest.Git(clone, nil, "worktree", "add", "-q", "--detach", wt); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ name, want string }{
		{"outside", "/develop"},
		{"_cache", "/_wt/_cache/develop"},
	} {
		dir := filepath.Join(site, "_cache", ".git", "worktrees", c.name)
		if got := sitePath(t, dir, "HEAD:develop"); got != c.want {
			t.Errorf("run in %s: site path %q, want %s", dir, got, c.want)
		}
	}
}

// linkedClone makes a site (a checkout with _config.yml) whose _cache is
// a symbolic link to a clone of a catalogue kept elsewhere, the shape of
// the TestLinked*SitePath tests, and returns the site and the clone. It
// skips where symbolic links cannot be made.
func linkedClone(t *testing.T) (site, clone string) {
	t.Helper()
	site = commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache\n"}, nil)
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	clone = filepath.Join(t.TempDir(), "clone")
	if _, err := gittest.Git(cat, nil, "clone", "-q", cat, clone); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(clone, filepath.Join(site, "_cache")); err != nil {
		t.Skip(err)
	}
	return site, clone
}
