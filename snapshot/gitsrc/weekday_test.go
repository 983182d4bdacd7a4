package gitsrc

import (
	"strings"
	"testing"
)

// TestDateWrongWeekday (issue 35 class e: a message that misnames the
// problem): an RFC 2822 --since or --until whose weekday is not its
// date's is refused saying so, naming the date's weekday. It was told
// it is no date cachediff reads, with the list of forms, RFC 2822 among
// them.
func TestDateWrongWeekday(t *testing.T) {
	for in, want := range map[string]string{
		"Mon, 3 Dec 2026 10:00:00 +0000": `"Mon, 3 Dec 2026 10:00:00 +0000" is not a date: the weekday does not match the date: 3 Dec 2026 is a Thursday, not a Monday`,
		"sun, 03 dec 2026 10:00 -0800":   `"sun, 03 dec 2026 10:00 -0800" is not a date: the weekday does not match the date: 3 Dec 2026 is a Thursday, not a Sunday`,
		"Mon,  16 Mar 2025 10:00:00 GMT": "16 Mar 2025 is a Sunday, not a Monday",
	} {
		_, err := ParseDate(in, dateNow)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), DateForms) {
			t.Errorf("ParseDate(%q): %v; want %s", in, err, want)
		}
	}
	// The right weekday reads; another defect is told as before.
	if _, err := ParseDate("Thu, 3 Dec 2026 10:00:00 +0000", dateNow); err != nil {
		t.Errorf("the right weekday: %v", err)
	}
	for _, in := range []string{"Mon, 3 Dec 2026 10:00:00 cet", "Mon 3 Dec 2026"} { // an offset no zone has: nosuchtime_test.go
		if _, err := ParseDate(in, dateNow); err == nil || !strings.Contains(err.Error(), "is not a date cachediff reads: want ") {
			t.Errorf("ParseDate(%q): %v; want the forms listed", in, err)
		}
	}
}
