package builtin_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestHeadlineTellsGitTagFromPath (issue 35 class a): a pair of git
// sides of one tag is named in the headline by Side.Name, its tag, a
// commit's date and short id, and two folders of one tag by their
// paths, quoted where they read as such a name (report.SideNames). A
// git side whose tag is quoted (it holds ": " or an arrow) was quoted
// whole, name and commit: the commits aaaaaaa and bbbbbbb of the tag
// "x: y" read `"x: y 2025-03-09 aaaaaaa" → "x: y 2025-03-16 bbbbbbb"`,
// as the folders of that tag at the paths "x: y 2025-03-09 aaaaaaa" and
// "x: y 2025-03-16 bbbbbbb" did. The tag alone is quoted there.
func TestHeadlineTellsGitTagFromPath(t *testing.T) {
	git := func(tag, rev, date string) diff.Side {
		return diff.Side{Path: "HEAD:p", Tag: tag, Rev: rev, Date: date}
	}
	for _, tag := range []string{"x: y", "x → y", `"x: y"`} {
		groups := [][2]diff.Side{
			{git(tag, "aaaaaaa000", "2025-03-09T12:00:00Z"), git(tag, "bbbbbbb000", "2025-03-16T12:00:00Z")},
			{{Path: tag + " 2025-03-09 aaaaaaa", Tag: tag}, {Path: tag + " 2025-03-16 bbbbbbb", Tag: tag}},
			{{Path: `"` + tag + ` 2025-03-09 aaaaaaa"`, Tag: tag}, {Path: `"` + tag + ` 2025-03-16 bbbbbbb"`, Tag: tag}},
			{{Path: `"` + tag + `" 2025-03-09 aaaaaaa`, Tag: tag}, {Path: `"` + tag + `" 2025-03-16 bbbbbbb`, Tag: tag}},
		}
		sidesApart(t, groups)
	}
}

// TestHeadlineTellsGitTagFromGitName (issue 35 class a): two git sides
// of other tags are named by their tags, which were quoted nowhere:
// the commits of the tags "develop 2025-03-09 aaaaaaa" and "develop
// 2025-03-16 bbbbbbb" read "develop 2025-03-09 aaaaaaa → develop
// 2025-03-16 bbbbbbb", as the commits aaaaaaa and bbbbbbb of develop
// did. A side named otherwise than by its tag and commit is quoted
// where it reads as such a name, on disk or not (report.SideNames).
func TestHeadlineTellsGitTagFromGitName(t *testing.T) {
	git := func(tag, rev, date string) diff.Side {
		return diff.Side{Path: "HEAD:p", Tag: tag, Rev: rev, Date: date}
	}
	groups := [][2]diff.Side{
		{git("develop", "aaaaaaa000", "2025-03-09T12:00:00Z"), git("develop", "bbbbbbb000", "2025-03-16T12:00:00Z")},
		{git("develop 2025-03-09 aaaaaaa", "ccccccc000", "2025-04-09T12:00:00Z"), git("develop 2025-03-16 bbbbbbb", "ddddddd000", "2025-04-16T12:00:00Z")},
		{git("develop", "aaaaaaa000", "2025-03-09T12:00:00Z"), {Path: "develop 2025-03-16 bbbbbbb", Tag: "develop"}},
		// The other way round: the side on disk old, the git side new.
		{{Path: "develop 2025-03-09 aaaaaaa", Tag: "develop"}, git("develop", "bbbbbbb000", "2025-03-16T12:00:00Z")},
		// Git sides of no tag (as a JSON may hold) are named by their
		// paths (headName), quoted where they read as a git side's name.
		{git("develop", "eeeeeee000", "2025-05-09T12:00:00Z"), git("develop", "fffffff000", "2025-05-16T12:00:00Z")},
		{{Path: "develop 2025-05-09 eeeeeee", Rev: "ccccccc000", Date: "2025-04-09T12:00:00Z"}, {Path: "develop 2025-05-16 fffffff", Rev: "ddddddd000", Date: "2025-04-16T12:00:00Z"}},
		{{Path: "HEAD:p", Rev: "ccccccc000", Date: "2025-04-09T12:00:00Z"}, {Path: "HEAD:q", Rev: "ddddddd000", Date: "2025-04-16T12:00:00Z"}},
	}
	sidesApart(t, groups)
}

// sidesApart fails t where two pairs of sides of groups have one
// headline in a format that names the sides there.
func sidesApart(t *testing.T, groups [][2]diff.Side) {
	t.Helper()
	for _, name := range []string{"text", "patch", "md", "html"} {
		var cases []headCase
		for _, g := range groups {
			r := reporttest.OnePackage("zlib")
			r.Old, r.New = g[0], g[1]
			cases = append(cases, headCase{r, "", fmt.Sprintf("%+v", g)})
		}
		headlinesApart(t, name, cases)
	}
}

// headCase is a report whose headline headlinesApart reads, with its
// --title and what it is for a message.
type headCase struct {
	r     *diff.Report
	title string
	what  string
}

// headlinesApart fails t where two of cases have one headline in the
// format name.
func headlinesApart(t *testing.T, name string, cases []headCase) {
	t.Helper()
	f, _ := report.Lookup(name)
	read := map[string]string{}
	for _, c := range cases {
		var buf bytes.Buffer
		if err := f.Render(&buf, c.r, report.Options{Width: 200, Title: c.title}); err != nil {
			t.Fatal(err)
		}
		head := headLine(buf.String())
		if other, ok := read[head]; ok {
			t.Errorf("--format %s: %s and %s have one headline: %s", name, c.what, other, head)
		}
		read[head] = c.what
	}
}

// TestHeadlineTellsTaglessGitFromTags (issue 35 class a): a git side
// without a tag (a Spack file in git) was named by its path alone:
// the sides at the paths "develop 2025-03-09 aaaaaaa" and "develop
// 2025-03-16 bbbbbbb" read as the git sides or folders tagged so (of
// other tags, named by them alone), all quoted alike, and the reports of HEAD~1:spack.lock and
// HEAD:spack.lock made on two days read alike, other commits. It is
// named by its path and its commit's label, as one of a tag by its tag
// and commit (report.SideNames, headName).
func TestHeadlineTellsTaglessGitFromTags(t *testing.T) {
	git := func(path, tag, rev, date string) diff.Side {
		return diff.Side{Path: path, Tag: tag, Rev: rev, Date: date}
	}
	const a, b = "develop 2025-03-09 aaaaaaa", "develop 2025-03-16 bbbbbbb"
	sidesApart(t, [][2]diff.Side{
		{git(a, "", "1111111000", "2025-04-09T12:00:00Z"), git(b, "", "2222222000", "2025-04-16T12:00:00Z")},
		{git("HEAD:p", a, "1111111000", "2025-04-09T12:00:00Z"), git("HEAD:q", b, "2222222000", "2025-04-16T12:00:00Z")},
	})
	sidesApart(t, [][2]diff.Side{
		{git(a, "", "1111111000", "2025-04-09T12:00:00Z"), git(b, "", "2222222000", "2025-04-16T12:00:00Z")},
		{{Path: "x", Tag: a}, {Path: "y", Tag: b}},
	})
	sidesApart(t, [][2]diff.Side{
		{git("HEAD~1:spack.lock", "", "1111111000", "2025-04-09T12:00:00Z"), git("HEAD:spack.lock", "", "2222222000", "2025-04-16T12:00:00Z")},
		{git("HEAD~1:spack.lock", "", "3333333000", "2025-04-10T12:00:00Z"), git("HEAD:spack.lock", "", "4444444000", "2025-04-17T12:00:00Z")},
	})
}

// TestHeadlineNamesTaglessGitBesideTag (issue 35 class a, leads b and
// d of v10): a git side without a tag beside a side of a tag was named
// by its path alone, so the reports of v1 against HEAD~1:spack.lock
// made on two days read alike, other commits; and a side without a tag
// at the path another's tag is spelt as read "x → x", as a snapshot
// diffed with itself. The first is named by its path and commit, the
// second's sides by their paths.
func TestHeadlineNamesTaglessGitBesideTag(t *testing.T) {
	git := func(path, rev, date string) diff.Side {
		return diff.Side{Path: path, Rev: rev, Date: date}
	}
	v1 := diff.Side{Path: "/c/v1", Tag: "v1"}
	sidesApart(t, [][2]diff.Side{
		{v1, git("HEAD~1:spack.lock", "1111111000", "2025-04-09T12:00:00Z")},
		{v1, git("HEAD~1:spack.lock", "3333333000", "2025-04-10T12:00:00Z")},
	})
	sidesApart(t, [][2]diff.Side{
		{git("HEAD~1:spack.lock", "1111111000", "2025-04-09T12:00:00Z"), v1},
		{git("HEAD~1:spack.lock", "3333333000", "2025-04-10T12:00:00Z"), v1},
	})
	for _, p := range [][2]diff.Side{
		{{Path: "x"}, {Path: "y", Tag: "x"}},
		{{Path: "y", Tag: "x"}, {Path: "x"}},
		{git("HEAD:x", "1111111000", "2025-04-09T12:00:00Z"), {Path: "y", Tag: "HEAD:x"}},
	} {
		if a, b := report.SideNames(p[0], p[1]); a == b {
			t.Errorf("the sides %+v and %+v are both named %s", p[0], p[1], a)
		}
	}
}
