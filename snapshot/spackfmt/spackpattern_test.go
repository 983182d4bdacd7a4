package spackfmt

import (
	"strings"
	"testing"
)

// TestTextBeforeSignedAsSpackPattern: "text before -----BEGIN PGP SIGNED
// MESSAGE-----" is named only where Spack's pattern,
// ^-----BEGIN PGP SIGNED MESSAGE-----\s+Hash:\s+[^\s]+\s+(.+)-----BEGIN PGP SIGNATURE-----
// (re.MULTILINE|re.DOTALL, searched in the file's text, a Python str),
// finds a message. Its \s+(.+) takes a character at least each: one
// line break between the Hash: value and the SIGNATURE line is no
// message. And a str's \s is Unicode's white space and Python's
// separators \x1c-\x1f: a message there is one to Spack. Python 3.11's
// re read each.
func TestTextBeforeSignedAsSpackPattern(t *testing.T) {
	const begin = "note\n-----BEGIN PGP SIGNED MESSAGE-----"
	const sig = "-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
	for _, tt := range []struct {
		name, data string
		finds      bool
	}{
		{"one break", begin + "\nHash: SHA512\n" + sig, false},
		{"one break and a character", begin + "\nHash: SHA512\nx" + sig, true},
		{"two breaks", begin + "\nHash: SHA512\n\n" + sig, true},
		{"separators", begin + "\x1cHash:\x1cSHA512\x1c\x1cx" + sig, true},
		{"no-break spaces", begin + "\u00a0Hash:\u00a0SHA512\u00a0x" + sig, true},
		{"line separators", begin + "\u2028Hash: SHA512\u2028x" + sig, true},
		{"a no-break space in the value", begin + "\nHash: SHA\u00a0512\n\nx" + sig, true},
	} {
		err := textBeforeSigned("x.spec.json.sig", []byte(tt.data))
		if got := err != nil && strings.Contains(err.Error(), "text before"); got != tt.finds {
			t.Errorf("%s: %v; Spack's pattern finds a message: %v", tt.name, err, tt.finds)
		}
	}
}
