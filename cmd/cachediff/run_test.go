package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// TestColorAuto: auto colours only a terminal (a pseudo-terminal here;
// /dev/null is a character device but no terminal), with NO_COLOR unset
// or empty and TERM not dumb, and never a file named by --output;
// FORCE_COLOR and CLICOLOR_FORCE (not 0) colour standard output whatever
// it is, but not a patch (CI sets them for every step; a patch redirected
// to a file must apply) nor an --output file; always and never ignore all
// of it.
func TestColorAuto(t *testing.T) {
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer devNull.Close()
	file, err := os.Create(t.TempDir() + "/out")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	tty := openPTY(t) // nil where there are none
	for _, tc := range []struct {
		color, output string
		format        string
		env           map[string]string
		w             io.Writer
		want          bool
	}{
		{"auto", "", "text", nil, tty, true},
		{"auto", "", "text", map[string]string{"NO_COLOR": "1"}, tty, false},
		{"auto", "", "text", map[string]string{"TERM": "dumb"}, tty, false},
		{"auto", "report.txt", "text", nil, tty, false},
		{"auto", "", "text", nil, devNull, false},
		{"auto", "", "text", nil, file, false},
		{"auto", "", "text", nil, &bytes.Buffer{}, false},
		{"auto", "", "text", map[string]string{"FORCE_COLOR": "1"}, &bytes.Buffer{}, true},
		{"auto", "", "text", map[string]string{"CLICOLOR_FORCE": "1", "NO_COLOR": "1"}, devNull, true},
		{"auto", "report.txt", "text", map[string]string{"FORCE_COLOR": "true"}, file, false},
		{"auto", "", "patch", map[string]string{"FORCE_COLOR": "1"}, &bytes.Buffer{}, false},
		{"auto", "", "patch", map[string]string{"CLICOLOR_FORCE": "1"}, devNull, false},
		{"auto", "", "patch", nil, tty, true},
		{"always", "report.patch", "patch", nil, file, true},
		{"auto", "", "text", map[string]string{"FORCE_COLOR": "0"}, &bytes.Buffer{}, false},
		{"auto", "", "text", map[string]string{"CLICOLOR_FORCE": "0"}, &bytes.Buffer{}, false},
		{"always", "", "text", map[string]string{"NO_COLOR": "1", "TERM": "dumb"}, &bytes.Buffer{}, true},
		{"never", "", "text", map[string]string{"FORCE_COLOR": "1"}, tty, false},
	} {
		if f, ok := tc.w.(*os.File); ok && f == nil {
			continue // no pseudo-terminal
		}
		for _, v := range []string{"NO_COLOR", "TERM", "FORCE_COLOR", "CLICOLOR_FORCE"} {
			t.Setenv(v, tc.env[v])
		}
		got := renderOptions(&options{color: tc.color, output: tc.output, format: tc.format}, tc.w).Color
		if got != tc.want {
			t.Errorf("--color=%s -f %s env %v output=%q on %T: colour %v, want %v", tc.color, tc.format, tc.env, tc.output, tc.w, got, tc.want)
		}
	}
}

// TestExitCode: one function decides the exit status from the report: a
// gate (given or saved) decides alone; without one, any change is 1.
func TestExitCode(t *testing.T) {
	changed := &diff.Report{}
	changed.Summary.Packages.Changed = 1
	passed := &diff.Gate{FailOn: []string{"removed-spec"}}
	tripped := &diff.Gate{FailOn: []string{"removed-spec"}, Tripped: []diff.Trip{{Kind: "removed-spec", Count: 1}}}
	for _, tc := range []struct {
		name string
		r    diff.Report
		want int
	}{
		{"no changes", diff.Report{}, 0},
		{"changes", *changed, 1},
		{"changes, gate passed", diff.Report{Summary: changed.Summary, Gate: passed}, 0},
		{"no changes, gate tripped", diff.Report{Gate: tripped}, 1},
		{"changes, gate tripped", diff.Report{Summary: changed.Summary, Gate: tripped}, 1},
	} {
		if got := exitCode(&tc.r); got != tc.want {
			t.Errorf("%s: exit %d, want %d", tc.name, got, tc.want)
		}
	}
}

// memoryRecorder records a command's calls of its memory budget.
// Two pages load at once: the calls may come from either.
type memoryRecorder struct {
	mu           sync.Mutex
	order        []string // the calls, in order
	inputs, kept []int64  // limit's arguments
	bounds       []int64  // bound's
	series       []int64  // finishing's
	freed        []int64  // collect's
}

func (r *memoryRecorder) add(call string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.order = append(r.order, call)
}
func (r *memoryRecorder) loading()          { r.add("pace") }
func (r *memoryRecorder) limit(input int64) { r.limitLog(input, 0) }
func (r *memoryRecorder) limitLog(input, kept int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.inputs, r.kept = append(r.inputs, input), append(r.kept, kept)
	r.order = append(r.order, "limit")
}
func (r *memoryRecorder) bound(input int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.bounds = append(r.bounds, input)
	r.order = append(r.order, "bound")
}
func (r *memoryRecorder) collect(freed int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.freed = append(r.freed, freed)
	r.order = append(r.order, "collect")
}
func (r *memoryRecorder) collectIfDue(int64) { r.add("collect if due") }
func (r *memoryRecorder) finishing(series int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.series = append(r.series, series)
	r.order = append(r.order, "finishing")
}

// afterFirstLoad returns r's calls and limits without the limits set
// while the first snapshot loaded, next being the one set once it is
// loaded (twice its size, as if the second were its size; its size and a
// second file's): set from what it had read (outgrowing from nothing), so
// at least one, none falling, none over next. Paced by GOGC alone, two
// trees of 16 MB in all, of specs of 32 distinct variants, peaked at 5x
// the input.
func (r *memoryRecorder) afterFirstLoad(t *testing.T, next int64) (order []string, inputs, kept []int64) {
	t.Helper()
	i := slices.Index(r.inputs, next)
	if i < 1 {
		t.Errorf("limits %v: want some set while the first snapshot loads, then %d", r.inputs, next)
		return r.order, r.inputs, r.kept
	}
	if !slices.IsSorted(r.inputs[:i+1]) {
		t.Errorf("limits %v: those set while the first snapshot loads fall", r.inputs)
	}
	at := slices.Index(r.order, "limit")
	order = append(slices.Clip(r.order[:at+1]), r.order[at+i+1:]...)
	return order, r.inputs[i:], r.kept[i:]
}

// TestMemoryLimitStdin: standard input counts in the input's size as
// soon as it is read, before it is decoded, on either side: the limit
// is set from its size and the other side's (the file's; after the
// old snapshot's alone, twice, while the new one loads), where it was set
// only once the old snapshot was loaded, from twice its size; and it is
// set although the page then fails to decode.
func TestMemoryLimitStdin(t *testing.T) {
	files := []string{"../../testdata/spack-formats/index.v7-layout2-unsigned.json", "../../testdata/spack-formats/index.v8-layout2-unsigned-mixed.json"}
	var data [2][]byte
	for i, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		data[i] = b
	}
	size := int64(len(data[0]) + len(data[1]))
	if len(data[0]) == len(data[1]) {
		t.Fatal("the two pages must differ in size")
	}
	for _, tc := range []struct {
		name  string
		args  []string
		stdin []byte
		code  int
		want  []int64
	}{
		{"old from stdin", []string{"-", files[1]}, data[0], 1, []int64{size, size}},
		{"new from stdin", []string{files[0], "-"}, data[1], 1, []int64{2 * int64(len(data[0])), size, size}},
		{"stdin not a page", []string{files[0], "-"}, []byte("{\n" + strings.Repeat(" ", 1000)), 2, []int64{2 * int64(len(data[0])), int64(len(data[0])) + 1002}},
		{"old from stdin, not a page", []string{"-", files[1]}, []byte("{\n" + strings.Repeat(" ", 1000)), 2, []int64{int64(len(data[1])) + 1002}},
	} {
		rec := &memoryRecorder{}
		c := &cli{stdin: bytes.NewReader(tc.stdin), stdout: io.Discard, stderr: io.Discard, memory: rec}
		if code := c.run(tc.args); code != tc.code {
			t.Fatalf("%s: exit %d, want %d", tc.name, code, tc.code)
		}
		order, got := rec.order, rec.inputs
		if tc.args[0] != "-" { // a file loads first: limits while it loads
			order, got, _ = rec.afterFirstLoad(t, 2*int64(len(data[0])))
		}
		if !slices.Equal(got, tc.want) || order[0] != "pace" {
			t.Errorf("%s: hooks called %v, limit with %v; want pace, then limit with %v", tc.name, order, got, tc.want)
		}
	}
}

// TestMemoryLimit: run, as tests call it in one process, leaves the
// process's memory limit and GOGC alone; the command as main runs it paces
// the collector before loading (diff and log, not render) and sets the limit from
// the size of the input through its hook: first from the old snapshot's,
// so that the collector is paced while the new one loads, then from both.
func TestMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	gcBefore := debug.SetGCPercent(100)
	debug.SetGCPercent(gcBefore)
	args := []string{"../../testdata/real/develop-2025-03-23", "../../testdata/real/develop-2025-03-30"}
	if code := run(args, io.Discard, io.Discard); code != 1 {
		t.Fatalf("exit %d", code)
	}
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Errorf("run changed the memory limit from %d to %d", before, after)
	}
	if gcAfter := debug.SetGCPercent(gcBefore); gcAfter != gcBefore {
		t.Errorf("run changed GOGC from %d to %d", gcBefore, gcAfter)
	}
	var sizes [2]int64
	for i, a := range args {
		s, err := snapshot.Load(a, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sizes[i] = s.Bytes
	}
	rec := &memoryRecorder{}
	c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, memory: rec}
	if code := c.run(args); code != 1 {
		t.Fatalf("exit %d", code)
	}
	// The collector is paced once, before anything loads.
	order, got, _ := rec.afterFirstLoad(t, 2*sizes[0])
	if want := []string{"pace", "limit", "limit", "collect if due"}; !slices.Equal(order, want) {
		t.Errorf("hooks called %v, want %v", order, want)
	}
	// Once with twice the old snapshot's size, before the new one loads,
	// then with the input's size.
	if len(got) != 2 || got[1] < 64<<10 || got[0] < got[1]/2 || got[0] > got[1]*2 {
		t.Errorf("limitMemory called with %v; want twice, with about the input's size (over 64 KiB)", got)
	}
	// Two files: also from their sizes before they load.
	*rec = memoryRecorder{}
	files := []string{"../../testdata/real/develop-2025-03-23/llvm/specs.md", "../../testdata/real/develop-2025-03-30/llvm/specs.md"}
	var size int64
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		size += fi.Size()
	}
	if code := c.run(files); code > 1 {
		t.Fatalf("two files: exit %d", code)
	}
	got, order = rec.inputs, rec.order
	if want := []string{"pace", "limit", "limit", "collect if due"}; !slices.Equal(order, want) || got[0] != size || got[1] != size {
		t.Errorf("two files: hooks called %v with %v, want %v with their size (%d) twice", order, got, want, size)
	}
	// A folder, then a file: the limits while the folder loads, and
	// once it is loaded, count the file's size, not the folder's again
	// (a folder of spec files of 29 MB against a file of 6 KB peaked at
	// 5x the input).
	*rec = memoryRecorder{}
	fi, err := os.Stat(files[1])
	if err != nil {
		t.Fatal(err)
	}
	if code := c.run([]string{args[0], files[1]}); code > 1 {
		t.Fatalf("a folder and a file: exit %d", code)
	}
	order, got, _ = rec.afterFirstLoad(t, sizes[0]+fi.Size())
	if want := []string{"pace", "limit", "limit", "collect if due"}; !slices.Equal(order, want) || got[0] != sizes[0]+fi.Size() {
		t.Errorf("a folder and a file: hooks called %v with %v, want %v, from %d (the folder's size and the file's)", order, got, want, sizes[0]+fi.Size())
	}
	// Two files of earlyCollect bytes or more: the first one loaded
	// collects the garbage while the other loads.
	defer func(n int64) { earlyCollect = n }(earlyCollect)
	earlyCollect = size
	*rec = memoryRecorder{}
	if code := c.run(files); code > 1 {
		t.Fatalf("two large files: exit %d", code)
	}
	if order, want := rec.order, []string{"pace", "limit", "collect", "limit", "collect if due"}; !slices.Equal(order, want) {
		t.Errorf("two large files: hooks called %v, want %v", order, want)
	}
	earlyCollect = size + 1
	if _, ok := newCLI().memory.(processMemory); !ok {
		t.Error("main's command sets no memory limit, no collector pace or no collection between a log's steps")
	}
	// The log paces it too.
	*rec = memoryRecorder{}
	if code := c.run(append([]string{"log"}, append(args, args[0])...)); code != 1 {
		t.Fatalf("log: exit %d", code)
	}
	order, got, kept := rec.afterFirstLoad(t, 2*sizes[0])
	// A collection before the third snapshot loads, where the first is
	// garbage; the pace by the live heap once the steps are done, from
	// every snapshot's size, while the log is written.
	if want := []string{"pace", "limit", "limit", "collect", "limit", "finishing"}; !slices.Equal(order, want) {
		t.Errorf("log: hooks called %v, want %v", order, want)
	}
	if want := []int64{2*sizes[0] + sizes[1]}; !slices.Equal(rec.series, want) {
		t.Errorf("log: finishing called with %v, want %v (the three snapshots' sizes)", rec.series, want)
	}
	// Once the first is loaded, twice its size, as a diff's: the second
	// loads under it. Then the two held: the second and first, then the
	// third (the first again) and second.
	if want := []int64{2 * sizes[0], sizes[0] + sizes[1], sizes[0] + sizes[1]}; sizes[0] == sizes[1] || !slices.Equal(got, want) {
		t.Errorf("log: limitMemory called with %v; want %v (the snapshots' sizes: %v, which must differ)", got, want, sizes)
	}
	// A limit per snapshot; from the third, room for the steps the
	// Markdown log holds.
	if len(kept) != 3 || kept[0] != 0 || kept[1] != 0 || kept[2] <= 0 {
		t.Errorf("log: limitMemory's kept bytes %v, want 0, 0, then more", kept)
	}
	saved := filepath.Join(t.TempDir(), "r.json")
	if code := run(append([]string{"-f", "json", "-o", saved}, args...), io.Discard, io.Discard); code != 1 {
		t.Fatalf("exit %d", code)
	}
	*rec = memoryRecorder{}
	if code := c.run([]string{"render", saved}); code != 1 {
		t.Fatalf("render: exit %d", code)
	}
	// render sets the limit from the report's size, no pace before.
	if fi, err := os.Stat(saved); err != nil || !slices.Equal(rec.order, []string{"limit"}) || !slices.Equal(rec.inputs, []int64{fi.Size()}) {
		t.Errorf("render: hooks called %v with %v, want limit with the report's size (%v)", rec.order, rec.inputs, err)
	}
}

// TestMemoryLimitOutgrown: a limit set expecting the next snapshot to
// be about the size of the one before is raised as the next one, loading,
// turns out larger (outgrowing), before the limit from both: left at what
// a small first snapshot gave, the collector ran back to back while a
// large second one loaded. In a diff, and in a log, where the third
// snapshot loads under the limit of the first two.
func TestMemoryLimitOutgrown(t *testing.T) {
	small := filepath.Join(t.TempDir(), "develop")
	page, err := os.ReadFile("../../testdata/real/develop-2025-03-23/py-keras/specs.md")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(small, "py-keras"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(small, "py-keras", "specs.md"), page, 0o644); err != nil {
		t.Fatal(err)
	}
	big := []string{"../../testdata/real/develop-2025-03-30", "../../testdata/real/develop-2025-03-23"}
	var sizes [3]int64
	for i, a := range []string{small, big[0], big[1]} {
		s, err := snapshot.Load(a, snapshot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sizes[i] = s.Bytes
	}
	if sizes[1] < 4*sizes[0] || sizes[2] < 4*sizes[0] {
		t.Fatalf("sizes %v: the first must be small", sizes)
	}
	// raised says whether some limit between first and last, the ones
	// set while a snapshot loaded, expects most of it.
	raised := func(limits []int64, first, last int, held, loading int64) bool {
		for _, l := range limits[first+1 : last] {
			if l >= held+loading/2 {
				return true
			}
		}
		return false
	}
	rec := &memoryRecorder{}
	c := &cli{stdout: io.Discard, stderr: io.Discard, memory: rec}
	if code := c.run([]string{small, big[0]}); code != 1 {
		t.Fatalf("exit %d", code)
	}
	_, got, _ := rec.afterFirstLoad(t, 2*sizes[0])
	if len(got) < 3 || got[0] != 2*sizes[0] || got[len(got)-1] != sizes[0]+sizes[1] || !raised(got, 0, len(got)-1, sizes[0], sizes[1]) {
		t.Errorf("diff: limit set with %v; want %d, then raised while the new snapshot (%d bytes) loads, then %d", got, 2*sizes[0], sizes[1], sizes[0]+sizes[1])
	}
	*rec = memoryRecorder{}
	if code := c.run([]string{"log", small, big[0], big[1]}); code != 1 {
		t.Fatalf("log: exit %d", code)
	}
	_, got, _ = rec.afterFirstLoad(t, 2*sizes[0])
	second := slices.Index(got, sizes[0]+sizes[1])
	if second < 0 || got[0] != 2*sizes[0] || got[len(got)-1] != sizes[1]+sizes[2] ||
		!raised(got, 0, second, sizes[0], sizes[1]) || !raised(got, second, len(got)-1, sizes[1], sizes[2]) {
		t.Errorf("log: limit set with %v; want %d, raised while the second loads, %d, raised while the third loads, %d", got, 2*sizes[0], sizes[0]+sizes[1], sizes[1]+sizes[2])
	}
}

// TestHelpWidth: the help is wrapped to the terminal's width less one
// column (a 60-column pseudo-terminal here), or to $COLUMNS, or to 80,
// between 40 and 100; at any width no line is longer, but for words
// longer than the column.
func TestHelpWidth(t *testing.T) {
	t.Setenv("COLUMNS", "")
	if tty := openPTY(t); tty != nil {
		if w := helpWidth(tty); w != 59 {
			t.Errorf("width on a 60-column terminal: %d, want 59", w)
		}
	}
	for _, tc := range []struct {
		columns string
		want    int
	}{{"", 80}, {"72", 71}, {"20", 40}, {"300", 100}, {"x", 80}} {
		t.Setenv("COLUMNS", tc.columns)
		if w := helpWidth(&bytes.Buffer{}); w != tc.want {
			t.Errorf("COLUMNS=%q: width %d, want %d", tc.columns, w, tc.want)
		}
	}
	for _, width := range []int{40, 59, 80, 100} {
		for _, cmd := range commands {
			// The usage lines and examples are commands: not wrapped.
			for _, section := range strings.Split(usage(cmd, width), "\n\n") {
				if strings.HasPrefix(section, "Usage: ") || strings.HasPrefix(section, "Examples:\n") {
					continue
				}
				for _, line := range strings.Split(section, "\n") {
					oneWord := !strings.Contains(strings.TrimSpace(line), " ")
					if n := len([]rune(line)); n > width && !oneWord {
						t.Errorf("help %q at %d columns: a line of %d: %q", cmd.name, width, n, line)
					}
				}
			}
		}
	}
}

// TestTitleHelp: --title's help names the formats that use it, per
// command: a log has no patch format; JSON keeps no title; a template
// gets it as .Render.Title.
func TestTitleHelp(t *testing.T) {
	for _, tc := range []struct {
		cmd       *command
		want, not []string
	}{
		{diffCommand, []string{"Markdown, text and patch", ".Render.Title", "not JSON"}, nil},
		{renderCommand, []string{"Markdown, text and patch", ".Render.Title", "not JSON"}, nil},
		{logCommand, []string{"log's title", "Markdown and text", "not JSON"}, []string{"patch", "template"}},
	} {
		var o options
		f := tc.cmd.flagSet(&o).Lookup("title")
		if f == nil {
			t.Fatalf("%q: no --title", tc.cmd.name)
		}
		for _, w := range tc.want {
			if !strings.Contains(f.Usage, w) {
				t.Errorf("%q: --title's help %q lacks %q", tc.cmd.name, f.Usage, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(f.Usage, w) {
				t.Errorf("%q: --title's help %q says %q", tc.cmd.name, f.Usage, w)
			}
		}
	}
}

// TestMemoryLimitBounds: the collector's soft limit leaves the live data (about
// 2x the input at a real week) room, and, with the 9-10 MiB of the
// binary's own pages that the runtime does not count, keeps peak RSS
// within the budget of 4x the input from 15k specs per tree (11 MB of
// pages) up.
func TestMemoryLimitBounds(t *testing.T) {
	const mib = 1 << 20
	for _, input := range []int64{0, 1 << 10, 11 * mib, 44 * mib, 173 * mib, 2 << 30} {
		l := memoryLimit(input)
		if l < 3*input || l < 24*mib {
			t.Errorf("memoryLimit(%d) = %d: under 3x the input or 24 MiB", input, l)
		}
		if input >= 11*mib && l+10*mib > 4*input {
			t.Errorf("memoryLimit(%d) = %d: with the binary's pages, over 4x the input", input, l)
		}
	}
}

// TestCollectIfDue: a diff collects between loading and comparing when
// what comes next would take the heap to the collector's goal, and only
// then.
func TestCollectIfDue(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	collectIfDue(1 << 50) // beyond any goal
	runtime.ReadMemStats(&after)
	if after.NumGC == before.NumGC {
		t.Error("collectIfDue(1<<50) did not collect")
	}
	for _, c := range []struct {
		heap, next, goal uint64
		want             bool
	}{{14, 10, 21, true}, {54, 41, 121, false}, {204, 164, 534, false}, {10, 11, 21, false}} {
		if got := due(c.heap, c.next, c.goal); got != c.want {
			t.Errorf("due(%d, %d, %d) = %v, want %v", c.heap, c.next, c.goal, got, c.want)
		}
	}
}

// TestOutputBufferShared: the renderers' buffers (bufio.NewWriterSize(w,
// 64<<10) in package report) are the output's own, so that a report is
// copied into one buffer, not two.
func TestOutputBufferShared(t *testing.T) {
	c := &cli{stdout: io.Discard, stderr: io.Discard}
	out, err := c.openOutput("")
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{4096, 64 << 10} {
		if bw := bufio.NewWriterSize(out.w, size); bw != out.w {
			t.Errorf("bufio.NewWriterSize(out.w, %d) made a second buffer: the output's holds %d bytes", size, out.w.Size())
		}
	}
}

// keepMemorySettings puts the process's memory limit and GOGC back as
// they are when t ends: main's settings are the process's, and the tests
// that make them run in the process of the others.
func keepMemorySettings(t *testing.T) {
	gc := debug.SetGCPercent(100)
	debug.SetGCPercent(gc)
	limit := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { stopWatchingLive(); debug.SetGCPercent(gc); debug.SetMemoryLimit(limit) })
}

// TestSetMemoryLimit: main's limitMemory sets the limit for the input and
// leaves the collections to it (GOGC=off). The test puts both back.
func TestSetMemoryLimit(t *testing.T) {
	keepMemorySettings(t)
	const input = 100 << 20
	setMemoryLimit(input, 5<<20, 0)
	if got, want := debug.SetMemoryLimit(-1), memoryLimit(input)+5<<20; got != want {
		t.Errorf("memory limit %d, want memoryLimit(%d) + 5 MiB = %d", got, input, want)
	}
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Errorf("GOGC %d after setMemoryLimit, want off (-1)", got)
	}
}

// TestDiffMemoryLimit: a diff's memory limit is memoryLimit of its
// input, whatever the last collection found live beyond it: that
// collection came while a snapshot loaded, and what it found beyond the
// snapshots was the loader's scratch (read buffers, canonical forms),
// garbage once both are loaded. Counted as kept (beyondInput, the room
// a log leaves for its series), it raised the limit of a diff of one
// package of 256k updated specs a side by 180 MB, and its peak RSS to
// 4.5x the input. A log's limit keeps that room. The test puts the
// settings back.
func TestDiffMemoryLimit(t *testing.T) {
	keepMemorySettings(t)
	// No watch of the collections' ends: the limit is under the live heap
	// here, so the collection it starts would raise it (keepRoomAboveLive)
	// before it is read, or not, by the scheduler: at GOMAXPROCS=1 always.
	liveWatch.Store(-1)
	const input = 8 << 20
	scratch := make([]byte, 4*input) // alive at the last collection, as a loader's scratch
	runtime.GC()
	processMemory{}.limit(input)
	if got, want := debug.SetMemoryLimit(-1), memoryLimit(input); got != want {
		t.Errorf("a diff's memory limit with %d MiB live: %d, want memoryLimit(%d) = %d", liveHeap()>>20, got, input, want)
	}
	processMemory{}.limitLog(input, 0)
	if got, least := debug.SetMemoryLimit(-1), memoryLimit(input)+2*input; got < least {
		t.Errorf("a log's memory limit with %d MiB live: %d, want room for what is live beyond its input (at least %d)", liveHeap()>>20, got, least)
	}
	runtime.KeepAlive(scratch)
}

// TestLogRoomGrowsWithSeries: a log's limit leaves room to allocate of
// at least twice what it keeps beyond its snapshots (its series), so that
// the collections its steps start mark that series at most once per twice
// its size allocated: with half of it, a log of 4,000 small lockfiles
// cost 5.0x the CPU of 1,000, the marking growing with the steps.
func TestLogRoomGrowsWithSeries(t *testing.T) {
	const input, kept = 1 << 20, 3 << 20
	for _, series := range []int64{0, 1 << 20, 64 << 20, 1 << 30} {
		live := uint64(2*input + kept + series)
		room := beyondInput(live, input, kept)
		if room-series < 2*series || room > 3*series {
			t.Errorf("a series of %d bytes: room %d, want the series and twice it to allocate in (%d)", series, room, 3*series)
		}
	}
}

// TestLogStdinRefused: a log reads no snapshot from standard input (a
// series has several), so none is left out of its memory budget, as the
// diff's budget counts standard input (TestMemoryLimitStdin): "-" is
// refused before anything is read or a limit is set.
func TestLogStdinRefused(t *testing.T) {
	file := "../../testdata/spack-formats/index.v7-layout2-unsigned.json"
	for _, args := range [][]string{{"log", "-", file}, {"log", file, "-"}, {"log", file, file, "-"}} {
		rec := &memoryRecorder{}
		stdin := strings.NewReader("{}")
		var stderr bytes.Buffer
		c := &cli{stdin: stdin, stdout: io.Discard, stderr: &stderr, memory: rec}
		if code := c.run(args); code != exitTrouble {
			t.Errorf("%v: exit %d, want %d", args, code, exitTrouble)
		}
		if !strings.Contains(stderr.String(), "cannot be standard input") {
			t.Errorf("%v: %q, want the refusal of standard input", args, stderr.String())
		}
		if stdin.Len() != 2 || len(rec.inputs) != 0 {
			t.Errorf("%v: %d bytes of standard input read, limit set from %v; want none", args, 2-stdin.Len(), rec.inputs)
		}
	}
}
