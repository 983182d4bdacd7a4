package main

import (
	"bytes"
	"os"
	"runtime/debug"
	"strings"
	"syscall"
)

// hugeHeapBytes is how much of the heap hugeHeap backs with huge pages:
// a real week of 60k specs per tree peaks near 120 MB, and address space
// that is never touched costs no memory.
const hugeHeapBytes = 256 << 20

// hugeHeap asks Linux to back the memory the Go heap is about to grow
// into with transparent huge pages, where the system leaves that to each
// program (/sys/kernel/mm/transparent_hugepage/enabled is "madvise", the
// default of most distributions).
//
// A diff fills fresh heap memory fast, and with 4 KiB pages every page
// of it is a page fault: 30k faults for a real week of 60k specs per
// tree, some of them copy-on-write faults that flush the other cores'
// TLBs. With 2 MiB pages they are 2.4k, and the real week's run takes
// 3-18% less CPU time (docs/performance.md, "Huge pages"). Peak RSS grows
// by a few MB: a huge page is whole once touched.
//
// The Go runtime has no setting for this, so hugeHeap makes the heap grow
// by one large allocation, marks that memory MADV_HUGEPAGE, and gives it
// back at once (debug.FreeOSMemory: the pages are released, never having
// been touched, and stay marked). The heap then grows into them. It does
// nothing when huge pages are off or always on, when GODEBUG=disablethp=1
// asks the runtime for none, and under strict overcommit
// (vm.overcommit_memory=2), where reserving the memory would count
// against the commit limit.
func hugeHeap() {
	if !madviseHugePages() {
		return
	}
	b := make([]byte, hugeHeapBytes)
	err := syscall.Madvise(b, syscall.MADV_HUGEPAGE)
	b = nil
	debug.FreeOSMemory()
	_ = err // a kernel that refuses leaves the heap as it was
}

// madviseHugePages reports whether huge pages are for programs that ask
// (see hugeHeap).
func madviseHugePages() bool {
	thp, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil {
		return false
	}
	oc, err := os.ReadFile("/proc/sys/vm/overcommit_memory")
	if err != nil {
		return false
	}
	return hugePagesAsked(os.Getenv("GODEBUG"), thp, oc)
}

// hugePagesAsked decides for madviseHugePages from GODEBUG and the
// contents of the two kernel settings.
func hugePagesAsked(godebug string, thp, overcommit []byte) bool {
	for _, s := range strings.Split(godebug, ",") {
		if strings.TrimSpace(s) == "disablethp=1" {
			return false
		}
	}
	return bytes.Contains(thp, []byte("[madvise]")) && string(bytes.TrimSpace(overcommit)) != "2"
}
