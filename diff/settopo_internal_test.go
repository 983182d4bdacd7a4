package diff

import (
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestSetTopoAllocates (issue 35 class c): the laws' order of the sets
// grew by append, set after set: 2.3x its final 8 bytes a set
// allocated and 1.8x held at the peak. A report of many sets of few
// references is 3 bytes of JSON a set at least ("[],"): render of 8
// million of them (24 MB, cut from a chainhub report) peaked at 463 MB,
// 375 MB of it allocated by that append. Made at its length, setTopo
// allocates its order, sizes and states once: 17 bytes a set.
func TestSetTopoAllocates(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector")
	}
	const n = 1 << 16
	c := &Causes{Sets: make([][]CauseRef, n)}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	order, size, err := setTopo(c)
	runtime.ReadMemStats(&after)
	if err != nil || len(order) != n-1 || len(size) != n {
		t.Fatalf("setTopo: %d sets in order, %d sizes, %v; want %d, %d, nil", len(order), len(size), err, n-1, n)
	}
	got := after.TotalAlloc - before.TotalAlloc
	if perSet := float64(got) / n; perSet > 18 {
		t.Errorf("setTopo allocated %d bytes for %d sets: %.1f a set, want at most 18 (order 8, size 8, state 1)", got, n, perSet)
	}
}
