package diff

import (
	"runtime/metrics"
	"testing"
)

// TestCompareSmallAllocs: comparing two snapshots of a few specs
// allocates in proportion to them, not a fixed table per worker. Each
// worker's interner had a table of 4,096 recent lookups (160 KB), made
// for every comparison: a log of 16,000 steps of a few specs each
// allocated and cleared 5 GB of them, and the collections they set off
// marked the growing series each time (log -f html: 10.6 s of CPU, 8.2
// s with tables sized by the specs, seenSlots).
//
// Measured over 200 comparisons of 3 packages of one spec a side: at
// most 64 KB each (some 330 KB before), and the same over 4x the
// comparisons (at most 4.4x the bytes).
func TestCompareSmallAllocs(t *testing.T) {
	a := snapOf("a", pkg("zlib", sp("a1aa", "1.0", "gcc@13.2.0", "x86_64_v3")), pkg("bzip2", sp("a2aa", "1.0", "gcc@13.2.0", "x86_64_v3")), pkg("xz", sp("a3aa", "5.4", "gcc@13.2.0", "x86_64_v3")))
	b := snapOf("b", pkg("zlib", sp("b1bb", "1.1", "gcc@13.2.0", "x86_64_v3")), pkg("bzip2", sp("b2bb", "1.0", "gcc@13.2.0", "x86_64_v3")), pkg("xz", sp("a3aa", "5.4", "gcc@13.2.0", "x86_64_v3")))
	allocs := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	cost := func(n int) uint64 {
		a0 := allocs()
		for range n {
			if _, err := CompareWith(a, b, Filter{}); err != nil {
				t.Fatal(err)
			}
		}
		return allocs() - a0
	}
	cost(1)
	c1, c4 := cost(200), cost(800)
	t.Logf("200 comparisons: %d bytes (%d each); 800: %d", c1, c1/200, c4)
	if each := c4 / 800; each > 64<<10 {
		t.Errorf("a comparison of 3 packages of one spec a side allocated %d bytes: want at most 64 KB", each)
	}
	if float64(c4) > 4.4*float64(c1) {
		t.Errorf("4x the comparisons allocated %.1fx the bytes", float64(c4)/float64(c1))
	}
}
