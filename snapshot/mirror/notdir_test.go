package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestFileInPathNotFound (adversarial pass i25, class e): a file of the
// mirror under a name that is a file, not a folder, was told in the
// system's words: a folder holding a file named build_cache, given as a
// file:// URL, was "stat …/build_cache/index.json.hash: not a
// directory", not that it is no mirror, and --view gpu.json of a file
// gpu.json among the views "stat …/gpu.json/index.manifest.json: not a
// directory", not that the mirror has no such view, and which it has.
// Such a file is not there.
func TestFileInPathNotFound(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "build_cache"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := (&mirror.HTTP{NoCache: true}).Open("file://"+dir, mirror.Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "not a Spack mirror: ") {
		t.Errorf("file:// of a folder holding a file build_cache: %v; want not a Spack mirror", err)
	}
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{View: "gpu"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(v3, "v3", "manifests", "index", "gpu.json"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = mirror.Open(mirror.Dir(v3), mirror.Options{View: "gpu.json"})
	if err == nil || !strings.HasPrefix(err.Error(), `no view "gpu.json": `) || !strings.HasSuffix(err.Error(), `(its views: "gpu")`) {
		t.Errorf("--view gpu.json, a file among the views: %v; want no view, its views named", err)
	}
}
