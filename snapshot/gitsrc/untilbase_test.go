package gitsrc

import (
	"strings"
	"testing"
	"time"
)

// TestSeriesUntilBeforeRange: a range A..B with --until dated before A
// (a typo of the year: 2019 for 2020) selected no commit, and the log
// was A's snapshot alone, exit 0: a quiet range that passes a gate.
// It is an error naming the date and A's; an --until within the range
// that leaves its commits out stays a quiet answer.
func TestSeriesUntilBeforeRange(t *testing.T) {
	dir := datedHistory(t,
		time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2020, 2, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2020, 3, 1, 0, 0, 0, 0, time.UTC),
	)
	r := r0(dir)
	_, err := r.Series("main~2..main", "a", "", "2019-01-15")
	if err == nil || !strings.Contains(err.Error(), "is before the range main~2..main begins") || !strings.Contains(err.Error(), "2020-01-01T00:00:00Z") {
		t.Errorf("Series(main~2..main, until 2019-01-15): %v; want an error: the date is before the range's base, of 2020-01-01", err)
	}
	if got, err := r.Series("main~2..main", "a", "", "2020-01-15"); err != nil || len(got) != 1 {
		t.Errorf("Series(main~2..main, until 2020-01-15) = %+v, %v; want the base alone, no error (a quiet range)", got, err)
	}
}
