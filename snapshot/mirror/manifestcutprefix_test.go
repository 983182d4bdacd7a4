package mirror_test

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestSignedManifestCutPrefixSaysCutShort (issue 35 class e: a message
// that misnames the problem): every prefix of 1 to 16 bytes of a signed
// manifest, read alone or as a layout-v3 mirror's index manifest, is
// refused as a clear-signed manifest cut short. Cut to one to five
// dashes it was "invalid character '-' in numeric literal", its armour
// told from the sixth byte on only.
func TestSignedManifestCutPrefixSaysCutShort(t *testing.T) {
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n{\"version\": 3, \"data\": []}\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	for n := 1; n <= 16; n++ {
		_, err := mirror.DecodeManifest("x.spec.manifest.json", []byte(signed[:n]))
		if err == nil || !strings.Contains(err.Error(), "clear-signed spec manifest") || !strings.Contains(err.Error(), "cut short") || strings.Contains(err.Error(), "numeric literal") {
			t.Errorf("a spec manifest cut to %d bytes: %v; want a clear-signed spec manifest cut short", n, err)
		}
		err = openIndexManifest(t, signed[:n])
		if err == nil || !strings.Contains(err.Error(), "clear-signed index manifest") || !strings.Contains(err.Error(), "cut short") {
			t.Errorf("an index manifest cut to %d bytes: %v; want a clear-signed index manifest cut short", n, err)
		}
	}
}
