package mirror_test

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestOverMaxDownloadNamesFlag: a mirror whose index is over the limit
// of --max-download says which flag sets that limit, from a folder and
// from a URL, in layout v2 (stored and gzip'd) and v3 (Adversarial pass
// 76: "build_cache/index.json: 122249 bytes, over the limit of 1000",
// which left the user to find what limit, and how to raise it). A
// manifest over its own fixed bound names no flag: --max-download does
// not move it.
func TestOverMaxDownloadNamesFlag(t *testing.T) {
	idx := index(t, "old")
	root := t.TempDir()
	if err := mirrorgen.V2(filepath.Join(root, "v2"), idx); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(filepath.Join(root, "v3"), idx, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	// A v2 index stored gzip'd (Spack reads it so): small stored, over
	// the limit unpacked.
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write(idx)
	zw.Close()
	if err := os.MkdirAll(filepath.Join(root, "v2gz", "build_cache"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "v2gz", "build_cache", "index.json"), zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	limit := int64(zb.Len() + 100)
	for _, layout := range []string{"v2", "v2gz", "v3"} {
		for _, url := range []string{filepath.Join(root, layout), srv.URL + "/" + layout} {
			var src *mirror.Source
			var err error
			o := mirror.Options{MaxBytes: limit}
			if strings.HasPrefix(url, "http") {
				src, err = (&mirror.HTTP{NoCache: true}).Open(url, o)
			} else {
				src, err = mirror.Open(mirror.Dir(url), o)
			}
			if err == nil {
				_, err = snapshot.LoadFrom(src, snapshot.Options{})
			}
			if err == nil || !strings.Contains(err.Error(), "over the limit") || !strings.Contains(err.Error(), "--max-download") {
				t.Errorf("%s with a limit of %d bytes: %v; want an error over the limit that names --max-download", url, limit, err)
			}
		}
	}
	// A manifest over its own bound (1 MiB) is not a --max-download matter.
	big := filepath.Join(root, "bigmanifest")
	if err := mirrorgen.V3(big, idx, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	m := filepath.Join(big, "v3", "manifests", "index", "index.manifest.json")
	if err := os.WriteFile(m, bytes.Repeat([]byte(" "), 2<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := mirror.Open(mirror.Dir(big), mirror.Options{})
	if err == nil || strings.Contains(err.Error(), "--max-download") {
		t.Errorf("a 2 MiB manifest: %v; want an error that does not name --max-download", err)
	}
}
