package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestWalkLinkNamedInASCII (class a): in a git work tree, a link below a
// snapshot's folder that leads out of the work tree, or into its .git,
// was refused by the walk with its target and the work tree named raw,
// where a link named on the command line had them in ASCII: a target
// /…/оut (its о Cyrillic) read as /…/out, a work tree wtа as wta. Both
// are named as the loader names a path (snapshot.ShownPath).
func TestWalkLinkNamedInASCII(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "wt\u0430")
	out := filepath.Join(base, "\u043eut")
	for _, d := range []string{filepath.Join(repo, ".git", "x"), filepath.Join(repo, "snap", "zlib"), out} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for target, name := range map[string]string{out: "p", filepath.Join(repo, ".git", "x"): "q"} {
		if err := os.Symlink(target, filepath.Join(repo, "snap", "zlib", name)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	_, err := Load(repo, "snap", Options{}, snapshot.Options{})
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	for _, want := range []string{
		"a symbolic link to " + snapshot.ShownPath(out) + ", outside the git work tree " + snapshot.ShownPath(repo) + ":",
		"a symbolic link to " + snapshot.ShownPath(filepath.Join(repo, ".git", "x")) + ", into a git folder of the work tree " + snapshot.ShownPath(repo) + ":",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q; want %q", msg, want)
		}
	}
	if strings.ContainsFunc(msg, func(r rune) bool { return r >= 0x7f }) {
		t.Errorf("%q; want it in ASCII", msg)
	}
}
