package jsonv1

import (
	"bufio"
	"bytes"
	"io"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestLogStepAllocs: writing a log's steps allocates in proportion to
// what they hold, not a fixed table per step. writeReportJSON made its
// package writers in pools of its own call, so each step of a log made
// new ones, each with its table of lists (pkgJSON.lists, 24 KB), however
// small the step (now a log's writer keeps them, pkgWriters): render of the JSON of 16,000 steps of 6.6 KB each
// (105 MB) allocated some 800 MB of tables, which the pools kept until
// two collections had passed, and peaked at 530 MB (5.0x; 305 MB, 2.9x,
// with them shared and each step's copy of its bytes let go as it is
// decoded, DecodeLog).
//
// The bytes allocated per step written are measured over steps of one
// package (a few KB of JSON each), at 200 and at 800 steps: at most
// 4.4x for 4x the steps, and at most 5x the JSON written (2.9x; it
// allocated 9.8x before).
func TestLogStepAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	step := reporttest.OnePackage("zlib")
	allocs := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	var written countingWriter
	cost := func(steps int) (alloc, out uint64) {
		// No collection while measured: the writers' pools (ws's, and
		// ordered's chunks and buffers), filled by the first report, stay
		// filled. A collection empties them, and the writers and chunks
		// made again are bytes more, as many as the collections that came:
		// 4x the steps read 4.27x to 4.5x over nine runs at -cpu 1,2,4,
		// and failed once.
		defer debug.SetGCPercent(debug.SetGCPercent(-1))
		runtime.GC()
		written.n = 0
		bw := bufio.NewWriterSize(&written, 64<<10)
		ws := new(pkgWriters)                                         // a log's, one for all its steps (logJSON)
		if err := writeReportJSON(bw, step, "    ", ws); err != nil { // the pools filled once
			t.Fatal(err)
		}
		written.n = 0
		a0 := allocs()
		for range steps {
			if err := writeReportJSON(bw, step, "    ", ws); err != nil {
				t.Fatal(err)
			}
		}
		a1 := allocs()
		if err := bw.Flush(); err != nil {
			t.Fatal(err)
		}
		return a1 - a0, written.n
	}
	// The least of three runs: a run's goroutines may hold more buffers
	// at once than the pools were filled with.
	least := func(steps int) (alloc, out uint64) {
		for range 3 {
			if a, o := cost(steps); alloc == 0 || a < alloc {
				alloc, out = a, o
			}
		}
		return alloc, out
	}
	a1, o1 := least(200)
	a4, o4 := least(800)
	t.Logf("200 steps: %d bytes allocated for %d written (%.1fx); 800: %d for %d (%.1fx); 4x the steps %.3fx the bytes", a1, o1, float64(a1)/float64(o1), a4, o4, float64(a4)/float64(o4), float64(a4)/float64(a1))
	if float64(a4) > 4.4*float64(a1) {
		t.Errorf("4x the steps allocated %.1fx the bytes", float64(a4)/float64(a1))
	}
	if float64(a4) > 5*float64(o4) {
		t.Errorf("800 steps allocated %d bytes, %.1fx the %d bytes of JSON written: want at most 5x", a4, float64(a4)/float64(o4), o4)
	}
}

type countingWriter struct{ n uint64 }

func (c *countingWriter) Write(p []byte) (int, error) { c.n += uint64(len(p)); return len(p), nil }

var _ io.Writer = (*countingWriter)(nil)

// TestPkgWritersForget: a package writer that wrote one report writes
// the next as a new writer would, remembering none of the lists of the
// one before (pkgWriters.get): a list is known by its address, and a
// report's list written again after it changed in place (as the tests
// that edit a report do) must be written as it is now.
func TestPkgWritersForget(t *testing.T) {
	r := reporttest.GenReport(11, 12)
	write := func(ws *pkgWriters) string {
		var b bytes.Buffer
		bw := bufio.NewWriter(&b)
		if err := writeReportJSON(bw, r, "    ", ws); err != nil {
			t.Fatal(err)
		}
		if err := bw.Flush(); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	ws := new(pkgWriters)
	write(ws)
	var l []string // a list of two or more strings the report writes
	for i := range r.Packages {
		for _, s := range r.Packages[i].Specs.Added {
			if len(s.Variants) > 1 && l == nil {
				l = s.Variants
			}
		}
	}
	if l == nil {
		t.Fatal("no added spec with two variants")
	}
	slices.Reverse(l)
	defer slices.Reverse(l)
	if got, want := write(ws), write(new(pkgWriters)); got != want {
		t.Errorf("the report written again by the writers of its last writing differs from one by new writers")
	}
}
