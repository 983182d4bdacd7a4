package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestViewOfNoMirror (class e): --view x of a folder that is no Spack
// mirror (file:///tmp/pages, a catalogue's pages) said `no view "x":
// v3/manifests/index/x/index.manifest.json: not found (the mirror has
// no views)`, a mirror it is not; it says what the folder without
// --view says, "not a Spack mirror", so that a log of such URLs with
// --view x names them all as one error, as without it.
func TestViewOfNoMirror(t *testing.T) {
	pages := t.TempDir()
	if err := os.MkdirAll(filepath.Join(pages, "zlib"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pages, "zlib", "specs.md"), []byte("---\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{t.TempDir(), pages} {
		_, plain := mirror.Open(mirror.Dir(dir), mirror.Options{})
		_, viewed := mirror.Open(mirror.Dir(dir), mirror.Options{View: "x"})
		if plain == nil || viewed == nil || !strings.HasPrefix(plain.Error(), "not a Spack mirror") || viewed.Error() != plain.Error() {
			t.Errorf("%s: --view x: %v; want what it says without --view: %v", dir, viewed, plain)
		}
	}
}
