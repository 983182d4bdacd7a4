package jsonv1

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestRenderRefusesNonDate: a snapshot's "date" in a saved report or log
// is a commit's date, RFC 3339, as cachediff writes it. An edited one
// ("yesterday") is refused with the field's path, as the other render
// checks refuse (issue 35): before, a log rendered it as the snapshot's
// label, and the Atom feed dated its entries by the tag instead.
func TestRenderRefusesNonDate(t *testing.T) {
	const date = "2025-03-16T12:00:00Z"
	r := reporttest.GenReport(1, 10)
	r.Old.Rev, r.Old.Date = strings.Repeat("a", 40), date
	r.New.Rev, r.New.Date = strings.Repeat("b", 40), "2025-03-23T06:30:00-05:30"
	written := writtenReport(t, r)
	for _, c := range []struct{ from, to, want string }{
		{date, "yesterday", `old.date: "yesterday" is not an RFC 3339 date (such as 2025-03-16T12:00:00Z)`},
		{date, "2025-03-16", `old.date: "2025-03-16" is not an RFC 3339 date`},
		{"2025-03-23T06:30:00-05:30", "now", `new.date: "now" is not an RFC 3339 date`},
	} {
		edited := strings.Replace(written, `"date": "`+c.from+`"`, `"date": "`+c.to+`"`, 1)
		if _, err := DecodeBytes([]byte(edited)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("report, date %q: %v, want %q", c.to, err, c.want)
		}
	}

	// A log: its snapshots' dates, a log of one snapshot (no step to
	// hold the date again) included.
	log := oneSnapshotLog(t, strings.Repeat("c", 40), date)
	edited := strings.Replace(log, `"date": "`+date+`"`, `"date": "yesterday"`, 1)
	want := `snapshots[0].date: "yesterday" is not an RFC 3339 date (such as 2025-03-16T12:00:00Z)`
	if _, err := DecodeLog([]byte(edited)); err == nil || err.Error() != want {
		t.Errorf("log: %v, want %q", err, want)
	}
}

// writtenReport is r as cachediff writes it, which decodes.
func writtenReport(t *testing.T, r *diff.Report) string {
	t.Helper()
	b := jsonOf(t, r)
	if _, err := DecodeBytes(b); err != nil {
		t.Fatalf("as written: %v", err)
	}
	return string(b)
}

// oneSnapshotLog is a log of one snapshot, at rev and date, as cachediff
// writes it, which decodes: no step holds the snapshot's rev or date
// again.
func oneSnapshotLog(t *testing.T, rev, date string) string {
	t.Helper()
	snap := reporttest.GenSeries(3, 5, 1)[0]
	s, err := diff.CompareSeries(1, func(int) (*snapshot.Snapshot, error) { return snap, nil }, diff.Filter{},
		func(int, *diff.Report) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	s.Snapshots[0].Rev, s.Snapshots[0].Date = rev, date
	var b bytes.Buffer
	if err := Format.Log(&b, report.LogOptions{}).Finish(s); err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeLog(b.Bytes()); err != nil {
		t.Fatalf("log as written: %v", err)
	}
	return b.String()
}

// TestLogNoStepWithoutRevs: a log of snapshots given has two or more, a
// step or more; one snapshot and no step is only a --revs log whose range
// changed nothing. Its "revs" deleted, render read a log of one snapshot
// given, which log refuses to make ("want two snapshots or more"), and
// passed any --fail-on over it: a document cachediff never writes.
func TestLogNoStepWithoutRevs(t *testing.T) {
	log := oneSnapshotLog(t, strings.Repeat("c", 40), "2025-03-16T12:00:00Z")
	var doc map[string]any
	if err := json.Unmarshal([]byte(log), &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, "revs")
	snap := doc["snapshots"].([]any)[0].(map[string]any)
	snap["path"] = "_cache/develop"
	delete(snap, "rev")
	delete(snap, "date")
	edited, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	want := `no step, and snapshots[0] is no commit`
	if _, err := DecodeLog(edited); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a log of one snapshot given: %v, want %q", err, want)
	}
}
