package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/snapshot"
)

// logWith renders the log of snaps in every log format, the Atom feed
// keeping its newest maxEntries entries (0 for all).
func logWith(t *testing.T, snaps []*snapshot.Snapshot, maxEntries int) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range LogFormats() {
		var b bytes.Buffer
		w, err := NewLogWriter(f, &b, LogOptions{Options: Options{Width: 400, Feed: FeedOptions{MaxEntries: maxEntries}}})
		if err != nil {
			t.Fatal(err)
		}
		s, err := diff.CompareSeries(len(snaps), func(i int) (*snapshot.Snapshot, error) { return snaps[i], nil }, diff.Filter{},
			func(_ int, r *diff.Report) error { return w.Step(r) })
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Finish(s); err != nil {
			t.Fatal(err)
		}
		out[f] = b.String()
	}
	return out
}

// TestLogWarningsOnce: in a log, a snapshot's warnings are listed once
// in Markdown, text, HTML and Atom, not under both steps that read it
// (`log a stale-mirror c` listed the middle mirror's warnings twice);
// the JSON log keeps each step's report whole, as the pair's. A log
// that comes back to a snapshot (a b a) still lists the last one's, and
// a feed that keeps only the newest entry (--max-entries 1) lists the
// middle snapshot's warnings in it, the entry that listed them gone.
func TestLogWarningsOnce(t *testing.T) {
	snaps := reporttest.GenSeries(7, 5, 3)
	for i, word := range []string{"first", "middle", "last"} {
		s := *snaps[i]
		s.Path = "snap-" + word
		s.Warnings = []snapshot.Warning{{File: "snap-" + word + "/build_cache/odd.spec.json", Message: "warnword" + word}}
		snaps[i] = &s
	}
	out := logWith(t, snaps, 0)
	for f, o := range out {
		want := map[string]int{"warnwordfirst": 1, "warnwordmiddle": 1, "warnwordlast": 1}
		if f == "json" {
			want["warnwordmiddle"] = 2
		}
		for w, n := range want {
			if got := strings.Count(o, w); got != n {
				t.Errorf("%s: %q %d times, want %d", f, w, got, n)
			}
		}
	}
	if a := logWith(t, snaps, 1)["atom"]; strings.Count(a, "warnwordmiddle") != 1 || strings.Count(a, "warnwordlast") != 1 || strings.Contains(a, "warnwordfirst") {
		t.Errorf("atom, --max-entries 1: want the middle and last warnings once, and not the first:\n%s", a)
	}
	out = logWith(t, []*snapshot.Snapshot{snaps[0], snaps[1], snaps[0]}, 0)
	for f, o := range out {
		if f == "json" {
			continue
		}
		if got := strings.Count(o, "warnwordfirst"); got != 2 {
			t.Errorf("a b a, %s: %q %d times, want 2 (the first step's and the last snapshot's)", f, "warnwordfirst", got)
		}
	}
}
