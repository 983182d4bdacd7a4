package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestGitWorkTreeTwoSitesSitePath: with GIT_DIR naming a repository and
// GIT_WORK_TREE a linked worktree of it in one site (siteA/foo), run in
// another that a second site holds as its _cache (siteB/_cache),
// git:HEAD:develop is placed in siteB (/_cache/develop), as it was
// before GIT_WORK_TREE's checkout was asked of: placed from siteA
// alone (/foo/develop), where no _cache rule holds, a retag of every
// page passed a gate (exit 0) that the run without GIT_WORK_TREE
// failed. The other way round (GIT_WORK_TREE the site's _cache, run in
// siteA/foo) is placed in siteB too: of two placements, the one in a
// _cache is taken, which only adds refusals.
func TestGitWorkTreeTwoSitesSitePath(t *testing.T) {
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	root := t.TempDir()
	siteA, siteB := filepath.Join(root, "siteA"), filepath.Join(root, "siteB")
	for _, s := range []string{siteA, siteB} {
		if err := os.MkdirAll(s, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(s, "_config.yml"), []byte("t: 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	foo, cache := filepath.Join(siteA, "foo"), filepath.Join(siteB, "_cache")
	for _, wt := range []string{foo, cache} {
		if _, err := gittest.Git(cat, nil, "worktree", "add", "-q", "--detach", wt); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GIT_DIR", filepath.Join(cat, ".git"))
	for _, c := range []struct{ workTree, run string }{{foo, cache}, {cache, foo}} {
		t.Setenv("GIT_WORK_TREE", c.workTree)
		if got := sitePath(t, c.run, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("GIT_DIR %s, GIT_WORK_TREE %s, run in %s: site path %q, want /_cache/develop", filepath.Join(cat, ".git"), c.workTree, c.run, got)
		}
	}
}
