package gitsrc

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// dateNow is the now of the date tests: a Sunday afternoon at the end of
// a month, in a zone east of UTC.
var dateNow = time.Date(2025, 3, 30, 15, 4, 5, 0, time.FixedZone("CEST", 2*3600))

var dateCases = []struct {
	in, want string // want: RFC 3339, "" for an error
}{
	// Absolute: ISO 8601 and git's iso and iso-strict.
	{"2025-03-16", "2025-03-16T00:00:00+02:00"},
	{" 2025-03-16 ", "2025-03-16T00:00:00+02:00"},
	{"2025-03-16 10:00", "2025-03-16T10:00:00+02:00"},
	{"2025-03-16 10:00:30", "2025-03-16T10:00:30+02:00"},
	{"2025-03-16T10:00:00Z", "2025-03-16T10:00:00Z"},
	{"2025-03-16t10:00:00z", "2025-03-16T10:00:00Z"},
	{"2025-03-16T10:00:00.5Z", "2025-03-16T10:00:00.5Z"},
	{"2025-03-16T10:00:00+01:00", "2025-03-16T10:00:00+01:00"},
	{"2025-03-16T10:00:00-0530", "2025-03-16T10:00:00-05:30"},
	{"2025-03-16 10:00:00 +0100", "2025-03-16T10:00:00+01:00"},
	{"2025-03-16 10:00:00 UTC", "2025-03-16T10:00:00Z"},
	{"2024-02-29", "2024-02-29T00:00:00+02:00"},
	// RFC 2822, as git log --date=rfc writes it.
	{"Sun, 16 Mar 2025 10:00:00 +0100", "2025-03-16T10:00:00+01:00"},
	{"sun, 16 mar 2025 10:00:00 +0100", "2025-03-16T10:00:00+01:00"},
	{"16 Mar 2025 10:00:00 GMT", "2025-03-16T10:00:00Z"},
	{"Sun, 2 Mar 2025 10:00 -0800", "2025-03-02T10:00:00-08:00"},
	// Unix seconds.
	{"@1742119200", "2025-03-16T10:00:00Z"},
	{"@0", "1970-01-01T00:00:00Z"},
	// Relative to now.
	{"now", "2025-03-30T15:04:05+02:00"},
	{"NOW", "2025-03-30T15:04:05+02:00"},
	{"today", "2025-03-30T00:00:00+02:00"},
	{"yesterday", "2025-03-29T00:00:00+02:00"},
	{"1 day ago", "2025-03-29T15:04:05+02:00"},
	{"1  day   ago", "2025-03-29T15:04:05+02:00"},
	{"2 days ago", "2025-03-28T15:04:05+02:00"},
	{"2.days.ago", "2025-03-28T15:04:05+02:00"},
	{"2.weeks", "2025-03-16T15:04:05+02:00"},
	{"1 week ago", "2025-03-23T15:04:05+02:00"},
	{"last week", "2025-03-23T15:04:05+02:00"},
	{"90 seconds ago", "2025-03-30T15:02:35+02:00"},
	{"30 minutes ago", "2025-03-30T14:34:05+02:00"},
	{"36 hours ago", "2025-03-29T03:04:05+02:00"},
	{"1 month ago", "2025-02-28T15:04:05+02:00"}, // March 30: February's last day
	{"last month", "2025-02-28T15:04:05+02:00"},
	{"13 months ago", "2024-02-29T15:04:05+02:00"},
	{"1 year ago", "2024-03-30T15:04:05+02:00"},
	{"0 days ago", "2025-03-30T15:04:05+02:00"},

	// What git reads as some date, and cachediff refuses.
	{"", ""},
	{"   ", ""},
	{"last weeek", ""},
	{"yesterdy", ""},
	{"1 weeek ago", ""},
	{"1 week ago ago", ""},
	{"-1 day ago", ""},
	{"one week ago", ""},
	{"tomorrow", ""},
	{"noon", ""},
	{"last monday", ""},
	{"1.week.ago.", ""},
	{"2025-02-30", ""},
	{"2025-13-01", ""},
	{"2025-3-16", ""},
	{"16/03/2025", ""},
	{"2025-03-16 24:00", ""},
	{"2025-03-16 10:60", ""},
	{"2025-03-16T10:00:00+15:00", ""},
	{"2025-03-16T10:00:00+01:60", ""},
	{"2025-03-16T10:00:00 CET", ""},
	{"Mon, 16 Mar 2025 10:00:00 +0100", ""}, // a Sunday
	{"16 Mar 2025", ""},
	{"@", ""},
	{"@-5", ""},
	{"@1742119200 +0100", ""},
	{"1742119200", ""}, // git's; @ says it is seconds
	{"2025-03-16\n::error::x", ""},
	// Out of git's dates.
	{"1969-12-31T23:59:59Z", ""},
	{"@999999999999", ""},
	{"10000-01-01", ""},
	{"999999999 years ago", ""},
	{"999999999 seconds ago", "1993-07-22T13:17:26+02:00"}, // 31 years
	{"60 years ago", ""},
}

// TestParseDate reads each form of the grammar, and refuses what git
// would read as some date, a typo included.
func TestParseDate(t *testing.T) {
	for _, c := range dateCases {
		got, err := ParseDate(c.in, dateNow)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("ParseDate(%q) = %s, want an error", c.in, got.Format(time.RFC3339Nano))
		case c.want == "":
			if !strings.Contains(err.Error(), strconv.Quote(c.in)) {
				t.Errorf("ParseDate(%q): %v: want the value quoted", c.in, err)
			}
		case err != nil:
			t.Errorf("ParseDate(%q): %v", c.in, err)
		case got.Format(time.RFC3339Nano) != c.want:
			t.Errorf("ParseDate(%q) = %s, want %s", c.in, got.Format(time.RFC3339Nano), c.want)
		}
	}
	long := strings.Repeat("é", 10000)
	if _, err := ParseDate(long, dateNow); err == nil || len(err.Error()) > 1000 || !strings.Contains(err.Error(), "… (20000 bytes)") {
		t.Errorf("a date of 20,000 bytes: %.200v", err)
	}
	// A local time that summer time skips is still a date.
	if berlin, err := time.LoadLocation("Europe/Berlin"); err == nil {
		if got, err := ParseDate("2025-03-30 02:30", dateNow.In(berlin)); err != nil || got.UTC().Format(time.RFC3339) != "2025-03-30T01:30:00Z" {
			t.Errorf("02:30 on the night summer time starts: %s, %v", got.UTC().Format(time.RFC3339), err)
		}
	}
	_, err := ParseDate("last weeek", dateNow)
	if err == nil || !strings.Contains(err.Error(), `"last weeek" is not a date`) || !strings.Contains(err.Error(), "N seconds|minutes|hours|days|weeks|months|years ago") {
		t.Errorf("the error names neither the value nor the forms: %v", err)
	}
}

// TestGitDate: git reads the @SECONDS ParseDate's dates are handed as to
// the same instant, rounded to the commits' whole seconds inward.
func TestGitDate(t *testing.T) {
	at := time.Date(2025, 3, 16, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		t            time.Time
		since, until string
	}{
		{at, "@1742119200 +0000", "@1742119200 +0000"},
		{at.Add(time.Millisecond), "@1742119201 +0000", "@1742119200 +0000"},
		{time.Unix(0, 0), "@0 +0000", "@0 +0000"},
	} {
		if s, u := gitDate(c.t, true), gitDate(c.t, false); s != c.since || u != c.until {
			t.Errorf("gitDate(%s) = %s, %s, want %s, %s", c.t, s, u, c.since, c.until)
		}
	}
}

// TestParseDateAsGit: where the grammar means what git means (an instant
// with its zone, unix seconds, N units ago), git reads the same instant
// (git rev-parse --since prints it, and GIT_TEST_DATE_NOW fixes its now).
func TestParseDateAsGit(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git program")
	}
	now := time.Date(2025, 3, 20, 15, 4, 5, 0, time.UTC) // a 20th: a month back is the same day
	ins := []string{
		"2025-03-16T10:00:00Z", "2025-03-16T10:00:00+01:00", "2025-03-16 10:00:00 -0800",
		"Sun, 16 Mar 2025 10:00:00 +0100", "@1742119200", "now",
		"1 day ago", "2.weeks.ago", "3 hours ago", "90 seconds ago", "last week", "1 month ago", "2 years ago",
	}
	args := []string{"rev-parse"}
	for _, in := range ins {
		args = append(args, "--since="+in)
	}
	dir := t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q"); err != nil {
		t.Fatal(err)
	}
	out, err := gittest.Git(dir, []string{"TZ=UTC", "GIT_TEST_DATE_NOW=" + strconv.FormatInt(now.Unix(), 10)}, args...)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != len(ins) {
		t.Fatalf("git rev-parse: %q", out)
	}
	for i, in := range ins {
		got, err := ParseDate(in, now)
		if err != nil {
			t.Errorf("ParseDate(%q): %v", in, err)
			continue
		}
		if want := strings.TrimPrefix(lines[i], "--max-age="); strconv.FormatInt(got.Unix(), 10) != want {
			t.Errorf("ParseDate(%q) = %d, git reads %s", in, got.Unix(), want)
		}
	}
}

// FuzzSinceDate: ParseDate accepts only what it turns into one absolute
// instant in git's range, the same each time, which git's form of it
// (@SECONDS) reads back to.
func FuzzSinceDate(f *testing.F) {
	for _, c := range dateCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseDate(s, dateNow)
		if err != nil {
			if len(s) <= 64 && !strings.Contains(err.Error(), strconv.Quote(s)) || len(err.Error()) > 1000 || strings.ContainsAny(err.Error(), "\n\r\x00") {
				t.Fatalf("ParseDate(%q): %v: the value is not quoted, on one line and short", s, err)
			}
			return
		}
		if got.Before(minDate) || got.After(maxDate) {
			t.Fatalf("ParseDate(%q) = %s: out of git's dates", s, got)
		}
		again, err := ParseDate(s, dateNow)
		if err != nil || !again.Equal(got) {
			t.Fatalf("ParseDate(%q) = %s, then %s, %v", s, got, again, err)
		}
		for _, since := range []bool{true, false} {
			g := gitDate(got, since)
			back, err := ParseDate(strings.TrimSuffix(g, " +0000"), dateNow)
			if err != nil {
				t.Fatalf("ParseDate(%q) = %s: its git form %s: %v", s, got, g, err)
			}
			if d := back.Sub(got); d <= -time.Second || d >= time.Second || since && d < 0 || !since && d > 0 {
				t.Fatalf("ParseDate(%q) = %s: its git form %s is %s", s, got, g, back)
			}
		}
		if strings.ContainsAny(s, "\n\x00") {
			t.Fatalf("ParseDate(%q) accepted a control character", s)
		}
	})
}

// TestParseDateFarPast (a ninth adversarial pass, issue 35): a date more
// than 10,000 years ago was refused as "is 1969-12-31T23:59:59Z", the
// stand-in back returns, which is no date the user wrote nor meant.
func TestParseDateFarPast(t *testing.T) {
	for _, in := range []string{"999999999 years ago", "10000000 years ago", "999999999 months ago"} {
		_, err := ParseDate(in, dateNow)
		if err == nil || strings.Contains(err.Error(), "1969") || !strings.Contains(err.Error(), "before 1970") {
			t.Errorf("ParseDate(%q): %v; want an error saying it is before 1970, with no made-up date", in, err)
		}
	}
}
