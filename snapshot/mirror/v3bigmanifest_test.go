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

// TestV3SpecManifestTooBigIsItsOwn (adversarial pass 208a): of a
// layout-v3 mirror without an index manifest, one spec manifest over a
// manifest's limit (1 MiB) failed the whole mirror, where any other bad
// manifest is an error of its own: with --skip-invalid the mirror was
// "no valid package page left". It is its own error, and skipped alone.
func TestV3SpecManifestTooBigIsItsOwn(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, index(t, "new"), mirrorgen.Options{NoIndex: true}); err != nil {
		t.Fatal(err)
	}
	var big string
	filepath.WalkDir(filepath.Join(dir, "v3", "manifests", "spec"), func(p string, e os.DirEntry, err error) error {
		if err == nil && big == "" && strings.HasSuffix(p, ".spec.manifest.json") {
			big = p
		}
		return err
	})
	data, err := os.ReadFile(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, append(data, strings.Repeat(" ", 1<<20)...), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = snapshot.LoadFrom(openDir(t, dir, mirror.Options{}), snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), filepath.Base(big)) {
		t.Fatalf("one spec manifest over the limit: %v; want an error naming it", err)
	}
	s, err := snapshot.LoadFrom(openDir(t, dir, mirror.Options{}), snapshot.Options{SkipInvalid: true})
	if err != nil {
		t.Fatalf("--skip-invalid: %v; want the others read", err)
	}
	if len(s.Packages) == 0 || len(s.Skipped) != 1 {
		t.Errorf("--skip-invalid: %d packages, %d skipped; want some, and 1", len(s.Packages), len(s.Skipped))
	}
}
