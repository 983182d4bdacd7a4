package report

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestCausesSentenceMore: past three root causes the sentence says how
// many more, in words a person writes ("and 2 more", not "and 2 mores").
func TestCausesSentenceMore(t *testing.T) {
	for groups, want := range map[int]string{3: "", 4: ", and 1 more", 5: ", and 2 more", 19: ", and 16 more"} {
		r := &diff.Report{Causes: &diff.Causes{}}
		why := &diff.Why{Known: true, Causes: []diff.Cause{{Name: "zlib"}}}
		r.Packages = []diff.Package{{Name: "p", Specs: diff.SpecChanges{Rebuilt: []diff.Pair{{Why: why}}}}}
		for i := range groups {
			r.Causes.Groups = append(r.Causes.Groups, diff.CauseGroup{Name: "dep" + strconv.Itoa(i), Specs: 1,
				Changes: []diff.Change{{Kind: "version", From: "1", To: "2"}}})
		}
		got := causesSentence(r, func(s string) string { return s })
		if strings.Contains(got, "mores") || want != "" && !strings.HasSuffix(got, want) || want == "" && strings.Contains(got, "more") {
			t.Errorf("%d root causes: %q; want %q in it", groups, got, want)
		}
	}
}
