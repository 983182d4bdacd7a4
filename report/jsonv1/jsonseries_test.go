package jsonv1

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// marshalIndent is what the log wrote the snapshots and the timeline with
// before snapshotsJSON and timelineJSON: indented JSON under prefix,
// HTML escaping off, no trailing newline. It is their oracle.
func marshalIndent(v any, prefix string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent(prefix, "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// checkSeriesJSON fails t unless snapshotsJSON and timelineJSON write
// what marshalIndent writes, each after whatever a writer wrote before.
func checkSeriesJSON(t *testing.T, name string, s *diff.Series) {
	t.Helper()
	var w pkgJSON
	w.begin("    ") // another prefix first: begin must reset it
	w.b = append(w.b, "x"...)
	start := len(w.b)
	w.snapshotsJSON(s.Snapshots)
	if got, want := w.b[start:], marshalIndent(s.Snapshots, "  "); !bytes.Equal(got, want) {
		t.Errorf("%s: snapshots:\n%s\nwant (encoding/json):\n%s", name, got, want)
	}
	start = len(w.b)
	w.timelineJSON(s.Timeline)
	if got, want := w.b[start:], marshalIndent(s.Timeline, "  "); !bytes.Equal(got, want) {
		t.Errorf("%s: timeline:\n%s\nwant (encoding/json):\n%s", name, got, want)
	}
}

// TestSeriesJSON checks the log's snapshots and timeline, written by
// hand, against encoding/json: on the real weekly series, generated
// series, and values that need escaping, omitted or empty.
func TestSeriesJSON(t *testing.T) {
	weeks := reporttest.LoadRealWeeks(t)
	series := func(snaps []*snapshot.Snapshot) *diff.Series {
		s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
			func(int, *diff.Report) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	weekly := series(weeks)
	if len(weekly.Timeline.Packages) == 0 {
		t.Fatal("the real series has no timeline")
	}
	checkSeriesJSON(t, "real", weekly)
	checkSeriesJSON(t, "generated", series(reporttest.GenSeries(5, 40, 7)))

	odd := []string{"", `a"b\c`, "<&>", "tab\there", "\x01\x7f", "line\u2028sep\u2029", "caf\u00e9", "\xff\xfe bad utf-8", "日本"}
	var snaps []diff.SnapshotInfo
	var pkgs []diff.PackageTimeline
	for i, s := range odd {
		snaps = append(snaps, diff.SnapshotInfo{Path: s, Tag: odd[(i+1)%len(odd)], Rev: odd[(i+2)%len(odd)], Date: odd[(i+3)%len(odd)], Subject: odd[(i+4)%len(odd)]})
		pkgs = append(pkgs, diff.PackageTimeline{Name: s, Present: []diff.Span{{From: 0, To: i}, {From: i + 2, To: 1<<31 - 1}},
			Versions: []diff.VersionSpan{{Version: odd[(i+5)%len(odd)], Span: diff.Span{From: -1, To: i}}}})
	}
	pkgs = append(pkgs, diff.PackageTimeline{Name: "nil lists"}, diff.PackageTimeline{Name: "empty lists", Present: []diff.Span{}, Versions: []diff.VersionSpan{}})
	checkSeriesJSON(t, "odd strings", &diff.Series{Snapshots: snaps, Timeline: &diff.Timeline{Packages: pkgs}})
	checkSeriesJSON(t, "empty", &diff.Series{Snapshots: []diff.SnapshotInfo{}, Timeline: &diff.Timeline{Packages: []diff.PackageTimeline{}}})
	checkSeriesJSON(t, "nil", &diff.Series{})
}

// FuzzSeriesJSON checks snapshotsJSON and timelineJSON against
// encoding/json on any strings.
func FuzzSeriesJSON(f *testing.F) {
	f.Add("_cache/develop", "develop", "0123abc", "2025-02-16T00:00:00Z", "nightly <update> & \"more\"", "zlib", "1.3.1", 0, 3)
	f.Add("", "", "", "", "", "", "", -1, 1<<31-1)
	f.Fuzz(func(t *testing.T, path, tag, rev, date, subject, name, version string, from, to int) {
		s := &diff.Series{
			Snapshots: []diff.SnapshotInfo{{Path: path, Tag: tag, Rev: rev, Date: date, Subject: subject}, {Path: subject, Tag: rev}},
			Timeline: &diff.Timeline{Packages: []diff.PackageTimeline{{Name: name, Present: []diff.Span{{From: from, To: to}},
				Versions: []diff.VersionSpan{{Version: version, Span: diff.Span{From: to, To: from}}, {Version: name}}}}},
		}
		checkSeriesJSON(t, "fuzz", s)
	})
}

// TestRevsJSON: a log's "revs" is encoding/json's.
func TestRevsJSON(t *testing.T) {
	var w pkgJSON
	w.revsJSON(&diff.Revs{Range: `a"b<&>` + "\x01", Path: "", Until: "2025-01-01T00:00:00Z", Commits: 3})
	if got, want := string(w.b), ",\n  \"revs\": "+string(marshalIndent(&diff.Revs{Range: `a"b<&>` + "\x01", Until: "2025-01-01T00:00:00Z", Commits: 3}, "  ")); got != want {
		t.Errorf("revsJSON:\n%s\nwant (encoding/json):\n%s", got, want)
	}
}
