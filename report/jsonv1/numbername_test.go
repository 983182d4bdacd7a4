package jsonv1

import (
	"bytes"
	"github.com/cachediff/cachediff/report"
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
		`1.` + strings.Repeat("x", 100_000) + `,`: `want ` + aNumber + `, not "1.` + strings.Repeat("x", 50) + report.CutMark("1."+strings.Repeat("x", 100_000)) + `"`,
	} {
		bad := append(append([]byte{}, doc[:at]...), `"x": `+v...)
		_, err := DecodeBytes(bad)
		if err == nil || !strings.HasSuffix(err.Error(), ": "+want) || len(err.Error()) > 300 {
			t.Errorf("%.20q: %.300v; want %s", v, err, want)
		}
	}
}

// TestNumberCutShortNamed (class e): a report cut short inside a
// number names the number as read, with what a number looks like, as
// a malformed one is named; it read "the document ends early, inside a
// number", naming nothing.
func TestNumberCutShortNamed(t *testing.T) {
	doc := jsonOf(t, spackGenReport(t))
	at := bytes.Index(doc, []byte(`"schema": "cachediff/v1"`))
	if at < 0 {
		t.Fatal("no schema in the report")
	}
	for _, v := range []string{`1.`, `-`, `1e`, `2e+`, `-0.5E-`, `1.` + strings.Repeat("5", 100_000) + `e`} {
		bad := append(append([]byte{}, doc[:at]...), `"x": `+v...)
		want := `the document ends early, inside the number "` + shortValue(v) + `": want ` + aNumber
		_, err := DecodeBytes(bad)
		if err == nil || !strings.HasSuffix(err.Error(), ": "+want) || len(err.Error()) > 300 {
			t.Errorf("%.20q: %.300v; want %s", v, err, want)
		}
	}
}
