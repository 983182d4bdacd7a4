package editdist

import (
	"strings"
	"testing"
	"time"
)

// TestWithinStopsPastK: Within stops at the first row of its band whose
// cells are all farther than k, so that two long names that differ from
// their start cost about k rows, not their length: without that stop,
// comparing a 16 KB value to a name unlike it cost as much as comparing
// it to itself. Timed against that (the whole band, row by row), so
// that a loaded machine slows both alike; the stop makes it some 1,000x
// cheaper, and the test wants 20x.
func TestWithinStopsPastK(t *testing.T) {
	const n, k = 16 << 10, 64
	a, b := strings.Repeat("ab", n/2), strings.Repeat("cd", n/2)
	best := func(x, y string, want int) time.Duration {
		d := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			if got := Within(x, y, k); got != want {
				t.Fatalf("Within = %d, want %d", got, want)
			}
			d = min(d, time.Since(start))
		}
		return d
	}
	same, unlike := best(a, a, 0), best(a, b, k+1)
	if unlike*20 > same {
		t.Errorf("Within of two %d-byte names unlike from their start took %v, of one with itself %v: want under a twentieth (it stops past k)", n, unlike, same)
	}
}
