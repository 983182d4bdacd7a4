package spackfmt

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCutPrefixSaysCutShort (issue 35 class e: a message that misnames
// the problem): every prefix of 1 to 16 bytes of a signed spec file
// and of a gzip'd index is refused as cut short, naming what it is. A
// signed spec file cut to one to five dashes was decoded as JSON ("want
// a JSON object ..., not a number"), its armour told from the sixth byte
// on only; a gzip'd index cut to its first byte was "not '\x1f'".
func TestCutPrefixSaysCutShort(t *testing.T) {
	inner, err := os.ReadFile(filepath.Join(fixtures, "spec.v5-libdwarf-m1.spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	signed := "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n" + string(inner) + "\n-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	index, err := os.ReadFile(filepath.Join(fixtures, "index.v7-layout2-unsigned.json"))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	if _, err := w.Write(index); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 16; n++ {
		for _, c := range []struct {
			file, data, path, kind string
		}{
			{"x.spec.json.sig", signed[:n], "(signature)", "clear-signed spec file"},
			{"index.json", gz.String()[:n], "(gzip)", "gzip stream"},
			{"index.json.gz", gz.String()[:n], "(gzip)", "gzip stream"},
		} {
			_, err := Decode(c.file, []byte(c.data))
			var e *Error
			if !errors.As(err, &e) || e.Path != c.path || !strings.Contains(e.Msg, c.kind) || !strings.Contains(e.Msg, "cut short") {
				t.Errorf("%s cut to %d bytes: %v; want %s: %s ... cut short", c.file, n, err, c.path, c.kind)
			}
		}
	}
	// Unsigned by its name, a file of dashes is no signed message cut
	// short: it is read as JSON, as it was.
	if _, err := Decode("x.spec.json", []byte("-")); err == nil || strings.Contains(err.Error(), "clear-signed") {
		t.Errorf("x.spec.json of a dash: %v; want it read as JSON", err)
	}
}
