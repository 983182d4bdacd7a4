package spackfmt

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSpecFileVersionQuoted: SpecFileVersion (a layout-v3 spec blob's
// _meta.version, read by package mirror) put the value's JSON text in
// its error, cut to 40 bytes: a list's newline made a line of its own
// ([1,\n"::error::x"]), a string's U+202E turned the line around, and
// the cut split a character in two (invalid UTF-8). A string is quoted
// as a spec file's own bad version is, clipped; another kind named.
func TestSpecFileVersionQuoted(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{"[1,\n\"::error::x\"]", "bad version: want a number, not an array"},
		{"{\"a\":\n1}", "bad version: want a number, not an object"},
		{"\"4\u202e\"", `bad version "4\u202e": Spack reads a string version as a whole number`},
		{"\"" + strings.Repeat("é", 150) + "\"", `bad version "\u00e9\u00e9\u00e9`},
		{"1e400", "bad version 1e400: want a number"},
	} {
		_, err := SpecFileVersion([]byte(c.raw))
		if err == nil {
			t.Errorf("%q: read; want an error", c.raw)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, c.want) || strings.ContainsAny(msg, "\n\u202e") || !utf8.ValidString(msg) || len(msg) > 1000 { // 200 bytes of input, each at most \xff in ASCII
			t.Errorf("%q: %q; want one line of valid UTF-8 holding %q", c.raw, msg, c.want)
		}
	}
}

// TestVersionLookalikeQuotedInASCII (issue 35, classes a and e): a bad
// version, of a spec blob (SpecFileVersion) or of a file's own
// _meta.version or database.version, was quoted with %q, which leaves a
// lookalike as it is: "５" (fullwidth) said `bad version "５"`, read as
// the 5 Spack reads, and so refused for no reason the user could see.
// Quoted in ASCII, it is "\uff15".
func TestVersionLookalikeQuotedInASCII(t *testing.T) {
	_, err := SpecFileVersion([]byte(`"５"`))
	if want := `bad version "\uff15": Spack reads`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a spec blob's version: %v; want %s", err, want)
	}
	for _, data := range []string{
		`{"database":{"version":"８","installs":{}}}`,
		`{"spec":{"_meta":{"version":"５"},"nodes":[]}}`,
	} {
		_, err := Decode("f", []byte(data))
		if err == nil || !strings.Contains(err.Error(), `bad version "\uff1`) || strings.ContainsFunc(err.Error(), func(r rune) bool { return r > '~' }) {
			t.Errorf("%s: %v; want the version quoted in ASCII", data, err)
		}
	}
}
