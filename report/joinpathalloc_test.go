package report

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestJoinPathAllocatesItsBytes (issue 35 class d): a path of n names
// (a cause's via down a chain of n packages) is written in one
// allocation the size of the path, and the quoted names' own: grown
// by doubling, a path of 1,000 or 4,000 names allocated 4.0-5.3x its
// bytes, past a command's budget of 4x its input. 4x the names cost at
// most 4.4x the bytes, each path at most twice its own.
func TestJoinPathAllocatesItsBytes(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	for _, odd := range []int{0, 3} { // every odd-th name quoted (a parenthesis in it), or none
		cost := func(n int) (uint64, int) {
			l := make([]string, n)
			for i := range l {
				l[i] = fmt.Sprintf("package-%05d", i) // as long each: the path 4x as long
				if odd > 0 && i%odd == 0 {
					l[i] += "(x)"
				}
			}
			var out string
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			for range 10 {
				out = JoinPath(l)
			}
			runtime.ReadMemStats(&after)
			if got := strings.Count(out, " → "); got != n-1 {
				t.Fatalf("%d names: %d arrows", n, got)
			}
			return (after.TotalAlloc - before.TotalAlloc) / 10, len(out)
		}
		b1, n1 := cost(1000)
		b4, n4 := cost(4000)
		t.Logf("quoted every %d: %d bytes allocated for a path of %d, %d for %d (%.2fx)", odd, b1, n1, b4, n4, float64(b4)/float64(b1))
		for _, c := range [][2]uint64{{b1, uint64(n1)}, {b4, uint64(n4)}} {
			if c[0] > 2*c[1] {
				t.Errorf("quoted every %d: a path of %d bytes allocated %d (%.2fx), want at most twice its bytes", odd, c[1], c[0], float64(c[0])/float64(c[1]))
			}
		}
		if float64(b4) > 4.4*float64(b1) {
			t.Errorf("quoted every %d: %d bytes of 1,000 names, %d of 4,000 (%.2fx), want at most 4.4x", odd, b1, b4, float64(b4)/float64(b1))
		}
	}
}
