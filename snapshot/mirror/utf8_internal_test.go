package mirror

import (
	"strings"
	"testing"
)

// TestNotUTF8Refused (adversarial pass 86): Spack reads a manifest and a
// spec file as UTF-8 text before it parses them, and refuses one with a
// byte that is no UTF-8. Go's encoding/json reads such a byte as U+FFFD:
// a manifest, or a spec blob with one outside its nodes (which the
// decoder of the made index checks), was read without a word.
func TestNotUTF8Refused(t *testing.T) {
	h := strings.Repeat("a", 64)
	manifest := `{"version":3,"note":"` + "\xff" + `","data":[{"contentLength":1,"mediaType":"application/vnd.spack.db.v8+json","compression":"none","checksumAlgorithm":"sha256","checksum":"` + h + `"}]}`
	if _, err := DecodeManifest("m.json", []byte(strings.Replace(manifest, "\xff", "ok", 1))); err != nil {
		t.Fatalf("bad test: %v", err)
	}
	if _, err := DecodeManifest("m.json", []byte(manifest)); err == nil || !strings.Contains(err.Error(), "UTF-8") {
		t.Errorf("a manifest with a byte that is no UTF-8: %v; want it refused, as Spack refuses it", err)
	}
	node := `{"name":"curl","version":"1","hash":"` + strings.Repeat("a", 32) + `"}`
	spec := `{"spec":{"_meta":{"version":5,"note":"` + "\xe9" + `"},"nodes":[` + node + `]},"buildcache_layout_version":"` + "\xc0\x80" + `"}`
	if _, _, err := specNodes([]byte(spec)); err == nil || !strings.Contains(err.Error(), "UTF-8") {
		t.Errorf("a spec file with bytes that are no UTF-8 outside its nodes: %v; want it refused, as Spack refuses it", err)
	}
}
