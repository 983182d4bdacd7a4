package markdown

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/internal/testing/race"
)

// TestTailNotesBytes (issue 35 class c): the notes at the end of a
// report are built once, at their length. A report of many
// canonicalization rules (a later v1 may add rules; render of 1M of
// them, 27 MB of JSON, made 16 MB of notes) made a string of each
// rule's note, joined them, and copied the note three times more (the
// sentence, the tail, its line break): 8.5x the notes allocated, and
// render --format md peaked there at 4.7x its JSON. Now at most 1.1x the
// notes, 4x the rules at most 4.4x the bytes, and the notes as before.
func TestTailNotesBytes(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	var allocs [2]uint64
	for k, n := range []int{50_000, 200_000} {
		r := &diff.Report{Options: diff.Options{Canonicalize: true}}
		for i := range n {
			r.Canonicalized = append(r.Canonicalized, diff.ValueCount{Value: fmt.Sprintf("zzrule%07d", i), OldToNew: diff.OldToNew{Old: 1, New: i % 3}})
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		tail := tailNotes(r, true)
		runtime.ReadMemStats(&after)
		allocs[k] = after.TotalAlloc - before.TotalAlloc
		ratio := float64(allocs[k]) / float64(len(tail))
		t.Logf("%d rules: notes of %d bytes, %d allocated (%.2fx)", n, len(tail), allocs[k], ratio)
		if ratio > 1.1 {
			t.Errorf("%d rules: the notes (%d bytes) allocated %d bytes, %.2fx; want at most 1.1x", n, len(tail), allocs[k], ratio)
		}
		var rules []string
		for _, c := range r.Canonicalized {
			rules = append(rules, fmt.Sprintf("%s %d → %d", c.Value, c.Old, c.New))
		}
		want := "\n\nCatalogue pages keep no dependency edges, so causes are unknown.\n\nCanonicalized strings (old → new): " + strings.Join(rules, ", ") + ".\n"
		if tail != want {
			t.Errorf("%d rules: the notes differ from the rules' notes joined", n)
		}
	}
	if r := float64(allocs[1]) / float64(allocs[0]); r > 4.4 {
		t.Errorf("4x the rules allocate %.2fx the bytes (%d → %d), want at most 4.4x", r, allocs[0], allocs[1])
	}
	for _, c := range []struct {
		r       diff.Report
		unknown bool
		want    string
	}{
		{diff.Report{}, false, "\n\nCanonicalization is off: strings are compared as written.\n"},
		{diff.Report{}, true, "\n\nCatalogue pages keep no dependency edges, so causes are unknown.\n\nCanonicalization is off: strings are compared as written.\n"},
		{diff.Report{Options: diff.Options{Canonicalize: true}}, false, "\n"},
		{diff.Report{Options: diff.Options{Canonicalize: true}, Canonicalized: diff.ValueCounts{{Value: "a"}}}, false, "\n"},
		{diff.Report{Options: diff.Options{Canonicalize: true}, Canonicalized: diff.ValueCounts{{Value: "a"}, {Value: "b|c", OldToNew: diff.OldToNew{New: 12}}}}, false, "\n\nCanonicalized strings (old → new): b\\|c 0 → 12.\n"},
	} {
		if got := tailNotes(&c.r, c.unknown); got != c.want {
			t.Errorf("tailNotes(%+v, %v) = %q, want %q", c.r.Canonicalized, c.unknown, got, c.want)
		}
	}
}
