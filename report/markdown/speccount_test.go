package markdown

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// specTableCut matches a log step's table of specs cut: its rows shown,
// then its "…and N more" line.
var specTableCut = regexp.MustCompile(`<summary>Specs of [^<]*</summary>\n\n\| package[^\n]*\n[^\n]*\n((?:\| [^\n]*\n)*)\n…and (\d+) more (\w+)\.`)

// plainRow matches the row of a package's plain rebuilds, which counts
// them ("| zlib | 4 plain rebuilds | …").
var plainRow = regexp.MustCompile(`^\| [^|]* \| (\d+) plain rebuilds? \|`)

// TestLogSpecTableMoreCountsSpecs (issue 35 class a): a log step's table
// of specs, cut, counted the rows it left out as specs ("…and 10 more
// specs."), where a row of a package's plain rebuilds stands for several
// ("| py-new-190 | 4 plain rebuilds |"): 10 rows left out were 14 specs.
// It counts the specs of the rows it leaves out (view.Section.Counts).
func TestLogSpecTableMoreCountsSpecs(t *testing.T) {
	_, _, _, cut := logCuts(t, reporttest.GenSeries(2, 4, 2), report.Options{})
	whole, err := cut(0)
	if err != nil {
		t.Fatal(err)
	}
	_, table, _ := strings.Cut(whole, "<summary>Specs of ")
	table, _, _ = strings.Cut(table, "\n\n</details>")
	all := strings.Split(table, "\n")[4:] // past the summary, the blank line and the header's two lines
	several := 0
	for limit := 1800; limit <= 3600; limit += 40 {
		out, err := cut(limit)
		if err != nil {
			continue
		}
		m := specTableCut.FindStringSubmatch(out)
		if m == nil {
			continue
		}
		shown := strings.Count(m[1], "\n")
		hidden := all[shown:]
		specs := 0
		for _, r := range hidden {
			n := 1
			if p := plainRow.FindStringSubmatch(r); p != nil {
				n, _ = strconv.Atoi(p[1])
			}
			specs += n
		}
		if specs != len(hidden) {
			several++
		}
		if want := report.Plural(specs, "spec"); m[2]+" "+m[3] != want {
			t.Errorf("--max-bytes %d: %d rows of %d specs left out; the table says …and %s more %s, want %s more", limit, len(hidden), specs, m[2], m[3], want)
		}
	}
	if several == 0 {
		t.Fatal("no cut left out a row of several plain rebuilds")
	}
}
