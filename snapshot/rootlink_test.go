package snapshot_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestOpenRootLinkAstray (adversarial pass i28, class e): a snapshot's
// path that is a symbolic link to nothing (a folder moved, its link
// left), or under one, was "no such file or directory", as of a typo,
// and a loop of links "too many levels of symbolic links", the system's
// words. The link is named, and where it leads, in ASCII; a link that
// leads somewhere on the path of a name not there is no broken link.
func TestOpenRootLinkAstray(t *testing.T) {
	dir := t.TempDir()
	for link, to := range map[string]string{"broken": "gone", "via": "broken", "odd": "g\u043ene\n\x1b[31m", "loop": "loop", "here": "."} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Skip(err)
		}
	}
	for p, want := range map[string]string{
		"broken":   "a broken symbolic link (to gone), which leads to nothing",
		"via/m":    "its path leads through " + filepath.Join(dir, "via") + ", a broken symbolic link (to broken), which leads to nothing",
		"odd":      `a broken symbolic link (to "g\u043ene\n\x1b[31m"), which leads to nothing`,
		"loop":     "its path leads through symbolic links in a loop",
		"loop/m":   "its path leads through symbolic links in a loop",
		"here/nox": "no such file or directory",
	} {
		_, err := snapshot.Open(filepath.Join(dir, p))
		se, ok := err.(*snapshot.Error)
		if !ok || se.Msg != want {
			t.Errorf("%s: %v; want %q", p, err, want)
		}
	}
}
