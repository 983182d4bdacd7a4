package mirror

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// TestSpecBlobNotGzipNamed: a spec manifest that says its blob is
// gzip'd, of a blob that is not, was told "blob <checksum>: gzip:
// invalid header", Go's words of the gzip reader, where the index's blob
// of the same defect says what is wrong and where (adversarial_test's
// "not gzip"). It says so, naming the blob's path, as the index's does.
func TestSpecBlobNotGzipNamed(t *testing.T) {
	hash := strings.Repeat("a", 32)
	data := []byte(`{"spec":{"_meta":{"version":5},"nodes":[{"name":"zlib","version":"1","hash":"` + hash + `"}]}}`)
	sum := sha256.Sum256(data)
	e := &Entry{ContentLength: int64(len(data)), Checksum: hex.EncodeToString(sum[:]), ChecksumAlgorithm: "sha256", Compression: "gzip"}
	name := "v3/manifests/spec/zlib/zlib-1-" + hash + ".spec.manifest.json"
	_, err := (&Source{}).specFile(name, e, data, 1<<20)
	if err == nil || !strings.Contains(err.Error(), "blob "+e.BlobPath()+" is not gzip, and its manifest says its compression is gzip: the mirror is damaged") {
		t.Errorf("%v; want the blob named, not gzip though its manifest says so", err)
	}
}
