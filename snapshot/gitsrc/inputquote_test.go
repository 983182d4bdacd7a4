package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestInputQuotedInASCII: a path, a revision or a link's target that
// gitsrc names in a message is quoted in ASCII, as the loaders quote a
// name: quoted as Go does (%q), or raw, "path \"zlіb\\nx\" has a line
// break" and "path lіnk at HEAD is a symbolic link (to \"snаp\")" kept
// their Cyrillic і and а as they are, read as zlib, link and snap
// beside the loader's own "zl\u0456b\nx"; and a path of 96 KB was
// named whole, past the command's line cap of 8 KB.
func TestInputQuotedInASCII(t *testing.T) {
	r, err := OpenRepo(commitFiles(t, map[string]string{"snap/x": "x"}, map[string]string{"l\u0456nk": "sn\u0430p\x1b[31m"}))
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("\u0456", 48<<10) + "\n"
	for _, c := range []struct {
		name string
		err  func() error
		want string
	}{
		{"Resolve of a path with a line break", func() error { _, err := r.Resolve("HEAD:zl\u0456b\nx"); return err }, `path "zl\u0456b\nx" has a line break`},
		{"Series of a path with a line break", func() error { _, err := r.Series("HEAD", "zl\u0456b\nx", "", ""); return err }, `path "zl\u0456b\nx" has a line break`},
		{"Resolve of a link", func() error { _, err := r.Resolve("HEAD:l\u0456nk"); return err }, `path "l\u0456nk" at HEAD is a symbolic link (to "sn\u0430p\x1b[31m")`},
		{"Resolve of a long path", func() error { _, err := r.Resolve("HEAD:" + long); return err }, `\u0456\u0456`},
		{"Series of a long path", func() error { _, err := r.Series("HEAD", long, "", ""); return err }, `\u0456\u0456`},
	} {
		err := c.err()
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\u0456\u0430\x1b\n") || len(err.Error()) > 4<<10 {
			msg := "<nil>"
			if err != nil {
				msg = err.Error()[:min(len(err.Error()), 300)]
			}
			t.Errorf("%s: %q; want it named in ASCII, %s, in at most 4 KB", c.name, msg, c.want)
		}
	}
}

// TestAmbiguousRefQuotedInASCII: a ref name that names a tag and a
// branch is quoted in ASCII where the refusal names it: quoted as Go
// does (%q), "mаin" (its а Cyrillic) read as main, a ref of another
// name.
func TestAmbiguousRefQuotedInASCII(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/x.md": "first\n"}, nil)
	if err := os.WriteFile(filepath.Join(repo, "_cache", "develop", "x.md"), []byte("second\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"commit", "-qam", "second"}, {"tag", "m\u0430in", "HEAD~1"}, {"branch", "m\u0430in", "HEAD"}} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	_, err1 := r.Resolve("m\u0430in:_cache/develop")
	_, err2 := r.Series("HEAD~1..m\u0430in", "_cache/develop", "", "")
	_, err3 := r.Series("m\u0430in~9..HEAD", "_cache/develop", "", "")
	for i, err := range []error{err1, err2, err3} {
		if err == nil || !strings.Contains(err.Error(), `"m\u0430in" is the name of more than one ref`) {
			t.Errorf("case %d: %v; want \"m\\u0430in\" named in ASCII", i+1, err)
		}
	}
}
