package diff

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/snapshot"
)

// TestSharedVariantsManyAllocs (issue 35: memory within 4x the input):
// the variants every spec of a package shares, over specs of many
// variants in order, were a copy of the first spec's list, filtered, and
// the result a copy of that: 32 bytes a variant, two lists of 20 MB at
// 1.28M variants beside the diff's others at its peak. The candidates
// are marks on the first list now, and the result its one list: 16
// bytes a shared variant and a mark (1). The result is the same as the
// scan's of few candidates.
func TestSharedVariantsManyAllocs(t *testing.T) {
	const n = 100000
	list := func(off func(i int) bool) []string {
		l := make([]string, n)
		for i := range l {
			sign := "+"
			if off(i) {
				sign = "~"
			}
			l[i] = fmt.Sprintf("%sv%07d", sign, i)
		}
		return l
	}
	specs := func(ls ...[]string) []*spec {
		var out []*spec
		for _, l := range ls {
			out = append(out, &spec{Spec: &snapshot.Spec{Variants: l}})
		}
		return out
	}
	olds := specs(list(func(int) bool { return false }))
	news := specs(list(func(i int) bool { return i == 500 }), list(func(i int) bool { return i%3 == 1 }))
	m := newMatcher(nil)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	shared := m.sharedVariants(olds, news, false)
	runtime.ReadMemStats(&after)
	var want []string
	for i, v := range olds[0].Variants {
		if i != 500 && i%3 != 1 {
			want = append(want, v)
		}
	}
	if !slices.Equal(shared, want) {
		t.Fatalf("%d shared variants, want %d", len(shared), len(want))
	}
	if race.Enabled {
		return
	}
	bytes := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d variants a spec, %d shared: %d bytes allocated (%.1f a variant)", n, len(shared), bytes, float64(bytes)/n)
	if per := float64(bytes) / n; per > 20 {
		t.Errorf("the shared variants of specs of %d variants allocated %.1f bytes a variant, want at most 20 (a list of the shared ones and a mark each)", n, per)
	}
}
