package mirror_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpecManifestBlobGoneNamesManifest (adversarial pass 206b): a
// layout-v3 mirror without an index manifest, one of whose spec
// manifests lists a blob the mirror does not have, was refused naming
// the blob alone ("a spec manifest lists a blob the mirror does not
// have: blobs/sha256/…: not found"), where the index manifest's missing
// blob is named with its manifest: of many manifests, the one to mend
// was left to be found by hand.
func TestSpecManifestBlobGoneNamesManifest(t *testing.T) {
	dir, manifests := v3SpecManifests(t, 2)
	gone := manifests[len(manifests)/2]
	data, err := os.ReadFile(gone)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Data []struct{ Checksum string }
	}
	if err := json.Unmarshal(data, &m); err != nil || len(m.Data) != 1 {
		t.Fatalf("%s: %v", gone, err)
	}
	sum := m.Data[0].Checksum
	if err := os.Remove(filepath.Join(dir, "blobs", "sha256", sum[:2], sum)); err != nil {
		t.Fatal(err)
	}
	_, err = loadDir(t, dir)
	rel, _ := filepath.Rel(dir, gone)
	if err == nil || !strings.Contains(err.Error(), filepath.ToSlash(rel)+": lists blob "+sum) {
		t.Errorf("a spec manifest's blob gone: %v; want it named with its manifest %s", err, filepath.ToSlash(rel))
	}
}
