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

// TestManifestTextBeforeSigned: a signed manifest after a line of text
// was refused by its first byte ("invalid character 'o' in literal
// null"); Spack's pattern finds the message there. It is refused naming
// the text, whose content would be lost.
func TestManifestTextBeforeSigned(t *testing.T) {
	h := strings.Repeat("a", 64)
	manifest := `{"version":3,"data":[{"contentLength":1,"mediaType":"application/vnd.spack.db.v8+json","compression":"none","checksumAlgorithm":"sha256","checksum":"` + h + `"}]}`
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n" + manifest + "\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	if _, err := DecodeManifest("m.json", []byte(signed)); err != nil {
		t.Fatalf("signed: %v", err)
	}
	_, err := DecodeManifest("m.json", []byte("note\n"+signed))
	if err == nil || !strings.Contains(err.Error(), "text before -----BEGIN PGP SIGNED MESSAGE----- (line 2)") {
		t.Errorf("a note before a signed manifest: %v; want it refused, naming the text before the message", err)
	}
}
