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

// TestFileURLFolderNamed (adversarial pass i26, classes a and e): a
// file:// URL's folder that is not there, or a file, was named raw,
// decoded from the URL: file:///tmp/v%D0%B0 was "no such folder:
// /tmp/vа", read as /tmp/va (its а Cyrillic); and one under a file, or
// of a name too long for the system, was "not a directory", "file name
// too long", the system's words. Each is no such folder, named in ASCII.
func TestFileURLFolderNamed(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f\u0430")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	esc := strings.ReplaceAll(dir, "%", "%25")
	for u, want := range map[string]string{
		"file://" + esc + "/v%D0%B0":                     `no such folder: "` + dir + `/v\u0430"`,
		"file://" + esc + "/f%D0%B0":                     `"` + dir + `/f\u0430" is a file, not a mirror's folder`,
		"file://" + esc + "/f%D0%B0/x":                   `no such folder: "` + dir + `/f\u0430/x"`,
		"file://" + esc + "/" + strings.Repeat("n", 300): "no such folder: " + dir + "/nnn",
	} {
		_, err := (&mirror.HTTP{NoCache: true}).Open(u, mirror.Options{})
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%.80s…: %v; want %q", u, err, want)
		}
	}
}
