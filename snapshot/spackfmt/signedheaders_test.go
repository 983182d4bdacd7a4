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

// Issue 35 (messages): a CRLF signed spec file cut between the CR and
// the LF of its first line ("-----BEGIN PGP SIGNED MESSAGE-----\r") was
// told its lines end with a carriage return alone, to be rewritten with
// line feeds: it is cut short, as its lines end with CRLF.
func TestSignedCutAfterCR(t *testing.T) {
	crlf := "-----BEGIN PGP SIGNED MESSAGE-----\r\nHash: SHA512\r\n\r\n{}\r\n"
	for _, cut := range []string{crlf[:35], "  " + crlf[:35], crlf[:35] + "\r"} {
		_, err := Decode("x.spec.json.sig", []byte(cut))
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, "the file is cut short") || strings.Contains(e.Msg, "carriage return alone") {
			t.Errorf("%q: %v; want the file said cut short, not its lines ended by CR alone", cut, err)
		}
	}
	// Lines ended by CR alone still say so, however few, and above a
	// body of LF lines too (whose signature has no empty line either:
	// that one is the empty line the headers' end is looked for at).
	for _, cr := range []string{
		"-----BEGIN PGP SIGNED MESSAGE-----\rHash: SHA512\r",
		"-----BEGIN PGP SIGNED MESSAGE-----\rHash: SHA512\r\r{}\n-----BEGIN PGP SIGNATURE-----\nabc\n-----END PGP SIGNATURE-----\n",
	} {
		_, err := Decode("x.spec.json.sig", []byte(cr))
		if err == nil || !strings.Contains(err.Error(), "carriage return alone") {
			t.Errorf("%q: %v; want the headers said to end with CR alone", cr, err)
		}
	}
}
