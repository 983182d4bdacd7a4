package mirror_test

import (
	"strings"
	"testing"
)

// TestSignedIndexManifestPlaced (issue 35 class e: a position given two
// ways), the index manifest's sibling of TestSignedSpecManifestNamedOnce:
// a layout-v3 index manifest whose clear-signed armour is damaged is
// placed by line and column as its broken JSON is ("…index.manifest.json:
// line 1, column 25: not a manifest: …"). It was placed in another form:
//
//	v3/manifests/index/index.manifest.json:10:1: (signature): data after the signature, …
func TestSignedIndexManifestPlaced(t *testing.T) {
	im := indexManifest
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n{\"version\": 3, \"data\": []}\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	for _, c := range []struct{ in, want string }{
		{"note\n" + signed, im + ": line 1, column 1: (signature): text before -----BEGIN PGP SIGNED MESSAGE----- (line 2)"},
		{"\n" + signed + "x\n", im + ": line 10, column 1: (signature): data after the signature"},
		{signed[:len(signed)-len("-----END PGP SIGNATURE-----\n")], im + ": line 8, column 1: (signature): a clear-signed index manifest whose signature never ends"},
		// Its JSON, as before.
		{`{"version": 3, "data": tx}`, im + ": line 1, column 25: not a manifest: "},
	} {
		err := openIndexManifest(t, c.in)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v; want %s...", c.in, err, c.want)
		}
	}
}
