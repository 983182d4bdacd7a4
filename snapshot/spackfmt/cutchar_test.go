package spackfmt

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCutInFirstCharacterSaysEnd (issue 35 class e: a message that differs
// by where the input was cut; one that names the wrong character): a
// file that ends inside a character past ASCII where a value, a key or
// the document begins was told by the character's first byte, read as a
// character of its own, where one cut a byte before says the file ends:
//
//	'{"spec": \xc3'
//	before: line 1, column 10: spec: want an object, not 'Ã'
//	after:  line 1, column 10: spec: want an object, not the end of the file
//
// and a whole character there was named by that byte too ('Ã' for 'é',
// 'ÿ' for a byte that is no UTF-8). Cut at every byte of real files, and
// a character's first byte put after the cut, the message is the cut's
// own, at the same place.
func TestCutInFirstCharacterSaysEnd(t *testing.T) {
	for _, name := range []string{"spec.v5-libdwarf-m1.spec.json", "index.v7-layout2-unsigned.json", "spec.v3-archive-files.spec.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spack-formats", name))
		if err != nil {
			t.Fatal(err)
		}
		for cut := 0; cut < len(data); cut++ {
			if strings.TrimSpace(string(data[cut:])) == "" {
				break // the document whole
			}
			_, want := Decode(name, data[:cut])
			for _, c := range []string{"\xc3", "\xe2\x82", "\xf0\x9f\x98"} {
				_, err := Decode(name, append(data[:cut:cut], c...))
				if err == nil || want == nil || err.Error() != want.Error() {
					t.Errorf("%s cut at byte %d, then %q: %v; want %v", name, cut, c, err, want)
				}
			}
		}
	}
	const doc = `{"spec":{"_meta":{"version":5},"nodes":[{"name":"a","version":"1","hash":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}]}}`
	if _, err := Decode("x.spec.json", []byte(doc)); err != nil {
		t.Fatalf("bad test: %v", err)
	}
	for in, want := range map[string]string{
		"{\"spec\": \xc3":  "1:10: spec: want an object, not the end of the file",
		" \n \xe2\x82":     "2:2: (top level): want a JSON object (a Spack index, lockfile or spec file), not the end of the file",
		"{\"spec\": é}":    "1:10: spec: want an object, not '\\u00e9'",
		"{€}":              "1:2: (top level): want a key, not '\\u20ac'",
		"{\"spec\": \xff}": "1:10: spec: want an object, not the byte 0xff, which is no UTF-8",
		doc + " \xc3":      fmt.Sprintf("1:%d: (top level): unexpected data after the document (the byte 0xc3, which is no UTF-8)", len(doc)+2),
		doc + " é":         fmt.Sprintf("1:%d: (top level): unexpected data after the document ('\\u00e9')", len(doc)+2),
	} {
		_, err := Decode("x.spec.json", []byte(in))
		var e *Error
		if !errors.As(err, &e) || strings.TrimPrefix(err.Error(), "x.spec.json:") != want {
			t.Errorf("%q: %v; want %s", in, err, want)
		}
	}
}
