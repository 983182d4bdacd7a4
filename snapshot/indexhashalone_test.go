package snapshot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestIndexHashAlone (adversarial pass 217f, issue 35 classes b and e):
// a layout-v2 mirror's folder whose build_cache/index.json is gone
// (removed, or being pushed) and index.json.hash there was "no package
// pages found under DIR: is this a _cache/<tag> folder?", and with spec
// files its spec files were read as a folder of them without a word,
// though Spack finds no spec in that mirror. The .hash is warned of;
// with its index.json beside it, not.
func TestIndexHashAlone(t *testing.T) {
	const want = "the checksum of a layout-v2 mirror's index.json, which is not beside it"
	dir := t.TempDir()
	bc := filepath.Join(dir, "build_cache")
	if err := os.MkdirAll(bc, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bc, "index.json.hash"), []byte(strings.Repeat("a", 64)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := snapshot.Load(dir, snapshot.Options{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a folder holding build_cache/index.json.hash alone: %v; want %q", err, want)
	}
	if _, err := spackgen.WriteSpecFolder(bc, 2, nil); err != nil {
		t.Fatal(err)
	}
	warned := func() bool {
		s, err := snapshot.Load(dir, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range s.Warnings {
			if w.File == filepath.Join(bc, "index.json.hash") && strings.Contains(w.Message, want) {
				return true
			}
		}
		return false
	}
	if !warned() {
		t.Errorf("spec files beside index.json.hash without index.json: no warning %q", want)
	}
	index, err := os.ReadFile("../testdata/spack-formats/index.v8-layout2-unsigned-mixed.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bc, "index.json"), index, 0o644); err != nil {
		t.Fatal(err)
	}
	if warned() {
		t.Errorf("with index.json beside its .hash: warned %q", want)
	}
}

// TestIndexHashGivenAlone (adversarial pass q6, issue 35 class e): an
// index.json.hash given alone (build_cache/index.json.hash, its
// index.json beside it) is refused as a checksum, and its error also
// quoted a warning that the index.json is not beside it, "the index was
// removed, or is being pushed": no folder was read beside it, and the
// index is there. Only a .hash met in a folder is judged so.
func TestIndexHashGivenAlone(t *testing.T) {
	bc := filepath.Join(t.TempDir(), "build_cache")
	if err := os.MkdirAll(bc, 0o755); err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile("../testdata/spack-formats/index.v8-layout2-unsigned-mixed.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bc, "index.json"), index, 0o644); err != nil {
		t.Fatal(err)
	}
	hash := filepath.Join(bc, "index.json.hash")
	if err := os.WriteFile(hash, []byte(strings.Repeat("a", 64)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = snapshot.Load(hash, snapshot.Options{})
	if err == nil || !strings.Contains(err.Error(), "not an index") {
		t.Fatalf("index.json.hash given alone: %v; want it refused as no index", err)
	}
	if strings.Contains(err.Error(), "which is not beside it") {
		t.Errorf("index.json.hash given alone, its index.json beside it: %v; want no word of the index missing", err)
	}
}
