package diff

import (
	"fmt"
	"testing"
)

// TestVariantDeltaLinear: the variants only in one of a changed pair's
// specs were found by scanning the other spec's list for each: one spec
// of 80,000 variants with one changed (a lockfile of 1.4 MB) took 26 s
// to explain. Four times the variants now look at no more than about
// four times the strings, and the delta is the same.
func TestVariantDeltaLinear(t *testing.T) {
	probes := func(n int) int {
		a, b := make([]string, n), make([]string, n)
		for i := range n {
			a[i] = fmt.Sprintf("v%06d=%t", i, i%2 == 0)
			b[i] = a[i]
		}
		b[n/2] = fmt.Sprintf("v%06d=new", n/2)
		b[n-1], b[0] = b[0], b[n-1] // the same variants in another order are no change
		k := 0
		from, to := variantDelta(a, b, &k)
		if from != a[n/2] || to != b[n/2] {
			t.Fatalf("%d variants: delta %q → %q, want %q → %q", n, from, to, a[n/2], b[n/2])
		}
		return k
	}
	// Short lists keep their scan, and give the same delta.
	if from, to := variantDelta([]string{"+a", "~b", "c=1"}, []string{"c=1", "+b", "+a"}, nil); from != "~b" || to != "+b" {
		t.Fatalf("short lists: delta %q → %q, want \"~b\" → \"+b\"", from, to)
	}
	p1, p4 := probes(2000), probes(8000)
	t.Logf("2,000 -> 8,000 variants: %d -> %d strings looked at (%.2fx)", p1, p4, float64(p4)/float64(p1))
	if float64(p4) > 4.4*float64(p1) {
		t.Errorf("4x the variants look at %.2fx the strings (%d -> %d), want at most 4.4x", float64(p4)/float64(p1), p1, p4)
	}
}
