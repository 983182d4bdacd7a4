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
	site := commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache\n"}, nil)
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	clone := filepath.Join(t.TempDir(), "clone")
	if _, err := gittest.Git(cat, nil, "clone", "-q", cat, clone); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(clone, filepath.Join(site, "_cache")); err != nil {
		t.Skip(err)
	}
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
