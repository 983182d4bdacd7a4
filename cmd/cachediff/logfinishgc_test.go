package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

// TestLogFinishCollections: while a log is written (LogWriter.Finish),
// the heap may grow by at least half of what is live before the next
// collection, however much that is: the collections then are as many
// whatever the steps, each marking the heap once per half of it
// allocated. An HTML page's model (its table of steps, its charts: a few
// KB a step) and the garbage its template makes (12 KB a step) both grow
// with the steps, and the page was built under the memory limit set for
// the steps, whose room did not: one collection per that room allocated,
// each marking a heap that grows with the steps. 4,000 tiny steps (two
// pages each) collected 5 times in Finish, 16,000 30 times. Here, as
// main runs a log of tiny snapshots of input bytes in all: the limit set
// after the last step for a series held beyond the two snapshots
// (limitLog), a quarter of the input, then finishing, then a writer's
// model of the input's size built; the heap's goal is then at least 1.4
// times the live heap, for 16 MB of input and for 64 MB (on the parent:
// 1.5 and 1.1, the limit less than the live heap and an eighth). The
// test puts the settings back.
func TestLogFinishCollections(t *testing.T) {
	keepMemorySettings(t)
	const chunk = 4 << 10
	hold := func(n int) [][]byte {
		l := make([][]byte, 0, n/chunk)
		for range n / chunk {
			l = append(l, make([]byte, chunk))
		}
		return l
	}
	room := func(input int) float64 {
		stopWatchingLive() // as a new process starts
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		// What this process holds besides (other tests' data), which
		// main's does not: counted as input, so that the limit is the
		// one main sets for input bytes.
		runtime.GC()
		base := int64(liveHeap())
		held := hold(input / 4) // the series, and the rows of the steps
		runtime.GC()
		processMemory{}.limitLog(8<<10, 0) // the last step: two tiny snapshots held
		processMemory{}.finishing(int64(input) + base)
		model := hold(input)
		runtime.GC()
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}}
		metrics.Read(s)
		runtime.KeepAlive(held)
		runtime.KeepAlive(model)
		return float64(s[1].Value.Uint64()) / float64(s[0].Value.Uint64())
	}
	for _, input := range []int{16 << 20, 64 << 20} {
		// At most 1.6x too: GOGC=100 (a goal of 2x) raises the peak
		// for little CPU, and passed the bound below alone.
		if r := room(input); r < 1.4 || r > 1.6 {
			t.Errorf("a log of %d MiB of input being written: heap goal %.2fx the live heap, want 1.4x to 1.6x (GOGC=50)", input>>20, r)
		} else {
			t.Logf("%d MiB: goal %.2fx the live heap", input>>20, r)
		}
	}
}
