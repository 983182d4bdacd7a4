package mirror

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// TestSpecBlobNodeOfWrongKind: a layout-v3 spec blob's node, or its
// hash, of the wrong kind is told in JSON's words at its path, as
// specNodes tells the blob's other values (5d60753f). It said "node 1
// of its spec file has no hash", for a node that is a number, and for
// one whose hash is: no reader then looks for a hash missing.
func TestSpecBlobNodeOfWrongKind(t *testing.T) {
	const hash = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	name := "v3/manifests/spec/app/app-1-" + hash + specSuffix
	for _, c := range []struct{ nodes, want string }{
		{`[1]`, "spec.nodes[0]: a number, want an object"},
		{`[{"name": "app", "hash": 5}]`, "spec.nodes[0].hash: a number, want a string"},
		{`[{"name": "app", "hash": "` + hash + `"}, []]`, "spec.nodes[1]: a list, want an object"},
		{`[{"name": "app"}]`, "node 1 of its spec file has no hash"}, // as before
	} {
		data := []byte(`{"spec": {"_meta": {"version": 5}, "nodes": ` + c.nodes + `}}`)
		sum := sha256.Sum256(data)
		e := &Entry{ContentLength: int64(len(data)), Checksum: hex.EncodeToString(sum[:]), ChecksumAlgorithm: "sha256", Compression: "none"}
		_, err := (&Source{}).specFile(name, e, data, 1<<20)
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("nodes %s: %v; want ...%s", c.nodes, err, c.want)
		}
	}
}
