package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestCacheMarkUndropped (pass 98b's lead): what a run finds replaces
// what an older run left in the download cache (a file found gone, too
// big, kept by its ETag); a mark that cannot be removed stays, and a
// later --offline run tells what that older run found. Its removal
// failed without a word; it is warned of, as a file that cannot be
// kept is. (A folder in the mark's place stands for a cache that cannot
// be written: the tests may run as root, whom permissions do not stop.)
func TestCacheMarkUndropped(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V3(root, index(t, "new"), mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(root, "v3", "manifests", "index", "index.manifest.json")
	if err := os.Rename(manifest, manifest+".away"); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	cache := t.TempDir()
	var quiet warnings
	h := &mirror.HTTP{CacheDir: cache, Warn: quiet.warn}
	fetch(h, srv.URL) // the manifest gone: its 404 kept
	marks, err := filepath.Glob(filepath.Join(cache, "etag", "*.404"))
	if err != nil || len(marks) == 0 {
		t.Fatalf("no 404 marks in the cache (%v)", err)
	}
	for _, m := range marks {
		if err := os.Remove(m); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(m, "x"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Rename(manifest+".away", manifest); err != nil {
		t.Fatal(err)
	}
	var w warnings
	h = &mirror.HTTP{CacheDir: cache, Warn: w.warn}
	if _, _, err := fetch(h, srv.URL); err != nil {
		t.Fatal(err)
	}
	if got := w.all(); len(got) != 1 || !strings.Contains(got[0], "the download cache "+cache+" cannot be written") || !strings.Contains(got[0], "cannot be dropped") {
		t.Errorf("warnings %q; want one: the 404 an older run kept cannot be dropped", got)
	}
}
