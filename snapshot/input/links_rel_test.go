package input

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestRelativeLinkInsideWorkTree: a link inside the work tree, written
// relative as git commits links, under a folder given relative to the
// current directory, is followed. The walk resolved it to a relative
// path ("in/gcc-runtime/specs.md"), which no relative path is inside of
// the work tree's absolute one, and refused it as "outside the git work
// tree": the same folder read when given as an absolute path.
func TestRelativeLinkInsideWorkTree(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(realTree, "gcc-runtime", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	for _, d := range []string{".git", "in/gcc-runtime", "inlink", "deep/group"} {
		if err := os.MkdirAll(filepath.Join(repo, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "in/gcc-runtime/specs.md"), page, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"inlink/gcc-runtime":     "../in/gcc-runtime",    // a package folder
		"deep/group/gcc-runtime": "../../in/gcc-runtime", // a folder below the snapshot's entries
	} {
		if err := os.Symlink(target, filepath.Join(repo, name)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	t.Chdir(repo)
	for _, arg := range []string{"inlink", "deep", "./inlink", filepath.Join(repo, "inlink")} {
		snap, err := Load("", arg, Options{}, snapshot.Options{})
		if err != nil || snap.Specs() == 0 {
			t.Errorf("%s: %v; want the relative link inside the work tree followed", arg, err)
		}
	}
}
