package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSubmoduleChainDeep: a submodule is placed in its superproject's
// site through every superproject up to the outermost, however deep the
// chain, as the disk side walks up: cut at 32 superprojects, a chain of
// 34 nested clones (each added to the one above as a gitlink) below
// _cache lost the _cache, so no rule of its tag folders held, and a
// retag of every page passed a gate from git that its checkout failed.
func TestSubmoduleChainDeep(t *testing.T) {
	const depth = 34
	super := commitFiles(t, map[string]string{"README": "r\n"}, nil)
	dirs := []string{super}
	d := filepath.Join(super, "_cache")
	for i := range depth {
		d = filepath.Join(d, fmt.Sprintf("a%d", i))
		dirs = append(dirs, d)
	}
	if err := os.MkdirAll(filepath.Join(d, "develop", "bc"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(d, "develop", "bc", "specs.md"), []byte(realPage(t, "bc")), 0o644); err != nil {
		t.Fatal(err)
	}
	// The deepest clone committed; each above it holds the one below
	// as a gitlink in its index alone, which is all that git (rev-parse
	// --show-superproject-working-tree) and cachediff (ls-files) read
	// of a superproject: one git process a clone, and none that scans
	// its tree. The first git init's .git, copied before anything is
	// added, is the .git of every other clone (git init writes no path
	// of its own into it).
	fresh := filepath.Join(t.TempDir(), "git")
	if _, err := gittest.Git(d, nil, "init", "-q", "-b", "main"); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(fresh, os.DirFS(filepath.Join(d, ".git"))); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(d, nil, "add", "--all"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(d, nil, "commit", "-q", "-m", "c"); err != nil {
		t.Fatal(err)
	}
	id, err := gittest.Git(d, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for i := len(dirs) - 2; i >= 0; i-- {
		if i > 0 { // the outermost is a repository already
			if err := os.CopyFS(filepath.Join(dirs[i], ".git"), os.DirFS(fresh)); err != nil {
				t.Fatal(err)
			}
		}
		rel, _ := filepath.Rel(dirs[i], dirs[i+1])
		link := "160000," + strings.TrimSpace(id) + "," + filepath.ToSlash(rel)
		if _, err := gittest.Git(dirs[i], nil, "update-index", "--add", "--cacheinfo", link); err != nil {
			t.Fatal(err)
		}
	}
	want, rooted := snapshot.SiteOf(filepath.Join(d, "develop"))
	if !rooted || want[:8] != "/_cache/" {
		t.Fatalf("on disk: site path %q (rooted %v), want one from the top of %s", want, rooted, super)
	}
	if got := sitePath(t, d, "HEAD:develop"); got != want {
		t.Errorf("from git, %d superprojects deep: site path %q, want %q as on disk", depth, got, want)
	}
}
