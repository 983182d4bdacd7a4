package builtin_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestHeadlineTellsTitleAndCommitsFromSides (issue 35 class a): text's
// and the patch's headline is "TITLE: OLD → NEW: counts", and a side
// holding ": " was written as it is: the --title "t: a" of the
// snapshots b and c read "t: a: b → c", as the title t of the snapshots
// "a: b" and c did. A pair's side on disk whose tag reads as a git
// side's name (its tag, a commit's date and short id) was written as it
// is too: the folders tagged "develop 2025-03-09 aaaaaaa" and "develop
// 2025-03-16 bbbbbbb" read as the commits aaaaaaa and bbbbbbb of
// develop. Each such side is quoted (report.SideNames); the headline
// of each input of a group reads apart in every format that names the
// sides there (Markdown's and HTML's --title stands for the whole
// headline).
func TestHeadlineTellsTitleAndCommitsFromSides(t *testing.T) {
	type input struct {
		title    string
		old, new diff.Side
	}
	git := func(rev, date string) diff.Side {
		return diff.Side{Path: "HEAD:p", Tag: "develop", Rev: rev, Date: date}
	}
	groups := [][]input{
		{{"t: a", diff.Side{Tag: "b"}, diff.Side{Tag: "c"}}, {"t", diff.Side{Tag: "a: b"}, diff.Side{Tag: "c"}}, {"t", diff.Side{Tag: `"a: b"`}, diff.Side{Tag: "c"}}},
		{{"", diff.Side{Tag: "develop 2025-03-09 aaaaaaa"}, diff.Side{Tag: "develop 2025-03-16 bbbbbbb"}},
			{"", git("aaaaaaa000", "2025-03-09T12:00:00Z"), git("bbbbbbb000", "2025-03-16T12:00:00Z")},
			{"", diff.Side{Tag: `"develop 2025-03-09 aaaaaaa"`}, diff.Side{Tag: `"develop 2025-03-16 bbbbbbb"`}}},
		{{"", diff.Side{Tag: "develop  aaaaaaa"}, diff.Side{Tag: "develop  bbbbbbb"}}, {"", git("aaaaaaa000", ""), git("bbbbbbb000", "")}},
		// A folder named as a commit's label alone, no tag before it
		// (nameCommitLike's date of the whole rest).
		{{"", diff.Side{Tag: "2025-03-09 aaaaaaa"}, diff.Side{Tag: "2025-03-16 bbbbbbb"}},
			{"", diff.Side{Path: "HEAD:p", Rev: "aaaaaaa000", Date: "2025-03-09T12:00:00Z"}, diff.Side{Path: "HEAD:p", Rev: "bbbbbbb000", Date: "2025-03-16T12:00:00Z"}}},
	}
	for _, name := range []string{"text", "patch", "md", "html"} {
		for _, g := range groups {
			if g[0].title != "" && (name == "md" || name == "html") {
				continue // the --title stands for the whole headline there
			}
			var cases []headCase
			for _, in := range g {
				r := reporttest.OnePackage("zlib")
				r.Old.Path, r.Old.Tag, r.Old.Rev, r.Old.Date = "old", in.old.Tag, in.old.Rev, in.old.Date
				r.New.Path, r.New.Tag, r.New.Rev, r.New.Date = "new", in.new.Tag, in.new.Rev, in.new.Date
				cases = append(cases, headCase{r, in.title, fmt.Sprintf("%+v", in)})
			}
			headlinesApart(t, name, cases)
		}
	}
	// One side on disk, the other from git: the side on disk is quoted
	// by its own Rev (SideNames' from.Rev, to.Rev), whichever side it is.
	for _, sides := range [][2]diff.Side{
		{{Tag: "develop 2025-03-09 aaaaaaa"}, {Path: "HEAD:p", Rev: "bbbbbbb000"}},
		{{Path: "HEAD:p", Rev: "aaaaaaa000"}, {Tag: "develop 2025-03-16 bbbbbbb"}},
	} {
		a, b := report.SideNames(sides[0], sides[1])
		for _, got := range []string{a, b} {
			if strings.HasPrefix(got, "develop ") {
				t.Errorf("SideNames(%+v, %+v) = %s, %s; want the folder quoted", sides[0], sides[1], a, b)
			}
		}
	}
}

// TestLogHeadlineTellsTitleFromEnds (issue 35 class a): text's log
// opens "TITLE: FIRST → LAST: N snapshots, M steps", and wrote a
// snapshot's label holding ": " as it is: the log titled "t: a" of the
// snapshots b and c read "t: a: b → c", as the log titled t of "a: b"
// and c did. Such a label is quoted (report.SeriesEnds).
func TestLogHeadlineTellsTitleFromEnds(t *testing.T) {
	read := map[string][]string{}
	for _, in := range [][]string{{"t: a", "b", "c"}, {"t", "a: b", "c"}, {"t", `"a: b"`, "c"}} {
		out := seriesLogWith(t, "text", report.LogOptions{Options: report.Options{Title: in[0]}}, in[1:], tagged(in[1:]))
		head, _, _ := strings.Cut(out, "\n")
		if other, ok := read[head]; ok {
			t.Errorf("the logs %q and %q open alike: %s", in, other, head)
		}
		read[head] = in
	}
	// The last end too is quoted where it holds ": " (SeriesEnds).
	labels := []string{"b", "c: d"}
	out := seriesLogWith(t, "text", report.LogOptions{Options: report.Options{Title: "t"}}, labels, tagged(labels))
	if head, _, _ := strings.Cut(out, "\n"); !strings.Contains(head, `"c: d"`) {
		t.Errorf("the log of b and \"c: d\" opens %s; want its last end quoted", head)
	}
}

// headLine is the first line of doc that joins two sides by " → ".
func headLine(doc string) string {
	for _, l := range strings.Split(doc, "\n") {
		if strings.Contains(l, " → ") {
			return l
		}
	}
	return ""
}
