package jsonv1

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestRenderRefusesDateWithoutRev (issue 35 class b): a snapshot's "date"
// is the date of the commit its "rev" names, written with it, never
// alone. A date added to a report or a log of folders rendered: the Atom
// feed dated the report's entry and the feed by it, as a commit's.
func TestRenderRefusesDateWithoutRev(t *testing.T) {
	const date = `"date": "2020-01-01T00:00:00Z", `
	r := reporttest.GenReport(1, 10)
	written := writtenReport(t, r)
	for _, side := range []string{"old", "new"} {
		at := strings.Index(written, `"`+side+`": {`)
		if at < 0 {
			t.Fatalf("no %s side", side)
		}
		at += len(`"` + side + `": {`)
		edited := written[:at] + date + written[at:]
		want := side + `.date: present without ` + side + `.rev`
		if _, err := DecodeBytes([]byte(edited)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("report, %s: %v, want %q", side, err, want)
		}
	}
	// With its rev, as cachediff writes it, it is read.
	r.New.Rev, r.New.Date = strings.Repeat("b", 40), "2020-01-01T00:00:00Z"
	writtenReport(t, r)

	// A log of folders: its first snapshot's date alone, there and as
	// its first step's old side.
	log := jsonLog(t, reporttest.GenSeries(3, 5, 3)).String()
	after := func(s, from, mark string) int {
		at := strings.Index(s, from)
		if at < 0 {
			t.Fatalf("no %s", from)
		}
		return at + len(from) + strings.Index(s[at+len(from):], mark) + len(mark)
	}
	edited := log
	for _, from := range []string{`"snapshots": [`, `"steps": [`} {
		at := after(edited, from, `"old": {`)
		if from == `"snapshots": [` {
			at = after(edited, from, "{")
		}
		edited = edited[:at] + date + edited[at:]
	}
	want := `snapshots[0].date: present without snapshots[0].rev`
	if _, err := DecodeLog([]byte(edited)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("log: %v, want %q", err, want)
	}
}
