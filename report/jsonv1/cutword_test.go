package jsonv1

import (
	"os"
	"strings"
	"testing"
)

// TestCutWordOrCharacterNamed (issue 35 class e: a message that differs
// by where the input was cut; one that names a character the input does
// not hold): where a key or a comma goes, a document cut inside true,
// false or null named the word's first letter ("want a key (a string),
// not the character 't'"), where the same cut after the word said "not a
// boolean"; and a document cut inside a character past ASCII named
// U+FFFD ("want a value, not the character '�'"), where one cut before
// the character says the document ends.
//
// A real report cut at every byte, then a character's first byte put
// there, says what the cut says; the words cut short say what they say
// whole.
func TestCutWordOrCharacterNamed(t *testing.T) {
	data, err := os.ReadFile("../../testdata/golden/v0.23.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeBytes(data); err != nil {
		t.Fatalf("bad test: %v", err)
	}
	for cut := 1; cut < len(data); cut++ { // 0: an empty document, not one cut
		_, want := DecodeBytes(data[:cut])
		if want == nil {
			break // the document whole
		}
		for _, c := range []string{"\xc3", "\xe2\x82", "\xf0\x9f\x98"} {
			_, err := DecodeBytes(append(data[:cut:cut], c...))
			if err == nil || want == nil || err.Error() != want.Error() {
				t.Errorf("cut at byte %d, then %q: %v; want %v", cut, c, err, want)
			}
		}
	}
	for _, head := range []string{`{"schema": "cachediff/v1", `, `{"schema": "cachediff/v1" `, string(data[:strings.LastIndexByte(string(data), '}')]) + " "} {
		for _, word := range []string{"true", "false", "null"} {
			_, want := DecodeBytes([]byte(head + word))
			if want == nil {
				t.Fatalf("%q: read", head+word)
			}
			for n := 1; n < len(word); n++ {
				if _, err := DecodeBytes([]byte(head + word[:n])); err == nil || err.Error() != want.Error() {
					t.Errorf("%q: %v; want %v", head+word[:n], err, want)
				}
			}
		}
	}
	for in, want := range map[string]string{
		string(data) + "\xc3":                  "line 300, column 1: more after the end of the document: the byte 0xc3, which is no UTF-8",
		"\xc3":                                 "line 1, column 1: the document ends early: want an object",
		" \n\xe2\x82":                          "line 2, column 1: the document ends early: want an object",
		`{"schema": "cachediff/v1", ` + "\xff": "line 1, column 28: want a key (a string), not the byte 0xff, which is no UTF-8",
	} {
		if _, err := DecodeBytes([]byte(in)); err == nil || err.Error() != want {
			t.Errorf("%q: %v; want %s", in, err, want)
		}
	}
}
