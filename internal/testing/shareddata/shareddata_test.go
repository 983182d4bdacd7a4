package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDir (issue 35, "the project's own tests"): shared is found beside
// the checkout (the folder of go.mod) from any folder of it, and only
// there: not beside a package's folder, nor above the checkout's parent.
func TestDir(t *testing.T) {
	root := t.TempDir()
	mk := func(p string) string {
		t.Helper()
		p = filepath.Join(root, p)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	repo := mk("work/main")
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pkg := mk("work/main/snapshot/spackfmt")
	mk("work/main/snapshot/shared/lockfiles") // beside a package: not it
	mk("shared/lockfiles")                    // above the checkout's parent: not it
	for _, dir := range []string{repo, pkg} {
		t.Chdir(dir)
		if got := Dir("lockfiles"); got != "" {
			t.Errorf("from %s: %q, want none", dir, got)
		}
	}
	want := mk("work/shared/lockfiles")
	for _, dir := range []string{repo, pkg} {
		t.Chdir(dir)
		got := Dir("lockfiles")
		if got == "" || !same(t, got, want) {
			t.Errorf("from %s: %q, want %s", dir, got, want)
		}
	}
	if got := Dir("nothing"); got != "" {
		t.Errorf("Dir(nothing) = %q", got)
	}
}

// same says whether paths a and b are the same folder.
func same(t *testing.T, a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}
