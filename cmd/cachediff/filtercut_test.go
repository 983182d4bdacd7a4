package main

import (
	"strings"
	"testing"
)

// TestFilterValueCutsTellApart (issue 35 class a, lead a of v10): a
// --package or --stack value (and a closest name) was quoted in a
// message as its first maxQuotedValue bytes and "…": two values that
// differ only past the cut read alike, and the value "aaa…" of 203
// bytes as the one of 300 a cut. A value cut ends with the mark of its
// whole digest (report.CutMark), more than maxQuotedValue bytes in all.
func TestFilterValueCutsTellApart(t *testing.T) {
	for _, n := range []int{maxQuotedValue, maxQuotedValue + 1, 300} {
		a, b := strings.Repeat("a", n)+"x", strings.Repeat("a", n)+"y"
		if quoteFilterValue(a) == quoteFilterValue(b) || shorten(a, maxQuotedValue) == shorten(b, maxQuotedValue) {
			t.Errorf("two values of %d bytes that differ at the last read alike: %s", n+1, quoteFilterValue(a))
		}
		if cut := shorten(a, maxQuotedValue); len(cut) <= maxQuotedValue || shorten(cut, maxQuotedValue) == cut {
			t.Errorf("the cut %q (%d bytes) reads as a value left whole", cut, len(cut))
		}
	}
	if a := strings.Repeat("a", maxQuotedValue) + "…"; quoteFilterValue(a) == quoteFilterValue(strings.Repeat("a", maxQuotedValue)+"b") {
		t.Errorf("the value %q reads as another cut", a)
	}
}
