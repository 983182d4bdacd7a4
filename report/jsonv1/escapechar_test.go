package jsonv1

import (
	"bytes"
	"strings"
	"testing"
)

// TestUnknownEscapeNamesCharacter (issue 35 class e): render named an
// unknown escape by its first byte, so an escaped 'é' read "an unknown
// escape \Ã in a string". The character is named whole; a byte that
// begins no character is named as a byte.
func TestUnknownEscapeNamesCharacter(t *testing.T) {
	doc := jsonOf(t, spackGenReport(t))
	at := []byte(`"schema": "cachediff/v1"`)
	if !bytes.Contains(doc, at) {
		t.Fatalf("no %s in the report", at)
	}
	for _, tc := range []struct{ esc, want string }{
		{`\é`, `an unknown escape \é in a string`},
		{`\€`, `an unknown escape \€ in a string`},
		{`\q`, `an unknown escape \q in a string`},
		{"\\\xff", `an unknown escape \ before the byte \xff in a string`},
	} {
		bad := bytes.Replace(doc, at, []byte(`"schema": "cachediff/v1", "x": "a`+tc.esc+`"`), 1)
		if _, err := DecodeBytes(bad); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v; want an error with %q", tc.esc, err, tc.want)
		}
	}
}
