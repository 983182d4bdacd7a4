package gitsrc

import (
	"testing"
	"time"
)

// TestDateTextReadable: a commit date read (identDate) is written by
// DateText in UTC when its zone is 24 hours or more, and a zone of
// -99:59 puts the UTC of a date late in 9999 in the year 10000 (git
// takes GIT_COMMITTER_DATE="@253402304400 -9959", %cI
// 9999-12-27T21:01:00-99:59): the report said
// "10000-01-01T01:00:00Z", which RFC 3339 cannot write, so render
// refused the JSON cachediff saved, the feed dated the step 1970, the
// title's date was cut to "10000-01-0" and the OLD-after-NEW check
// skipped it. Such a date is none, as one past 9999 in its own zone is;
// every date read is written so that it reads back as the same instant.
func TestDateTextReadable(t *testing.T) {
	for _, c := range []struct {
		id string
		ok bool
	}{
		{"a <b> 253402304400 -9959", false},
		{"a <b> 253402300800 -2400", false},
		{"a <b> 253402300799 -2400", true},
		{"a <b> 253402300800 -2359", true},
		{"a <b> 253402300799 +9959", false},
		{"a <b> 253402214400 -9959", true},
		{"a <b> 1745000000 +2500", true},
		{"a <b> 1745000000 -0000", true},
	} {
		date, ok := identDate([]byte(c.id))
		if ok != c.ok {
			t.Errorf("%q: read %v (%s), want %v", c.id, ok, date, c.ok)
		}
		if !ok {
			continue
		}
		text := DateText(date)
		back, err := time.Parse(time.RFC3339, text)
		if err != nil || !back.Equal(date) {
			t.Errorf("%q: DateText %q reads back as %v (%v), want %v", c.id, text, back, err, date)
		}
	}
}
