package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestURLAtRevisionNamedRedacted (adversarial pass 120b): a mirror URL
// written after a revision (REV:https://user:TOKEN@host/x, a template's
// $REV:$MIRROR) is a path git does not find at that revision, and git's
// message quoted the path, as written and as git names it, password and
// query included, while the argument's own name was redacted:
// "loading HEAD:https://…host/x: path https://user:TOKEN@host/x does not
// exist at HEAD".
func TestURLAtRevisionNamedRedacted(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "--all"}, {"commit", "-q", "-m", "x"}} {
		if _, err := gittest.Git(dir, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, arg := range []string{
		"HEAD:https://user:s3cret@mirror.example.org/cache",
		"git:HEAD:https://user:s3cret@mirror.example.org/cache",
		"HEAD:https://mirror.example.org/cache?token=s3cret",
		"git:HEAD:https://mirror.example.org/cache?a=1//s3cret",
		"HEAD:https://ghp_s3cret:x-oauth-basic@mirror.example.org/cache#s3cret",
		// One slash (a path joined or cleaned) or backslashes, after
		// the revision or after ./ (pass 122a).
		"HEAD:https:/user:s3cret@mirror.example.org/cache",
		"HEAD:./https:/user:s3cret@mirror.example.org/cache",
		"git:HEAD:./https:/user:s3cret@mirror.example.org/cache",
		`HEAD:https:\\user:s3cret@mirror.example.org\cache`,
		"HEAD:https:/mirror.example.org/cache?token=s3cret",
	} {
		_, err := Load(dir, arg, Options{}, snapshot.Options{})
		if err == nil || strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "mirror.example.org") {
			t.Errorf("Load(%q): %v; want it named without its password or token", arg, err)
		}
	}
}
