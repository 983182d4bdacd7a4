package diff_test

import (
	"encoding/json"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// compareCost is what diffing two indexes costs: the pairs of nodes
// the explainer files, the allocations and bytes allocated (on one
// core: the explainer works on every core), and the JSON report's size.
type compareCost struct{ pairs, allocs, bytes, size uint64 }

// measureCompare writes the indexes oldIdx and newIdx, loads them and
// diffs them (newIdx against oldIdx where reverse), once, and returns
// the cost and the report. The least of two diffs, as it measured
// before, gave the 52 ratios of the 4x laws that use it to within
// 0.15%, and the second diff was half these tests' CPU.
func measureCompare(t *testing.T, oldIdx, newIdx string, reverse bool) (c compareCost, r *diff.Report) {
	t.Helper()
	dir := t.TempDir()
	o := loadWritten(t, filepath.Join(dir, "old", "index.json"), oldIdx, false)
	nw := loadWritten(t, filepath.Join(dir, "new", "index.json"), newIdx, false)
	if reverse {
		o, nw = nw, o
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	diff.SetExplainedHook(func(p int) { c.pairs = uint64(p) })
	defer diff.SetExplainedHook(nil)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, err := diff.CompareWith(o, nw, diff.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	c.allocs, c.bytes = after.Mallocs-before.Mallocs, after.TotalAlloc-before.TotalAlloc
	w := &countWriter{}
	if err := json.NewEncoder(w).Encode(r); err != nil {
		t.Fatal(err)
	}
	c.size = w.n
	return c, r
}

// checkGrowth logs what a compare cost (small) and one of 4x as many
// units cost (big: "specs", "leaves"), and fails where the allocations
// or the bytes allocated, and with json the bytes of the JSON report,
// grow more than 4.4x.
func checkGrowth(t *testing.T, small, big compareCost, units string, json bool) {
	t.Helper()
	costs := []struct {
		what string
		a, b uint64
	}{{"allocations", small.allocs, big.allocs}, {"bytes allocated", small.bytes, big.bytes}}
	if json {
		t.Logf("allocations %d → %d, bytes %d → %d, JSON %d → %d", small.allocs, big.allocs, small.bytes, big.bytes, small.size, big.size)
		costs = append(costs, struct {
			what string
			a, b uint64
		}{"bytes of JSON", small.size, big.size})
	} else {
		t.Logf("allocations %d → %d, bytes %d → %d", small.allocs, big.allocs, small.bytes, big.bytes)
	}
	for _, c := range costs {
		if r := float64(c.b) / float64(c.a); r > 4.4 {
			t.Errorf("4x the %s: %.2fx the %s (%d → %d), want at most 4.4x", units, r, c.what, c.a, c.b)
		}
	}
}
