package spackfmt

import (
	"strings"
	"testing"
)

// TestSignedCutNamesKind (issue 35, class e): a clear-signed file cut
// before its signature, or within it, says what file it is, by its
// name, else by its signed JSON (standard input's "-"): it was "a
// clear-signed message without its signature" and "a signature that
// never ends", of no kind.
func TestSignedCutNamesKind(t *testing.T) {
	const head = "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n"
	for _, tt := range []struct{ file, body, want string }{
		{"x.spec.json.sig", `{"spec":{"nodes":[]}}`, "a clear-signed spec file without its signature"},
		{"x.spec.manifest.json", `{"data":[]}`, "a clear-signed spec manifest without its signature"},
		{"-", `{"spec":{"nodes":[]}}`, "a clear-signed spec file without its signature"},
		{"-", `{"database":{"installs":{}}}`, "a clear-signed build-cache index without its signature"},
		{"-", `{"x":1}`, "a clear-signed file without its signature"},
	} {
		_, err := Decode(tt.file, []byte(head+tt.body+"\n"))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s holding %s, cut: %v; want %q", tt.file, tt.body, err, tt.want)
		}
		// Cut within the signature: "a signature that never ends".
		_, err = Decode(tt.file, []byte(head+tt.body+"\n-----BEGIN PGP SIGNATURE-----\n\niQEz\n"))
		want := strings.Replace(tt.want, "without its signature", "whose signature never ends", 1)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s holding %s, cut in its signature: %v; want %q", tt.file, tt.body, err, want)
		}
	}
}
