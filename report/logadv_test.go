package report

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// TestLogNoEmptyHeading: at every limit, a log's "## Across the series"
// heading is written only with a section of the series under it: the
// cut drops the heading with the last of its sections, never leaves it
// empty above the next step.
func TestLogNoEmptyHeading(t *testing.T) {
	for name, snaps := range map[string]int{"real": 0, "generated": 1} {
		sn := loadRealWeeks(t)
		if snaps == 1 {
			sn = genSeries(11, 20, 5)
		}
		l, s, _ := logOf(t, sn, Options{})
		full, err := finishLog(l, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		empty := regexp.MustCompile(`\n## Across the series\n\n##? `)
		stride := 1
		if testing.Short() {
			stride = 7
		}
		for limit := 1; limit <= len(full); limit += stride {
			out, err := finishLog(l, s, limit)
			var small *TooSmallError
			if errors.As(err, &small) {
				continue
			}
			if err != nil {
				t.Fatalf("%s --max-bytes %d: %v", name, limit, err)
			}
			if empty.MatchString(out) || strings.HasSuffix(strings.TrimRight(out, "\n"), "## Across the series") {
				t.Fatalf("%s --max-bytes %d: an empty \"Across the series\" heading:\n%s", name, limit, out)
			}
		}
	}
}
