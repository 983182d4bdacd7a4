package mirror_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestSpecManifestLinkSkipped: a symbolic link among a layout-v3
// mirror's spec manifests (without an index manifest) failed the whole
// mirror, even with --skip-invalid, the listing refusing it before the
// loader could skip it, where a folder's linked page is a skip entry.
// It is now a bad manifest of its own: an error naming it without
// --skip-invalid (as before, the whole load fails), a skip entry with
// it, the other specs read.
func TestSpecManifestLinkSkipped(t *testing.T) {
	dir, manifests := v3SpecManifests(t, 2)
	link := "v3/manifests/spec/zlib/a.spec.manifest.json"
	if err := os.MkdirAll(filepath.Join(dir, "v3", "manifests", "spec", "zlib"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(manifests[0], filepath.Join(dir, filepath.FromSlash(link))); err != nil {
		t.Fatal(err)
	}
	load := func(skip bool) (*snapshot.Snapshot, error) {
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		if err != nil {
			return nil, err
		}
		return snapshot.LoadFrom(src, snapshot.Options{SkipInvalid: skip})
	}
	_, err := load(false)
	var le *snapshot.LoadError
	if !errors.As(err, &le) || len(le.Errs) != 1 || !strings.HasSuffix(le.Errs[0].File, link) || !strings.Contains(le.Errs[0].Msg, "symbolic link") {
		t.Errorf("without --skip-invalid: %v; want an error naming %s, a symbolic link", err, link)
	}
	s, err := load(true)
	if err != nil {
		t.Fatalf("--skip-invalid: %v; want the link skipped, the others read", err)
	}
	if len(s.Skipped) != 1 || !strings.HasSuffix(s.Skipped[0].File, link) {
		t.Errorf("--skip-invalid skipped %+v; want %s alone", s.Skipped, link)
	}
	n := 0
	for _, p := range s.Packages {
		n += len(p.Specs)
	}
	if n != len(manifests) {
		t.Errorf("--skip-invalid read %d specs; want %d, the link's left out", n, len(manifests))
	}
}

// v3SpecManifests writes a layout-v3 mirror of the "new" index without
// an index manifest into a new folder, and returns it and its spec
// manifests, at least least of them.
func v3SpecManifests(t *testing.T, least int) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, index(t, "new"), mirrorgen.Options{NoIndex: true}); err != nil {
		t.Fatal(err)
	}
	manifests, err := filepath.Glob(filepath.Join(dir, "v3", "manifests", "spec", "*", "*.spec.manifest.json"))
	if err != nil || len(manifests) < least {
		t.Fatalf("spec manifests: %v %v", manifests, err)
	}
	return dir, manifests
}
