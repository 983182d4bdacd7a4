package gitsrc

import (
	"path/filepath"
	"testing"
)

// TestGitDirRunInsideSitePath: with GIT_DIR the .git of a clone a site
// holds as _cache (GIT_DIR=. run in it, GIT_DIR=.. in its refs) and
// GIT_WORK_TREE another worktree of the clone, kept outside, git took
// the folder it runs in for the top when asked without GIT_WORK_TREE,
// and a REV:PATH was placed below _cache/.git: a correct change was
// refused (its pages a folder too deep) that the same run from a plain
// folder passed. It is placed at the checkout whose HEAD git reads.
func TestGitDirRunInsideSitePath(t *testing.T) {
	_, _, cache, other := clonedSite(t, nil)
	t.Setenv("GIT_WORK_TREE", other)
	for _, c := range []struct{ gitDir, dir string }{
		{".", filepath.Join(cache, ".git")},
		{"..", filepath.Join(cache, ".git", "refs")},
	} {
		t.Setenv("GIT_DIR", c.gitDir)
		if got := sitePath(t, c.dir, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("GIT_DIR %s, GIT_WORK_TREE another worktree, run in %s: site path %q, want /_cache/develop", c.gitDir, c.dir, got)
		}
	}
}
