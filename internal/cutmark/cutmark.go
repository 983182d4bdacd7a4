// Package cutmark is the mark a value cut short gets where it is cut, so
// that two values cut alike read apart: "…" and the first 8 hexadecimal
// digits of the SHA-256 of the whole value. The reports cut values with
// it (report.Shorten, report.CutLabel, report.CutMark), and so do the
// loaders' messages (spackfmt's clip), which may not import report.
package cutmark

import (
	"crypto/sha256"
	"encoding/hex"
)

// Len is the characters of a mark: "…" and 8 digits.
const Len = 9

// Of is the mark of value v cut: "…" and 8 digits of its digest.
func Of(v string) string { return OfMore(v, 0) }

// OfMore is Of with more digits than 8: a cut that keeps fewer
// characters than it might (an escape or a cluster kept whole, left out)
// makes up for them, so that a value cut is one character longer than
// any left whole and never reads as one (report.Shorten). Past the 64
// digits of the digest, its digits again.
func OfMore(v string, more int) string {
	// In pieces: a copy of a long value ([]byte(v)) doubled what
	// Markdown allocates for a spec of 100,000 variants.
	h := sha256.New()
	var buf [512]byte
	for len(v) > 0 {
		n := copy(buf[:], v)
		h.Write(buf[:n])
		v = v[n:]
	}
	var sum [sha256.Size]byte
	return markOf(h.Sum(sum[:0]), more)
}

// OfBytes is Of of b, not copied.
func OfBytes(b []byte) string {
	sum := sha256.Sum256(b)
	return markOf(sum[:], 0)
}

// markOf is the mark of a value whose SHA-256 is sum, with more digits
// than 8.
func markOf(sum []byte, more int) string {
	digits := hex.EncodeToString(sum)
	n := Len - 1 + more
	mark := make([]byte, 0, len("…")+n)
	mark = append(mark, "…"...)
	for ; n > len(digits); n -= len(digits) {
		mark = append(mark, digits...)
	}
	return string(append(mark, digits[:n]...))
}

// OfSum is OfMore of a value whose SHA-256 is sum, hashed in pieces by
// its caller where the value is never held whole.
func OfSum(sum [sha256.Size]byte, more int) string { return markOf(sum[:], more) }
