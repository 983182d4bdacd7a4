package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
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
	// Each clone committed, then added as a gitlink to the one above.
	// The first git init's .git, copied before anything is added, is
	// the .git of every other clone (git init writes no path of its
	// own into it): a git process fewer a clone.
	fresh := filepath.Join(t.TempDir(), "git")
	for i := len(dirs) - 1; i >= 1; i-- {
		dotGit := filepath.Join(dirs[i], ".git")
		if i == len(dirs)-1 {
			if _, err := gittest.Git(dirs[i], nil, "init", "-q", "-b", "main"); err != nil {
				t.Fatal(err)
			}
			if err := os.CopyFS(fresh, os.DirFS(dotGit)); err != nil {
				t.Fatal(err)
			}
		} else if err := os.CopyFS(dotGit, os.DirFS(fresh)); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"-c", "advice.addEmbeddedRepo=false", "add", "--all"},
			{"commit", "-q", "-m", "c"},
		} {
			if _, err := gittest.Git(dirs[i], nil, args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := gittest.Git(super, nil, "-c", "advice.addEmbeddedRepo=false", "add", "_cache"); err != nil {
		t.Fatal(err)
	}
	want, rooted := snapshot.SiteOf(filepath.Join(d, "develop"))
	if !rooted || want[:8] != "/_cache/" {
		t.Fatalf("on disk: site path %q (rooted %v), want one from the top of %s", want, rooted, super)
	}
	if got := sitePath(t, d, "HEAD:develop"); got != want {
		t.Errorf("from git, %d superprojects deep: site path %q, want %q as on disk", depth, got, want)
	}
}
