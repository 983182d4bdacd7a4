package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// memoryBudget is how a command manages the Go runtime's memory: it paces
// the collector, bounds the heap by the size of the input, and collects
// where nothing else runs. The budget for peak RSS is 4x the input
// (docs/design.md, "Speed and memory"). The command tells it what it is
// about to do; main's command uses the process's settings
// (processMemory), and tests, which run many commands in one process,
// leave them alone (a nil budget, see cli.mem) or record the calls.
type memoryBudget interface {
	// loading is called before the snapshots load (diff and log, not
	// render).
	loading()
	// limit is called by a diff (and by render, with the size of the
	// JSON report) with the size of the input in bytes as
	// it becomes known (a diff of folders: while the old snapshot loads,
	// as twice what it has read, after it, as twice its size, then after
	// both; a diff of two files: from their
	// sizes before they load, unless one is gzip'd, then after both).
	limit(input int64)
	// limitLog is called by a log with the size of the input in bytes
	// (while the first snapshot loads, as twice what it has read; after
	// it, as twice its size, then after each, the
	// two held) and the bytes it holds besides (the steps, written at
	// the end), and leaves room for what else it keeps (its series).
	limitLog(input, kept int64)
	// bound is called by a diff of two folders read from git, which load
	// at once, with the size of the input as git's listing of the trees
	// tells it before they load (once both told theirs): the
	// collector keeps its pace, and the limit only bounds the heap at
	// loadLimit, until limit is called once both are loaded.
	bound(input int64)
	// collect is called with bytes of input that are garbage now: by a
	// log before it loads its third snapshot and each after (the snapshot
	// before the two held), and by a diff of two large files once the
	// first is loaded, while the other loads (its file's bytes and its
	// decoder's scratch). It collects when that is worth marking the live
	// heap (collectFreeing).
	collect(freed int64)
	// collectIfDue is called by a diff once both snapshots are loaded,
	// with the input's size.
	collectIfDue(next int64)
	// finishing is called by a log once its steps are done, before it
	// is written (report.LogWriter.Finish), with the bytes of every
	// snapshot of the series.
	finishing(series int64)
}

// mem is c's memory budget: noMemoryBudget when it has none.
func (c *cli) mem() memoryBudget {
	if c.memory == nil {
		return noMemoryBudget{}
	}
	return c.memory
}

// noMemoryBudget leaves the process's memory settings alone.
type noMemoryBudget struct{}

func (noMemoryBudget) loading()                   {}
func (noMemoryBudget) limit(input int64)          {}
func (noMemoryBudget) limitLog(input, kept int64) {}
func (noMemoryBudget) bound(input int64)          {}
func (noMemoryBudget) collect(freed int64)        {}
func (noMemoryBudget) collectIfDue(next int64)    {}
func (noMemoryBudget) finishing(series int64)     {}

// processMemory is the budget as main runs the command: the process ends
// after one command, so no setting is restored.
type processMemory struct{}

func (processMemory) loading()          { paceCollector() }
func (processMemory) limit(input int64) { setMemoryLimit(input, 0, 0) }
func (processMemory) limitLog(input, kept int64) {
	setMemoryLimit(input, kept, beyondInput(liveHeap(), input, kept))
}
func (processMemory) bound(input int64)       { setLimit(loadLimit(input)) }
func (processMemory) collect(freed int64)     { collectFreeing(freed) }
func (processMemory) collectIfDue(next int64) { collectIfDue(next) }
func (processMemory) finishing(series int64)  { paceFinish(series) }

// paceFinish paces the collector by the live heap (GOGC=50) while a log
// is written, under a limit of at least memoryLimit of the whole
// series' input. What a writer builds then (an HTML page's table of
// steps and charts, a few KB a step) and the garbage its template makes
// grow with the steps, while the limit set for the steps leaves a room
// that does not: one collection per that room, each marking a heap that
// grows with the steps, is quadratic in the steps. Paced by the heap,
// the collections in Finish are as many whatever the steps
// (TestLogFinishCollections), each marking what the writer holds once
// per half of it allocated, and the peak is about 1.5 times that
// (GOGC=100 would raise it for little CPU). It collects first: the last
// snapshots are garbage now, and the pace is set from what the writer
// holds.
func paceFinish(series int64) {
	runtime.GC()
	debug.SetGCPercent(50)
	setLimit(max(debug.SetMemoryLimit(-1), memoryLimit(series)))
}

// paceCollector makes the collector run a quarter as often as by default
// (GOGC=400) while the first snapshot loads (setMemoryLimit takes over
// once its size is known): a diff allocates its snapshots once and keeps
// them, so most of the default's collections found little to free and
// cost CPU (docs/performance.md, "The collector after the first
// snapshot"). The memory limit set once the input's size is known
// (setMemoryLimit) still bounds the heap, within the 4x budget. render
// is not paced: it sets the limit from its report's size at once.
func paceCollector() { debug.SetGCPercent(400) }

// A log collects the garbage itself (collectFreeing, processMemory.collect) before it
// loads each snapshot from the third on: the snapshot before the two it
// holds and the step it wrote are garbage then, and nothing else runs. A
// collection there marks only what the log keeps (the snapshot before,
// and the steps a Markdown or text log holds until the end), where the
// collections the memory limit started came in the middle of a load,
// marking beside the loading goroutines (their write barriers, and
// assists) for several times longer and finding more alive: less time
// and less peak memory (docs/performance.md, "The collector after the
// first snapshot").

// collectFreeing is the log's collection before a snapshot loads: freed
// bytes of input (the snapshot before the two held) are garbage. It
// collects when they are at least an eighth of the heap the last
// collection found live: a collection marks the live heap, so one per
// step of a log that keeps more than its snapshots (the series, the
// steps an HTML page draws) cost steps × heap, quadratic. A log of
// catalogue trees, whose snapshots are most of the heap, collects at
// every step as before; the memory limit starts the others
// (setMemoryLimit).
func collectFreeing(freed int64) {
	if worthCollecting(freed, liveHeap()) {
		runtime.GC()
	}
}

// worthCollecting says whether freed bytes of garbage are worth marking
// a live heap of live bytes.
func worthCollecting(freed int64, live uint64) bool { return uint64(max(freed, 0))*8 >= live }

// liveHeap is the heap the last collection found live (0 before the
// first).
func liveHeap() uint64 {
	s := [...]metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s[:])
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// collectIfDue collects the garbage at once when the heap already holds
// so much that next bytes more would take it to the collector's goal: a
// diff calls it between loading and comparing, with the input's size
// (comparing and rendering a real week allocate 0.8-0.85x the input),
// when nothing else runs. Small inputs, whose memory limit is its floor
// of 3x the input, are due: otherwise the collection the limit started
// came while comparing, marking beside the engine's goroutines for longer
// and finding more alive. From about 60k specs the heap is far from the
// goal and nothing is collected: there a collection cost what the fresh
// memory it saved gave back (docs/performance.md, "The collector after
// the first snapshot").
func collectIfDue(next int64) {
	s := [...]metrics.Sample{{Name: "/gc/heap/goal:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s[:])
	if due(s[1].Value.Uint64(), uint64(max(next, 0)), s[0].Value.Uint64()) {
		runtime.GC()
	}
}

// due says whether a heap of heap bytes, next bytes more, reaches goal.
func due(heap, next, goal uint64) bool { return heap+next > goal }

// setMemoryLimit sets the Go runtime's soft memory limit for diffing and
// rendering input bytes of pages (see memoryLimit), plus kept bytes the
// command holds besides (a log's steps, written at the end) and room
// for what else it keeps (a log's series, beyondInput), and from then
// on lets that limit alone start the collections (GOGC=off): the limit
// bounds the heap whatever the pace, and below it a collection finds
// little to free, since the snapshots and the report are kept: fewer
// collections, and none of the write barriers and mark assists of the
// cycles skipped, for a higher peak RSS that the limit keeps under the 4x
// budget (docs/performance.md, "The collector after the first snapshot"). The
// process ends after one command, so neither setting is restored.
func setMemoryLimit(input, kept, room int64) {
	setLimit(memoryLimit(input) + kept + room)
	debug.SetGCPercent(-1)
}

// setLimit sets the memory limit to n, or to the least the live heap
// has asked for (keepRoomAboveLive), if that is more, and from then on keeps room
// above the live heap (watchLive).
func setLimit(n int64) {
	debug.SetMemoryLimit(max(n, liveFloor.Load()))
	watchLive()
}

// The limits above are set from the input's size, expecting a live heap
// of about twice the input; some inputs hold more while they are
// compared and written (a lockfile of 10,000 roots of one package, each
// on an OS and a target of its own: about 5x its bytes, and the JSON
// report being written). With the collector off (setMemoryLimit), a
// limit at or under the live heap makes the collector run back to back,
// each collection marking the whole heap to free next to nothing: that
// lockfile took three to four times as many collections as with room
// (TestMemoryLimitKeepsRoomAboveLive). So after each collection, a
// limit under which the heap may grow by less than an eighth of the live
// heap is raised to leave that much (liveRoom): each collection then
// frees at least an eighth of what it marked, and the marking stays
// within eight times what is allocated, as a GOGC of 12 would pace it.
// A limit that leaves that room already (the inputs the limits are tuned
// for, whose live heap is under 0.89 of the heap the limit lets grow) is
// not touched. The peak is then the live heap and an eighth, which is
// past the 4x budget only where the live heap nearly is.
var (
	// liveFloor is the least limit the live heap has asked for.
	liveFloor atomic.Int64
	// liveWatch is the generation of the watch of collections' ends
	// (watchLive) that runs, 0 when none does; liveWatches counts them.
	liveWatch, liveWatches atomic.Int64
)

// watchLive starts watching the end of each collection, once: a
// finalizer on an object of its own runs after the collection that
// found it unreachable, and sets another.
func watchLive() {
	if liveWatch.Load() != 0 {
		return
	}
	if gen := liveWatches.Add(1); liveWatch.CompareAndSwap(0, gen) {
		armLiveWatch(gen)
	}
}

// stopWatchingLive ends the watch and forgets the floor it set (for
// tests, which run many commands in one process).
func stopWatchingLive() {
	liveWatch.Store(0)
	liveFloor.Store(0)
}

// liveSentinel is the object whose finalizer runs after a collection:
// large enough not to share a tiny allocation block, which a finalizer
// may never see freed.
type liveSentinel struct{ _ [32]byte }

func armLiveWatch(gen int64) {
	runtime.SetFinalizer(new(liveSentinel), func(*liveSentinel) {
		if liveWatch.Load() != gen {
			return
		}
		keepRoomAboveLive()
		armLiveWatch(gen)
	})
}

// keepRoomAboveLive raises the memory limit when the heap it lets the
// collector reach (the heap's goal: the limit less the runtime's other
// memory, its stacks, its metadata and the free pages it keeps) leaves
// less room than liveRoom above the live heap.
func keepRoomAboveLive() {
	s := [...]metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}}
	metrics.Read(s[:])
	if s[0].Value.Kind() != metrics.KindUint64 || s[1].Value.Kind() != metrics.KindUint64 {
		return
	}
	short := liveRoom(s[0].Value.Uint64()) - int64(min(s[1].Value.Uint64(), 1<<61))
	if short <= 0 {
		return
	}
	// The goal grows by less than the limit: the runtime keeps a few
	// percent of the limit as headroom, and its own memory grows with
	// the heap. A sixteenth of the live heap more makes up for it.
	want := debug.SetMemoryLimit(-1) + short + int64(min(s[0].Value.Uint64(), 1<<61))/16
	for {
		floor := liveFloor.Load()
		if want <= floor || liveFloor.CompareAndSwap(floor, want) {
			break
		}
	}
	debug.SetMemoryLimit(max(want, liveFloor.Load()))
}

// liveRoom is the least heap the memory limit lets grow above a live
// heap of live bytes: an eighth of it free.
func liveRoom(live uint64) int64 {
	l := int64(min(live, 1<<61))
	return l + l/8
}

// memoryLimit is the soft limit on the Go runtime's memory for diffing and
// rendering input bytes of pages: 3.5x the input less 9 MiB, and at least
// 3x the input and 24 MiB. The
// budget for peak RSS is 4x the input (docs/design.md, "Speed and
// memory"). Paced by the heap it found live at the last cycle, the
// collector started late (the matching and rendering allocate fast on
// every core) and the heap overshot to 7x under heavy churn; once this
// limit is set it alone starts collections (setMemoryLimit). The live
// data stays near 2x the input (a real week is the worst case), so a
// collection at the limit finds room. Peak RSS is the limit plus what the
// runtime does not count, mostly the binary's own pages (about 9 MB):
// under 4x from about 10 MB of input (15k specs per tree) up; an earlier
// 3x + 16 MiB let the 15k-spec real week pass 4x. The 9 MiB taken off the
// 3.5x leave room for those pages, so that small inputs keep 3x; from
// about 60k specs up the limit is higher than 3x, which saves a
// collection for a slightly higher peak (docs/performance.md, "The
// collector after the first snapshot").
func memoryLimit(input int64) int64 {
	return max(3*input, 7*input/2-9<<20, 24<<20)
}

// loadLimit is the memory limit while two folders load from git at once
// (memoryBudget.bound): 3.5x the input, the budget's 4x less room for
// the pages the runtime does not count, and no less than memoryLimit's
// least (the runtime's own heap). The collector keeps its pace
// (GOGC=400) below it: the two loads hold more at once than one (both
// streams' buffers, both loaders' state), and the lower limit of a diff
// (memoryLimit: 3x a real pair of 15k specs) made the collector run back
// to back while they loaded, 10-25% more CPU. Without a limit, a folder
// of 16k spec files a side, whose live heap while loading is twice the
// input, peaked at 10x the input. Only folders of spec files are bounded
// (gitsrc.Tree.ListSizes): a catalogue's pages, whose heap is about
// their size, load as they do from disk.
func loadLimit(input int64) int64 { return max(max(input, 0)*7/2, 24<<20) }

// beyondInput is room for what of a live heap of live bytes (as the
// last collection found it) is more than the twice the input that
// snapshots of input bytes hold and the kept bytes counted already: what
// a log keeps besides (the series, its highlights, the steps an HTML page
// draws), which grows with its steps. The room is that and twice as much
// again to allocate in: a limit at the live heap makes the collector run
// without end (the limit is soft), and a fixed margin over it makes each
// collection mark a heap that grows with the steps once per margin
// allocated, quadratic. With room twice the series, the collections cost
// at most half a mark of the series per byte allocated; with half as much
// (the room before), the marking took a log of 4,000 small lockfiles to
// 5.0x the CPU of 1,000 (text; 4.2x now, for 60% more peak RSS, under
// half the input). A diff has no such room (processMemory.limit):
// it keeps its two snapshots and the report, and the last collection
// before its limits are set came while a snapshot loaded, finding the
// loader's scratch alive (read buffers, canonical forms, the decoder's
// tables). Counted as kept, that scratch raised the limit of a diff of
// one package of 256k updated specs a side by 180 MB once both were
// loaded, and its peak RSS to 4.5x the input.
func beyondInput(live uint64, input, kept int64) int64 {
	r := max(int64(min(live, 1<<61))-2*max(input, 0)-max(kept, 0), 0)
	return r + 2*r
}

// outgrowing is a snapshot.Options.Read for a snapshot that loads under a
// memory limit set expecting it to be of expected bytes (the one before
// it in a diff or a log, about the same size in a series): once it has
// read a quarter more (the limit leaves room for that much), it calls
// raise with the size it is expected to reach now, a quarter more than it
// has read, and again each time it reads past that.
// A limit left at what a small first snapshot gave made the collector run
// back to back while a large second one loaded (a page against a tree of
// 240k specs: 29 collections against 2 with the sides swapped, 2.4x the
// CPU). A quarter keeps the limit within the budget of what is read (a
// limit is a ceiling the heap reaches: the collector is off), at a call
// per quarter grown.
func outgrowing(expected int64, raise func(expect int64)) func(n int64) {
	var mu sync.Mutex
	var read int64
	next := max(expected, 0)
	next += next / 4
	return func(n int64) {
		mu.Lock()
		defer mu.Unlock()
		read += n
		if read > next {
			next = read + read/4
			raise(next)
		}
	}
}
