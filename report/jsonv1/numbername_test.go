package jsonv1

import (
	"bytes"
	"strings"
	"testing"
)

// TestBadNumberNamed (issue 35 class e: a message that names nothing):
// a malformed number in a report is named as read, quoted and cut, with
// what a JSON number looks like, as the Spack reader names one; it read
// only "a malformed number".
func TestBadNumberNamed(t *testing.T) {
	doc := jsonOf(t, spackGenReport(t))
	at := bytes.Index(doc, []byte(`"schema": "cachediff/v1"`))
	if at < 0 {
		t.Fatal("no schema in the report")
	}
	for v, want := range map[string]string{
		`01,`:    `want ` + aNumber + `, not "01"`,
		`1.}`:    `want ` + aNumber + `, not "1."`,
		`-,`:     `want ` + aNumber + `, not "-"`,
		`1e,`:    `want ` + aNumber + `, not "1e"`,
		`2e+]`:   `want ` + aNumber + `, not "2e+"`,
		`1.5.3,`: `want ` + aNumber + `, not "1.5.3"`,
		`-x,`:    `want ` + aNumber + `, not "-x"`,
		// A word of 100,000 characters is cut as a long count is.
		`1.` + strings.Repeat("x", 100_000) + `,`: `want ` + aNumber + `, not "1.` + strings.Repeat("x", 58) + `…"`,
	} {
		bad := append(append([]byte{}, doc[:at]...), `"x": `+v...)
		_, err := DecodeBytes(bad)
		if err == nil || !strings.HasSuffix(err.Error(), ": "+want) || len(err.Error()) > 300 {
			t.Errorf("%.20q: %.300v; want %s", v, err, want)
		}
	}
}
