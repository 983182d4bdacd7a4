package jsonv1

import (
	"slices"
	"strings"
	"testing"
)

// TestDecodeWarningOrder (78th adversarial pass): render printed a saved
// report's warnings in the order they were written, though cachediff
// sorts them by file, line and message (docs/json.md): a report with
// them reversed read in an order the diff never writes. A warning twice
// (as cachediff wrote one snapshot given as OLD and NEW, each side
// warning of its pages, until pass 85b) is sorted too, and reads.
func TestDecodeWarningOrder(t *testing.T) {
	r := testdataReport(t, "hostile/old", "hostile/new")
	if len(r.Warnings) < 2 {
		t.Fatalf("the hostile report has %d warnings: want 2 at least", len(r.Warnings))
	}
	slices.Reverse(r.Warnings)
	if _, err := DecodeBytes(jsonOf(t, r)); err == nil || !strings.Contains(err.Error(), "warnings are sorted by file, line and message") {
		t.Errorf("warnings reversed: error %v, want one saying they are sorted", err)
	}
	same := testdataReport(t, "hostile/old", "hostile/old")
	if len(same.Warnings) < 2 || slices.Equal(same.Warnings[:1], same.Warnings[1:2]) {
		t.Fatalf("hostile/old with itself: want each warning once, got %v", same.Warnings)
	}
	// A warning twice, as cachediff wrote it of one page on both sides
	// before pass 85b: a saved report of it still renders.
	same.Warnings = slices.Insert(same.Warnings, 0, same.Warnings[0])
	if _, err := DecodeBytes(jsonOf(t, same)); err != nil {
		t.Errorf("a warning twice, as cachediff wrote it: %v", err)
	}
}
