package spackfmt

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 35 (messages): a signed spec file whose armor headers never end
// (cut short within them, or its lines ended by a carriage return alone,
// which Spack's pattern reads and GnuPG does not) was decoded as JSON
// from its first dash, and refused as "want a JSON object ..., not a
// number": the file's signature, and not its first byte, is what to fix.
func TestSignedHeadersNeverEnd(t *testing.T) {
	inner, err := os.ReadFile(filepath.Join(fixtures, "spec.v4-libdwarf-core2.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n" + string(inner) + "\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	for _, tt := range []struct {
		name, data string
		line       int
		want       string
	}{
		{"cut in the BEGIN line", signed[:20], 1, "armor headers never end"},
		{"cut in the Hash header", signed[:40], 2, "armor headers never end"},
		{"cut after the Hash header", signed[:48], 3, "armor headers never end"},
		{"after blank lines, cut", "\n\n" + signed[:40], 4, "armor headers never end"},
		{"no empty line before the JSON", "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n" + `{"spec":{}}` + "\n-----BEGIN PGP SIGNATURE-----\nabc\n-----END PGP SIGNATURE-----\n", 1, "no empty line between its armor headers"},
		{"lines ended by CR alone", strings.ReplaceAll(signed, "\n", "\r"), 1, "carriage return alone"},
	} {
		_, err := Decode("x.spec.json.sig", []byte(tt.data))
		var e *Error
		if !errors.As(err, &e) || e.Path != "(signature)" || !strings.Contains(e.Msg, tt.want) || e.Line != tt.line {
			t.Errorf("%s: %v; want an error of the signature at line %d saying %q", tt.name, err, tt.line, tt.want)
		}
	}
}
