// Package jsonbytes tests eight bytes at a time for the bytes that end
// the plain text of a JSON string: a quote, a backslash, a control
// character or part of a multi-byte character. The loader's scanner
// (package snapshot/catalog) jumps to the first of them to find a
// string's end; the JSON writer (package report) copies a string without
// them as it is. HashWord tests a hash's bytes the same way.
// Most strings of a page or a report (hashes, versions, names) are plain
// ASCII, and these loops ran once per byte of every page and every report.
package jsonbytes

import "math/bits"

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
