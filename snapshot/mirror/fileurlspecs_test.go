package mirror_test

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestFileURLSpecFilesNamePath (adversarial pass 217f, issue 35 class
// e): a folder whose build_cache/ holds spec files and no index.json is
// read, given as a path, as a folder of spec files, and was an error
// given as a file:// URL ("not a Spack mirror: no ... nor ...", and with
// build_cache/index.json.hash there "a layout-v2 mirror without its
// index"), which did not say that the path reads them. The error says
// how many spec files the folder holds and the path to give.
func TestFileURLSpecFilesNamePath(t *testing.T) {
	dir := t.TempDir()
	if _, err := spackgen.WriteSpecFolder(filepath.Join(dir, "build_cache"), 3, nil); err != nil {
		t.Fatal(err)
	}
	open := func() error {
		_, err := (&mirror.HTTP{NoCache: true}).Open("file://"+dir, mirror.Options{})
		return err
	}
	want := "its build_cache/ holds 3 spec files, which a mirror's URL does not read without the index: to compare them as a folder of spec files, give its path (" + dir + "), not a file:// URL"
	if err := open(); err == nil || !strings.Contains(err.Error(), "not a Spack mirror") || !strings.Contains(err.Error(), want) {
		t.Errorf("file:// of a folder of spec files without an index: %v; want %q", err, want)
	}
	if err := os.WriteFile(filepath.Join(dir, "build_cache", "index.json.hash"), []byte(strings.Repeat("a", 64)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := open(); err == nil || !strings.Contains(err.Error(), "a layout-v2 mirror without its index") || !strings.Contains(err.Error(), want) {
		t.Errorf("file:// of a folder of spec files with index.json.hash: %v; want %q", err, want)
	}
	// The URL of the build_cache/ folder itself is told its own path,
	// which reads them, and not its root (adversarial pass q6): the
	// root holds no index either, and naming it sent the user to one
	// more "not a Spack mirror" (or "without its index").
	bc := filepath.Join(dir, "build_cache")
	_, err := (&mirror.HTTP{NoCache: true}).Open("file://"+bc, mirror.Options{})
	if want := "the folder it names holds 3 spec files, which a mirror's URL does not read without the index: to compare them as a folder of spec files, give its path (" + bc + "), not a file:// URL"; err == nil || strings.Contains(err.Error(), "a mirror's URL is its root") || !strings.Contains(err.Error(), want) {
		t.Errorf("file:// of a build_cache/ folder of spec files: %v; want %q, and no root named", err, want)
	}
	// With its index.json (a v2 mirror's build_cache/, spec files
	// beside the index), the root reads it: it alone is named, not the
	// folder's path "without the index".
	index, err := os.ReadFile("../../testdata/spack-formats/index.v7-layout2-unsigned.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bc, "index.json"), index, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = (&mirror.HTTP{NoCache: true}).Open("file://"+bc, mirror.Options{})
	if want := "a mirror's URL is its root, above it (file://" + filepath.ToSlash(dir) + ")"; err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "give its path") {
		t.Errorf("file:// of a v2 mirror's build_cache/, index.json there: %v; want %q alone", err, want)
	}
	// No spec file: no hint.
	empty := t.TempDir()
	if err := os.MkdirAll(filepath.Join(empty, "build_cache"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err = (&mirror.HTTP{NoCache: true}).Open("file://"+empty, mirror.Options{})
	if err == nil || strings.Contains(err.Error(), "spec files") {
		t.Errorf("file:// of a folder with an empty build_cache/: %v; want no spec files named", err)
	}
}

// TestFileURLSpecFilesAnyCaseOrGzip (adversarial pass i26, class e): the
// hint to give the folder's path counted Spack's names alone
// (*.spec.json, *.spec.json.sig), so that a build_cache/ of gzip'd spec
// files, or of one named X.SPEC.JSON, given as a file:// URL, was told
// no hint, though its path reads them (by content, and names' endings
// in any case).
func TestFileURLSpecFilesAnyCaseOrGzip(t *testing.T) {
	spec := []byte(`{"spec":{"_meta":{"version":5},"nodes":[{"name":"zlib","version":"1","arch":{"platform":"linux","platform_os":"x","target":"y"},"hash":"` + strings.Repeat("a", 32) + `"}]}}`)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(spec)
	zw.Close()
	for name, data := range map[string][]byte{"zlib.spec.json.gz": gz.Bytes(), "ZLIB.SPEC.JSON": spec} {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, "build_cache"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "build_cache", name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := (&mirror.HTTP{NoCache: true}).Open("file://"+dir, mirror.Options{})
		if want := "its build_cache/ holds 1 spec file, which a mirror's URL does not read without the index: to compare them as a folder of spec files, give its path (" + dir + ")"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("file:// of a build_cache/ holding %s alone: %v; want %q", name, err, want)
		}
	}
}
