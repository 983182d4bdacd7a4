package mirror_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestMirrorNoNearFolders (adversarial pass 206b): a layout-v3 mirror
// without an index manifest whose spec files disagree on a hash failed
// with "did you mean m/v3/manifests/spec/compiler-wrapper? it holds a
// snapshot of its own", and, of many bad files, "is m a snapshot? A
// snapshot is …": the folders of its manifests are no snapshots, and
// the mirror is one. A mirror's LoadError names no folder below it, and
// says it is whole.
func TestMirrorNoNearFolders(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V3(dir, index(t, "new"), mirrorgen.Options{NoIndex: true}); err != nil {
		t.Fatal(err)
	}
	manifests, err := filepath.Glob(filepath.Join(dir, "v3", "manifests", "spec", "curl", "*.spec.manifest.json"))
	if err != nil || len(manifests) == 0 {
		t.Fatalf("curl's spec manifest: %v %v", manifests, err)
	}
	// curl's spec file writes its first dependency at another version:
	// the hash is then two specs, in two manifests.
	m := manifests[0]
	var man map[string]any
	data, err := os.ReadFile(m)
	if err != nil || json.Unmarshal(data, &man) != nil {
		t.Fatal(m, err)
	}
	entry := man["data"].([]any)[0].(map[string]any)
	sum := entry["checksum"].(string)
	zr, err := gzip.NewReader(openFile(t, filepath.Join(dir, "blobs", "sha256", sum[:2], sum)))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Spec struct {
			Meta  any              `json:"_meta"`
			Nodes []map[string]any `json:"nodes"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(raw, &spec); err != nil || len(spec.Spec.Nodes) < 2 {
		t.Fatalf("curl's spec file: %v", err)
	}
	spec.Spec.Nodes[1]["version"] = "9.9.9"
	raw, _ = json.Marshal(map[string]any{"spec": map[string]any{"_meta": spec.Spec.Meta, "nodes": spec.Spec.Nodes}})
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(raw)
	zw.Close()
	h := sha256.Sum256(b.Bytes())
	sum = hex.EncodeToString(h[:])
	if err := os.MkdirAll(filepath.Join(dir, "blobs", "sha256", sum[:2]), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "blobs", "sha256", sum[:2], sum), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	entry["checksum"], entry["contentLength"] = sum, b.Len()
	data, _ = json.Marshal(man)
	if err := os.WriteFile(m, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = loadDir(t, dir)
	var le *snapshot.LoadError
	if !errors.As(err, &le) {
		t.Fatalf("a hash two specs in two manifests: %v; want a LoadError", err)
	}
	if len(le.Near) > 0 || !le.Whole {
		t.Errorf("a mirror that fails: near %v, whole %v; want no folder below it named, and it whole", le.Near, le.Whole)
	}
}

func openFile(t *testing.T, p string) *os.File {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}
