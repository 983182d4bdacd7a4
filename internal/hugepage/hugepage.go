// Package hugepage asks the kernel to back large new buffers with
// transparent huge pages, where it grants them on request (Linux's
// transparent_hugepage "madvise" mode): a buffer of tens of MB then takes
// a page fault per 2 MB written rather than one per 4 KB, each of which
// clears and maps one small page. It is advice: where the kernel refuses
// it, or on other systems, nothing changes.
package hugepage

import "unsafe"

// MinSize is the size from which Advise asks: below it a buffer holds
// few huge pages whole, if any.
const MinSize = 4 << 20

// size is the size of a huge page (x86-64 and arm64 with 4 KB pages).
const size = 2 << 20

// Advise asks that the n bytes at p, a buffer not yet written, be backed
// by huge pages: only the huge pages wholly inside it, which nothing else
// of the heap shares, and only from MinSize bytes.
func Advise(p unsafe.Pointer, n int) {
	if n < MinSize {
		return
	}
	if from, to := Span(uintptr(p), n); from < to {
		advise(unsafe.Add(p, from), to-from)
	}
}

// Span returns the offsets in the n bytes at address p of the huge pages
// wholly inside them: from == to when there is none.
func Span(p uintptr, n int) (from, to int) {
	start := (p + size - 1) &^ (size - 1)
	end := (p + uintptr(n)) &^ (size - 1)
	if end <= start {
		return 0, 0
	}
	return int(start - p), int(end - p)
}
