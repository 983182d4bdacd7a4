package editdist

import (
	"strings"
	"testing"
)

// TestWithinStopsPastK: Within stops at the first row of its band whose
// cells are all farther than k, so that two long names that differ from
// their start cost about k rows, not their length: without that stop,
// comparing a 16 KB value to a name unlike it cost as much as comparing
// it to itself, a row for each of its bytes. Counted in rows, not timed,
// so that a loaded machine cannot fail it.
func TestWithinStopsPastK(t *testing.T) {
	const n, k = 16 << 10, 64
	a, b := strings.Repeat("ab", n/2), strings.Repeat("cd", n/2)
	if d, rows := within(a, a, k); d != 0 || rows != n {
		t.Errorf("within of a %d-byte name and itself = %d in %d rows, want 0 in %d", n, d, rows, n)
	}
	d, rows := within(a, b, k)
	if d != k+1 {
		t.Errorf("within of two %d-byte names unlike from their start = %d, want %d (past k)", n, d, k+1)
	}
	if rows > k+1 {
		t.Errorf("within of two %d-byte names unlike from their start computed %d rows, want at most %d (it stops at the first row past k)", n, rows, k+1)
	}
}
