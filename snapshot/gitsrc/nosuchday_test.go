package gitsrc

import (
	"strings"
	"testing"
)

// TestDateNoSuchDay (issue 35 class e: a message that gives no hint): a
// --since or --until with a day its month does not have, or a month or
// day no year has, is refused naming the month, the year and its days.
// It was told it is no date cachediff reads, with the list of forms.
func TestDateNoSuchDay(t *testing.T) {
	for in, want := range map[string]string{
		"2025-02-30":                      `"2025-02-30" is not a date: February 2025 has no 30th (it has 28 days)`,
		"2024-02-30":                      `"2024-02-30" is not a date: February 2024 has no 30th (it has 29 days)`,
		"2026-04-31":                      `"2026-04-31" is not a date: April 2026 has no 31st (it has 30 days)`,
		"2026-04-31 10:00":                `April 2026 has no 31st (it has 30 days)`,
		"2026-06-31T10:00:00+01:00":       `June 2026 has no 31st (it has 30 days)`,
		"Mon, 31 Feb 2026 10:00:00 +0000": `"Mon, 31 Feb 2026 10:00:00 +0000" is not a date: February 2026 has no 31st (it has 28 days)`,
		"29 feb 2025 10:00 gmt":           `February 2025 has no 29th (it has 28 days)`,
		"2025-02-42":                      `February 2025 has no 42nd (it has 28 days)`,
		"2025-13-01":                      `there is no month 13 (a month is 01 to 12)`,
		"2025-00-01":                      `there is no month 00 (a month is 01 to 12)`,
		"2025-02-00":                      `there is no day 00 of a month (a day is 1 to 28 in February 2025)`,
	} {
		_, err := ParseDate(in, dateNow)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), DateForms) {
			t.Errorf("ParseDate(%q): %v; want %s", in, err, want)
		}
	}
	// A day the month has reads; another defect is told as before.
	for _, in := range []string{"2024-02-29", "2026-04-30 10:00", "Tue, 31 Mar 2026 10:00:00 +0000"} {
		if _, err := ParseDate(in, dateNow); err != nil {
			t.Errorf("ParseDate(%q): %v", in, err)
		}
	}
	for _, in := range []string{"2026-4-31", "2026-04-31T10:00:00 cet"} { // hours and offsets: nosuchtime_test.go
		if _, err := ParseDate(in, dateNow); err == nil || !strings.Contains(err.Error(), "is not a date cachediff reads: want ") {
			t.Errorf("ParseDate(%q): %v; want the forms listed", in, err)
		}
	}
}
