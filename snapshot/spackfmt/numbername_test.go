package spackfmt

import (
	"strings"
	"testing"
)

// TestBadNumberNamed (issue 35 class e: a message that names nothing):
// a malformed number is named as read, quoted, with what a number looks
// like, where it read only "bad number"; a number run into letters
// ("1x") is named whole, where the letters were named as a wrong byte
// after the value ("want ',' or '}' in an object, not 'x'").
func TestBadNumberNamed(t *testing.T) {
	for in, want := range map[string]string{
		`{"spec":{"_meta":{"x":1.}}}`:       `spec._meta.x: want ` + aNumber + `, not "1."`,
		`{"spec":{"_meta":{"x":01}}}`:       `spec._meta.x: want ` + aNumber + `, not "01"`,
		`{"spec":{"_meta":{"x":1.5.3}}}`:    `spec._meta.x: want ` + aNumber + `, not "1.5.3"`,
		`{"spec":{"_meta":{"x":-}}}`:        `spec._meta.x: want ` + aNumber + `, not "-"`,
		`{"spec":{"_meta":{"x":1x}}}`:       `spec._meta.x: want ` + aNumber + `, not "1x"`,
		`{"spec":{"_meta":{"x":[2e+]}}}`:    `spec._meta.x[0]: want ` + aNumber + `, not "2e+"`,
		`{"spec":{"_meta":{"version":4x}}}`: `spec._meta.version: want ` + aNumber + `, not "4x"`,
		// Numbers whole are read as before.
		`{"spec":{"_meta":{"x":-1.5e+3, "version": 5}}} x`: `unexpected data after the document ("x")`,
	} {
		_, err := Decode("x.spec.json", []byte(in))
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s: %v; want %s", in, err, want)
		}
	}
	// A word of megabytes is clipped in the message.
	in := `{"spec":{"_meta":{"x":1` + strings.Repeat("1.", 1<<20) + `}}}`
	if _, err := Decode("x.spec.json", []byte(in)); err == nil || len(err.Error()) > 2*maxQuoted+len(aNumber)+100 {
		t.Errorf("a long bad number: %d bytes of message; want it clipped", len(err.Error()))
	}
}
