package input

import (
	"os"
	"path/filepath"
	"testing"
)

// TestNestedOnDiskAsGitFinds: X below a .git that git passes over (a
// symbolic link to nowhere, a loop of links) is in the repository
// above, as git reads it, not in a nested one: it was taken for
// another repository's, and the hint of HEAD~5 X ran 2 git processes
// more for it. So is a .git that holds no repository, which git passes
// over too (lead b of g19): a .git file whose gitdir: leads nowhere, an
// empty .git folder. A .git folder below the top holding a repository,
// or a .git file leading to one (a submodule's), is a nested
// repository.
func TestNestedOnDiskAsGitFinds(t *testing.T) {
	top := t.TempDir()
	for _, d := range []string{".git/objects", ".git/refs", "nested/.git/objects", "nested/.git/refs", "nested/snap", "dangling/snap", "loop/snap", "plain/snap",
		"gitfile/snap", "empty/.git", "empty/snap", "module/snap", ".git/modules/m/objects", ".git/modules/m/refs"} {
		if err := os.MkdirAll(filepath.Join(top, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range map[string]string{
		".git/HEAD":           "ref: refs/heads/main\n",
		"nested/.git/HEAD":    "ref: refs/heads/main\n",
		".git/modules/m/HEAD": "ref: refs/heads/main\n",
		"gitfile/.git":        "gitdir: ../nowhere\n",
		"module/.git":         "gitdir: ../.git/modules/m\n",
	} {
		if err := os.WriteFile(filepath.Join(top, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range map[string]string{
		"dangling/.git": filepath.Join(top, "nowhere"),
		"loop/.git":     "l1",
		"loop/l1":       "l2",
		"loop/l2":       "l1",
	} {
		if err := os.Symlink(target, filepath.Join(top, name)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	for x, want := range map[string]bool{"nested/snap": true, "dangling/snap": false, "loop/snap": false, "plain/snap": false,
		"gitfile/snap": false, "empty/snap": false, "module/snap": true} {
		if got := nestedOnDisk(top, x); got != want {
			t.Errorf("nestedOnDisk(%s) = %v, want %v", x, got, want)
		}
	}
}
