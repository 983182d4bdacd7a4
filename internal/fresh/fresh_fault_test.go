//go:build unix && !race

package fresh

import (
	"runtime/debug"
	"testing"

	"golang.org/x/sys/unix"
)

// Not with the race detector: its atomics run in C, where a fault is
// fatal rather than the panic SetPanicOnFault makes of it.

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
