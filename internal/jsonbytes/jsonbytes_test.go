package jsonbytes

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// special is the definition: a byte that is not plain.
func special(c byte) bool { return c < 0x20 || c >= 0x80 || c == '"' || c == '\\' }

// TestSpecials: for every byte value at every position of a word, over
// several fillers, and for random words, the first byte Specials marks is
// the first special byte (none for a plain word), and Word reads the
// word Specials expects.
func TestSpecials(t *testing.T) {
	check := func(b [8]byte) {
		t.Helper()
		want := 8
		for i, c := range b {
			if special(c) {
				want = i
				break
			}
		}
		x := binary.LittleEndian.Uint64(b[:])
		if w := Word(string(b[:]), 0); w != x {
			t.Fatalf("Word(%q) = %#x, want %#x", b, w, x)
		}
		m := Specials(x)
		got := 8
		if m != 0 {
			got = First(m)
		}
		if got != want {
			t.Fatalf("Specials(%q) = %#x: first special byte %d, want %d", b, m, got, want)
		}
	}
	for c := range 256 {
		for pos := range 8 {
			for _, fill := range []byte{'a', 0x7f, ' ', '"' + 1, '\\' - 1, 0, 0xff} {
				var b [8]byte
				for i := range b {
					b[i] = fill
				}
				b[pos] = byte(c)
				check(b)
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	words := 200000
	if testing.Short() {
		words = 20000 // make test tries 200k
	}
	for range words {
		var b [8]byte
		for i := range b {
			b[i] = byte(r.IntN(256))
			if r.IntN(4) != 0 {
				b[i] = byte(0x20 + r.IntN(0x60)) // plain bytes, mostly
			}
		}
		check(b)
	}
}

// TestPlain: Plain is true exactly when no byte is special, for every
// byte value at every position of strings up to 20 bytes long (in and
// after the eight-byte words).
func TestPlain(t *testing.T) {
	for n := range 21 {
		b := make([]byte, n)
		for i := range b {
			b[i] = 'a'
		}
		if !Plain(string(b)) {
			t.Fatalf("Plain(%q) = false", b)
		}
		for pos := range n {
			for c := range 256 {
				b[pos] = byte(c)
				if got := Plain(string(b)); got == special(byte(c)) {
					t.Fatalf("Plain(%q) = %v", b, got)
				}
			}
			b[pos] = 'a'
		}
	}
}
