package mirror_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// v3WithIndexBlob makes a layout-v3 mirror whose index is the blob
// blob, of compression gzip.
func v3WithIndexBlob(t *testing.T, blob []byte) string {
	t.Helper()
	dir := t.TempDir()
	sum := sha256.Sum256(blob)
	h := hex.EncodeToString(sum[:])
	for rel, data := range map[string][]byte{
		"v3/layout.json":                         []byte(`{"signing": "gpg"}`),
		"blobs/sha256/" + h[:2] + "/" + h:        blob,
		"v3/manifests/index/index.manifest.json": fmt.Appendf(nil, `{"version": 3, "data": [{"contentLength": %d, "mediaType": "application/vnd.spack.db.v8+json", "compression": "gzip", "checksumAlgorithm": "sha256", "checksum": %q}]}`, len(blob), h),
	} {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestGzipPaddedBlob: a gzip'd blob padded with zero bytes is read, as
// Spack's reader (Python's gzip.decompress) reads it; it was refused as
// "unexpected EOF" or "invalid header". Anything else after the stream
// is refused, saying so.
func TestGzipPaddedBlob(t *testing.T) {
	idx := index(t, "old")
	want, err := loadDir(t, v3WithIndexBlob(t, gz(idx)))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 8, 16, 4096} {
		got, err := loadDir(t, v3WithIndexBlob(t, append(gz(idx), make([]byte, n)...)))
		if err != nil || got.Specs() != want.Specs() {
			t.Errorf("padded with %d zero bytes: %v; want its %d specs read", n, err, want.Specs())
		}
	}
	_, err = loadDir(t, v3WithIndexBlob(t, append(gz(idx), "garbage"...)))
	if err == nil || !strings.Contains(err.Error(), "data after the gzip stream that is not gzip") {
		t.Errorf("text after the stream: %v; want it named", err)
	}
}

func loadDir(t *testing.T, dir string) (*snapshot.Snapshot, error) {
	t.Helper()
	src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
	if err != nil {
		return nil, err
	}
	return snapshot.LoadFrom(src, snapshot.Options{})
}
