// Package lookalike says how a message or a news line names a value
// that may read like another: a package, tag or facet value that is not
// ASCII (bc and bс, its c Cyrillic; gcc and gсc), that starts or ends
// with a space or holds a control character (ubuntu22.04 and
// "ubuntu22.04 "), or that starts with a quote (a compiler spelled
// "g\u0441c", quotes and backslash its own, reads as gсc quoted). Such
// a value is quoted in ASCII, so that a reader sees two values where
// there are two; any other is written as it is. The snapshot loader's
// errors, the engine's warnings (diff) and the reports' news lines
// (report) name values by it.
package lookalike

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Pair is name as a message that sets it beside other names it: quoted
// in ASCII when either is not ASCII or is odd, else as it is (a Spack
// package's name is ASCII, so a name that is not is never a real
// package's; gcc@12 beside gсc@12 is quoted too, so that the two read
// as two quoted values).
func Pair(name, other string) string {
	if notASCII(name) || notASCII(other) || odd(name) || odd(other) {
		return strconv.QuoteToASCII(name)
	}
	return name
}

// Value is v named alone: quoted in ASCII when it is not ASCII or is
// odd, else as it is.
func Value(v string) string {
	if odd(v) || notASCII(v) {
		return strconv.QuoteToASCII(v)
	}
	return v
}

// Item is v as an element of a list joined by spaces: quoted in ASCII
// when Value quotes it, or when it is empty or holds a space (a variant
// v="x +w" would read as the two variants v="x and +w"), else as it is.
// Each element reads as one and as no other: an element written as it
// is never starts with a quote.
func Item(v string) string {
	if v == "" || strings.Contains(v, " ") {
		return strconv.QuoteToASCII(v)
	}
	return Value(v)
}

// notASCII reports whether s holds a rune outside ASCII.
func notASCII(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= utf8.RuneSelf })
}

// odd reports whether s starts or ends with a space, holds a control
// character or starts with a quote: written as it is, it would read as
// another value (a quote first as a value this package quoted).
func odd(s string) bool {
	return strings.HasPrefix(s, `"`) || s != strings.TrimSpace(s) ||
		strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f })
}
