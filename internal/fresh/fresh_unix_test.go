//go:build unix

package fresh

import (
	"runtime/debug"
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

// TestTouchWritesEachPage: Touch writes every page of the array, the
// first and the last partly covered ones too: with one page of the
// array made read-only, it faults, whichever page that is.
func TestTouchWritesEachPage(t *testing.T) {
	ps := int(pageSize)
	mem := pages(t, 4)
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	arr := mem[ps-100 : 3*ps+100] // ends partway into the first and last pages
	for page := range 4 {
		ro := mem[page*ps : (page+1)*ps]
		if err := unix.Mprotect(ro, unix.PROT_READ); err != nil {
			t.Skip("mprotect:", err)
		}
		faulted := func() (faulted bool) {
			defer func() { faulted = recover() != nil }()
			Touch(arr)
			return false
		}()
		if err := unix.Mprotect(ro, unix.PROT_READ|unix.PROT_WRITE); err != nil {
			t.Fatal(err)
		}
		if !faulted {
			t.Errorf("Touch of %d bytes from page 0 + %d did not write page %d", len(arr), ps-100, page)
		}
	}
}
