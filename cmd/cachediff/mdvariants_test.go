package main

import (
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestManyChangedVariantsMarkdownMemory (issue 35 class c): --format md
// of catalogue pages whose specs have hundreds of distinct variants,
// every spec changed (changedVariantsPair: 512 and 2,048 specs), holds
// what --format json holds and its rows, once, and no more. Its builder
// remembered every escaped cell (mdBuilder.md: up to 65,536, of any
// length) beside the rows that copy them, so that each spec's variants,
// escaped, were held twice while the view was built: the live heap read
// 3.55x and 3.61x the input where json's read 3.0x and 2.8x, and the
// process peaked at 87 MB of RSS at 1,024 specs (5.6x the input) where
// json's did at 70 MB. The live heap (diffCost's collections) of md is
// within 4x the input, and over json's by at most 1.25x md's output (its
// rows); 4x the specs allocate at most allocBound the bytes.
//
// The json it is compared with is TestManyChangedVariantsMemory's, of
// the same pairs (commandCost runs a command once). The larger size
// catches the builder that remembered the cells: 2,048 specs read 1.53x
// md's output over json's with it, 1.07x without (the smaller size reads
// about 0.1x either way, as 1,024 did: 1.09x and 0.66x; 4,096 read 1.45x
// and 1.08x).
func TestManyChangedVariantsMarkdownMemory(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	var allocs [2]uint64
	for k, n := range []int{512, 2048} {
		paths, input := changedVariantsPair(t, n)
		jsonPeak := commandCost(t, append([]string{"--format", "json"}, paths...)).peak
		md := commandCost(t, append([]string{"--format", "md"}, paths...))
		alloc, peak, out := md.alloc, md.peak, int(md.output)
		allocs[k] = alloc
		ratio := float64(peak) / float64(input)
		over := (float64(peak) - float64(jsonPeak)) / float64(out)
		t.Logf("md, changed variants %d: input %d bytes, output %d, allocated %d (%.1fx), heap at most %d (%.2fx; json %.2fx; over json %.2fx the output)",
			n, input, out, alloc, float64(alloc)/float64(input), peak, ratio, float64(jsonPeak)/float64(input), over)
		if ratio > 4 {
			t.Errorf("md, changed variants %d: the heap held %.2fx the input (%d of %d bytes), want at most 4x", n, ratio, peak, input)
		}
		if over > 1.25 {
			t.Errorf("md, changed variants %d: the heap held %d bytes over json's, %.2fx the Markdown's %d; want at most 1.25x (its rows, once)", n, peak-min(peak, jsonPeak), over, out)
		}
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > allocBound {
		t.Errorf("md, changed variants: 4x the input allocates %.2fx the bytes (%d → %d), want at most %.2fx", r, allocs[0], allocs[1], allocBound)
	}
}
