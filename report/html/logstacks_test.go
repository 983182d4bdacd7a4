package html

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestLogStackFilterVersionsWording: under --stack, the chart of versions
// over the series is of the specs in the stacks selected, not in the
// cache: it was titled "Versions in the cache", its table's column "in
// the cache", for spans that end where a package left stack root while
// the cache kept it (as the Markdown log's timeline said too).
func TestLogStackFilterVersionsWording(t *testing.T) {
	snaps := reporttest.LoadRealWeeks(t)
	for _, c := range []struct {
		f    diff.Filter
		want string
	}{
		{diff.Filter{}, "Versions in the cache"},
		{diff.Filter{Stacks: []string{"root"}}, "Versions in the stacks selected"},
	} {
		var buf bytes.Buffer
		w := Format.Log(&buf, report.LogOptions{})
		reporttest.WriteSeries(t, w, snaps, c.f)
		page := buf.String()
		if !strings.Contains(page, c.want) {
			t.Errorf("filter %+v: no %q in the page", c.f, c.want)
		}
		if len(c.f.Stacks) > 0 && strings.Contains(page, "in the cache") {
			i := strings.Index(page, "in the cache")
			t.Errorf("filter %+v: the page says \"in the cache\" of what the filter keeps: …%s…", c.f, page[max(0, i-80):i+20])
		}
	}
}
