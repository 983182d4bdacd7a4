package catalog

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/intern"
)

// TestFastMetaManyCounts (82nd adversarial pass): a meta counting more
// than maxCounts stacks was left to the general path, which decoded it a
// token at a time (metaDupKey) and again with encoding/json: a page of
// 320k made-up stacks took 3.8 s of CPU, 5x the time of 80k. The fast
// path reads it, a map finding a name given twice past maxCounts, which
// it leaves to the general path (whose error names the key), as before.
func TestFastMetaManyCounts(t *testing.T) {
	meta := func(n int, twice string) []byte {
		var b strings.Builder
		b.WriteString(`{"num_specs": 1, "num_specs_by_stack": {`)
		for i := range n {
			fmt.Fprintf(&b, `"s%06d": 1, `, i)
		}
		if twice != "" {
			fmt.Fprintf(&b, `%q: 2, `, twice)
		}
		b.WriteString(`"last": 1}}`)
		return []byte(b.String())
	}
	for _, n := range []int{maxCounts - 1, maxCounts, maxCounts + 1, 4 * maxCounts} {
		m, ok := fastMetaBuf(meta(n, ""), intern.New(), &metaBufs{})
		if !ok || len(m.byStack) != n+1 || m.byStack[n].name != "last" {
			t.Errorf("%d counts and one more: ok %v, %d read, want all", n, ok, len(m.byStack))
		}
		for _, twice := range []string{"s000000", fmt.Sprintf("s%06d", n-1)} {
			if _, ok := fastMetaBuf(meta(n, twice), intern.New(), &metaBufs{}); ok {
				t.Errorf("%d counts and %q again: read by the fast path, want it left to the general one", n, twice)
			}
		}
	}
}
