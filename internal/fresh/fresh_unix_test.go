//go:build unix

package fresh

import (
	"testing"

	"golang.org/x/sys/unix"
)

// pages maps n pages of memory for the test, read and write, unmapped
// when it ends.
func pages(t *testing.T, n int) []byte {
	mem, err := unix.Mmap(-1, 0, n*int(pageSize), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	t.Cleanup(func() { unix.Munmap(mem) })
	return mem
}

// TestTouchStaysInside: Touch writes nothing past the array's capacity,
// for every end of it before a page no access is allowed to.
func TestTouchStaysInside(t *testing.T) {
	ps := int(pageSize)
	mem := pages(t, 3)
	if err := unix.Mprotect(mem[2*ps:], unix.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	for _, start := range []int{0, 1, 3, ps - 2, ps + 5} {
		for end := 2*ps - 9; end <= 2*ps; end++ {
			if end > start {
				Touch(mem[start:end:end]) // a write at end or later faults
			}
		}
	}
}
