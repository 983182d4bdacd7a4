package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestInDirNotCleaned (83rd adversarial pass): -C DIR runs as if started
// in DIR, and an argument was found from there by filepath.Join, which
// cleans it: foo:a/../../snap named ../snap, a folder outside DIR, where
// from DIR the system finds nothing (foo:a is no folder), and git no
// revision foo. The argument was read from outside DIR without a word.
// It is found as the system finds it from DIR.
func TestInDirNotCleaned(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "repo")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	snap := filepath.Join(top, "snap", "gcc-runtime")
	if err := os.MkdirAll(snap, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(realTree, "gcc-runtime", "specs.md"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(snap, "specs.md"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	arg := "foo:a/../../snap"
	if s, err := Load(dir, arg, Options{}, snapshot.Options{}); err == nil {
		t.Errorf("Load(-C %s, %s) read %d specs from outside it; want it not found, as from %s", dir, arg, s.Specs(), dir)
	} else if !strings.Contains(err.Error(), "not REV:PATH either") {
		t.Errorf("Load(-C %s, %s): %v; want neither on disk nor a revision", dir, arg, err)
	}
	if FromGit(dir, arg) != true {
		t.Errorf("FromGit(-C %s, %s) = false; want true: nothing by that name from %s", dir, arg, dir)
	}
	if n, ok := RegularFile(dir, "foo:a/../../snap/gcc-runtime/specs.md"); ok {
		t.Errorf("RegularFile: %d bytes outside %s", n, dir)
	}
	// Once foo:a is a folder in DIR, the system finds ../snap from
	// there, and so does cachediff.
	if err := os.Mkdir(filepath.Join(dir, "foo:a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if s, err := Load(dir, arg, Options{}, snapshot.Options{}); err != nil || s.Specs() == 0 {
		t.Errorf("Load(-C %s, %s) with foo:a a folder in it: %v; want ../snap read", dir, arg, err)
	}
}
