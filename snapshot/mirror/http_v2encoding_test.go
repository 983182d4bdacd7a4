package mirror_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTPGzipV2IndexLabelledGzip: a layout-v2 build_cache/index.json
// stored gzip'd (its .hash the sha256 of the gzip'd bytes, as Spack
// writes it), served as stored with Content-Encoding: gzip (a bucket's
// metadata, a web server that labels .gz content so), was inflated on
// arrival: its sha256 was then not the .hash's, and the report named the
// index otherwise than the same mirror read from its folder, with a
// warning that was false ("the mirror changed while it was read, or its
// .hash is stale"). Spack reads the answer's bytes as they come (urllib
// inflates nothing), and they are what the .hash names. As a blob's
// (TestHTTPGzipBlobLabelledGzip): taken as sent when its bytes are what
// the .hash says; gzip'd again on the wire, inflated as before.
func TestHTTPGzipV2IndexLabelledGzip(t *testing.T) {
	stored := gz(index(t, "old"))
	root := t.TempDir()
	if err := mirrorgen.V2(root, stored); err != nil {
		t.Fatal(err)
	}
	disk := openDir(t, root, mirror.Options{})
	want := dump(t, load(t, disk))
	srv := newServer(t, root)
	onWire := false
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if strings.HasSuffix(r.URL.Path, "/build_cache/index.json") {
			w.Header().Set("Content-Encoding", "gzip")
			if onWire {
				w.Write(gz(stored)) // gzip'd again for the wire
				return true
			}
		}
		return false
	}
	for _, wire := range []bool{false, true} {
		onWire = wire
		got, src, err := fetch(&mirror.HTTP{CacheDir: t.TempDir(), Retries: -1}, srv.URL)
		if err != nil {
			t.Fatalf("gzip'd again on the wire: %t: %v", wire, err)
		}
		if dump(t, got) != want {
			t.Errorf("gzip'd again on the wire: %t: reads otherwise than the folder", wire)
		}
		if src.Checksum != disk.Checksum {
			t.Errorf("gzip'd again on the wire: %t: index named %s; the folder's is %s", wire, src.Checksum, disk.Checksum)
		}
		for _, w := range got.Warnings {
			t.Errorf("gzip'd again on the wire: %t: warning %s: %s", wire, w.File, w.Message)
		}
	}
}
