package snapshot_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// TestOpenRootLinkChainAndDotDot (adversarial pass i29, class e): a
// path through a chain of links longer than the system follows (42 to
// a folder) was "in a loop", which it is not; a path through a broken
// link and ".." (broken/../x, which the system walks through the link)
// was "no such file or directory", as of a typo, the path cleaned before
// its links were looked at. And each message of a broken link is one
// line of ASCII within the line cap (but a cut's mark), the link named once: a target with
// U+202E and a lookalike, or of 4 KB.
func TestOpenRootLinkChainAndDotDot(t *testing.T) {
	dir := t.TempDir()
	links := map[string]string{"b7": "gone", "c42": ".", "rtl7": "\u202egn\u043e", "lng7": strings.Repeat("\u043e", 2000), "dir7": "f7/y"}
	if err := os.WriteFile(filepath.Join(dir, "f7"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < 42; i++ {
		links[fmt.Sprintf("c%d", i)] = fmt.Sprintf("c%d", i+1)
	}
	for link, to := range links {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Skip(err)
		}
	}
	sep := string(filepath.Separator)
	for p, want := range map[string]string{
		"c1":      "its path leads through a chain of symbolic links longer than the system follows",
		"b7/../x": "its path leads through " + filepath.Join(dir, "b7") + ", a broken symbolic link (to gone), which leads to nothing",
		"rtl7":    `a broken symbolic link (to "\u202egn\u043e"), which leads to nothing`,
		"dir7":    "a broken symbolic link (to f7/y), which leads to nothing",
	} {
		_, err := snapshot.Open(dir + sep + filepath.FromSlash(p))
		se, ok := err.(*snapshot.Error)
		if !ok || se.Msg != want {
			t.Errorf("%s: %v; want %q", p, err, want)
		}
	}
	for _, p := range []string{"rtl7", "lng7"} {
		_, err := snapshot.Open(dir + sep + filepath.FromSlash(p))
		if err == nil {
			t.Fatalf("%s: no error", p)
		}
		msg := err.Error()
		if len(msg) > 8<<10 || strings.Count(msg, p) != 1 || !strings.Contains(msg, "a broken symbolic link") || strings.IndexFunc(msg, func(r rune) bool { return (r < ' ' || r > '~') && r != '\u2026' }) >= 0 {
			t.Errorf("%s: a message of %d bytes naming the link %d times; want one line of printable ASCII that names it once, a broken link: %.300q", p, len(msg), strings.Count(msg, p), msg)
		}
	}
}
