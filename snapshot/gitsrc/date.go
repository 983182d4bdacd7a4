package gitsrc

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The dates of cachediff log --since and --until. git reads any text as
// a date (its approxidate): "last weeek" is a date four weeks ago, and
// "yesterdy" is now, so that a typo selects no commit and a log passes
// its gate with no step. cachediff reads a small grammar of its own
// instead, refuses everything else, and hands git the instant it read as
// @SECONDS +0000, which git cannot read otherwise.

// DateForms lists the forms ParseDate accepts, for messages and help.
const DateForms = `2025-03-16 (the start of the day), 2025-03-16 10:00[:00] ` +
	`(local time), 2025-03-16T10:00:00Z or with an offset (+01:00, +0100), ` +
	`RFC 2822 (Sun, 16 Mar 2025 10:00:00 +0000), @1742119200 (unix seconds), ` +
	`now, today, yesterday (the start of the day), ` +
	`N seconds|minutes|hours|days|weeks|months|years ago (also 2.weeks.ago), ` +
	`last day|week|month|year`

// The instants ParseDate accepts: git's dates are unsigned seconds since
// 1970, and a year of five digits is no date anyone means.
var (
	minDate = time.Unix(0, 0)
	maxDate = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)
)

var (
	isoDate = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})$`)
	// git log --date=iso writes "2025-03-16 10:00:00 +0100",
	// --date=iso-strict "2025-03-16T10:00:00+01:00".
	isoTime = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})[t ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)? ?(z|utc|gmt|[+-]\d{2}:?\d{2})?$`)
	// git log --date=rfc writes "Sun, 16 Mar 2025 10:00:00 +0100".
	rfc2822 = regexp.MustCompile(`^(?:(mon|tue|wed|thu|fri|sat|sun), ?)?(\d{1,2}) (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec) (\d{4}) (\d{2}):(\d{2})(?::(\d{2}))? (ut|utc|gmt|z|[+-]\d{4})$`)
	// Digits of any number, so that one too large is told out of
	// git's dates (farPast, farFuture), not as no form cachediff reads.
	unixDate = regexp.MustCompile(`^@(-?\d+)$`)
	ago      = regexp.MustCompile(`^(\d+)[ .](second|minute|hour|day|week|month|year)s?(?:[ .]ago)?$`)
	last     = regexp.MustCompile(`^last[ .](day|week|month|year)$`)
)

var months = map[string]time.Month{
	"jan": time.January, "feb": time.February, "mar": time.March, "apr": time.April,
	"may": time.May, "jun": time.June, "jul": time.July, "aug": time.August,
	"sep": time.September, "oct": time.October, "nov": time.November, "dec": time.December,
}

// ParseDate reads a date of --since or --until, in one of DateForms
// (letters in any case, spaces in any number; no other white space): an absolute date, or one
// relative to now. A date or time without a zone is in now's location
// (the local time zone); "today" and "yesterday" are calendar days, their
// start (git takes them as now and 24 hours ago). A month or a year ago
// is the same day of that month, or the month's last day when it is
// shorter. Anything else is an error that names s and the forms; so is
// an instant before 1970 or after 9999.
func ParseDate(s string, now time.Time) (time.Time, error) {
	words := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' })
	norm := strings.ToLower(strings.Join(words, " "))
	t, ok := parseDate(norm, now)
	switch {
	case !ok && wrongWeekday(norm) != "":
		return time.Time{}, fmt.Errorf("%s is not a date: %s", quoteDate(s), wrongWeekday(norm))
	case !ok && noSuchDay(norm) != "":
		return time.Time{}, fmt.Errorf("%s is not a date: %s", quoteDate(s), noSuchDay(norm))
	case !ok && noSuchTime(norm) != "":
		return time.Time{}, fmt.Errorf("%s is not a date: %s", quoteDate(s), noSuchTime(norm))
	case !ok:
		return time.Time{}, fmt.Errorf("%s is not a date cachediff reads: want %s", quoteDate(s), DateForms)
	case t.Equal(farPast):
		return time.Time{}, fmt.Errorf("%s is more than 10,000 years ago, before 1970: out of the dates git reads (1970 to 9999)", quoteDate(s))
	case t.Equal(farFuture):
		return time.Time{}, fmt.Errorf("%s is after 9999: out of the dates git reads (1970 to 9999)", quoteDate(s))
	case t.Before(minDate) || t.After(maxDate):
		return time.Time{}, fmt.Errorf("%s is %s, out of the dates git reads (1970 to 9999)", quoteDate(s), t.Format(time.RFC3339))
	}
	return t, nil
}

// wrongWeekday says, of s (lower case), an RFC 2822 date whose weekday
// is not its date's ("mon, 3 dec 2026 …", a Thursday), what day the
// date is and what to do; "" for any other s: a date of one of
// DateForms with a typo in its weekday is told so, not as no date.
func wrongWeekday(s string) string {
	m := rfc2822.FindStringSubmatch(s)
	if m == nil || m[1] == "" {
		return ""
	}
	loc := zone(m[8])
	if loc == nil {
		return ""
	}
	t, ok := date(loc, m[4], strconv.Itoa(int(months[m[3]])), m[2], m[5], m[6], m[7], "")
	if !ok {
		return ""
	}
	day := t.Weekday().String()
	if strings.ToLower(day[:3]) == m[1] {
		return ""
	}
	return fmt.Sprintf("the weekday does not match the date: %s is a %s, not a %s (correct the weekday, or the date, or leave the weekday out)", t.Format("2 Jan 2006"), day, weekdayNames[m[1]])
}

// noSuchDay says, of s (lower case), a date of one of DateForms with a
// day its month does not have ("2025-02-30", "31 apr 2026 …"), or a
// month or day that no year has, what is wrong; "" for any other s: a
// 30th of February is told so, not as no date cachediff reads.
func noSuchDay(s string) string {
	var year, month, day string
	if m := isoDate.FindStringSubmatch(s); m != nil {
		year, month, day = m[1], m[2], m[3]
	} else if m := isoTime.FindStringSubmatch(s); m != nil {
		year, month, day = m[1], m[2], m[3]
	} else if m := rfc2822.FindStringSubmatch(s); m != nil {
		year, month, day = m[4], strconv.Itoa(int(months[m[3]])), m[2]
	} else {
		return ""
	}
	y, _ := strconv.Atoi(year)
	mon, _ := strconv.Atoi(month)
	d, _ := strconv.Atoi(day)
	if mon < 1 || mon > 12 {
		return fmt.Sprintf("there is no month %s (a month is 01 to 12)", month)
	}
	days := time.Date(y, time.Month(mon)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	switch {
	case d < 1:
		return fmt.Sprintf("there is no day %s of a month (a day is 1 to %d in %s %04d)", day, days, time.Month(mon), y)
	case d > days:
		return fmt.Sprintf("%s %04d has no %s (it has %d days)", time.Month(mon), y, ordinal(d), days)
	}
	return ""
}

// noSuchTime says, of s (lower case), a date and time of one of
// DateForms whose hour, minute, second or offset no day has ("2025-03-16
// 24:00", "… +9900"), what is wrong; "" for any other s: the time of a
// form cachediff reads is told so, not as no date cachediff reads.
func noSuchTime(s string) string {
	var hour, minute, sec, off string
	if m := isoTime.FindStringSubmatch(s); m != nil {
		hour, minute, sec, off = m[4], m[5], m[6], m[8]
	} else if m := rfc2822.FindStringSubmatch(s); m != nil {
		hour, minute, sec, off = m[5], m[6], m[7], m[8]
	} else {
		return ""
	}
	for _, f := range []struct {
		article, name, value string
		limit                int
	}{
		{"an", "hour", hour, 23}, {"a", "minute", minute, 59}, {"a", "second", sec, 59},
	} {
		if n, _ := strconv.Atoi(f.value); n > f.limit {
			return fmt.Sprintf("there is no %s %s (%s %s is 00 to %d)", f.name, f.value, f.article, f.name, f.limit)
		}
	}
	if off != "" && zone(off) == nil {
		return fmt.Sprintf("there is no offset %s (a zone's is at most 14 hours, its minutes 00 to 59: +01:00, -0500)", strings.ToUpper(off))
	}
	return ""
}

// ordinal is n as "1st", "2nd", "3rd", "30th".
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

var weekdayNames = map[string]string{
	"mon": "Monday", "tue": "Tuesday", "wed": "Wednesday", "thu": "Thursday",
	"fri": "Friday", "sat": "Saturday", "sun": "Sunday",
}

// quoteDate quotes a date for a message, on one line, in ASCII (Go
// escapes, as quotedInput quotes a name), its first 64 bytes when it is
// longer: no date is. A character's start is looked for no farther back
// than one character's length: --since of 100 bytes that start none
// (0x80) was quoted as ""… (100 bytes), the walk back past them all.
// Quoted as Go does (%q), --since 'lаst week' (its а Cyrillic) was
// refused as "lаst week" is not a date, read as last week.
func quoteDate(s string) string {
	if len(s) <= 64 {
		return strconv.QuoteToASCII(s)
	}
	cut := 64
	for i := cut; i > cut-utf8.UTFMax && i >= 0; i-- {
		if utf8.RuneStart(s[i]) {
			cut = i
			break
		}
	}
	return strconv.QuoteToASCII(s[:cut]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

func parseDate(s string, now time.Time) (time.Time, bool) {
	loc := now.Location()
	switch s {
	case "now":
		return now, true
	case "today":
		return startOfDay(now, 0), true
	case "yesterday":
		return startOfDay(now, -1), true
	}
	if m := unixDate.FindStringSubmatch(s); m != nil {
		n, err := strconv.ParseInt(m[1], 10, 64)
		switch {
		case err != nil && m[1][0] == '-' || err == nil && n < minDate.Unix()-10000*yearSeconds:
			return farPast, true
		case err != nil || n > maxDate.Unix()+10000*yearSeconds:
			return farFuture, true
		}
		return time.Unix(n, 0), true
	}
	if m := isoDate.FindStringSubmatch(s); m != nil {
		return date(loc, m[1], m[2], m[3], "0", "0", "0", "")
	}
	if m := isoTime.FindStringSubmatch(s); m != nil {
		if m[8] != "" {
			if loc = zone(m[8]); loc == nil {
				return time.Time{}, false
			}
		}
		t, ok := date(loc, m[1], m[2], m[3], m[4], m[5], m[6], m[7])
		return t, ok
	}
	if m := rfc2822.FindStringSubmatch(s); m != nil {
		if loc = zone(m[8]); loc == nil {
			return time.Time{}, false
		}
		mon := strconv.Itoa(int(months[m[3]]))
		t, ok := date(loc, m[4], mon, m[2], m[5], m[6], m[7], "")
		if ok && m[1] != "" && strings.ToLower(t.Weekday().String()[:3]) != m[1] {
			return time.Time{}, false // Sun for a Monday: a typo somewhere
		}
		return t, ok
	}
	if m := ago.FindStringSubmatch(s); m != nil {
		n, err := strconv.ParseInt(m[1], 10, 64)
		if err != nil { // more than 19 digits
			return farPast, true
		}
		return back(now, n, m[2]), true
	}
	if m := last.FindStringSubmatch(s); m != nil {
		return back(now, 1, m[1]), true
	}
	return time.Time{}, false
}

// startOfDay is 00:00 of the day of now, plus days.
func startOfDay(now time.Time, days int) time.Time {
	y, m, d := now.Date()
	return time.Date(y, m, d+days, 0, 0, 0, 0, now.Location())
}

// date makes a time of decimal fields, false when one is out of its
// range (a 30th of February, 24:00).
func date(loc *time.Location, year, month, day, hour, minute, sec, frac string) (time.Time, bool) {
	var f [6]int
	for i, s := range []string{year, month, day, hour, minute, sec} {
		if s == "" {
			s = "0"
		}
		f[i], _ = strconv.Atoi(s)
	}
	ns := 0
	if frac != "" {
		ns, _ = strconv.Atoi((frac + "00000000")[:9])
	}
	// Checked in UTC: a local time that a change to summer time skips
	// (02:30 on such a night) is a date, which time.Date moves on.
	u := time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], ns, time.UTC)
	if u.Year() != f[0] || int(u.Month()) != f[1] || u.Day() != f[2] || u.Hour() != f[3] || u.Minute() != f[4] || u.Second() != f[5] {
		return time.Time{}, false
	}
	return time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], ns, loc), true
}

// zone reads a zone: Z, UT, UTC, GMT, or an offset ±HH[:]MM of at most 14
// hours; nil for another.
func zone(s string) *time.Location {
	switch s {
	case "z", "ut", "utc", "gmt":
		return time.UTC
	}
	digits := strings.ReplaceAll(s[1:], ":", "")
	if len(digits) != 4 {
		return nil
	}
	h, _ := strconv.Atoi(digits[:2])
	m, _ := strconv.Atoi(digits[2:])
	if h > 14 || m > 59 {
		return nil
	}
	off := (h*60 + m) * 60
	if s[0] == '-' {
		off = -off
	}
	return time.FixedZone("", off)
}

// farPast is what back returns for more than 10,000 years ago, and
// parseDate for an @SECONDS as far before 1970: before minDate, and no
// date to name in a message; no form reads as it (a year is 0 to 9999,
// and 10,000 years ago is after it). farFuture is an @SECONDS more than
// 10,000 years after 9999 (or of more digits than an int64 holds).
var (
	farPast   = time.Date(-10001, time.January, 1, 0, 0, 0, 0, time.UTC)
	farFuture = time.Date(20000, time.January, 1, 0, 0, 0, 0, time.UTC)
)

// yearSeconds is the seconds of the longest year.
const yearSeconds = 366 * 24 * 3600

// back is n units before now (n >= 0); farPast when that is
// more than 10,000 years.
func back(now time.Time, n int64, unit string) time.Time {
	seconds := map[string]int64{"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400, "month": 31 * 86400, "year": yearSeconds}[unit]
	if n > 10000*yearSeconds/seconds { // n*seconds, which overflows
		return farPast
	}
	switch unit { // n is at most 3,660,000 days: an int of 32 bits
	case "day":
		return now.AddDate(0, 0, -int(n))
	case "week":
		return now.AddDate(0, 0, -7*int(n))
	case "month":
		return monthsBack(now, int(n))
	case "year":
		return monthsBack(now, 12*int(n))
	}
	return time.Unix(now.Unix()-n*seconds, int64(now.Nanosecond())).In(now.Location())
}

// monthsBack is now n months earlier, on the same day of the month or
// the month's last day (a month before March 31 is February 28 or 29,
// not March 3 as time.AddDate makes it).
func monthsBack(now time.Time, n int) time.Time {
	y, m, d := now.Date()
	first := time.Date(y, m-time.Month(n), 1, now.Hour(), now.Minute(), now.Second(), now.Nanosecond(), now.Location())
	days := time.Date(first.Year(), first.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day()
	return first.AddDate(0, 0, min(d, days)-1)
}

// gitDate is t as git reads it without doubt: @SECONDS +0000, git's
// object-header form. A bare @SECONDS is not: git's approxidate reads
// fewer than nine digits (a date before 1973-03-03) as some other date,
// so that --until 1972-06-01 kept every commit. A bound of
// --since keeps the commits at or after it, one of --until those at or
// before it, and commit dates are whole seconds: a since with a fraction
// rounds up, an until down.
func gitDate(t time.Time, since bool) string {
	s := t.Unix()
	if since && t.Nanosecond() > 0 {
		s++
	}
	return "@" + strconv.FormatInt(s, 10) + " +0000"
}
