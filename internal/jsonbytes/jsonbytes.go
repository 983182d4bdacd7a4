// Package jsonbytes tests eight bytes at a time for the bytes that end
// the plain text of a JSON string: a quote, a backslash, a control
// character or part of a multi-byte character. The loader's scanner
// (package snapshot/catalog) jumps to the first of them to find a
// string's end; the JSON writer (package report) copies a string without
// them as it is. HashWord tests a hash's bytes the same way.
// Most strings of a page or a report (hashes, versions, names) are plain
// ASCII, and these loops ran once per byte of every page and every report.
// AppendUnescaped undoes a string's escapes as encoding/json does, for
// the decoders' strings that have some.
package jsonbytes

import (
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
)

// Specials marks, in the high bit of each byte, the bytes of x (eight
// bytes of a string, the first in the low byte) that are not plain: not
// 0x20 to 0x7f, or '"' or '\\'. The lowest mark is always the first such
// byte (First gives its index); marks above it may be wrong, since the
// zero-byte tests borrow across bytes. A word of plain bytes gives 0. It
// is small enough to be inlined in the callers' loops.
func Specials(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	quote := x ^ ('"' * ones)
	backslash := x ^ ('\\' * ones)
	return ((x-0x20*ones)&^x | (quote-ones)&^quote | (backslash-ones)&^backslash | x) & highs
}

// First is the index in its word of the first byte Specials marked in m
// (m not 0).
func First(m uint64) int { return bits.TrailingZeros64(m) / 8 }

// Word returns the eight bytes of s at i as Specials wants them (the
// first in the low byte); i+8 must be at most len(s). The compiler makes
// it one load.
func Word(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// Plain reports whether every byte of s is plain, so that a JSON
// string holds s as it is (encoding/json writes it unescaped).
func Plain(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if Specials(Word(s, i)) != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// HashWord reports whether each of the eight bytes of x is in Spack's
// base32 alphabet, a-z and 2-7: a quarter of a well-formed hash (the
// loader checks every spec's hash with it). For a byte below 0x80,
// adding 0x80-lo sets its high bit exactly when it is at least lo, and adding 0x7f-hi
// exactly when it is above hi, and the sum carries into no other byte. A
// byte from 0x80 up gets neither mark whatever it carries (so the word
// is refused), though its carry may mark the byte above it wrongly.
func HashWord(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	letter := (x + (0x80-'a')*ones) &^ (x + (0x7f-'z')*ones)
	digit := (x + (0x80-'2')*ones) &^ (x + (0x7f-'7')*ones)
	return (letter|digit)&highs == highs
}

// AppendUnescaped appends raw, a JSON string's text between its quotes
// (valid UTF-8, no control character), to out with its escapes replaced
// as encoding/json replaces them, a half of a surrogate pair alone by
// U+FFFD; false for an escape encoding/json refuses. It never appends
// more bytes than raw has: an escape writes fewer than it takes.
func AppendUnescaped(out, raw []byte) ([]byte, bool) {
	for i := 0; i < len(raw); {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			i++
			continue
		}
		if i+1 >= len(raw) {
			return nil, false
		}
		switch e := raw[i+1]; e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := Hex4(raw[i+2:])
			if !ok {
				return nil, false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				// As encoding/json: a pair is one character, a half
				// alone U+FFFD (rawString refuses those before).
				r2, ok := rune(-1), false
				if i+1 < len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
					r2, ok = Hex4(raw[i+2:])
				}
				if d := utf16.DecodeRune(r, r2); ok && d != utf8.RuneError {
					r = d
					i += 6
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
			continue
		default:
			return nil, false
		}
		i += 2
	}
	return out, true
}

// Hex4 is the number the first four bytes of b write in hexadecimal,
// false when they do not.
func Hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
