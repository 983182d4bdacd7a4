package markdown

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
	"github.com/cachediff/cachediff/report/view"
)

// emptyTable is a table's header rule followed by an "…and N more" line.
var emptyTable = regexp.MustCompile(`(?m)^\|[-:|]+\|\n\n…and `)

// TestLogCutSaysWhatWent cuts the log of the real weeks to limits from
// its least to its full size: a section cut to no row writes its "…and N
// more" line without the header of an empty table above it (the
// Coverage of the newest step was "| facet | value | specs | change |",
// its rule, then "…and 5 more changed values."), and a log whose
// "Across the series" is cut says so in its notice (the notice of no
// step left out said only "the oldest steps are summarised or left out
// first").
func TestLogCutSaysWhatWent(t *testing.T) {
	l, s, _ := logOf(t, reporttest.LoadRealWeeks(t), report.Options{})
	full, err := finishLog(l, s, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(full, "\n## Across the series") {
		t.Fatal("the full log has no Across the series")
	}
	_, err = finishLog(l, s, 1)
	var small *view.TooSmallError
	if !errors.As(err, &small) {
		t.Fatalf("--max-bytes 1: %v, want a *view.TooSmallError", err)
	}
	empty, unsaid := 0, 0
	for limit := small.Min; limit < len(full); limit += 3 {
		out, err := finishLog(l, s, limit)
		if err != nil {
			t.Fatalf("--max-bytes %d: %v", limit, err)
		}
		if emptyTable.MatchString(out) {
			if empty++; empty == 1 {
				t.Errorf("--max-bytes %d: an empty table's header above its …and N more line:\n%s", limit, out)
			}
		}
		_, notice, _ := strings.Cut(out, "> **Shortened**")
		notice, _, _ = strings.Cut(notice, "\n")
		if !strings.Contains(out, "\n## Across the series") && !strings.Contains(notice, "series") {
			if unsaid++; unsaid == 1 {
				t.Errorf("--max-bytes %d: Across the series is cut, and the notice does not say so: %s", limit, notice)
			}
		}
	}
	if empty+unsaid > 0 {
		t.Errorf("%d limits with an empty table, %d whose notice does not name the series cut", empty, unsaid)
	}
}
