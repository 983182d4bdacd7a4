package report

import (
	"slices"
	"testing"

	"github.com/cachediff/cachediff/diff"
)

// TestLabels: a series names each snapshot apart. Distinct tags are kept;
// folders sharing a tag are named by their paths (as the pair diff's
// headline does); git snapshots by date and short id; anything still
// alike gets its place in the series.
func TestLabels(t *testing.T) {
	rev := func(path, tag, rev, date string) diff.SnapshotInfo {
		return diff.SnapshotInfo{Path: path, Tag: tag, Rev: rev, Date: date}
	}
	for _, c := range []struct {
		name  string
		snaps []diff.SnapshotInfo
		want  []string
	}{
		{"distinct tags", []diff.SnapshotInfo{{Path: "a", Tag: "develop-1"}, {Path: "b", Tag: "develop-2"}}, []string{"develop-1", "develop-2"}},
		{"one tag", []diff.SnapshotInfo{{Path: "w1", Tag: "develop"}, {Path: "w2", Tag: "develop"}, {Path: "w3", Tag: "develop"}}, []string{"w1", "w2", "w3"}},
		{"one tag repeated", []diff.SnapshotInfo{{Path: "w1", Tag: "develop"}, {Path: "t", Tag: "v1"}, {Path: "w3", Tag: "develop"}}, []string{"w1", "v1", "w3"}},
		{"same folder twice", []diff.SnapshotInfo{{Path: "w1", Tag: "develop"}, {Path: "w2", Tag: "develop"}, {Path: "w2", Tag: "develop"}}, []string{"w1", "w2 (snapshot 2)", "w2 (snapshot 3)"}},
		{"one folder twice", []diff.SnapshotInfo{{Path: "a/v0.23.0", Tag: "v0.23.0"}, {Path: "a/v0.23.1", Tag: "v0.23.1"}, {Path: "a/v0.23.1", Tag: "v0.23.1"}}, []string{"v0.23.0", "v0.23.1 (snapshot 2)", "v0.23.1 (snapshot 3)"}},
		{"no tag", []diff.SnapshotInfo{{Path: "index.json"}, {Path: "index.json"}}, []string{"index.json (snapshot 1)", "index.json (snapshot 2)"}},
		{"git", []diff.SnapshotInfo{rev("aaaaaaaaaa:p", "develop", "aaaaaaaaaa", "2025-03-09T10:00:00Z"), rev("bbbbbbbbbb:p", "develop", "bbbbbbbbbb", "2025-03-16T10:00:00Z")},
			[]string{"2025-03-09 aaaaaaa", "2025-03-16 bbbbbbb"}},
		{"git, one commit twice", []diff.SnapshotInfo{rev("aaaaaaaaaa:p", "develop", "aaaaaaaaaa", "2025-03-09T10:00:00Z"), rev("aaaaaaaaaa:p", "develop", "aaaaaaaaaa", "2025-03-09T10:00:00Z")},
			[]string{"2025-03-09 aaaaaaa (snapshot 1)", "2025-03-09 aaaaaaa (snapshot 2)"}},
		// Two PATHs at one commit are named by their PATHs, as a pair's
		// headline names them (they read "2026-12-06 c8db95a (snapshot
		// 1)" and "(snapshot 2)"); a folder is named by its path still,
		// and one whose path reads as such a name is quoted.
		{"git, two paths at one commit", []diff.SnapshotInfo{rev("HEAD:_cache/develop", "develop", "c8db95a000", "2026-12-06T10:00:00Z"), rev("HEAD:mirror", "", "c8db95a000", "2026-12-06T10:00:00Z")},
			[]string{"HEAD:_cache/develop 2026-12-06 c8db95a", "HEAD:mirror 2026-12-06 c8db95a"}},
		{"git, one path twice beside another", []diff.SnapshotInfo{rev("HEAD:a", "", "c8db95a000", "2026-12-06T10:00:00Z"), rev("HEAD:b", "", "c8db95a000", "2026-12-06T10:00:00Z"), rev("HEAD:a", "", "c8db95a000", "2026-12-06T10:00:00Z")},
			[]string{"HEAD:a 2026-12-06 c8db95a (snapshot 1)", "HEAD:b 2026-12-06 c8db95a", "HEAD:a 2026-12-06 c8db95a (snapshot 3)"}},
		{"a folder named as a git path and commit", []diff.SnapshotInfo{{Path: "HEAD:mirror 2026-12-06 c8db95a"}, {Path: "b"}},
			[]string{`"HEAD:mirror 2026-12-06 c8db95a"`, "b"}},
		{"a tag that is another's path", []diff.SnapshotInfo{{Path: "develop"}, {Path: "w", Tag: "develop"}}, []string{"develop", "w"}},
		// A label read as one placed is quoted, and one quoted so too.
		{"a folder named as a place", []diff.SnapshotInfo{{Path: "a (snapshot 1)"}, {Path: "b"}, {Path: `"a (snapshot 3)"`}, {Path: "c (snapshot x)"}},
			[]string{`"a (snapshot 1)"`, "b", `"\"a (snapshot 3)\""`, "c (snapshot x)"}},
		// A folder's label read as a commit's is quoted, and one quoted
		// so too; the commit's is not, nor one whose date is not of ten
		// characters, as a commit's is (class c: with any length taken,
		// no test failed).
		{"a folder named as a commit", []diff.SnapshotInfo{rev("aaaaaaaaaa:p", "", "aaaaaaaaaa", "2025-03-09T10:00:00Z"), {Path: "f", Tag: "2025-03-09 aaaaaaa"}, {Path: `"2025-03-09 aaaaaaa"`}, {Path: " abc"}, {Path: "2025-03-09 xyz"}, {Path: "2025-3-9 aaaaaaa"}},
			[]string{"2025-03-09 aaaaaaa", "f", `"\"2025-03-09 aaaaaaa\""`, `" abc"`, "2025-03-09 xyz", "2025-3-9 aaaaaaa"}},
		{"a folder tagged as a commit", []diff.SnapshotInfo{{Path: "f", Tag: "2025-03-09 aaaaaaa"}, {Path: "g"}}, []string{`"2025-03-09 aaaaaaa"`, "g"}},
		{"one such folder twice", []diff.SnapshotInfo{{Path: "2025-03-09 aaaaaaa"}, {Path: "2025-03-09 aaaaaaa"}},
			[]string{`"2025-03-09 aaaaaaa" (snapshot 1)`, `"2025-03-09 aaaaaaa" (snapshot 2)`}},
	} {
		if got := SnapshotLabels(c.snaps); !slices.Equal(got, c.want) {
			t.Errorf("%s: labels = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestSideNames: a pair's two sides as every format's headline names
// them (Markdown, text, HTML and patch alike: the patch format named
// two nights of _cache/develop from git "develop → develop").
func TestSideNames(t *testing.T) {
	for _, c := range []struct {
		name         string
		old, new     diff.Side
		wantA, wantB string
	}{
		{"tags", diff.Side{Path: "a", Tag: "v0.23.0"}, diff.Side{Path: "b", Tag: "v0.23.1"}, "v0.23.0", "v0.23.1"},
		{"one tag, folders", diff.Side{Path: "w1", Tag: "develop"}, diff.Side{Path: "w2", Tag: "develop"}, "w1", "w2"},
		{"one tag, git", diff.Side{Path: "HEAD~1:p", Tag: "develop", Rev: "aaaaaaaaaa", Date: "2025-03-09T12:00:00Z"}, diff.Side{Path: "HEAD:p", Tag: "develop", Rev: "bbbbbbbbbb", Date: "2025-03-16T12:00:00Z"},
			"develop 2025-03-09 aaaaaaa", "develop 2025-03-16 bbbbbbb"},
		{"one commit twice", diff.Side{Path: "HEAD:p", Tag: "develop", Rev: "aaaaaaaaaa", Date: "2025-03-09T12:00:00Z"}, diff.Side{Path: "main:p", Tag: "develop", Rev: "aaaaaaaaaa", Date: "2025-03-09T12:00:00Z"}, "HEAD:p", "main:p"},
		// Short ids and dates alike, at one path: each named by its full
		// id, not both "p" (the headline "p → p").
		{"short ids alike", diff.Side{Path: "p", Tag: "develop", Rev: "aaaaaaa1", Date: "2025-03-09T12:00:00Z"}, diff.Side{Path: "p", Tag: "develop", Rev: "aaaaaaa2", Date: "2025-03-09T13:00:00Z"},
			"develop 2025-03-09 aaaaaaa1", "develop 2025-03-09 aaaaaaa2"},
		{"short ids alike, no tag", diff.Side{Path: "p", Rev: "aaaaaaa1", Date: "2025-03-09T12:00:00Z"}, diff.Side{Path: "p", Rev: "aaaaaaa2", Date: "2025-03-09T13:00:00Z"},
			"p 2025-03-09 aaaaaaa1", "p 2025-03-09 aaaaaaa2"},
		{"no tag", diff.Side{Path: "old/index.json"}, diff.Side{Path: "new", Tag: "develop"}, "old/index.json", "develop"},
	} {
		if a, b := SideNames(c.old, c.new); a != c.wantA || b != c.wantB {
			t.Errorf("%s: %q, %q; want %q, %q", c.name, a, b, c.wantA, c.wantB)
		}
	}
}

// TestSideLabelQuotesCommitLike: a step's title names its snapshots by
// SideLabel as the series names them (SnapshotLabels): a folder tagged
// "2025-03-09 aaaaaaa" read as the commit aaaaaaa of that day, and is
// quoted; the commit is not.
func TestSideLabelQuotesCommitLike(t *testing.T) {
	for _, c := range []struct {
		side diff.Side
		want string
	}{
		{diff.Side{Path: "f", Tag: "2025-03-09 aaaaaaa"}, `"2025-03-09 aaaaaaa"`},
		{diff.Side{Path: "2025-03-09 aaaaaaa"}, `"2025-03-09 aaaaaaa"`},
		{diff.Side{Path: "HEAD:p", Rev: "aaaaaaaaaa", Date: "2025-03-09T10:00:00Z"}, "2025-03-09 aaaaaaa"},
		{diff.Side{Path: "f", Tag: "develop"}, "develop"},
	} {
		if got := SideLabel(c.side); got != c.want {
			t.Errorf("SideLabel(%+v) = %s, want %s", c.side, got, c.want)
		}
	}
}
