// Command cachediff reports what changed between two snapshots of a Spack
// build-cache catalogue (the _cache/<tag>/ folders of cache.spack.io).
//
// Usage:
//
//	cachediff [flags] OLD NEW
//	cachediff render [flags] REPORT.json
//	cachediff log [flags] SNAPSHOT SNAPSHOT [SNAPSHOT...]
//	cachediff log [flags] --revs RANGE PATH
//	cachediff help [command]
//	cachediff version
//	cachediff completion bash|zsh|fish
//
// The first form diffs two snapshots; render renders a report saved with
// --format json again, in any format, without the snapshots; log writes
// the changelog of a series of snapshots, step by step (exit 1 when a
// step changed anything or tripped --fail-on); completion
// writes a shell completion script. Run cachediff help for the flags,
// cachediff help render for render's.
//
// Exit status: 0 when the snapshots do not differ, 1 when they do, 2 on
// trouble. With --fail-on KINDS (a CI gate) it is 1 only when one of the
// listed kinds of change is present, and 0 otherwise, however much else
// changed. render exits like the diff that made the report: 1 when it has
// changes, or when its saved gate tripped (a --fail-on given to render
// decides again), else 0.
package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

func main() {
	removeOnSignal()
	os.Exit(newCLI().run(os.Args[1:]))
}

// newCLI is the command as main runs it: the process's standard streams,
// and the process-wide settings that tests calling run in one process must
// not make (the collector's pace and the memory limit).
func newCLI() *cli {
	return &cli{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr,
		paceCollector: paceCollector, limitMemory: setMemoryLimit,
		collect: runtime.GC, collectIfDue: collectIfDue}
}

// paceCollector makes the collector run a quarter as often as by default
// (GOGC=400) while the first snapshot loads (setMemoryLimit takes over
// once its size is known): a diff allocates its snapshots once and keeps
// them, so most of the default's collections found little to free (15-25%
// of the CPU of a 60k-spec diff, docs/performance.md). The memory limit
// set once the input's size is known (setMemoryLimit) still bounds the
// heap: peak RSS stays under 4x the input. render, which keeps no snapshot
// and sets no limit, keeps the default.
func paceCollector() { debug.SetGCPercent(400) }

// A log collects the garbage itself (runtime.GC, cli.collect) before it
// loads each snapshot from the third on: the snapshot before the two it
// holds and the step it wrote are garbage then, and nothing else runs. A
// collection there marks only what the log keeps (the snapshot before,
// and the steps a Markdown or text log holds until the end), in 5-7 ms
// for a log of real-week trees of 60k specs, where the collections the
// memory limit started came in the middle of a load, marking beside the
// loading goroutines (their write barriers, and assists) for 34-52 ms
// and finding more alive. A JSON log of twelve such trees: median wall
// 2.02 -> 1.75 s, CPU 3.73 -> 3.22 s, peak RSS 137 -> 117 MB; Markdown
// 1.67 -> 1.62 s, 3.11 -> 2.98 s, 141 -> 129 MB (nine alternating runs,
// docs/performance.md).

// collectIfDue collects the garbage at once when the heap already holds
// so much that next bytes more would take it to the collector's goal: a
// diff calls it between loading and comparing, with the input's size
// (comparing and rendering a real week allocate 0.8-0.85x the input),
// when nothing else runs. Small inputs, whose memory limit is its floor
// of 3x the input, are due: 15k specs per tree hold 14-15 MB after
// loading, against a goal of 21 MB, and the collection the limit
// started came while comparing, marking beside the engine's goroutines
// for 17 ms (here 2 ms, finding 6 MB alive, not 12). The real week at
// 15k specs, 21 alternating runs, medians: wall json 72 -> 65 ms, md
// 61 -> 53 ms, text 56 -> 49 ms; CPU 12-15% less. From about 60k specs
// the heap is far from the goal (54 + 41 MB against 121) and nothing is
// collected: there a collection cost what the fresh memory it saved
// gave back (docs/performance.md).
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
// command holds besides (a log's steps, written at the end), and from then
// on lets that limit alone start the collections (GOGC=off): the limit
// bounds the heap whatever the pace, and below it a collection finds
// little to free, since the snapshots and the report are kept. A real week
// at 60k specs ran one collection fewer (of three: 13 ms of CPU, and a
// stop of 4 ms), and the write barriers and mark assists of the cycles it
// skipped: 8% less median wall time and 11% less user time in md, 4% less
// wall time in json (20 and 15 interleaved runs); peak RSS 2.8x -> 3.3x
// the input, under the 4x budget as the limit keeps it
// (docs/performance.md, "The collector after the first snapshot"). The
// process ends after one command, so neither setting is restored.
func setMemoryLimit(input, kept int64) {
	debug.SetMemoryLimit(memoryLimit(input) + kept)
	debug.SetGCPercent(-1)
}

// memoryLimit is the soft limit on the Go runtime's memory for diffing and
// rendering input bytes of pages: 3.5x the input less 9 MiB, and at least
// 3x the input and 24 MiB. The
// budget for peak RSS is 4x the input (docs/design.md, "Speed and
// memory"). Paced by the heap it found live at the last cycle, the
// collector started late (the matching and rendering allocate fast on
// every core) and the heap overshot to 7x under heavy churn; once this
// limit is set it alone starts collections (setMemoryLimit). The live
// data stays near 2x the input (a real week, the worst case: 89 MB live
// for 44 MB of pages at 60k specs), so a collection at the limit finds
// room. Peak RSS is the limit plus
// what the runtime does not count, mostly the binary's own pages (about 9
// MB): under 4x from about 10 MB of input (15k specs per tree) up. An
// earlier 3x + 16 MiB let the 15k-spec real week reach 4.3x. The 9 MiB
// taken off the 3.5x leave room for those pages, so that small inputs
// keep 3x; from about 60k specs up the limit is higher than 3x, and the
// real week at 60k ran one collection less: 7% less CPU and 8% less wall
// time (median of 10 runs each, interleaved, on a quiet host), for a
// peak RSS 3.0x the input instead of 2.9x (docs/performance.md).
func memoryLimit(input int64) int64 {
	return max(3*input, 7*input/2-9<<20, 24<<20)
}
