package mirror_test

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHTTPBlobLongerOnWire (adversarial pass 118b): a gzip'd index blob
// that a server compresses again for the wire (Content-Encoding: gzip,
// asked for) comes a few bytes longer than it is stored when gzip finds
// nothing to gain in it (zlib then writes stored blocks, 5 bytes a block
// and 18 of header and trailer): the answer was bounded by the
// manifest's contentLength before it was inflated, and the mirror was
// refused as damaged ("blob ... is longer than the N bytes the manifest
// says"), which its folder reads. The bound is the blob's once inflated;
// the bytes on the wire may exceed it by what gzip adds.
func TestHTTPBlobLongerOnWire(t *testing.T) {
	blob := gz(index(t, "old"))
	root := v3WithIndexBlob(t, blob)
	want := dump(t, load(t, openDir(t, root, mirror.Options{})))
	var wire bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&wire, gzip.NoCompression) // stored blocks, as zlib writes what does not compress
	zw.Write(blob)
	zw.Close()
	if wire.Len() <= len(blob) {
		t.Fatalf("the wire's %d bytes are not more than the blob's %d", wire.Len(), len(blob))
	}
	srv := newServer(t, root)
	srv.fault = func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.Contains(r.URL.Path, "/blobs/") {
			return false
		}
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(wire.Bytes())
		return true
	}
	got, _, err := fetch(&mirror.HTTP{NoCache: true, Retries: -1}, srv.URL)
	if err != nil {
		t.Fatalf("a blob gzip'd again on the wire, %d bytes for its %d: %v", wire.Len(), len(blob), err)
	}
	if dump(t, got) != want {
		t.Error("reads otherwise than the folder")
	}
}
