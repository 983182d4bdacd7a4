package snapshot_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestWalkLinkTargetShown (class a/c): a folder's broken link among its
// files is warned of with its target as every message names one
// (linkword), in ASCII: a target holding a newline, an escape and a
// lookalike reached standard error raw, and one holding a backslash read
// as another.
func TestWalkLinkTargetShown(t *testing.T) {
	dir := t.TempDir()
	index := `{"database":{"version":"7","installs":{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa":{"spec":{"name":"a","version":"1","namespace":"ns","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},"ref_count":0,"in_buildcache":true}}}}`
	if err := os.WriteFile(filepath.Join(dir, "index.json"), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{"x.json": "g\u043ene\n\x1b[31m", "y.json": `no\nsuch`}
	for link, to := range links {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Skip(err)
		}
	}
	snap, err := snapshot.Load(dir, snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, w := range snap.Warnings {
		got[filepath.Base(w.File)] = w.Message
	}
	// A backslash quoted too, that the two targets do not read alike.
	for name, want := range map[string]string{
		"x.json": `broken symbolic link (to "g\u043ene\n\x1b[31m"), which leads to nothing`,
		"y.json": `broken symbolic link (to "no\\nsuch"), which leads to nothing`,
	} {
		if got[name] != want {
			t.Errorf("%s: %q; want %q", name, got[name], want)
		}
	}
}
