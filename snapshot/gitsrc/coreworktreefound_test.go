package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// coreWorkTreeCat is a catalogue cat (develop/bc/specs.md, a real page)
// whose core.worktree is cache, the _cache folder of a site (a
// _config.yml) kept elsewhere.
func coreWorkTreeCat(t *testing.T) (cat, cache string) {
	t.Helper()
	cat = commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	site := t.TempDir()
	cache = filepath.Join(site, "_cache")
	if err := os.WriteFile(filepath.Join(site, "_config.yml"), []byte("t: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(cache, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(cat, nil, "config", "core.worktree", cache); err != nil {
		t.Fatal(err)
	}
	return cat, cache
}

// TestCoreWorkTreeFoundSitePath: without GIT_DIR, run in a repository
// (or its .git folder) whose core.worktree is a site's _cache, a
// REV:PATH is placed in that site (/_cache/develop): git finds the
// repository there and takes its core.worktree for the work tree, as
// with GIT_DIR naming it. It was its own top (/develop), and a retag of
// every page passed a gate that GIT_DIR=cat/.git, run in the same
// folder, failed. An ordinary clone is asked no git process more.
func TestCoreWorkTreeFoundSitePath(t *testing.T) {
	cat, cache := coreWorkTreeCat(t)
	plainClone := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	for _, dir := range []string{cat, filepath.Join(cat, ".git"), filepath.Join(cat, ".git", "refs")} {
		if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("run in %s, core.worktree %s: site path %q, want /_cache/develop", dir, cache, got)
		}
	}
	r, err := OpenRepo(plainClone)
	if err != nil {
		t.Fatal(err)
	}
	before := gitRuns.Load()
	if r.foundWorkTree() {
		t.Errorf("an ordinary clone: core.worktree found")
	}
	if runs := gitRuns.Load() - before; runs != 0 {
		t.Errorf("an ordinary clone: %d git processes to look for core.worktree, want 0", runs)
	}
}

// TestCoreWorkTreeRepoFolderSitePath: without GIT_DIR, run in (or -C) a
// repository folder kept elsewhere (x.git, not bare, as a deploy script
// keeps one) whose core.worktree is a site's _cache, a REV:PATH is placed
// in that site (/_cache/develop), as with GIT_DIR=x.git: git finds the
// folder itself for the repository. Only a .git at or above the folder
// was looked for, and a retag of every page passed a gate.
func TestCoreWorkTreeRepoFolderSitePath(t *testing.T) {
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	tmp := t.TempDir()
	repo, site := filepath.Join(tmp, "x.git"), filepath.Join(tmp, "site")
	cache := filepath.Join(site, "_cache")
	if err := os.MkdirAll(cache, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(site, "_config.yml"), []byte("t: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(tmp, nil, "clone", "-q", "--bare", cat, repo); err != nil {
		t.Fatal(err)
	}
	for _, kv := range [][2]string{{"core.bare", "false"}, {"core.worktree", cache}} {
		if _, err := gittest.Git(repo, nil, "config", kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	for _, dir := range []string{repo, filepath.Join(repo, "refs")} {
		if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("run in %s, core.worktree %s: site path %q, want /_cache/develop", dir, cache, got)
		}
	}
}

// TestCoreWorkTreeFoundBigConfig: without GIT_DIR, run in a repository
// whose config sets core.worktree to a site's _cache after over 1 MiB of
// comments, a REV:PATH is placed in that site (/_cache/develop), as with
// the same config less the padding. The look for a worktree in the
// config passed a file that big by, git was not asked, and a retag of
// every page passed a gate.
func TestCoreWorkTreeFoundBigConfig(t *testing.T) {
	cat, cache := coreWorkTreeCat(t)
	config := filepath.Join(cat, ".git", "config")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	pad := strings.Repeat("# "+strings.Repeat("x", 62)+"\n", 1<<20/64+1)
	if err := os.WriteFile(config, []byte(pad+string(data)), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := sitePath(t, cat, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("run in %s, core.worktree %s after %d bytes of comments: site path %q, want /_cache/develop", cat, cache, len(pad), got)
	}
}

// TestCoreWorkTreeFoundSparseClone: without GIT_DIR, a clone git
// sparse-checkout narrowed (extensions.worktreeConfig in its config, a
// sparse-checkout line in its config.worktree) from a remote whose URL
// names include-what-you-use sets no core.worktree, and looking for one
// runs no git process: the look asked git twice for any config holding
// the word worktree or include. Each spelling git's setup reads
// core.worktree by still has git asked.
func TestCoreWorkTreeFoundSparseClone(t *testing.T) {
	src := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	tmp := t.TempDir()
	clone := filepath.Join(tmp, "iwyu")
	if _, err := gittest.Git(tmp, nil, "clone", "-q", src, clone); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"sparse-checkout", "set", "develop"}, {"remote", "set-url", "origin", "https://github.com/include-what-you-use/include-what-you-use"}} {
		if _, err := gittest.Git(clone, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	before := gitRuns.Load()
	if r.foundWorkTree() {
		t.Errorf("a sparse clone: core.worktree found")
	}
	if runs := gitRuns.Load() - before; runs != 0 {
		t.Errorf("a sparse clone: %d git processes to look for core.worktree, want 0", runs)
	}
	for _, text := range []string{"[core]worktree=/x", "[core] WorkTree\t= /x", "[CORE]\n\tworkTREE  \t =/x", "[core]\n\tworktree = /x"} {
		if !namesWorkTree([]byte("[extensions]\n\tworktreeConfig = true\n" + text + "\n")) {
			t.Errorf("%q: core.worktree not looked for", text)
		}
	}
}

// TestCoreWorkTreeFoundPastFixture: without GIT_DIR, run in a folder of
// a repository kept outside the site (cat, whose core.worktree is a
// site's _cache) that holds objects and refs and a HEAD naming no ref or
// commit, a REV:PATH is placed in that site (/_cache/develop): git
// passes that folder by and finds cat. The folder was taken for the
// repository, cat's config was not looked at, and a retag of every page
// passed a gate that the same run in cat failed.
func TestCoreWorkTreeFoundPastFixture(t *testing.T) {
	cat, cache := coreWorkTreeCat(t)
	fx := filepath.Join(cat, "fx")
	for _, sub := range []string{"objects", "refs"} {
		if err := os.MkdirAll(filepath.Join(fx, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(fx, "HEAD"), []byte("garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := sitePath(t, fx, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("run in %s, core.worktree %s: site path %q, want /_cache/develop", fx, cache, got)
	}
}
