package jsonv1

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLogCanonicalizedSharedSnapshot: a log loads each snapshot once, so
// what canonicalization rewrote in it is the same in the step that has
// it as new and in the next, which has it as old. A log edited to say
// otherwise of one snapshot (a count raised in one step) was rendered,
// and its JSON kept both numbers for the one snapshot.
func TestLogCanonicalizedSharedSnapshot(t *testing.T) {
	snaps := reporttest.GenSeries(7, 6, 3)
	for i, s := range snaps {
		s.Canon = snapshot.RuleCounts{"compiler-percent": 10 + i, "list-order": 2 * i}
	}
	buf := jsonLog(t, snaps)
	written := buf.String()
	if _, err := DecodeLog([]byte(written)); err != nil {
		t.Fatalf("as written: %v", err)
	}
	// The second step's old side is snapshot 1, with compiler-percent 11;
	// the first step's new side says so first.
	rule := `"compiler-percent": {`
	at := strings.Index(written, rule)
	at += len(rule) + strings.Index(written[at+len(rule):], rule)
	edited := written[:at] + strings.Replace(written[at:], `"old": 11,`, `"old": 12,`, 1)
	want := `steps[1].canonicalized["compiler-percent"].old: 12, but steps[0].canonicalized["compiler-percent"].new, of the same snapshot, is 11`
	if _, err := DecodeLog([]byte(edited)); err == nil || err.Error() != want {
		t.Errorf("edited: %v\nwant %s", err, want)
	}
}

// jsonLog is the JSON log of the series of snaps, each step with the
// highlights the command gives it.
func jsonLog(t *testing.T, snaps []*snapshot.Snapshot) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	w := Format.Log(&buf, report.LogOptions{})
	s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
		func(_ int, r *diff.Report) error { r.Highlights = diff.News(r); return w.Step(r) })
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(s); err != nil {
		t.Fatal(err)
	}
	return &buf
}
