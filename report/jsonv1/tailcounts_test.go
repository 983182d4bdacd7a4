package jsonv1

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestTailCountsAsValue: tailCounts writes a counts object as value
// wrote it (its MarshalJSON, compacted, indented): empty, nil, keys to
// escape (HTML escaping off), invalid UTF-8, any count.
func TestTailCountsAsValue(t *testing.T) {
	for _, vc := range []diff.ValueCounts{
		nil,
		{},
		{{Value: "compiler-exact-version", OldToNew: diff.OldToNew{Old: 66}}},
		{{Value: "a<b>&c"}, {Value: "q\"uote\\back\nline\u2028"}, {Value: "bad\xffutf8", OldToNew: diff.OldToNew{Old: -3, New: math.MaxInt}}, {Value: "{[:,]}", OldToNew: diff.OldToNew{New: 2}}},
	} {
		checkTailAsValue(t, vc, func(tw *tailWriter, prefix string) { tailCounts(tw, vc, prefix) })
	}
}

// checkTailAsValue checks that write writes v, under each of a few
// prefixes, as value wrote it whole.
func checkTailAsValue(t *testing.T, v any, write func(tw *tailWriter, prefix string)) {
	t.Helper()
	for _, prefix := range []string{"", "  ", "\t "} {
		var want, got bytes.Buffer
		bw := bufio.NewWriter(&want)
		tw := newTailWriter(bw)
		tw.value(v, prefix)
		bw.Flush()
		bw = bufio.NewWriter(&got)
		tw = newTailWriter(bw)
		write(tw, prefix)
		bw.Flush()
		if tw.err != nil || got.String() != want.String() {
			t.Errorf("%+v, prefix %q: got %q (%v), want %q", v, prefix, got.String(), tw.err, want.String())
		}
	}
}

// TestTailCountsBytes (issue 35 class c): a report's canonicalized is
// written a count at a time (writeTail, tailCounts): written whole by value (the counts'
// MarshalJSON, the encoder's compact copy, then indented), 200k rules
// allocated 2.9x the JSON written, three copies of it held at once, and
// render --format json of 1M rules (27 MB of JSON) peaked at 5.3x its
// JSON. Now the tail allocates next to nothing, and 4x the rules at most
// 4.4x the bytes.
func TestTailCountsBytes(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	var allocs [2]uint64
	for k, n := range []int{50_000, 200_000} {
		vc := make(diff.ValueCounts, n)
		for i := range vc {
			vc[i] = diff.ValueCount{Value: fmt.Sprintf("r%x", i), OldToNew: diff.OldToNew{Old: 1, New: 2}}
		}
		var out countBytes
		out, allocs[k] = tailAlloc(t, &diff.Report{Canonicalized: vc})
		ratio := float64(allocs[k]) / float64(out)
		t.Logf("%d rules: %d bytes written, %d allocated (%.3fx)", n, out, allocs[k], ratio)
		if ratio > 0.1 {
			t.Errorf("%d rules: writing %d bytes allocated %d, %.2fx; want at most 0.1x (the counts written whole?)", n, out, allocs[k], ratio)
		}
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 && allocs[1] > 64<<10 {
		t.Errorf("4x the rules allocate %.2fx the bytes (%d → %d), want at most 4.4x", r, allocs[0], allocs[1])
	}
}

// tailAlloc returns the bytes writeTail of r writes and those it
// allocates.
func tailAlloc(t *testing.T, r *diff.Report) (countBytes, uint64) {
	t.Helper()
	var out countBytes
	bw := bufio.NewWriterSize(&out, 64<<10)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	err := writeTail(bw, r, "")
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	bw.Flush()
	return out, after.TotalAlloc - before.TotalAlloc
}

type countBytes int

func (c *countBytes) Write(p []byte) (int, error) {
	*c += countBytes(len(p))
	return len(p), nil
}

var _ io.Writer = (*countBytes)(nil)
