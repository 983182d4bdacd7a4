package snapshot

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// isHashRef is isHash a byte at a time, as it was written before it
// tested eight bytes at once: the oracle.
func isHashRef(h string) bool {
	if len(h) != 32 {
		return false
	}
	for i := 0; i < len(h); i++ {
		if c := h[i]; !('a' <= c && c <= 'z' || '2' <= c && c <= '7') {
			return false
		}
	}
	return true
}

// TestIsHashEveryByte puts every byte value at every place of a good
// hash, and some at two places, and compares isHash with the oracle.
func TestIsHashEveryByte(t *testing.T) {
	good := "abcdefghijklmnopqrstuvwxyz234567"
	if !isHash(good) {
		t.Fatalf("isHash(%q) = false", good)
	}
	for i := range 32 {
		for c := range 256 {
			h := good[:i] + string([]byte{byte(c)}) + good[i+1:]
			if got, want := isHash(h), isHashRef(h); got != want {
				t.Fatalf("isHash(%q) = %v, want %v", h, got, want)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := "abcdefghijklmnopqrstuvwxyz234567"
	for range 200000 {
		b := []byte(strings.Repeat("a", 32))
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
		}
		for range r.IntN(3) {
			b[r.IntN(32)] = byte(r.IntN(256))
		}
		h := string(b)
		if got, want := isHash(h), isHashRef(h); got != want {
			t.Fatalf("isHash(%q) = %v, want %v", h, got, want)
		}
	}
	for _, h := range []string{"", "abc", good + "a", good[:31]} {
		if isHash(h) {
			t.Errorf("isHash(%q) = true for a length other than 32", h)
		}
	}
}
