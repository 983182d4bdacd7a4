package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestLogStackFilterSeriesWording: under --stack, a package "came and
// went" and a version's span are its specs in the stacks selected, not in
// the cache: a package that left stack e4s while the cache kept it was
// listed under "| package | in the cache |", its span "in the cache" ending
// where the cache still had it. The series' sections say what they count.
func TestLogStackFilterSeriesWording(t *testing.T) {
	snaps := reporttest.LoadRealWeeks(t)
	for _, c := range []struct {
		f    diff.Filter
		want string
	}{
		{diff.Filter{}, "in the cache"},
		{diff.Filter{Packages: []string{"curl"}}, "in the cache"},
		{diff.Filter{Stacks: []string{"e4s"}}, "in the stacks selected"},
	} {
		var buf bytes.Buffer
		w, err := report.NewLogWriter("md", &buf, report.LogOptions{})
		if err != nil {
			t.Fatal(err)
		}
		reporttest.WriteSeries(t, w, snaps, c.f)
		_, series, ok := strings.Cut(buf.String(), "## Across the series")
		if !ok {
			t.Fatalf("filter %+v: no series sections:\n%s", c.f, buf.String())
		}
		series, _, _ = strings.Cut(series, "\n## ")
		if !strings.Contains(series, "When each version was "+c.want) {
			t.Errorf("filter %+v: the timeline does not say %q:\n%s", c.f, c.want, series)
		}
		if c.want != "in the cache" && strings.Contains(series, "in the cache") {
			t.Errorf("filter %+v: the series' sections say \"in the cache\" of what the filter keeps:\n%s", c.f, series)
		}
	}
}
