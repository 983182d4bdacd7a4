// Package lookalike says how a message or a news line names a value
// that may read like another: a package, tag or facet value that is not
// ASCII (bc and bс, its c Cyrillic; gcc and gсc), or that starts or ends
// with a space or holds a control character (ubuntu22.04 and
// "ubuntu22.04 "). Such a value is quoted in ASCII, so that a reader
// sees two values where there are two; any other is written as it is.
// The snapshot loader's errors, the engine's warnings (diff) and the
// reports' news lines (report) name values by it.
package lookalike

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Pair is name as a message that sets it beside other names it: quoted
// in ASCII when either is not ASCII, else as it is (a Spack package's
// name is ASCII, so a name that is not is never a real package's).
func Pair(name, other string) string {
	if notASCII(name) || notASCII(other) {
		return strconv.QuoteToASCII(name)
	}
	return name
}

// Facet is a facet's value v, changed from or to other, as Pair names
// it, and quoted too when either is odd: ASCII values that look like
// each other.
func Facet(v, other string) string {
	if odd(v) || odd(other) {
		return strconv.QuoteToASCII(v)
	}
	return Pair(v, other)
}

// Value is v named alone: quoted in ASCII when it is not ASCII or is
// odd, else as it is.
func Value(v string) string {
	if odd(v) || notASCII(v) {
		return strconv.QuoteToASCII(v)
	}
	return v
}

// notASCII reports whether s holds a rune outside ASCII.
func notASCII(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= utf8.RuneSelf })
}

// odd reports whether s starts or ends with a space or holds a control
// character: written as it is, it would read as another value.
func odd(s string) bool {
	return s != strings.TrimSpace(s) || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f })
}
