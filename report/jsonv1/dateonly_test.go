package jsonv1

import (
	"fmt"
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
		// The whole reason: it read "it is the date of the commit that
		// names", a sentence cut short.
		want := side + `.date: present without ` + side + `.rev: it is the date of the commit ` + side + `.rev names, which cachediff writes beside it`
		if _, err := DecodeBytes([]byte(edited)); err == nil || !strings.HasSuffix(err.Error(), want) {
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

// TestRenderRefusesRevWithoutDate (class b): cachediff writes a
// snapshot's "rev" with the "date" of that commit, never alone (both
// come from the commit read, since the two fields were added). A date
// edited away from a report, a log's snapshot or a log's step rendered,
// labelled " aaaaaaa" (an empty date before the commit); refused as a
// date without its rev is.
func TestRenderRefusesRevWithoutDate(t *testing.T) {
	const date = "2025-03-16T12:00:00Z"
	r := reporttest.GenReport(1, 10)
	r.Old.Rev, r.Old.Date = strings.Repeat("a", 40), date
	r.New.Rev, r.New.Date = strings.Repeat("b", 40), date
	written := writtenReport(t, r)
	for _, side := range []string{"old", "new"} {
		at := strings.Index(written, `"`+side+`": {`)
		if at < 0 {
			t.Fatalf("no %s side", side)
		}
		d := strings.Index(written[at:], `"date": "`+date+`"`)
		if d < 0 || !strings.Contains(written[at:at+d], `"rev": "`) {
			t.Fatalf("no %s.date after %s.rev in %.200s", side, side, written[at:])
		}
		d += at
		edited := written[:d] + `"x": 0` + written[d+len(`"date": "`+date+`"`):]
		want := side + `.rev: present without ` + side + `.date: cachediff writes the date of the commit it names beside it`
		if _, err := DecodeBytes([]byte(edited)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("report, %s: %v, want %q", side, err, want)
		}
	}

	// A log: its first snapshot's date edited away, or its first step's
	// old side's.
	snaps := reporttest.GenSeries(3, 5, 3)
	for i, sn := range snaps {
		sn.Rev, sn.Date = fmt.Sprintf("%02x", i)+strings.Repeat("c", 38), date
	}
	log := jsonLog(t, snaps).String()
	if _, err := DecodeLog([]byte(log)); err != nil {
		t.Fatalf("log as written: %v", err)
	}
	for _, c := range []struct{ from, want string }{
		{`"snapshots": [`, `snapshots[0].rev: present without snapshots[0].date`},
		{`"steps": [`, `steps[0].old.rev: present without steps[0].old.date: cachediff writes`},
	} {
		at := strings.Index(log, c.from)
		d := strings.Index(log[at:], `"date": "`+date+`"`)
		if at < 0 || d < 0 {
			t.Fatalf("no date after %s", c.from)
		}
		d += at
		edited := log[:d] + `"x": 0` + log[d+len(`"date": "`+date+`"`):]
		if _, err := DecodeLog([]byte(edited)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("log, %s: %v, want %q", c.from, err, c.want)
		}
	}
}
