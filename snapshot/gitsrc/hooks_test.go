package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// The judge of .gitattributes (rewrittenPage) writes a temporary index
// with git update-index, and writing an index runs the repository's
// post-index-change hook, a program of the repository (.git/hooks, or
// wherever its core.hooksPath says): a repository given with -C ran a
// command of its own when a .gitattributes above PATH named ident
// (round 3, issue 35). git runs with no hooks, whatever the repository
// says.
func TestAttributesRunNoHook(t *testing.T) {
	for _, where := range []string{"hooks folder", "core.hooksPath"} {
		dir := commitFiles(t, map[string]string{
			".gitattributes":             "# no ident here: *.txt ident\n",
			"_cache/develop/bc/specs.md": realPage(t, "bc"),
		}, nil)
		hooks := filepath.Join(dir, ".git", "hooks")
		if where == "core.hooksPath" {
			hooks = t.TempDir()
			if _, err := gittest.Git(dir, nil, "config", "core.hooksPath", hooks); err != nil {
				t.Fatal(err)
			}
		}
		marker := filepath.Join(t.TempDir(), "ran")
		if err := os.MkdirAll(hooks, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(hooks, "post-index-change"), []byte("#!/bin/sh\ntouch '"+marker+"'\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		if _, err := loadArg(dir, "HEAD:_cache/develop", snapshot.Options{}); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Errorf("%s: the repository's post-index-change hook ran", where)
		}
	}
}
