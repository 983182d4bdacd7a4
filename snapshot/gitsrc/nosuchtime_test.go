package gitsrc

import (
	"strings"
	"testing"
)

// TestDateNoSuchTime (issue 35 class e: a message that misnames the
// problem): a --since or --until of a form cachediff reads whose hour,
// minute, second or offset no day has, or whose number is too large for
// git's dates, is told so. Each was refused as no date cachediff reads,
// with the list of forms, which names the form the user wrote: "25:00"
// is an hour, and "9999999999 days ago" (ten digits) is out of git's
// dates, not a typo of the form; "1000000000 seconds ago" (1995) was
// refused that way too.
func TestDateNoSuchTime(t *testing.T) {
	for in, want := range map[string]string{
		"2026-04-30 24:00":                  `"2026-04-30 24:00" is not a date: there is no hour 24 (an hour is 00 to 23)`,
		"2025-03-16T10:60":                  `there is no minute 60 (a minute is 00 to 59)`,
		"2025-03-16 23:59:60":               `there is no second 60 (a second is 00 to 59)`,
		"Sun, 16 Mar 2025 25:00:00 +0000":   `there is no hour 25 (an hour is 00 to 23)`,
		"2026-04-30 10:00 +9900":            `there is no offset +9900 (a zone's is at most 14 hours, its minutes 00 to 59`,
		"2025-03-16T10:00:00+01:60":         `there is no offset +01:60`,
		"2025-03-16T10:00:00-15:00":         `there is no offset -15:00`,
		"Sun, 16 Mar 2025 10:00:00 +1500":   `there is no offset +1500`,
		"9999999999 days ago":               `"9999999999 days ago" is more than 10,000 years ago, before 1970: out of the dates git reads (1970 to 9999)`,
		"99999999999999999999999 weeks ago": `is more than 10,000 years ago, before 1970: out of the dates git reads`,
		"9223372036854775807 seconds ago":   `is more than 10,000 years ago, before 1970: out of the dates git reads`,
		"@99999999999999":                   `"@99999999999999" is after 9999: out of the dates git reads (1970 to 9999)`,
		"@99999999999999999999999":          `is after 9999: out of the dates git reads`,
		"@-1":                               `"@-1" is 1969-12-31T23:59:59Z, out of the dates git reads (1970 to 9999)`,
		"@-99999999999999999999999":         `is more than 10,000 years ago, before 1970: out of the dates git reads`,
		"Mon, 3 Dec 2026 10:00:00 +9900":    `there is no offset +9900`,
		"Mon, 16 Mar 2025 24:00:00 +0000":   `there is no hour 24`,
		"2025-02-30 25:00":                  `February 2025 has no 30th`,
	} {
		_, err := ParseDate(in, dateNow)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), DateForms) {
			t.Errorf("ParseDate(%q): %v; want %s", in, err, want)
		}
	}
	for in, want := range map[string]string{
		"1000000000 seconds ago": "1993-07-22T13:17:25+02:00",
		"0000000002 weeks ago":   "2025-03-16T15:04:05+02:00",
	} {
		got, err := ParseDate(in, dateNow)
		if err != nil || got.Format("2006-01-02T15:04:05Z07:00") != want {
			t.Errorf("ParseDate(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
}
