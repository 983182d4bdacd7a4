package mirror

import (
	"strings"
	"testing"
)

// TestManifestTrailingBracket (pass 87a): a manifest followed by a '}' or
// a ']' was read, where Spack's json.loads refuses what follows the
// document (Extra data): json.Decoder.More, which checked for it, says
// false at a closing bracket, as at the end. Any other byte was refused.
func TestManifestTrailingBracket(t *testing.T) {
	h := strings.Repeat("a", 64)
	manifest := `{"version":3,"data":[{"contentLength":1,"mediaType":"application/vnd.spack.db.v8+json","compression":"none","checksumAlgorithm":"sha256","checksum":"` + h + `"}]}`
	for _, tail := range []string{"", "\n", " \r\n\t"} {
		if _, err := DecodeManifest("m.json", []byte(manifest+tail)); err != nil {
			t.Errorf("followed by %q: %v; want it read", tail, err)
		}
	}
	for _, tail := range []string{"}", "]", "\n}\n", "]]", "x", "\x00"} {
		if _, err := DecodeManifest("m.json", []byte(manifest+tail)); err == nil || !strings.Contains(err.Error(), "data after the JSON object") {
			t.Errorf("followed by %q: %v; want it refused (data after the JSON object), as Spack refuses it", tail, err)
		}
	}
}
