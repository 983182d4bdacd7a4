package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestDotGitAboveSiteSitePath: a site kept below a folder named .git
// (/home/u/.git/x/site) is placed as anywhere else, its _cache a clone,
// a symbolic link to a clone, or run in the clone's .git. Any folder of
// that name on the way was taken for a run inside a .git folder: each
// was placed nowhere (/develop), and a retag of every page passed a
// gate (exit 0) that the same site elsewhere failed.
func TestDotGitAboveSiteSitePath(t *testing.T) {
	site := commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache\n"}, nil)
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	base := filepath.Join(t.TempDir(), ".git", "x")
	if err := os.MkdirAll(base, 0o755); err != nil {
		t.Fatal(err)
	}
	moved := filepath.Join(base, "site")
	if err := os.Rename(site, moved); err != nil {
		t.Fatal(err)
	}
	kept := filepath.Join(base, "kept")
	for _, to := range []string{filepath.Join(moved, "_cache"), kept} {
		if _, err := gittest.Git(cat, nil, "clone", "-q", cat, to); err != nil {
			t.Fatal(err)
		}
	}
	linked := filepath.Join(base, "site2")
	if err := os.MkdirAll(linked, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(linked, "_config.yml"), []byte("t: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(kept, filepath.Join(linked, "_cache")); err != nil {
		t.Skip(err)
	}
	for _, dir := range []string{
		filepath.Join(moved, "_cache"),
		filepath.Join(moved, "_cache", ".git"),
		filepath.Join(linked, "_cache"),
	} {
		if got := sitePath(t, dir, "HEAD:develop"); got != "/_cache/develop" {
			t.Errorf("run in %s: site path %q, want /_cache/develop", dir, got)
		}
	}
}
