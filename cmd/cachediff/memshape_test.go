package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
)

// Issue 35's rule, memory stays within 4x the input, on the shapes of
// Spack files it failed on: a lockfile of tiny records (a package per
// spec of 67 bytes), and a one-sided diff (every spec added, records of
// 470 bytes). Each is measured in this process: the bytes `cachediff
// OLD NEW --format json` allocates, and the most its live heap held, as
// collections run one after the other beside it (livePeak).
//
// The tiny lockfile is not within 4x yet, and its bound below is what
// holds now, so that it can only go down:
//   - Its snapshots alone are about 2.6x its bytes: for each spec of 68
//     bytes a Spec (160 bytes), a SpecMore (80: its root's name and its
//     line), a Package (56: what it knows of its file is one Origin that
//     every package of the file shares) and its pointer (8), the hash
//     (32) and the name. It peaks while compared, with the graphs' nodes
//     (24 bytes, their pointers and table slots: 49 a spec) and the
//     stack roll-up beside the snapshots: every root is a stack of its
//     own, and each of them is counted on each worker (interner, tally,
//     map entry), merged, sorted and listed twice in the report (counts
//     and rows). It reads 4.2x to 4.3x at 50,000 and 200,000 records,
//     up to 4.5x at 25,000 on a loaded machine: the bound is 4.7. (It peaked while decoded, at 4.3x to 4.9x, when
//     each node took a Detail of 232 bytes for its list of roots.)
//     Within 4x needs a smaller Spec or Package, or stacks counted once
//     rather than on each worker (docs/design.md, "Speed and memory").
//   - The one-sided diff's report is most of it: a Package (384 bytes)
//     and a Spec of the report (160) a package, an item of the news
//     (200, and the name) and the coverage items' names. report/jsonv1
//     streams the news items as it does the packages. It reads 2.4x to
//     3.4x.

// writeFile writes data to a new file under dir.
func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// tinyLockPair writes two lockfiles of n tiny records (WriteTinyLockfile),
// the new one with every 100th spec's version bumped, and returns them
// and their bytes in all.
func tinyLockPair(t *testing.T, n int) (paths []string, size int64) {
	t.Helper()
	dir := t.TempDir()
	for side, bump := range []func(int) bool{nil, func(i int) bool { return i%100 == 7 }} {
		var b bytes.Buffer
		if err := spackgen.WriteTinyLockfile(&b, n, bump); err != nil {
			t.Fatal(err)
		}
		size += int64(b.Len())
		paths = append(paths, writeFile(t, dir, []string{"old", "new"}[side]+".lock", b.Bytes()))
	}
	return paths, size
}

// oneSidedPair writes a lockfile of one tiny record (old) and one of n
// records of about 470 bytes (new, WriteChainLockfile): every spec of
// the new one is added, the old one's removed.
func oneSidedPair(t *testing.T, n int) (paths []string, size int64) {
	t.Helper()
	dir := t.TempDir()
	var old, nw bytes.Buffer
	if err := spackgen.WriteTinyLockfile(&old, 1, nil); err != nil {
		t.Fatal(err)
	}
	if err := spackgen.WriteChainLockfile(&nw, n); err != nil {
		t.Fatal(err)
	}
	paths = []string{writeFile(t, dir, "old.lock", old.Bytes()), writeFile(t, dir, "new.lock", nw.Bytes())}
	return paths, int64(old.Len() + nw.Len())
}

// diffCost runs `cachediff OLD NEW --format json` in this process (no
// memory budget: tests run many commands in one process) and returns
// the bytes it allocated and the most its live heap held over the one
// before, as livePeak reads it both ways.
func diffCost(t *testing.T, paths []string) (alloc uint64, peak heapPeak) {
	t.Helper()
	c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var code int
	peak = livePeak(func() { code = c.run(append([]string{"--format", "json"}, paths...)) })
	runtime.ReadMemStats(&after)
	if code != 1 {
		t.Fatalf("cachediff %v: exit %d, want 1", paths, code)
	}
	return after.TotalAlloc - before.TotalAlloc, peak
}

// heapPeak is the most live heap a command held over the one before, as
// sampled two ways (livePeak).
type heapPeak struct {
	// Quiet is read from the samples taken while the command allocated
	// little: at most an eighth of the live heap during the collection.
	// It does not overstate, and reads a shape near its bound steadily;
	// it can miss a peak reached while allocating fast (0 for a folder of
	// spec files from git, whose every large sample allocates as much as
	// it holds).
	Quiet uint64
	// Raw is the most any collection counted as live, which includes what
	// the command allocated while the collection ran: it overstates, the
	// more on a loaded machine (the tiny lockfile read 5.4x to 6.2x raw,
	// 4.3x to 4.9x quiet).
	Raw uint64
}

// livePeak runs f while collections run one after the other on another
// goroutine, and returns the most live heap they found over the live heap
// before f: the peak of what f holds, as closely as the collections'
// pace samples it.
//
// A collection counts as live what it found reachable when it began and
// everything allocated while it ran (allocated black), garbage too: read
// raw, the count overstates a peak by what the command allocates during a
// collection. For Quiet, the bytes allocated between the reads around
// runtime.GC are taken off, and a sample counts only when they are at
// most an eighth of the live heap. (Taken off from every sample, with a
// half as the limit, one sample still read 5.9x where the quiet ones read
// 4.3x: the count of bytes allocated does not account for all that a
// collection marks.)
func livePeak(f func()) heapPeak {
	read := func() (live, allocs uint64) {
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/allocs:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64(), s[1].Value.Uint64()
	}
	runtime.GC()
	base, _ := read()
	var stop atomic.Bool
	done := make(chan heapPeak)
	go func() {
		var p heapPeak
		for !stop.Load() {
			_, a0 := read()
			runtime.GC()
			live, a1 := read()
			p.Raw = max(p.Raw, live)
			if during := a1 - a0; during <= live/8 {
				p.Quiet = max(p.Quiet, live-during)
			}
		}
		done <- p
	}()
	f()
	stop.Store(true)
	p := <-done
	over := func(v uint64) uint64 {
		if v < base {
			return 0
		}
		return v - base
	}
	return heapPeak{Quiet: over(p.Quiet), Raw: over(p.Raw)}
}

// checkShape runs the diff of pair(n) and pair(4n): each at most
// maxRatio its input in live heap, and the larger allocating at most
// allocBound (4.4x, and a tenth for the scheduler) the smaller's bytes.
// It returns the bytes each size allocated over its input.
func checkShape(t *testing.T, what string, n int, pair func(*testing.T, int) ([]string, int64), maxRatio float64) (allocPerInput [2]float64) {
	t.Helper()
	var allocs [2]uint64
	for k, size := range []int{n, 4 * n} {
		paths, input := pair(t, size)
		alloc, peak := diffCost(t, paths)
		// No quiet sample is a measurement that saw nothing, not a
		// reading: beside other test binaries a short run sometimes
		// allocates fast through every collection. Measure again (three
		// tries missed once, the tiny index beside two other jobs'
		// builds and tests on two cores).
		for try := 1; peak.Quiet == 0 && try < 6; try++ {
			alloc, peak = diffCost(t, paths)
		}
		allocs[k] = alloc
		allocPerInput[k] = float64(alloc) / float64(input)
		ratio := float64(peak.Quiet) / float64(input)
		t.Logf("%s %d: input %d bytes, allocated %d (%.1fx), live heap at most %d (%.2fx; %.2fx raw)", what, size, input, alloc, float64(alloc)/float64(input), peak.Quiet, ratio, float64(peak.Raw)/float64(input))
		if peak.Quiet == 0 {
			t.Errorf("%s %d: no sample of the live heap was taken while the command allocated little", what, size)
		}
		if ratio > maxRatio {
			t.Errorf("%s %d: the live heap held %.2fx the input (%d of %d bytes), want at most %.1fx", what, size, ratio, peak.Quiet, input, maxRatio)
		}
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > allocBound {
		t.Errorf("%s: 4x the input allocates %.2fx the bytes (%d → %d), want at most %.2fx", what, r, allocs[0], allocs[1], allocBound)
	}
	return allocPerInput
}

// allocBound is what 4x the input may allocate: 4.4x, and a tenth by
// which what goroutines allocate varies with the scheduler (as in
// package diff's causes tests).
const allocBound = 4.4 * 1.1

func TestTinyLockfileMemory(t *testing.T) {
	// Each record is a root (a record no root reaches is left out), and
	// its entry in roots makes a record about twice the bytes: half the
	// records of the shape's first sizes are as many bytes.
	n := 25000
	if !testing.Short() {
		n = 50000
	}
	checkShape(t, "tiny lockfile", n, tinyLockPair, 4.7)
}

func TestOneSidedMemory(t *testing.T) {
	n := 5000
	if !testing.Short() {
		n = 50000
	}
	perInput := checkShape(t, "one-sided", n, oneSidedPair, 4.5)
	// The live heap's bound does not catch the highlights encoded whole
	// (an item per package here) and indented into a second buffer, as
	// they were before 2ba0dec1: that held 3.8-3.9x the input where the
	// streamed ones hold 3.3x. What the larger size allocated does:
	// 12.4x the input at 200,000 specs against 8.7x (at 20,000, under
	// -short, 9.5x; the smaller sizes carry more of a run's fixed cost).
	if r := perInput[1]; r > 10.5 {
		t.Errorf("one-sided %d: allocated %.1fx the input, want at most 10.5x (the highlights encoded whole, not streamed?)", 4*n, r)
	}
}

// sidesPair writes old.json and new.json, each what side (0 old, 1
// new) makes, and returns them and their bytes in all.
func sidesPair(t *testing.T, side func(int) []byte) (paths []string, size int64) {
	t.Helper()
	dir := t.TempDir()
	for k, name := range []string{"old.json", "new.json"} {
		b := side(k)
		size += int64(len(b))
		paths = append(paths, writeFile(t, dir, name, b))
	}
	return paths, size
}

// tinyIndexPair writes two build-cache indexes of n records of the
// smallest kind (a name and a version: item 19's shape), the new one
// with every 100th spec's version bumped, and returns them and their
// bytes in all.
func tinyIndexPair(t *testing.T, n int) (paths []string, size int64) {
	return sidesPair(t, func(side int) []byte {
		b := []byte(`{"database":{"version":"8","installs":{`)
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			h, v := spackgen.TinyHash(i), "1"
			if side == 1 && i%100 == 7 {
				h, v = spackgen.TinyHash(^i), "2"
			}
			b = fmt.Appendf(b, "\n%q:{\"spec\":{\"name\":\"p%d\",\"version\":%q},\"in_buildcache\":true}", h, i, v)
		}
		return append(b, "\n}}}\n"...)
	})
}

// Issue 35 item 19: an index of tiny records used about 6x its bytes
// (68 MB, 400 MB); the budget is 4x. The whole diff of two holds it: it
// reads 3.1x to 3.5x at 25,000 to 200,000 records. One sample in some
// twenty read 4.03x (80,000 records, beside other test binaries): the
// bound leaves that room for the sampling (livePeak).
func TestTinyIndexDiffMemory(t *testing.T) {
	n := 25000
	if !testing.Short() {
		n = 50000
	}
	checkShape(t, "tiny index", n, tinyIndexPair, 4.2)
}

// manyParametersPair writes two build-cache indexes of one node each
// with n parameters ("v0": true, ...): every parameter a variant of
// its own, seen once, each 13 bytes of input or so.
func manyParametersPair(t *testing.T, n int) (paths []string, size int64) {
	return sidesPair(t, func(side int) []byte {
		b := []byte(`{"database":{"version":"8","installs":{"` + spackgen.TinyHash(side) + `":{"spec":{"name":"p","version":"1","parameters":{`)
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			b = fmt.Appendf(b, `"v%d":true`, i)
		}
		return append(b, "}},\"in_buildcache\":true}}}}\n"...)
	})
}

// One node of many parameters is outside the 4x budget, and held at what
// it reaches: the variants' strings and their list are 2.5x its bytes
// (a string's header alone is 16 bytes), the node's object's
// duplicate-key set (a map past 64 keys) another 1.8x. The canonical
// forms' cache filed every variant (80 bytes each, 5.4x): it reads
// 5.8x to 7.1x at 64k and 256k parameters now, 8.0x to 9.9x then. It is
// measured at 128k and 512k: 64k (1.8 MB) read 10.2x once beside other
// test binaries, where the run's fixed costs weigh more.
func TestManyParametersMemory(t *testing.T) {
	checkShape(t, "many parameters", 128000, manyParametersPair, 9)
}

// manyVariantsPair writes two catalogue snapshots of one page, 64 specs
// each with n variants ("v000000=<spec>", ...: every variant of the
// tree distinct), the new side with every spec rehashed and the odd
// ones given "+new": each spec's JSON is larger than a chunk of the
// ordered output (n 4,000: 100 KB against 64 KB).
func manyVariantsPair(t *testing.T, n int) (paths []string, size int64) {
	t.Helper()
	return onePagePair(t, func(side int) []map[string]any {
		specs := make([]map[string]any, 64)
		for s := range specs {
			variants := make([]string, n, n+1)
			for j := range variants {
				variants[j] = fmt.Sprintf("v%06d=%d", j, s)
			}
			if side == 1 && s%2 == 1 {
				variants = append(variants, "+new")
			}
			specs[s] = map[string]any{
				"hash": spackgen.TinyHash(side<<20 | s), "versions": []string{"1.0"},
				"compiler": "gcc@=13.2.0", "os": "ubuntu22.04", "platform": "linux",
				"target": "x86_64_v3", "variants": variants, "stacks": []string{"root"}, "size": "-",
			}
		}
		return specs
	})
}

// onePagePair writes two catalogue snapshots, old and new, of one page,
// p, whose specs specsOf gives for each side (0 old, 1 new), and returns
// them and their bytes in all.
func onePagePair(t *testing.T, specsOf func(side int) []map[string]any) (paths []string, size int64) {
	t.Helper()
	dir := t.TempDir()
	for side, tag := range []string{"old", "new"} {
		specs := specsOf(side)
		page := fmt.Sprintf("---\ntitle: \"p\"\nlayout: cache\ncategories: [package, %s]\nmeta: %s\nspec_details: %s\n---\n",
			tag, pagetest.MustJSON(pagetest.MetaOf(specs)), pagetest.MustJSON(specs))
		if err := os.MkdirAll(filepath.Join(dir, tag, "p"), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, tag, "p"), "specs.md", []byte(page))
		size += int64(len(page))
		paths = append(paths, filepath.Join(dir, tag))
	}
	return paths, size
}

// A catalogue page of 64 specs of thousands of variants each, every
// variant distinct (the last pass's class (c) defect): 4x the variants
// allocated 4.7x the bytes, its JSON's chunks grown by doubling inside
// one spec (jsonv1's TestJSONLargeSpecsScale holds the writer at 4x).
// It allocates 2.4x now from 1,000 to 4,000 variants a spec (43 → 103
// MB), and 3.5x from 4,000 to 16,000 (→ 359 MB): the intern table files
// a string given once only below 64k strings, and the JSON writer keeps
// no copy of a list of 256 strings or more.
//
// Its live heap is outside the 4x budget at 2,000 (5.4x to 5.6x: 128k
// strings a side, two intern tables filling to intern's doorFrom, a
// fixed cost past which they file only strings given twice) and near it
// at 8,000 (4.2x to 4.4x). It was 6.3x and 5.0x to 5.6x: the catalogue's
// table of list texts kept a copy of each spec's variant list (1x the
// input; texts over 16 KB are no longer kept), the doors let one string
// in 16 through (one in 32 now), and the JSON writer held the package's
// 64 pairs as one part (parts are cut by their strings now, as by their
// count). It is measured at 2,000 and 8,000: 1,000 (1.7 MB) read 3.4x to
// 8.1x, and once no quiet sample, beside other test binaries, where the
// run's fixed costs weigh more. Its peak is while the pages are read,
// both at once: their bytes (1x), the variants (16 bytes of string and
// 16 of header for 13 of input: 2.5x).
func TestManyVariantsMemory(t *testing.T) {
	checkShape(t, "many variants", 2000, manyVariantsPair, 6.5)
}

// oneBigPagePair writes two catalogue snapshots of one page of n specs
// each (the specs of 430 bytes or so a catalogue page lists), every
// spec of the new side a new hash at a new version: n removed and n
// added in one package.
func oneBigPagePair(t *testing.T, n int) (paths []string, size int64) {
	t.Helper()
	return onePagePair(t, func(side int) []map[string]any {
		specs := make([]map[string]any, n)
		for i := range specs {
			specs[i] = map[string]any{
				"hash": spackgen.TinyHash(side<<30 | i), "versions": []string{fmt.Sprintf("1.%d.%d", i, side)},
				"compiler": "gcc@=13.2.0", "os": "ubuntu22.04", "platform": "linux",
				"target": "x86_64_v3", "variants": []string{}, "stacks": []string{"root"}, "size": "-",
			}
		}
		return specs
	})
}

func TestOnePackageManySpecsMemory(t *testing.T) {
	checkShape(t, "one package", 10000, oneBigPagePair, 4.0)
}
