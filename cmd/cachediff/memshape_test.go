package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/pagetest"
	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
)

// Issue 35's rule, memory stays within 4x the input, on the shapes of
// Spack files it failed on: a lockfile of tiny records (a package per
// spec of 67 bytes), and a one-sided diff (every spec added, records of
// 470 bytes). Each is measured in a process of its own: the bytes
// `cachediff OLD NEW --format json` allocates, and the most live heap
// its collections found, paced tightly and marking with the world
// stopped (diffCost).
//
// The tiny lockfile is within 4x; the one-sided diff is held at what it
// reaches:
//   - The tiny lockfile's snapshots are about 2.2x its bytes: for each
//     spec of 68 bytes a Spec (160 bytes), a Package (56: what it knows
//     of its file is one Origin that every package of the file shares)
//     and its pointer (8), the hash (32), the name and its list of roots.
//     Its roots are spelled as their packages' names and share one
//     SpecMore (Spec.Root), where each kept one of 80 bytes. It peaks
//     while compared, with the graphs' nodes (24 bytes, their pointers
//     and table slots: 49 a spec) and the stack roll-up beside the
//     snapshots: every root is a stack of its own, counted once in the
//     list of its spec's page (rollCounts.pend), listed in a row, and
//     the rows sorted and added up (mergeAll); each worker kept a tally,
//     a map entry and a list of tallies a stack, merged into a map of
//     them all. It reads 3.3x to 3.8x at 50,000 and 200,000 records
//     (the collections diffCost counts find exactly what is live, and it
//     varies with how the workers interleave): the bound is 4. It read
//     4.3x to 4.9x with a SpecMore a spec, the stacks counted on each
//     worker, and its roots found by hash in a map while decoded. It is
//     measured at 12,500 and 50,000 records and held at 50,000 (at
//     12,500, 4.1x: a run's fixed costs).
//   - The one-sided diff's report is most of it: a Package (384 bytes)
//     and a Spec of the report (160) a package, an item of the news
//     (200, and the name) and the coverage items' names. report/jsonv1
//     streams the news items as it does the packages. It reads 3.3x.

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

// diffCost runs `cachediff OLD NEW --format json` (no memory budget, as
// in the other tests) in a process of its own, a child of the test
// binary (TestMemChild), and returns the bytes it allocated and the most
// live heap a collection found over the live heap before it: its peak.
//
// The peak was read in this process, by collections run back to back on
// another goroutine beside the command, each counted only when little was
// allocated while it marked. What they found depended on the scheduler:
// the tiny index read 4.90x against its bound of 4.2 on a loaded CI
// machine, and at -cpu 1 most shapes had no such sample (a failure) or
// one taken far from the peak (the tiny lockfile 0.33x to 1.53x). The
// child's collections are the runtime's own, paced by what the command
// allocates (GOGC=10) and marking with the world stopped
// (gcstoptheworld=1), so that each finds exactly what is live at its
// start and nothing allocated during it; and GOMAXPROCS is 2, so the
// engine runs as many workers whatever -cpu and the machine. Over four
// runs beside another package's tests each shape reads within 4% (a
// transient single-node map: the many parameters within 10%).
func diffCost(t *testing.T, paths []string) (alloc, peak uint64) {
	t.Helper()
	c := commandCost(t, append([]string{"--format", "json"}, paths...))
	return c.alloc, c.peak
}

// childCost is what the command cachediff args cost in a child of the
// test binary (commandCost).
type childCost struct {
	alloc   uint64 // the bytes it allocated
	peak    uint64 // the most live heap a collection found over the one before
	mallocs uint64 // the count of its allocations
	output  uint64 // the bytes it wrote to standard output
}

// commandCost is diffCost of the command cachediff args, which must
// exit 1, the count of its allocations and the bytes of its output. A
// command measured before in this test binary is not run again: its
// cost is the one measured (childCosts).
func commandCost(t *testing.T, command []string) childCost {
	t.Helper()
	paths := command
	args, err := json.Marshal(command)
	if err != nil {
		t.Fatal(err)
	}
	childCosts.mu.Lock()
	c, ok := childCosts.of[string(args)]
	childCosts.mu.Unlock()
	if ok {
		return c
	}
	c = measureChild(t, paths, args)
	childCosts.mu.Lock()
	defer childCosts.mu.Unlock()
	if childCosts.of == nil {
		childCosts.of = map[string]childCost{}
	}
	childCosts.of[string(args)] = c
	return c
}

// childCosts are the costs commandCost measured, by command (its
// arguments as JSON): TestManyChangedVariantsMarkdownMemory compares its
// md with the json that TestManyChangedVariantsMemory measured of the
// same pair (sharedPair), each a child of its own.
var childCosts struct {
	mu sync.Mutex
	of map[string]childCost
}

// measureChild runs the command cachediff paths, whose arguments as
// JSON are args, in a child of the test binary (TestMemChild), and
// returns what it cost; it fails unless the command exits 1.
func measureChild(t *testing.T, paths []string, args []byte) childCost {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestMemChild$", "-test.count=1")
	cmd.Args[0] = "memchild" // not a command of TestMain's: the tests run
	cmd.Env = append(os.Environ(), memChildEnv+"="+string(args), "GOMAXPROCS=2", "GOGC="+strconv.Itoa(memChildGOGC), "GOMEMLIMIT=off", "GODEBUG=gcstoptheworld=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the child measuring cachediff %v: %v\n%s%s", paths, err, out, stderr.Bytes())
	}
	var code int
	var c childCost
	i := bytes.Index(out, []byte("memchild: "))
	if i < 0 {
		t.Fatalf("the child measuring cachediff %v said no result:\n%s", paths, out)
	}
	if _, err := fmt.Sscanf(string(out[i:]), "memchild: exit %d, allocated %d, peak %d, mallocs %d, output %d", &code, &c.alloc, &c.peak, &c.mallocs, &c.output); err != nil {
		t.Fatalf("the child measuring cachediff %v: %v\n%s", paths, err, out)
	}
	if code != 1 {
		t.Fatalf("cachediff %v: exit %d, want 1\n%s", paths, code, out)
	}
	return c
}

// memChildEnv holds the arguments, as JSON, of the command that
// TestMemChild runs in the child process diffCost starts.
const memChildEnv = "CACHEDIFF_MEMCHILD_ARGS"

// memChildGOGC paces the child's collector: a collection each time the
// heap grows by a tenth of what the last one found live. The peak read is
// one of theirs, so it is at most the true one, and a peak held while
// the heap grows by a tenth is seen.
const memChildGOGC = 10

// TestMemChild is the child process of diffCost: it runs the command its
// environment names and prints what it cost. It runs only there.
func TestMemChild(t *testing.T) {
	spec := os.Getenv(memChildEnv)
	if spec == "" {
		t.Skip("the child process of diffCost's measures; it runs only under them")
	}
	var args []string
	if err := json.Unmarshal([]byte(spec), &args); err != nil {
		t.Fatal(err)
	}
	var output countingWriter
	c := &cli{stdin: strings.NewReader(""), stdout: &output, stderr: io.Discard}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	w := watchCollections()
	code := c.run(args)
	peak := w.end()
	runtime.ReadMemStats(&after)
	fmt.Printf("memchild: exit %d, allocated %d, peak %d, mallocs %d, output %d\n", code, after.TotalAlloc-before.TotalAlloc, peak-min(peak, before.HeapAlloc), after.Mallocs-before.Mallocs, output)
}

// countingWriter counts the bytes written to it: the output of the
// command TestMemChild runs.
type countingWriter int

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

// collectionWatch records the most live heap any collection found: a
// finalizer on an object of its own runs after the collection that found
// it unreachable, and sets another.
type collectionWatch struct {
	stop atomic.Bool
	peak atomic.Uint64
	done chan struct{}
}

func watchCollections() *collectionWatch {
	w := &collectionWatch{done: make(chan struct{})}
	w.arm()
	return w
}

func (w *collectionWatch) arm() {
	runtime.SetFinalizer(new(liveSentinel), func(*liveSentinel) {
		s := [...]metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		metrics.Read(s[:])
		w.peak.Store(max(w.peak.Load(), s[0].Value.Uint64()))
		if w.stop.Load() {
			close(w.done)
			return
		}
		w.arm()
	})
}

// end stops the watch after one more collection, whose finalizer runs
// after those queued before it, and returns the peak.
func (w *collectionWatch) end() uint64 {
	w.stop.Store(true)
	runtime.GC()
	<-w.done
	return w.peak.Load()
}

// checkShape runs the diff of pair(n) and pair(4n): each at most
// maxRatio its input in live heap, and the larger allocating at most
// allocBound (4.4x, and a tenth for the scheduler) the smaller's bytes.
// It returns the bytes each size allocated over its input.
func checkShape(t *testing.T, what string, n int, pair func(*testing.T, int) ([]string, int64), maxRatio float64) (allocPerInput [2]float64) {
	t.Helper()
	return checkShapeFrom(t, what, n, pair, maxRatio, n)
}

// checkLargerShape is checkShape with the live heap held to maxRatio at
// pair(4n) only: pair(n) is a size whose peak is mostly a run's fixed
// costs (its goroutines, tables and pools), shown and not held, there
// for the ratio of the bytes allocated.
func checkLargerShape(t *testing.T, what string, n int, pair func(*testing.T, int) ([]string, int64), maxRatio float64) (allocPerInput [2]float64) {
	t.Helper()
	return checkShapeFrom(t, what, n, pair, maxRatio, 4*n)
}

// checkShapeFrom is checkShape with the live heap held to maxRatio at
// the sizes from held up.
func checkShapeFrom(t *testing.T, what string, n int, pair func(*testing.T, int) ([]string, int64), maxRatio float64, held int) (allocPerInput [2]float64) {
	t.Helper()
	var allocs [2]uint64
	for k, size := range []int{n, 4 * n} {
		paths, input := pair(t, size)
		alloc, peak := diffCost(t, paths)
		allocs[k] = alloc
		allocPerInput[k] = float64(alloc) / float64(input)
		ratio := float64(peak) / float64(input)
		t.Logf("%s %d: input %d bytes, allocated %d (%.1fx), heap at most %d over the live heap before (%.2fx)", what, size, input, alloc, float64(alloc)/float64(input), peak, ratio)
		if size >= held && ratio > maxRatio {
			t.Errorf("%s %d: the heap held %.2fx the input (%d of %d bytes), want at most %.1fx", what, size, ratio, peak, input, maxRatio)
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
	// records of the shape's first sizes are as many bytes. 200,000
	// records (a child of 11 s of CPU) read 3.3x to 3.4x, as 50,000 do.
	checkLargerShape(t, "tiny lockfile", 12500, tinyLockPair, 4.0)
}

func TestOneSidedMemory(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	const n = 5000
	perInput := checkShape(t, "one-sided", n, oneSidedPair, 4.5)
	// The live heap's bound does not catch the highlights encoded whole
	// (an item per package here) and indented into a second buffer, as
	// they were before 2ba0dec1: that held 3.8-3.9x the input where the
	// streamed ones hold 3.3x. What the larger size allocated does:
	// 12.2x the input at 50,000 specs against 9.2x (12.5x against 8.8x
	// at 200,000; at 20,000, measured here, 9.5x: the smaller sizes carry
	// more of a run's fixed cost).
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
// reads 3.3x to 3.6x at 50,000 and 200,000 records, where it is held
// (12,500 records, 3.8x, are measured for the bytes they allocate).
func TestTinyIndexDiffMemory(t *testing.T) {
	checkLargerShape(t, "tiny index", 12500, tinyIndexPair, 4.2)
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

// One node of many parameters, each its own variant seen once, 13 bytes
// of input or so: the variants' strings and their list are 2.5x its
// bytes (a string's header alone is 16 bytes), both files' bytes 1x
// while they decode. It read 6.4x to 7.5x, held at 10: the node's
// object's duplicate-key set was a map of every key out of byte order
// ("v10" comes before "v9": all of them), 100 MB of the 190 live at
// 1,024k, and the decoder's intern table filed the variants until it held
// 64k (11 MB, 1.5x at 256k). The keys out of order are offsets in a
// table of their hashes now, 5 to 11 bytes a key, and the variants of a
// node of many are not filed, and the table and the list of keys are
// sized once the object's members are counted: 3.7x to 4.0x at 256k
// (the bound leaves a twentieth for noise) and 3.1x at 1,024k. It is
// held at 256k, and measured at 64k (5.2x: a run's fixed costs) for the
// bytes allocated.
func TestManyParametersMemory(t *testing.T) {
	checkLargerShape(t, "many parameters", 64000, manyParametersPair, 4.2)
}

// flippedVariantPair writes two spec files of one node of n boolean
// variants in Spack's order ("v0000000": true, ...), under one hash, the
// new one with one variant flipped: a hash of other facets, warned.
func flippedVariantPair(t *testing.T, n int) (paths []string, size int64) {
	t.Helper()
	dir := t.TempDir()
	for side, name := range []string{"old.spec.json", "new.spec.json"} {
		var b bytes.Buffer
		b.WriteString(`{"spec":{"_meta":{"version":5},"nodes":[{"name":"libdwarf","version":"20130729",` +
			`"arch":{"platform":"test","platform_os":"debian6","target":"core2"},"namespace":"builtin.mock",` +
			`"parameters":{"build_system":"generic"`)
		for i := range n {
			fmt.Fprintf(&b, `,"v%07d":%t`, i, side == 0 || i != n/2)
		}
		b.WriteString(`,"cflags":[],"cppflags":[],"cxxflags":[],"fflags":[],"ldflags":[],"ldlibs":[]},` +
			`"package_hash":"n7axrpelzl5kjuctt4yoaaf33gvgnik6cx7fjudwhc6hvywdrr4q====","hash":"u5uz3dcch5if4eve4sef67o2rf2lbfgh"}]}}`)
		size += int64(b.Len())
		paths = append(paths, writeFile(t, dir, name, b.Bytes()))
	}
	return paths, size
}

// One spec of many variants, one flipped under the same hash (a pair of
// spec files; 1.28M variants: 2 x 20.5 MB). Its warning named both
// lists whole, 25 MB of message at 1.28M and as much again while it was
// built, at the diff's peak beside both sides' lists, and the variants
// every spec shares were two copies of the spec's list: 5.0x to 5.4x in
// peak RSS at 1.28M. The warning names the variants that differ now,
// and the shared ones are marks on the first list. Its peak is while the
// files decode, both at once: their bytes (1x), the variants (their
// bytes in shared blocks and 16 bytes of header for 16 of input: 1.6x),
// the key runs: 3.3x to 3.4x at 256k, 2.7x to 3.0x at 1,024k. It read
// 4.2x to 4.5x and 4.1x. It is held at 256k, and measured at 64k (4.2x:
// a run's fixed costs) for the bytes allocated.
func TestFlippedVariantMemory(t *testing.T) {
	checkLargerShape(t, "one variant flipped", 64000, flippedVariantPair, 3.6)
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
// one spec (jsonv1's TestJSONLargeSpecsChunked holds the writer's chunks to a pooled chunk's size).
// It allocates 2.4x now from 1,000 to 4,000 variants a spec (43 → 103
// MB), and 3.5x from 4,000 to 16,000 (→ 359 MB): the intern table files
// a string given once only below 64k strings, and the JSON writer keeps
// no copy of a list of 256 strings or more.
//
// Its live heap is within the 4x budget: 3.84x to 3.86x at 2,000 (the
// bound leaves a twentieth for noise) and 3.5x at 8,000, at its peak while the pages are read, both at once: their bytes
// (1x), the variants (their strings' bytes in shared blocks, and 16 bytes
// of header, for 13 of input: 2x), the canonical lists. It was 5.2x to
// 5.5x at 2,000 (128k strings a side): two intern tables filling to
// intern's doorFrom (64k strings given once, 60 bytes an entry beside the
// string: 8 MB of the 17 live), a fixed cost; a list's strings past its
// first 256 are filed only when given twice now (intern.Table.Rare), and
// the strings not filed share blocks (they were 16 bytes each for 9).
// Before that it was 6.3x: the catalogue's table of list texts kept a
// copy of each spec's variant list (1x the input; texts over 16 KB are
// no longer kept), the doors let one string in 16 through (one in 32
// now), and the JSON writer held the package's 64 pairs as one part
// (parts are cut by their strings now, as by their count). It is
// measured at 2,000 and 8,000: at 1,000 (1.7 MB) the run's fixed costs
// weigh more.
func TestManyVariantsMemory(t *testing.T) {
	checkShape(t, "many variants", 2000, manyVariantsPair, 4.1)
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

// TestOnePackageManySpecsMemory: one page of 10,000 specs a side, every
// one replaced, holds at most 4x its input in live heap (3.4x; 40,000
// read 3.3x); 2,500 (4.2x: a run's fixed costs) are measured for the
// bytes allocated.
func TestOnePackageManySpecsMemory(t *testing.T) {
	checkLargerShape(t, "one package", 2500, oneBigPagePair, 4.0)
}
