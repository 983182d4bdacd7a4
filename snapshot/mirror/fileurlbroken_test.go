package mirror_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
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

// TestLinkChainNotLoop (adversarial pass i29, class e): a path through
// a chain of symbolic links longer than the system follows (42 links, to
// a folder) was "its path leads through symbolic links in a loop", which
// it is not: a file:// root, a file:// root through a broken link and
// ".." (walked through the link, as the system walks it: it was "no such
// folder" alone), and a v2 mirror's .hash, ignored so.
func TestLinkChainNotLoop(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(dir, "m"), zlibIndex); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < 42; i++ {
		if err := os.Symlink(fmt.Sprintf("c%d", i+1), filepath.Join(dir, fmt.Sprintf("c%d", i))); err != nil {
			t.Skip(err)
		}
	}
	for link, to := range map[string]string{"c42": "m", "b7": "gone"} {
		if err := os.Symlink(to, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	chain := "its path leads through a chain of symbolic links longer than the system follows"
	for u, want := range map[string]string{
		"file://" + dir + "/c1":      "no such folder: " + dir + "/c1: " + chain,
		"file://" + dir + "/b7/../m": "no such folder: " + dir + "/b7/../m: its path leads through " + dir + "/b7, a broken symbolic link (to gone), which leads to no folder",
	} {
		_, err := (&mirror.HTTP{NoCache: true}).Open(u, mirror.Options{})
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %q", u, err, want)
		}
	}
	hash := filepath.Join(dir, "m", "build_cache", "index.json.hash")
	if err := os.Remove(hash); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../c1/build_cache/index.json", hash); err != nil {
		t.Fatal(err)
	}
	var of []string
	for _, w := range load(t, openDir(t, filepath.Join(dir, "m"), mirror.Options{})).Warnings {
		of = append(of, w.Message)
	}
	if len(of) != 1 || !strings.HasPrefix(of[0], chain+", to no file; ignored") {
		t.Errorf("a .hash through the chain: warnings %q; want one, %q", of, chain+", to no file; ignored…")
	}
}
