package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkOutShown (class a/e): the refusal of a link out of the work
// tree (checkLinks) named the link, where it leads and the work tree
// raw and whole: a link linkаb (its а Cyrillic) read as linkab, a link
// nl<newline>x as nl\nx once the line's newline was escaped, and a work
// tree 2.9 KB deep in U+200B (17 KB as \u200b, named twice) ran the line
// past its cap before the path to give. Each is named as
// snapshot.ShownPath names a path, in ASCII, and cut; so are those of a
// link among a snapshot folder's entries and of one into .git.
func TestLinkOutShown(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "out\u202ex")
	if err := os.MkdirAll(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	deep := t.TempDir()
	for range 12 {
		deep = filepath.Join(deep, strings.Repeat("\u200b", 80))
	}
	for _, repo := range []string{t.TempDir(), deep} {
		if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
		// A link given, one among a snapshot folder's entries, and one
		// into the work tree's .git.
		if err := os.Mkdir(filepath.Join(repo, "snap"), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ arg, link, to, end string }{
			{"link\u0430b", "link\u0430b", outside, " to read it"},
			{"nl\nx", "nl\nx", outside, " to read it"},
			{"snap", "snap/pkg\u0430", outside, "give a folder outside the work tree"},
			{"g\u0430", "g\u0430", filepath.Join(repo, ".git"), "copy it into the snapshot"},
		} {
			if err := os.Symlink(c.to, filepath.Join(repo, c.link)); err != nil {
				t.Skipf("no symbolic links here: %v", err)
			}
			_, err := Load(repo, c.arg, Options{}, snapshot.Options{})
			if err == nil {
				t.Fatalf("%q, a link out of the work tree: no error", c.link)
			}
			msg := err.Error()
			// ASCII but the cuts' marks (…)
			if strings.ContainsFunc(strings.ReplaceAll(msg, "…", ""), func(r rune) bool { return r >= utf8.RuneSelf || r < ' ' }) ||
				len(msg) > 8<<10-len("cachediff: ") || !strings.HasSuffix(msg, c.end) {
				t.Errorf("%q in a work tree %d bytes deep: %d bytes, %.200q … %q; want ASCII, within the line, ending %q",
					c.link, len(repo), len(msg), msg, msg[max(0, len(msg)-80):], c.end)
			}
		}
	}
}
