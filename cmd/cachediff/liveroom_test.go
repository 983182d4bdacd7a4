package main

import (
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

// TestMemoryLimitKeepsRoomAboveLive (the 47th adversarial pass, issue
// 35): a diff's memory limit is set from its input's size, expecting a
// live heap of about twice the input, and the collector is off under it
// (setMemoryLimit). A lockfile of 10,000 roots of one package, each on an
// OS and a target of its own, holds about 5x its bytes while it is
// compared and written: its live heap stood at the limit, and the
// collector ran back to back, marking the whole heap to free next to
// nothing (106 to 140 collections and 2.8 s of CPU, where a quarter of
// the input took 8 and 0.2 s; a lockfile of 400,000 tiny records, 10.7 s
// against 4.8 s with room). Here, a live heap of live bytes over a limit set for a
// small input, allocating four times the live heap (as a diff allocates
// in proportion to what it holds), at two sizes: the collections must
// stay within what freeing an eighth of the live heap each gives, the
// same count at both sizes: the marking (the live heap, once a
// collection) is then linear in what is allocated.
func TestMemoryLimitKeepsRoomAboveLive(t *testing.T) {
	keepMemorySettings(t)
	for _, live := range []int{32 << 20, 128 << 20} {
		if testing.Short() {
			live /= 4
		}
		held := make([][]byte, 0, live>>16)
		for range live >> 16 {
			held = append(held, make([]byte, 1<<16))
		}
		runtime.GC()
		setMemoryLimit(1<<20, 0, 0) // a limit for an input of 1 MiB: its least, 24 MiB
		// Once a collection has found the live heap, the heap may grow
		// by an eighth of it (the watch runs after the collection; the
		// goal is the runtime's, a sixteenth at least).
		least := func() uint64 { l := liveHeap(); return l + l/16 }
		for try := 0; try < 5 && (try == 0 || heapGoal() < least()); try++ {
			runtime.GC()
			time.Sleep(20 * time.Millisecond)
		}
		if goal, live := heapGoal(), liveHeap(); goal < least() {
			t.Errorf("a live heap of %d MiB over a limit of 24 MiB: the heap's goal is %d MiB, want room above it", live>>20, goal>>20)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var sink []byte
		for range 4 * live >> 12 {
			sink = make([]byte, 1<<12)
		}
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(sink)
		runtime.KeepAlive(held)
		gcs := int(after.NumGC - before.NumGC)
		// Each collection after the first frees an eighth of the live
		// heap at least: 32 for four times it allocated, and a few more.
		if most := 8*4 + 8; gcs > most {
			t.Errorf("a live heap of %d MiB over a limit of 24 MiB: %d collections while allocating %d MiB, want at most %d", live>>20, gcs, 4*live>>20, most)
		}
	}
}

// heapGoal is the heap the collector lets grow before it collects.
func heapGoal() uint64 {
	s := [...]metrics.Sample{{Name: "/gc/heap/goal:bytes"}}
	metrics.Read(s[:])
	return s[0].Value.Uint64()
}
