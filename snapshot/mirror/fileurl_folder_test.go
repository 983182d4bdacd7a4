package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestFileURLReadAsFolder (adversarial pass 86): a file:// URL is read as
// its folder on disk is. A mirror's folder that also holds catalogue
// pages was refused as a path and read through its index as a file://
// URL, its pages dropped without a word; a file:// URL of a folder that
// is not there said "not a Spack mirror: no … nor …", and one of a file
// quoted a stat of FILE/v3/manifests/index/index.manifest.json.
func TestFileURLReadAsFolder(t *testing.T) {
	open := func(u string) error {
		_, err := (&mirror.HTTP{NoCache: true}).Open(u, mirror.Options{})
		return err
	}
	mixed := t.TempDir()
	if err := mirrorgen.V2(mixed, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(mixed, "zlib"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mixed, "zlib", "specs.md"), []byte("---\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := open("file://" + mixed); err == nil || !strings.Contains(err.Error(), "zlib/specs.md, which is no part of a mirror") {
		t.Errorf("file:// of a mirror's folder holding zlib/specs.md: %v; want it refused, as the folder is", err)
	}
	gone := filepath.Join(t.TempDir(), "gone")
	if err := open("file://" + gone); err == nil || !strings.Contains(err.Error(), "no such folder") {
		t.Errorf("file:// of a folder that is not there: %v; want no such folder", err)
	}
	file := filepath.Join(mixed, "build_cache", "index.json")
	err := open("file://" + file)
	if err == nil || !strings.Contains(err.Error(), "a file, not a mirror's folder") || strings.Contains(err.Error(), "v3/manifests") {
		t.Errorf("file:// of a file: %v; want it named a file, not a folder, without a path below it", err)
	}
}
