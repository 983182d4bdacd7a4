package mirror_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestFileURLRootLinkBroken (adversarial pass i28, class e): a file://
// URL whose folder is a symbolic link to nothing (a mirror moved, its
// link left), or under one, was "no such folder: P" alone, as of a
// typo: the link is named, and where it leads, in ASCII.
func TestFileURLRootLinkBroken(t *testing.T) {
	dir := t.TempDir()
	broken, via, odd := filepath.Join(dir, "broken"), filepath.Join(dir, "via"), filepath.Join(dir, "odd")
	for link, to := range map[string]string{broken: "gone", via: "broken", odd: "g\u043ene\n\x1b[31m"} {
		if err := os.Symlink(to, link); err != nil {
			t.Skip(err)
		}
	}
	// A link that leads somewhere, on the path of a folder not there:
	// no broken link.
	if err := os.Symlink(".", filepath.Join(dir, "here")); err != nil {
		t.Fatal(err)
	}
	for u, want := range map[string]string{
		"file://" + dir + "/here/no": "no such folder: " + dir + "/here/no",
		"file://" + broken:           "no such folder: " + broken + ": a broken symbolic link (to gone), which leads to no folder",
		"file://" + broken + "/":     "no such folder: " + broken + "/: a broken symbolic link (to gone), which leads to no folder",
		"file://" + via + "/m":       "no such folder: " + via + "/m: its path leads through " + via + ", a broken symbolic link (to broken), which leads to no folder",
		"file://" + odd:              "no such folder: " + odd + `: a broken symbolic link (to "g\u043ene\n\x1b[31m"), which leads to no folder`,
		"file://" + dir + "/no/m":    "no such folder: " + dir + "/no/m",
	} {
		_, err := (&mirror.HTTP{NoCache: true}).Open(u, mirror.Options{})
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %q", u, err, want)
		}
	}
}
