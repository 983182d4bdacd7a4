package mirror_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestManifestTextBeforeSignedNotUTF8 (issue 35 class e: a message that
// differs by a byte elsewhere in the file): a manifest with text above
// its clear-signed message is told so, "text before -----BEGIN PGP SIGNED
// MESSAGE-----", but with a byte that is no UTF-8 in the signed JSON
// below it, the JSON before that byte was read from the file's first
// byte, and the note named as broken JSON:
//
//	m.json: line 1, column 2: not a manifest: invalid character 'o' in literal null (expecting 'u')
//
// as textBeforeSigned says it was before it told it; and a whole JSON
// document above it was "data after the JSON object" where the message
// is UTF-8. The text before the message is told whatever the bytes
// after it, as spackfmt tells it.
func TestManifestTextBeforeSignedNotUTF8(t *testing.T) {
	h := strings.Repeat("ab", 32)
	body := `{"version": 3, "note": "é", "data": [{"contentLength": 10, "mediaType": "application/vnd.spack.db.v8+json", ` +
		`"compression": "none", "checksumAlgorithm": "sha256", "checksum": "` + h + `"}]}` + "\n"
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n" + body + "-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	for _, above := range []string{"note\n", "{\n", "\n\n{}\n", `{"version": 3, "data": []}` + "\n"} {
		want := fmt.Sprintf("m.json:1:1: (signature): text before -----BEGIN PGP SIGNED MESSAGE----- (line %d): ", 1+strings.Count(above, "\n"))
		for _, bad := range []string{"é", "\xff", "\xc3", "\x80"} {
			in := above + strings.Replace(signed, "é", bad, 1)
			_, err := mirror.DecodeManifest("m.json", []byte(in))
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%q above, %q in the note: %v; want %s...", above, bad, err, want)
			}
		}
	}
}
