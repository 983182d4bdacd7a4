package report

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestCausesSentenceMore: a short list of root causes (up to
// maxSentenceCauses) is named whole (issue 34: no cause hidden behind
// "and 1 more"); past it the sentence names three and says how many more,
// in words a person writes ("and 3 more", not "and 3 mores").
func TestCausesSentenceMore(t *testing.T) {
	for groups, want := range map[int]string{3: "", 4: "", 5: "", 6: ", and 3 more", 19: ", and 16 more"} {
		r := &diff.Report{Causes: &diff.Causes{}}
		why := &diff.Why{Known: true, Causes: []diff.Cause{{Name: "zlib"}}}
		r.Packages = []diff.Package{{Name: "p", Specs: diff.SpecChanges{Rebuilt: []diff.Pair{{Why: why}}}}}
		for i := range groups {
			r.Causes.Groups = append(r.Causes.Groups, diff.CauseGroup{Name: "dep" + strconv.Itoa(i), Specs: 1,
				Changes: []diff.Change{{Kind: "version", From: "1", To: "2"}}})
		}
		got := CausesSentence(r, func(s string) string { return s })
		if strings.Contains(got, "mores") || want != "" && !strings.HasSuffix(got, want) || want == "" && strings.Contains(got, "more") {
			t.Errorf("%d root causes: %q; want %q in it", groups, got, want)
		}
	}
}

// TestCausesSentenceShared: a change several packages share is one cause
// of the sentence, counted once.
func TestCausesSentenceShared(t *testing.T) {
	r := &diff.Report{Causes: &diff.Causes{}}
	why := &diff.Why{Known: true, Causes: []diff.Cause{{Name: "zlib"}}}
	r.Packages = []diff.Package{{Name: "p", Specs: diff.SpecChanges{Rebuilt: []diff.Pair{{Why: why}}}}}
	target := []diff.Change{{Kind: "target", From: "core2", To: "m1"}}
	r.Causes.Groups = []diff.CauseGroup{{Name: "a", Specs: 1, Changes: target}, {Name: "b", Specs: 1, Changes: target},
		{Name: "c", Specs: 1, Changes: []diff.Change{{Kind: "version", From: "1", To: "2"}}}}
	r.Causes.Shared = []diff.SharedCause{{Kind: "target", From: "core2", To: "m1", Specs: 1, Packages: []string{"a", "b"}, Groups: []int{0, 1}}}
	got := CausesSentence(r, func(s string) string { return s })
	want := "1 spec rebuilt because of 2 root causes: target core2 → m1 in 2 packages (1 spec), c 1 → 2 (1 spec)"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
