package mirror

import (
	"net/http"
	"testing"
	"time"
)

// TestRetryAfter: a Retry-After in seconds or as an HTTP date is the wait
// it asks for, capped at the most given (a server asking for an hour, or
// for more seconds than an int64 holds, waits the cap); anything else, a
// date gone by, and a negative number ask for no wait.
func TestRetryAfter(t *testing.T) {
	now := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Duration{
		"2": 2 * time.Second, " 5 ": 5 * time.Second, "0": 0, "3600": DefaultMaxRetryAfter,
		"99999999999999999999":                           DefaultMaxRetryAfter,
		now.Add(3 * time.Second).Format(http.TimeFormat): 3 * time.Second,
		now.Add(time.Hour).Format(http.TimeFormat):       DefaultMaxRetryAfter,
		now.Add(-time.Hour).Format(http.TimeFormat):      0,
		"": 0, "-1": 0, "1.5": 0, "soon": 0,
	} {
		if got := retryAfter(v, now, DefaultMaxRetryAfter); got != want {
			t.Errorf("Retry-After %q: %s; want %s", v, got, want)
		}
	}
}
