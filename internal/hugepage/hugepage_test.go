package hugepage

import (
	"testing"
	"unsafe"
)

// TestSpan checks the huge pages advised for a buffer: only those wholly
// inside it.
func TestSpan(t *testing.T) {
	for _, c := range []struct {
		p        uintptr
		n        int
		from, to int
	}{
		{0, 3 * size, 0, 3 * size},                // aligned both ends
		{100, 3 * size, size - 100, 3*size - 100}, // cut at both ends
		{size, size - 1, 0, 0},                    // less than one page
		{100, 2*size - 200, 0, 0},                 // straddles a boundary, holds no whole page
		{size - 1, size + 1, 1, size + 1},         // one whole page, ending with the buffer
	} {
		from, to := Span(c.p, c.n)
		if from != c.from || to != c.to {
			t.Errorf("Span(%#x, %#x) = %#x, %#x; want %#x, %#x", c.p, c.n, from, to, c.from, c.to)
		}
	}
}

// TestAdvise advises a new buffer, which must change nothing of what is
// written to it.
func TestAdvise(t *testing.T) {
	b := make([]byte, 3*MinSize+123)
	Advise(unsafe.Pointer(unsafe.SliceData(b)), len(b))
	for i := range b {
		b[i] = byte(i * 7 >> 3)
	}
	for i := range b {
		if b[i] != byte(i*7>>3) {
			t.Fatalf("byte %d: %d", i, b[i])
		}
	}
}
