package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestLogDatesChecked: a --since or --until cachediff cannot read is
// trouble (exit 2) before git runs, never a log of no step that passes
// a gate (issue 35, item 4); the message quotes the value on one line,
// so that a newline in it cannot start a workflow command.
func TestLogDatesChecked(t *testing.T) {
	for _, c := range []struct{ flag, value string }{
		{"--since", "last weeek"},
		{"--until", "yesterdy"},
		{"--since", "2025-03-05\n::error::forged"},
		{"--until", "now\r::add-mask::x"},
		{"--since", "\x1b[2J2025-03-05"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"log", "-C", t.TempDir(), "--revs", "main", "--fail-on", "any", c.flag, c.value, "_cache/develop"}, &stdout, &stderr)
		if code != exitTrouble || stdout.Len() > 0 {
			t.Errorf("%s %q: exit %d, stdout %q", c.flag, c.value, code, stdout.String())
		}
		first, _, _ := strings.Cut(stderr.String(), "\n")
		if want := "cachediff: " + c.flag + ": " + strconv.Quote(c.value) + " is not a date cachediff reads: want "; !strings.HasPrefix(first, want) {
			t.Errorf("%s %q: stderr %q, want a first line %q…", c.flag, c.value, stderr.String(), want)
		}
		for _, line := range strings.Split(stderr.String(), "\n") {
			if strings.HasPrefix(line, "::") || strings.ContainsAny(line, "\r\x1b") {
				t.Errorf("%s %q: a raw line %q on stderr", c.flag, c.value, line)
			}
		}
	}
}

// TestSeriesDates: the dates git is handed are instants in UTC, relative
// ones as of now; dates no commit can fall in are refused.
func TestSeriesDates(t *testing.T) {
	now := time.Date(2025, 3, 30, 15, 4, 5, 0, time.FixedZone("CEST", 2*3600))
	for _, c := range []struct {
		since, until, wantSince, wantUntil, err string
	}{
		{"", "", "", "", ""},
		{"1 week ago", "yesterday", "2025-03-23T13:04:05Z", "2025-03-28T22:00:00Z", ""},
		{"2025-03-16", "", "2025-03-15T22:00:00Z", "", ""},
		{"@1742119200", "2025-03-16T10:00:00.5Z", "2025-03-16T10:00:00Z", "2025-03-16T10:00:00.5Z", ""},
		{"now", "now", "2025-03-30T13:04:05Z", "2025-03-30T13:04:05Z", ""},
		{"2025-03-10", "2025-03-01", "", "", "--since 2025-03-10 is after --until 2025-03-01: no commit is in both"},
		{"today", "2 days ago", "", "", "--since today (2025-03-29T22:00:00Z) is after --until '2 days ago' (2025-03-28T13:04:05Z): no commit is in both"},
		{"2025-04-01", "", "", "", "--since 2025-04-01 is in the future (now is 2025-03-30T13:04:05Z): it selects no commit"},
		{"", "last weeek", "", "", `--until: "last weeek" is not a date`},
	} {
		s, u, err := seriesDates(c.since, c.until, now)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("seriesDates(%q, %q): %v, want %q", c.since, c.until, err, c.err)
			}
		case err != nil:
			t.Errorf("seriesDates(%q, %q): %v", c.since, c.until, err)
		case s != c.wantSince || u != c.wantUntil:
			t.Errorf("seriesDates(%q, %q) = %q, %q, want %q, %q", c.since, c.until, s, u, c.wantSince, c.wantUntil)
		}
	}
}

// TestSeriesDatesOneDay (a seventh adversarial pass, issue 35): a day is
// its start, so --since 2025-03-03 --until 2025-03-03 selected the
// commits of one instant, midnight: the day's commits were left out and
// the log said "no commit in this range changed PATH", exit 0, a quiet
// day that a misreading produced. The same day on both is an error
// that says how to write the day.
func TestSeriesDatesOneDay(t *testing.T) {
	now := time.Date(2025, 3, 30, 15, 4, 5, 0, time.FixedZone("CEST", 2*3600))
	for _, c := range []struct{ since, until, want string }{
		{"2025-03-03", "2025-03-03", "--until 2025-03-04"},
		{"yesterday", "yesterday", "--until 2025-03-30"},
		{"today", "today", "--until 2025-03-31"},
	} {
		_, _, err := seriesDates(c.since, c.until, now)
		if err == nil || !strings.Contains(err.Error(), "the start of the day") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("seriesDates(%q, %q): %v, want an error saying %s", c.since, c.until, err, c.want)
		}
	}
	// One instant that is not a day's start is what was asked for.
	if _, _, err := seriesDates("now", "now", now); err != nil {
		t.Errorf("now, now: %v", err)
	}
}
