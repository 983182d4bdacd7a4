package mirror_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTPGzipBlobLabelledGzip (adversarial pass 86): a blob stored
// gzip'd, served as it is stored with Content-Encoding: gzip (a bucket
// whose objects carry that metadata, a web server that labels .gz
// content so), was inflated on arrival and then failed its checksum, the
// sha256 of the bytes stored: "the mirror is damaged". Spack reads the
// answer's bytes as they come (urllib inflates nothing) and verifies
// them, so it reads this mirror. A blob whose bytes as sent are what its
// name says is taken as sent; one sent gzip'd on the wire is inflated
// as before.
func TestHTTPGzipBlobLabelledGzip(t *testing.T) {
	idx := index(t, "old")
	root := t.TempDir()
	blob := gz(idx)
	sum := sha256.Sum256(blob)
	h := hex.EncodeToString(sum[:])
	put := func(rel string, data []byte) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("v3/layout.json", []byte(`{"signing": "gpg"}`))
	put("blobs/sha256/"+h[:2]+"/"+h, blob)
	put("v3/manifests/index/index.manifest.json", fmt.Appendf(nil, `{"version": 3, "data": [{"contentLength": %d, "mediaType": "application/vnd.spack.db.v8+json", "compression": "gzip", "checksumAlgorithm": "sha256", "checksum": %q}]}`, len(blob), h))
	want := dump(t, load(t, openDir(t, root, mirror.Options{})))

	srv := newServer(t, root)
	onWire := false
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if strings.Contains(r.URL.Path, "/blobs/") {
			w.Header().Set("Content-Encoding", "gzip")
			if onWire {
				w.Write(gz(blob)) // gzip'd again for the wire
				return true
			}
		}
		return false
	}
	for _, wire := range []bool{false, true} {
		onWire = wire
		got, _, err := fetch(&mirror.HTTP{NoCache: true, Retries: -1}, srv.URL)
		if err != nil {
			t.Fatalf("a gzip'd blob served with Content-Encoding: gzip (gzip'd again on the wire: %t): %v", wire, err)
		}
		if dump(t, got) != want {
			t.Errorf("gzip'd again on the wire: %t: reads otherwise than the folder", wire)
		}
	}
}
