// Package cutmark is the mark a value cut short gets where it is cut, so
// that two values cut alike read apart: "…" and the first 8 hexadecimal
// digits of the SHA-256 of the whole value. The reports cut values with
// it (report.Shorten, report.CutLabel), and so do the loaders' messages
// (spackfmt's clip), which may not import report.
package cutmark

import (
	"crypto/sha256"
	"encoding/hex"
)

// Len is the characters of a mark: "…" and 8 digits.
const Len = 9

// Of is the mark of value v cut: "…" and 8 digits of its digest.
func Of(v string) string {
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
	return "…" + hex.EncodeToString(h.Sum(sum[:0])[:4])
}

// OfBytes is Of of b, not copied.
func OfBytes(b []byte) string {
	sum := sha256.Sum256(b)
	return "…" + hex.EncodeToString(sum[:4])
}
