package main

import (
	"bytes"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
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
// A diff or a log fills fresh heap memory fast, and with 4 KiB pages
// every page of it is a page fault: 30k faults for a real week of 60k
// specs per tree, some of them copy-on-write faults that flush the other
// cores' TLBs. With 2 MiB pages they are 2.4k, and the real week's run
// takes 3-18% less CPU time (docs/performance.md, "Huge pages"). Peak RSS
// grows by a few MB: a huge page is whole once touched.
//
// The Go runtime has no setting for this, so hugeHeap makes the heap grow
// by one large allocation, marks that memory MADV_HUGEPAGE, and gives it
// back at once (debug.FreeOSMemory: the pages are released, never having
// been touched, and stay marked). The heap then grows into them.
//
// Reserving the memory must not fail: the runtime cannot recover from a
// failed allocation. So hugeHeap does nothing unless the process has no
// limit on its address space or data (ulimit -v, ulimit -d: batch
// schedulers set them), overcommit is not strict
// (vm.overcommit_memory=2), pointers are 64-bit and the system has at
// least minAvailable bytes available. It also does nothing when huge
// pages are off or always on, and when GODEBUG=disablethp=1 asks the Go
// runtime for none: that is the switch for a host where huge pages cost
// more than they save (a fault in marked memory may compact memory first
// where transparent_hugepage/defrag says so).
func hugeHeap() { markHeap() }

// markHeap is hugeHeap, returning the address of the memory it marked (0
// when it did nothing). The heap grows into that memory, but not only:
// an allocation may first take free space of the heap's first arena,
// which is not marked.
func markHeap() uintptr {
	if !madviseHugePages() {
		return 0
	}
	gc := debug.SetGCPercent(-1) // no collection for the allocation: FreeOSMemory makes one
	b := make([]byte, hugeHeapBytes)
	addr := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	err := syscall.Madvise(b, syscall.MADV_HUGEPAGE)
	b = nil
	debug.SetGCPercent(gc)
	debug.FreeOSMemory()
	if err != nil {
		return 0 // a kernel that refuses leaves the heap as it was
	}
	return addr
}

// minAvailable is the memory the system must have available (MemAvailable
// in /proc/meminfo) for hugeHeap to reserve hugeHeapBytes.
const minAvailable = 1 << 30

// madviseHugePages reports whether huge pages are for programs that ask,
// and whether hugeHeap can safely reserve its memory.
func madviseHugePages() bool {
	if strconv.IntSize < 64 || limited(syscall.RLIMIT_AS) || limited(syscall.RLIMIT_DATA) {
		return false
	}
	var files [3][]byte
	for i, name := range []string{"/sys/kernel/mm/transparent_hugepage/enabled", "/proc/sys/vm/overcommit_memory", "/proc/meminfo"} {
		b, err := os.ReadFile(name)
		if err != nil {
			return false
		}
		files[i] = b
	}
	return hugePagesAsked(os.Getenv("GODEBUG"), files[0], files[1], files[2])
}

// limited reports whether the process has a limit on resource (or cannot
// tell).
func limited(resource int) bool {
	var l syscall.Rlimit
	return syscall.Getrlimit(resource, &l) != nil || l.Cur != ^uint64(0)
}

// hugePagesAsked decides for madviseHugePages from GODEBUG and the
// contents of the kernel's huge page and overcommit settings and of
// /proc/meminfo.
func hugePagesAsked(godebug string, thp, overcommit, meminfo []byte) bool {
	for _, s := range strings.Split(godebug, ",") {
		if strings.TrimSpace(s) == "disablethp=1" {
			return false
		}
	}
	return bytes.Contains(thp, []byte("[madvise]")) && string(bytes.TrimSpace(overcommit)) != "2" &&
		memAvailable(meminfo) >= minAvailable
}

// memAvailable is MemAvailable of /proc/meminfo in bytes (0 when absent).
func memAvailable(meminfo []byte) int64 {
	for line := range bytes.Lines(meminfo) {
		rest, ok := bytes.CutPrefix(line, []byte("MemAvailable:"))
		if !ok {
			continue
		}
		f := strings.Fields(string(rest))
		if len(f) != 2 || f[1] != "kB" {
			return 0
		}
		kb, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || kb < 0 {
			return 0
		}
		return kb << 10
	}
	return 0
}
