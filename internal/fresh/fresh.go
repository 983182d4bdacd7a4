// Package fresh writes memory before the program first reads it.
//
// Linux maps a page of fresh memory that is first read to its shared
// zero page, read-only; the first write then faults again, copies the
// page and flushes the old mapping from the TLB of every core that runs
// the process: an interprocessor interrupt, which in a virtual machine
// exits to the host on both sides (docs/performance.md, "Fresh memory",
// has the cost). The Go allocator hands out fresh memory unwritten, and reads
// come first in more places than a program's own code: while the
// collector marks, every store of a pointer reads the old value of its
// slot (the write barrier), so the first store into a new array of
// structs with pointers reads the page before it writes it. Touch, called
// on a new array before anything is stored in it, makes each page's first
// access a write (docs/performance.md, "Fresh memory").
package fresh

import (
	"os"
	"sync/atomic"
	"unsafe"
)

// pageSize is the system's memory page size.
var pageSize = uintptr(os.Getpagesize())

// Touch writes each memory page of s's array, up to its capacity,
// without changing its contents: an atomic add of zero to one aligned
// word per page, a write to the processor whatever the word holds, and
// to the garbage collector no store at all (no pointer changes). An
// array of under four bytes is left alone.
func Touch[T any](s []T) {
	var zero T
	n := uintptr(cap(s)) * unsafe.Sizeof(zero)
	base := unsafe.Pointer(unsafe.SliceData(s[:cap(s)]))
	addr := uintptr(base)
	// The first aligned word of the array, then the first word of each
	// page after it, while a whole word fits in the array.
	for off := (4 - addr%4) % 4; off+4 <= n; off = (addr+off+pageSize)&^(pageSize-1) - addr {
		atomic.AddUint32((*uint32)(unsafe.Add(base, off)), 0)
	}
}
