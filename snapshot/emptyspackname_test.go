package snapshot

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmptySpackFileNamedAlone (issue 35, class e): an empty file named
// alone whose name is one Spack gives its files says which, not what a
// package page starts with: an empty index.json.gz, spack.lock.gz or
// x.spec.manifest.json went to the page decoder ("no front matter: the
// file is empty (a package page starts with a line '---')").
func TestEmptySpackFileNamedAlone(t *testing.T) {
	dir := t.TempDir()
	for name, want := range map[string]string{
		"index.json.gz":        "where its name (index.json.gz) says a Spack build cache's index, gzip'd",
		"spack.lock.gz":        "where its name (spack.lock.gz) says a Spack environment's lockfile, gzip'd",
		"x.spec.json.gz":       "where its name (x.spec.json.gz) says a Spack spec file, gzip'd",
		"x.spec.json.sig":      "where its name (x.spec.json.sig) says a Spack spec file, clear-signed",
		"index.json":           "where its name (index.json) says a Spack build cache's index:",
		"x.spec.manifest.json": "by its name, a layout-v3 Spack mirror's spec manifest",
		"index.manifest.json":  "by its name, a layout-v3 Spack mirror's index manifest",
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path, Options{})
		if err == nil || !strings.Contains(err.Error(), "the file is empty") || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "front matter") {
			t.Errorf("%s: %v; want the file empty, %q", name, err, want)
		}
	}
	// gzip'd, a stream that inflates to nothing, or to what is no JSON:
	// the page decoder said a package page is Markdown text ("the file
	// is gzip'd ... gunzip it").
	for name, tt := range map[string]struct{ data, want string }{
		"index.json.gz":  {"", "the file is gzip'd and inflates to nothing, where its name (index.json.gz) says a Spack build cache's index:"},
		"spack.lock.gz":  {"", "the file is gzip'd and inflates to nothing, where its name (spack.lock.gz) says a Spack environment's lockfile:"},
		"x.spec.json.gz": {"x", `want a JSON object (a Spack index, lockfile or spec file), not "x"`},
	} {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		if _, err := zw.Write([]byte(tt.data)); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "gz", name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path, Options{})
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "package page") {
			t.Errorf("%s gzip'd of %q: %v; want %q", name, tt.data, err, tt.want)
		}
	}
	// A page's name keeps the page's words.
	path := filepath.Join(dir, "zlib.md")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path, Options{}); err == nil || !strings.Contains(err.Error(), "no front matter: the file is empty") {
		t.Errorf("zlib.md: %v; want no front matter", err)
	}
}
