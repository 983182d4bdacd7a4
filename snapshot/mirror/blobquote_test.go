package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestBlobMessageQuotesManifest (issue 35, classes a and e): the
// messages of a view's index blob (missing, damaged) named its manifest
// raw: --view gе (its е Cyrillic) said "v3/manifests/index/gе/… lists
// blob …", read as the manifest of the view ge. It is named once, as the
// file of the error, quoted in ASCII: named in the message too, it was
// named twice, "loading \"…/g\u0435/index.manifest.json\": blob … and
// \"v3/manifests/index/g\u0435/index.manifest.json\" says 46".
func TestBlobMessageQuotesManifest(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, []byte(`{"database": {"version": "8", "installs": {}}}`), mirrorgen.Options{View: "gе"}); err != nil {
		t.Fatal(err)
	}
	blobs, _ := filepath.Glob(filepath.Join(dir, "blobs", "sha256", "*", "*"))
	for _, b := range blobs {
		if err := os.WriteFile(b, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src, err := mirror.Open(mirror.Dir(dir), mirror.Options{View: "gе"})
	if err == nil {
		_, err = snapshot.LoadFrom(src, snapshot.Options{})
	}
	want := `/v3/manifests/index/g\u0435/index.manifest.json": blob `
	if len(blobs) == 0 || err == nil || !strings.Contains(err.Error(), want) || strings.Count(err.Error(), "index.manifest.json") != 1 ||
		!strings.Contains(err.Error(), "its manifest says") || strings.ContainsFunc(err.Error(), func(r rune) bool { return r > '~' }) {
		t.Errorf("%d blobs damaged: %v; want the manifest named once, %s, in ASCII", len(blobs), err, want)
	}
}
