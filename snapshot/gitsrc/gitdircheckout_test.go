package gitsrc

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitDirCheckoutSitePath: with GIT_DIR naming the repository folder
// of a checkout a site holds as _cache (a clone's .git, or a linked
// worktree's .git/worktrees/NAME), a REV:PATH is placed in that site
// (/_cache/develop) whatever folder git runs in and whatever
// GIT_WORK_TREE names: git reads that checkout's HEAD, which the site
// builds. Each shape below placed a retag of every page nowhere (the
// walks follow the folder git runs in and the variables' spellings),
// and it passed a gate that the same run in _cache/develop failed.
func TestGitDirCheckoutSitePath(t *testing.T) {
	site := commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache/\n_wt/\n"}, nil)
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	home := commitFiles(t, map[string]string{"sub/x": "x\n"}, nil)
	cache := filepath.Join(site, "_cache")
	tmp := t.TempDir()
	other, plain := filepath.Join(tmp, "wt"), filepath.Join(tmp, "plain")
	if _, err := gittest.Git(site, nil, "clone", "-q", cat, cache); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(cache, nil, "worktree", "add", "-q", "--detach", other); err != nil {
		t.Fatal(err)
	}
	// A linked worktree of the catalogue kept outside, held by the site
	// as _wt/_cache.
	linked := filepath.Join(site, "_wt", "_cache")
	if _, err := gittest.Git(cat, nil, "worktree", "add", "-q", "--detach", linked); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(plain, 0o755); err != nil {
		t.Fatal(err)
	}
	gitLink := filepath.Join(tmp, "g")
	if err := os.Symlink(filepath.Join(cache, ".git"), gitLink); err != nil {
		t.Skip(err)
	}
	linkedDir, err := gittest.Git(linked, nil, "rev-parse", "--absolute-git-dir")
	if err != nil {
		t.Fatal(err)
	}
	linkedDir = linkedDir[:len(linkedDir)-1]
	for _, c := range []struct {
		name, gitDir, workTree, dir, want string
	}{
		{"GIT_WORK_TREE another worktree, run in a plain folder", filepath.Join(cache, ".git"), other, plain, "/_cache/develop"},
		{"GIT_WORK_TREE another worktree, run below a checkout of its own", filepath.Join(cache, ".git"), other, filepath.Join(home, "sub"), "/_cache/develop"},
		{"GIT_WORK_TREE another worktree, run in that worktree", filepath.Join(cache, ".git"), other, filepath.Join(other, "develop"), "/_cache/develop"},
		{"GIT_DIR through a link, GIT_WORK_TREE another worktree", gitLink, other, plain, "/_cache/develop"},
		{"GIT_DIR alone, run in a plain folder", filepath.Join(cache, ".git"), "", plain, "/_cache/develop"},
		{"a linked worktree's folder, run in a plain folder", linkedDir, "", plain, "/_wt/_cache/develop"},
		{"a linked worktree's folder, GIT_WORK_TREE the main one", linkedDir, cat, cat, "/_wt/_cache/develop"},
		// Not the site's checkout: the main repository kept outside,
		// with the linked one in the site, is its own top.
		{"the main repository outside, run at its top", filepath.Join(cat, ".git"), "", cat, "/develop"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GIT_DIR", c.gitDir)
			if c.workTree != "" {
				t.Setenv("GIT_WORK_TREE", c.workTree)
			}
			if got := sitePath(t, c.dir, "HEAD:develop"); got != c.want {
				t.Errorf("GIT_DIR %s, GIT_WORK_TREE %q, run in %s: site path %q, want %s", c.gitDir, c.workTree, c.dir, got, c.want)
			}
		})
	}
}

// TestGitDirCheckoutOldGit: as TestGitDirCheckoutSitePath's linked
// worktree, with a git before 2.36, which refuses git worktree list -z
// (stood for by one that does): the list was empty, the linked
// worktree the site holds was not found, and a retag of every page
// passed a gate that a newer git failed.
func TestGitDirCheckoutOldGit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in git is a shell script")
	}
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Skip(err)
	}
	site := commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_wt/\n"}, nil)
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	linked := filepath.Join(site, "_wt", "_cache")
	if _, err := gittest.Git(cat, nil, "worktree", "add", "-q", "--detach", linked); err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	script := "#!/bin/sh\ncase \"$*\" in\n*'worktree list --porcelain -z'*) echo \"error: unknown switch \\`z'\" >&2; exit 129;;\nesac\nexec \"" + gitPath + "\" \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GIT_DIR", filepath.Join(cat, ".git", "worktrees", "_cache"))
	if got := sitePath(t, t.TempDir(), "HEAD:develop"); got != "/_wt/_cache/develop" {
		t.Errorf("git without worktree list -z, GIT_DIR %s, run in a plain folder: site path %q, want /_wt/_cache/develop", os.Getenv("GIT_DIR"), got)
	}
}
