package diff_test

import (
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/cachediff/cachediff/diff"
)

// Explain searches the two graphs for cycles one after the other: each
// search numbers its graph's nodes and their edges, and both held at
// once beside the explainer were 10.6 MB of the 84 MB a lockfile pair
// of 32,000 roots held live at its peak (docs/performance.md, "The 24
// MiB floor"). Each search here lasts 20 ms, so that two on goroutines
// of their own are seen at once; both graphs are searched, and their
// cycles still named.
func TestCycleSearchesOneAtATime(t *testing.T) {
	var mu sync.Mutex
	searching, most, searches := 0, 0, 0
	diff.SetCycleSearchHook(func() func() {
		mu.Lock()
		searching++
		searches++
		most = max(most, searching)
		mu.Unlock()
		time.Sleep(20 * time.Millisecond)
		return func() {
			mu.Lock()
			searching--
			mu.Unlock()
		}
	})
	defer diff.SetCycleSearchHook(nil)
	old := []gSpec{
		{name: "a0", id: "o0", version: "1", deps: [][2]string{{"a1", "o1"}}},
		{name: "a1", id: "o1", version: "1", deps: [][2]string{{"a0", "o0"}}},
		{name: "d", id: "o2", version: "1", deps: [][2]string{{"a0", "o0"}}},
	}
	o, nw, _ := gLoad(t, rand.New(rand.NewPCG(1, 79)), gMake(old, func(nw []gSpec) { nw[1].version = "2" }))
	r := compareLawful(t, o, nw, diff.Filter{})
	if searches != 2 || most != 1 {
		t.Errorf("%d cycle searches, at most %d at once; want 2, one at a time", searches, most)
	}
	cycles := 0
	for _, w := range r.Warnings {
		if len(w.Message) > 16 && w.Message[:16] == "dependency cycle" {
			cycles++
		}
	}
	if cycles != 2 {
		t.Errorf("%d warnings of a dependency cycle, want 2 (one a side): %v", cycles, r.Warnings)
	}
}
