package gittest

import (
	"os"
	"path/filepath"
	"testing"
)

// TestInitAsGitConfig: Init's repository has the config that git init and
// git config gc.auto 0 give, byte for byte, and git reads gc.auto 0 from
// it.
func TestInitAsGitConfig(t *testing.T) {
	if !Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := t.TempDir()
	mine, theirs := filepath.Join(dir, "mine"), filepath.Join(dir, "theirs")
	for _, d := range []string{mine, theirs} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := Init(mine); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"config", "gc.auto", "0"}} {
		if _, err := Git(theirs, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	a, err := os.ReadFile(filepath.Join(mine, ".git", "config"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(theirs, ".git", "config"))
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != string(b) {
		t.Errorf("Init's config:\n%s\ngit config's:\n%s", a, b)
	}
	if out, err := Git(mine, nil, "config", "--get", "gc.auto"); err != nil || out != "0\n" {
		t.Errorf("git config --get gc.auto: %q, %v; want 0", out, err)
	}
}
