package gitsrc

import (
	"path/filepath"
	"testing"
)

// TestGitCommonDirSubmoduleSitePath: with GIT_DIR a submodule's
// repository (.git/modules/_cache, whose core.worktree is the site's
// _cache) and GIT_COMMON_DIR the same folder, git takes no core.worktree
// and the folder it runs in for the top: run in _cache/develop, HEAD:./
// is the commit's top, the checkout _cache on disk. It was placed at
// /_cache/develop, its pages a folder too deep, and a correct snapshot
// was refused that the same run without GIT_COMMON_DIR passed; run
// elsewhere, HEAD:develop stays in _cache.
func TestGitCommonDirSubmoduleSitePath(t *testing.T) {
	super := commitFiles(t, map[string]string{"_config.yml": ""}, nil)
	addSubmodule(t, super, "_cache", map[string]string{"develop/bc/specs.md": realPage(t, "bc")})
	modules := filepath.Join(super, ".git", "modules", "_cache")
	t.Setenv("GIT_DIR", modules)
	t.Setenv("GIT_COMMON_DIR", modules)
	if got := sitePath(t, filepath.Join(super, "_cache", "develop"), "HEAD:./"); got != "/_cache" {
		t.Errorf("GIT_DIR and GIT_COMMON_DIR %s, run in _cache/develop: site path of HEAD:./ %q, want /_cache", modules, got)
	}
	if got := sitePath(t, t.TempDir(), "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_DIR and GIT_COMMON_DIR %s, run in a plain folder: site path of HEAD:develop %q, want /_cache/develop", modules, got)
	}
	// GIT_DIR the checkout's .git file, which leads there.
	t.Setenv("GIT_DIR", filepath.Join(super, "_cache", ".git"))
	if got := sitePath(t, filepath.Join(super, "_cache", "develop"), "HEAD:./"); got != "/_cache" {
		t.Errorf("GIT_DIR _cache/.git, GIT_COMMON_DIR %s, run in _cache/develop: site path of HEAD:./ %q, want /_cache", modules, got)
	}
}

// TestGitCommonDirModulesRunSitePath: without GIT_DIR, run in a
// submodule's repository (.git/modules/_cache, whose core.worktree is
// the site's _cache) with GIT_COMMON_DIR=. (the same folder), git takes
// no core.worktree and no top: the submodule was placed nowhere, and a
// retag of every page passed a gate (exit 0) that the same run without
// GIT_COMMON_DIR failed.
func TestGitCommonDirModulesRunSitePath(t *testing.T) {
	super := commitFiles(t, map[string]string{"_config.yml": ""}, nil)
	addSubmodule(t, super, "_cache", map[string]string{"develop/bc/specs.md": realPage(t, "bc")})
	modules := filepath.Join(super, ".git", "modules", "_cache")
	t.Setenv("GIT_COMMON_DIR", ".")
	if got := sitePath(t, modules, "HEAD:develop"); got != "/_cache/develop" {
		t.Errorf("GIT_COMMON_DIR=., run in %s: site path of HEAD:develop %q, want /_cache/develop", modules, got)
	}
}
