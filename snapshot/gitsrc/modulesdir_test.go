package gitsrc

import (
	"path/filepath"
	"testing"
)

// TestSubmoduleSitePathModulesDir: -C the submodule's repository in the
// superproject's .git/modules (git reads it with its core.worktree, the
// checkout _cache) places it in the superproject's site, as GIT_DIR
// naming it and its checkout on disk do: nothing above that folder is
// a second work tree, so git was not asked, the submodule was its own
// top (/develop), and a retag of every page passed a gate.
func TestSubmoduleSitePathModulesDir(t *testing.T) {
	super := commitFiles(t, map[string]string{"README": "r\n"}, nil)
	addSubmodule(t, super, "_cache", map[string]string{"develop/bc/specs.md": realPage(t, "bc")})
	for _, dir := range []string{
		filepath.Join(super, ".git", "modules", "_cache"),
		filepath.Join(super, ".git", "modules", "_cache", "refs"),
	} {
		if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("-C %s: site path %q, want /_cache/develop", dir, got)
		}
	}
}
