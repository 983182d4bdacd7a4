package jsonv1

import (
	"bytes"
	"strings"
	"testing"
)

// TestUnknownEscapeNamesCharacter (issue 35 class e): render named an
// unknown escape by its first byte, so an escaped 'é' read "an unknown
// escape \Ã in a string". The character is named whole, in ASCII past
// it (TestFoundCharacterInASCII); a byte that begins no character is
// named as a byte.
func TestUnknownEscapeNamesCharacter(t *testing.T) {
	doc := jsonOf(t, spackGenReport(t))
	at := []byte(`"schema": "cachediff/v1"`)
	if !bytes.Contains(doc, at) {
		t.Fatalf("no %s in the report", at)
	}
	for _, tc := range []struct{ esc, want string }{
		{`\é`, `an unknown escape: \ before the character '\u00e9' in a string`},
		{`\€`, `an unknown escape: \ before the character '\u20ac' in a string`},
		{`\q`, `an unknown escape \q in a string`},
		// A space named as the character it is: "an unknown escape \  in
		// a string" named none a reader could see.
		{`\ `, `an unknown escape: \ before the character ' ' in a string`},
		{"\\\xff", `an unknown escape: \ before the byte \xff in a string`},
	} {
		bad := bytes.Replace(doc, at, []byte(`"schema": "cachediff/v1", "x": "a`+tc.esc+`"`), 1)
		if _, err := DecodeBytes(bad); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v; want an error with %q", tc.esc, err, tc.want)
		}
	}
}

// TestCutInEscapeNeverEnds (issue 35 class e: a message that differs by
// where the input was cut): a report cut short inside an escape, or
// inside the character a backslash escapes, is a string that never
// ends, as one cut after the backslash is, and as the Spack reader
// says of a file cut so (bd3b7483). Cut after "\u00" it was `a \u
// escape without four hexadecimal digits`, after "\ud83d\ude" `a lone
// surrogate \ud83d in a string (the first half of a UTF-16 pair,
// without the second)`, after "\" and the first byte of 'é' `an
// unknown escape \ before the byte \xc3 in a string`.
func TestCutInEscapeNeverEnds(t *testing.T) {
	doc := jsonOf(t, spackGenReport(t))
	at := bytes.Index(doc, []byte(`"schema": "cachediff/v1"`))
	if at < 0 {
		t.Fatal("no schema in the report")
	}
	for _, s := range []string{`\u0041`, `\ud83d\ude00`, `\uD83D\uDE00`, `é€😀`, `\é`, `\€`, `\😀`} {
		for cut := 1; cut < len(s); cut++ {
			bad := append(append([]byte{}, doc[:at]...), `"x": "a`+s[:cut]...)
			if _, err := DecodeBytes(bad); err == nil || !strings.HasSuffix(err.Error(), ": a string that never ends") {
				t.Errorf("cut after %q: %v; want a string that never ends", s[:cut], err)
			}
		}
	}
	// Not cut, the escape is told as it was.
	for s, want := range map[string]string{
		`\ud800"`:       `a lone surrogate \ud800 in a string (the first half of a UTF-16 pair, without the second)`,
		`\ud800\u0041"`: `a lone surrogate \ud800 in a string (the first half of a UTF-16 pair, without the second)`,
		`\ud800\ud`:     `a string that never ends`,
		`\ud800\u004`:   `a lone surrogate \ud800 in a string (the first half of a UTF-16 pair, without the second)`,
		`\u00g`:         `a \u escape without four hexadecimal digits`,
		"\\\xc3\"":      `an unknown escape: \ before the byte \xc3 in a string`,
	} {
		bad := append(append([]byte{}, doc[:at]...), `"x": "a`+s...)
		if _, err := DecodeBytes(bad); err == nil || !strings.HasSuffix(err.Error(), ": "+want) {
			t.Errorf("%q: %v; want %s", s, err, want)
		}
	}
}

// TestCutInWordSaysEnd (issue 35 class e: a message that differs by
// where the input was cut): a report cut short inside true, false,
// null or a number says the document ends, as the Spack reader says of
// a file cut so (2927daba) and as the walker says of one cut before
// the word. Cut after `"canonicalize": tru` it was `want true or false,
// not the character 't'`, after "1." `a malformed number`.
func TestCutInWordSaysEnd(t *testing.T) {
	doc := jsonOf(t, spackGenReport(t))
	at := bytes.Index(doc, []byte(`"schema": "cachediff/v1"`))
	if at < 0 {
		t.Fatal("no schema in the report")
	}
	for _, v := range []string{`true`, `false`, `null`, `-1.5e+3`} {
		for cut := 1; cut < len(v); cut++ {
			if v[:cut] == "-1" || v[:cut] == "-1.5" {
				continue // a number whole
			}
			bad := append(append([]byte{}, doc[:at]...), `"x": `+v[:cut]...)
			if _, err := DecodeBytes(bad); err == nil || !strings.Contains(err.Error(), "the end of the document") && !strings.Contains(err.Error(), "the document ends early") {
				t.Errorf("cut after %q: %v; want that the document ends", v[:cut], err)
			}
		}
	}
	// A word or a number with a wrong byte is told as it was.
	for v, want := range map[string]string{
		`tru,`:  `want a value, not the character 't'`,
		`01`:    `want ` + aNumber + `, not "01"`,
		`1.}`:   `want ` + aNumber + `, not "1."`,
		`nulx,`: `want a value, not the character 'n'`,
	} {
		bad := append(append([]byte{}, doc[:at]...), `"x": `+v...)
		if _, err := DecodeBytes(bad); err == nil || !strings.HasSuffix(err.Error(), ": "+want) {
			t.Errorf("%q: %v; want %s", v, err, want)
		}
	}
	// A field of its own, as a report cut in it reads.
	i := bytes.Index(doc, []byte(`"canonicalize": `))
	if i < 0 {
		t.Skip("no canonicalize in the report")
	}
	i += len(`"canonicalize": `)
	if _, err := DecodeBytes(doc[:i+2]); err == nil || !strings.HasSuffix(err.Error(), "not the end of the document") {
		t.Errorf("cut after %q: %v; want that the document ends", doc[i-16:i+2], err)
	}
}
