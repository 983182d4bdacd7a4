package mirror_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestGzipTwiceRefused (adversarial pass 86): an index gzip'd twice is
// refused as a file ("Spack reads one layer of gzip"), but in a mirror
// it was read: the mirror inflated one layer, and the index decoder the
// other. Spack inflates a blob of compression gzip once and then parses
// JSON, and refuses it. The mirror's index is now refused as the file
// is, in a v2 build_cache/index.json and in a v3 index blob alike.
func TestGzipTwiceRefused(t *testing.T) {
	idx := index(t, "old")
	v2 := t.TempDir()
	if err := mirrorgen.V2(v2, gz(gz(idx))); err != nil {
		t.Fatal(err)
	}
	v3 := t.TempDir()
	blob := gz(gz(idx))
	sum := sha256.Sum256(blob)
	h := hex.EncodeToString(sum[:])
	for rel, data := range map[string][]byte{
		"v3/layout.json":                         []byte(`{"signing": "gpg"}`),
		"blobs/sha256/" + h[:2] + "/" + h:        blob,
		"v3/manifests/index/index.manifest.json": fmt.Appendf(nil, `{"version": 3, "data": [{"contentLength": %d, "mediaType": "application/vnd.spack.db.v8+json", "compression": "gzip", "checksumAlgorithm": "sha256", "checksum": %q}]}`, len(blob), h),
	} {
		p := filepath.Join(v3, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, dir := range []string{v2, v3} {
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		if err == nil {
			_, err = snapshot.LoadFrom(src, snapshot.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), "gzip'd twice") {
			t.Errorf("%s: an index gzip'd twice: %v; want it refused, as Spack refuses it and as the file is", dir, err)
		}
	}
}
