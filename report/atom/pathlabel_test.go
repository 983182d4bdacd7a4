package atom

import (
	"bytes"
	"html"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestEntryPathReadsApartFromCommit (issue 35 class a): a step whose
// two snapshots share a label (two copies of _cache/develop, one tag)
// names them in its entry by their paths (entrySides), and wrote a path
// as it is: the folder "2025-03-09 aaaaaaa" titled its entry
// "2025-03-09 aaaaaaa: …", as the commit aaaaaaa of that day did. A
// path that reads as a commit's label is quoted, as every other view's
// series quotes it (report.PathLabel, as SnapshotLabels).
func TestEntryPathReadsApartFromCommit(t *testing.T) {
	var entry string // the last entry title rendered
	title := func(oldSide, newSide diff.Side) string {
		r := reporttest.OnePackage("zlib")
		r.Old.Path, r.Old.Tag, r.Old.Rev, r.Old.Date = oldSide.Path, oldSide.Tag, oldSide.Rev, oldSide.Date
		r.New.Path, r.New.Tag, r.New.Rev, r.New.Date = newSide.Path, newSide.Tag, newSide.Rev, newSide.Date
		var b bytes.Buffer
		if err := Format.Render(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		_, entry, _ = strings.Cut(b.String(), "<entry>")
		_, t0, _ := strings.Cut(entry, `<title type="text">`)
		t1, _, _ := strings.Cut(t0, "</title>")
		return t1
	}
	folders := title(diff.Side{Path: "w", Tag: "develop"}, diff.Side{Path: "2025-03-09 aaaaaaa", Tag: "develop"})
	commits := title(diff.Side{Path: "HEAD~1:p", Rev: "bbbbbbb000", Date: "2025-03-01T12:00:00Z"}, diff.Side{Path: "HEAD:p", Rev: "aaaaaaa000", Date: "2025-03-09T12:00:00Z"})
	if folders == commits {
		t.Errorf("the folder and the commit title their entries alike: %s", folders)
	}
	if want := `2025-03-09 aaaaaaa\&#34;&#34;: `; !strings.Contains(folders, want) {
		t.Errorf("the folder's entry is titled %s, want its label quoted, %s", folders, want)
	}
	// The old side's folder too, in the entry's "(from …)": "(from
	// 2025-03-01 bbbbbbb)" read as a commit's label.
	title(diff.Side{Path: "2025-03-01 bbbbbbb", Tag: "develop"}, diff.Side{Path: "w", Tag: "develop"})
	if want := `2025-03-01 bbbbbbb\&amp;#34;`; !strings.Contains(entry, want) {
		t.Errorf("the entry of the old folder is %s, want its path quoted, %s", entry, want)
	}
}

// TestEntryNamesGitPathsApart (issue 35 class a): a pair's entry named
// git sides by their commits alone, so the old side's path was named
// nowhere: git:C:a → git:D:b and git:C:x → git:D:b made one feed, read
// as a change to b since its commit C. Commits of other paths are each
// named by its path and commit (entrySides); commits of one path by
// their commits alone, as a log's entries are.
func TestEntryNamesGitPathsApart(t *testing.T) {
	render := func(oldPath, newPath string) string { return renderGitPair(t, oldPath, newPath) }
	if a, x := render("HEAD~1:a", "HEAD:b"), render("HEAD~1:x", "HEAD:b"); a == x {
		t.Errorf("the pairs of a and of x, each to b, made one feed:\n%s", a)
	}
	if f := render("HEAD~1:b", "HEAD:./b"); !strings.Contains(f, "(from 2025-03-09 aaaaaaa)") {
		t.Errorf("commits of one path are not named by their commits alone:\n%s", f)
	}
}

// TestPairEntryIDNamesBothSides (issue 35 class a): a pair's entry id
// was its new commit and path alone, so git:C:a → git:D:b and git:C:x →
// git:D:b had one id, and a feed reader kept one entry of the two; its
// old side of another path is in the id now (fromID), and a pair of one
// path keeps the id a log's step has. A revision holding a colon
// (HEAD^{/a:b}:p) was cut at its first colon (gitPathOf), its path read
// as "b}:p": p of two commits read as two paths.
func TestPairEntryIDNamesBothSides(t *testing.T) {
	id := func(oldPath, newPath string) string {
		_, e, _ := strings.Cut(renderGitPair(t, oldPath, newPath), "<entry>")
		_, e, _ = strings.Cut(e, "<id>")
		e, _, _ = strings.Cut(e, "</id>")
		return e
	}
	if a, x := id("HEAD~1:a", "HEAD:b"), id("HEAD~1:x", "HEAD:b"); a == x {
		t.Errorf("the pairs of a and of x, each to b, have one entry id %s", a)
	}
	if got, want := id("HEAD~1:b", "HEAD:./b"), "urn:cachediff:commit:bbbbbbb000:b"; got != want {
		t.Errorf("a pair of one path has the id %s, want a log step's, %s", got, want)
	}
	if got, want := id("HEAD^{/a:b}:p", "HEAD:p"), "urn:cachediff:commit:bbbbbbb000:p"; got != want {
		t.Errorf("a revision holding a colon: the id %s, want %s", got, want)
	}
	// The entry names the sides by their commits alone, as of one path.
	if _, entry, _ := strings.Cut(renderGitPair(t, "HEAD^{/a:b}:p", "HEAD:p"), "<entry>"); !strings.Contains(entry, "(from 2025-03-09 aaaaaaa)") {
		t.Errorf("a revision holding a colon: its entry names the sides as of other paths:\n%s", entry)
	}
	if got, want := gitPathOf("HEAD@{2025-03-01 10:00}:x/y"), "x/y"; got != want {
		t.Errorf("gitPathOf = %q, want %q", got, want)
	}
}

// TestGitPathBackslashApart (issue 35 class a): the feed named a path in
// git with its backslashes made slashes (cleanGitPath), where git and
// REV:PATH read a backslash as a character of the name: the folders a\b
// and a/b of one commit made two feeds alike, ids, titles and entries,
// both "a/b".
func TestGitPathBackslashApart(t *testing.T) {
	ids := func(oldPath, newPath string) string {
		var l []string
		for _, line := range strings.Split(renderGitPair(t, oldPath, newPath), "\n") {
			if strings.Contains(line, "<id>") || strings.Contains(line, "<title") && !strings.Contains(line, "HEAD") {
				l = append(l, line)
			}
		}
		return strings.Join(l, "\n")
	}
	for _, pair := range [][2]string{{"HEAD~1:a\\b", "HEAD~1:a/b"}, {"HEAD~1:x", "HEAD~1:x"}} {
		a, b := ids(pair[0], `HEAD:a\b`), ids(pair[1], "HEAD:a/b")
		if a == b {
			t.Errorf("the pairs %s to a\\b and %s to a/b: ids and title alike,\n%s", pair[0], pair[1], a)
		}
	}
}

// renderGitPair is the feed of a pair of git sides at oldPath and
// newPath (REV:PATH), of commits aaaaaaa000 and bbbbbbb000.
func renderGitPair(t *testing.T, oldPath, newPath string) string {
	t.Helper()
	r := reporttest.OnePackage("zlib")
	r.Old = diff.Side{Path: oldPath, Rev: "aaaaaaa000", Date: "2025-03-09T12:00:00Z"}
	r.New = diff.Side{Path: newPath, Rev: "bbbbbbb000", Date: "2025-03-16T12:00:00Z"}
	var b bytes.Buffer
	if err := Format.Render(&b, r, report.Options{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestDiskPathBackslashApart (issue 35 class a): a folder on disk named
// its backslashes as slashes in the feed's id (cleanPath), where a
// Unix system reads a backslash as a character of the name: the series
// of the folders x/a\b/new and x/a/b/new made feeds of one id, and their
// pairs' entries one id too.
func TestDiskPathBackslashApart(t *testing.T) {
	if filepath.Separator == '\\' {
		t.Skip("a backslash is a slash here")
	}
	series := func(dir string) *diff.Series {
		return &diff.Series{Snapshots: []diff.SnapshotInfo{{Path: dir + "/old"}, {Path: dir + "/new"}}}
	}
	if a, b := DefaultFeedID(series(`x/a\b`)), DefaultFeedID(series("x/a/b")); a == b {
		t.Errorf("the series of x/a\\b and of x/a/b: one feed id, %s", a)
	}
	ids := func(dir string) string {
		r := reporttest.OnePackage("zlib")
		r.Old, r.New = diff.Side{Path: dir + "/old"}, diff.Side{Path: dir + "/new", Date: "2025-03-16T12:00:00Z"}
		var b bytes.Buffer
		if err := Format.Render(&b, r, report.Options{}); err != nil {
			t.Fatal(err)
		}
		var l []string
		for _, line := range strings.Split(b.String(), "\n") {
			if strings.Contains(line, "<id>") {
				l = append(l, line)
			}
		}
		return strings.Join(l, "\n")
	}
	if a, b := ids(`x/a\b`), ids("x/a/b"); a == b {
		t.Errorf("the pairs of x/a\\b and of x/a/b: ids alike,\n%s", a)
	}
}

// TestEntryGitPathLookalikeQuoted (issue 35 class a): a pair of commits
// of other paths named each side in its entry by its path and commit
// (entrySides) with the path raw, where a log's title and headings
// quote a name holding a lookalike in ASCII (report.GitPathLabel, as
// SnapshotLabels): the pairs to HEAD:s1 and to HEAD:ѕ1 (its ѕ U+0455),
// from HEAD~1:a and HEAD~1:а (its а U+0430), titled their entries
// alike to the eye. Plain paths are named as they were.
func TestEntryGitPathLookalikeQuoted(t *testing.T) {
	entry := func(oldPath, newPath string) (title, content string) {
		f := parseFeed(t, []byte(renderGitPair(t, oldPath, newPath)))
		if len(f.Items) != 1 {
			t.Fatalf("%d entries, want 1", len(f.Items))
		}
		return f.Items[0].Title, html.UnescapeString(f.Items[0].Content) // HTML
	}
	plain, plainContent := entry("HEAD~1:a", "HEAD:s1")
	odd, oddContent := entry("HEAD~1:\u0430", "HEAD:\u04551")
	if want := "HEAD:s1 2025-03-16 bbbbbbb: "; !strings.HasPrefix(plain, want) {
		t.Errorf("the plain pair's entry is titled %q, want it to start %q", plain, want)
	}
	if want := "(from HEAD~1:a 2025-03-09 aaaaaaa)"; !strings.Contains(plainContent, want) {
		t.Errorf("the plain pair's entry is %q, want %q", plainContent, want)
	}
	if want := `"HEAD:\u04551 2025-03-16 bbbbbbb": `; !strings.HasPrefix(odd, want) {
		t.Errorf("the lookalike pair's entry is titled %q, want it to start %q", odd, want)
	}
	if want := `(from "HEAD~1:\u0430 2025-03-09 aaaaaaa")`; !strings.Contains(oddContent, want) {
		t.Errorf("the lookalike pair's entry is %q, want %q", oddContent, want)
	}
	for _, s := range []string{odd, oddContent} {
		if strings.ContainsAny(s, "\u0430\u0455") {
			t.Errorf("a lookalike is written raw: %q", s)
		}
	}
}

// TestFeedSubjectQuoted (issue 35 class a): a feed's title names its
// subject (feedSubject) quoted as a file is (report.FileCell): the
// feeds of the folders s1 and ѕ1 (its ѕ U+0455) were both titled
// "cachediff: changes to s1" to the eye, where their entries' labels
// quote ѕ1 in ASCII; a subject of an edge space reads quoted too. Plain
// subjects are named as they were.
func TestFeedSubjectQuoted(t *testing.T) {
	for p, want := range map[string]string{
		"s1/w":  "s1",
		"ѕ1/w":  `"\u04551"`,
		" s1/w": `" s1"`,
		"a b/w": "a b",
	} {
		if got := feedOfNew(t, p).Title; got != "cachediff: changes to "+want {
			t.Errorf("new snapshot %q: feed titled %q, want it about %s", p, got, want)
		}
	}
}
