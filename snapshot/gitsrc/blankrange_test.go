package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSeriesBlankRangeEnds (class e): --revs .. (--revs "$A..$B", both
// unset) said git's "revision range ..: git rev-parse: bad revision
// '..'", and a range whose ends are blank, or hold a space, named its
// revision raw ("unknown revision   in the range  .. "). A range of no
// revision at either end says so and how a range is written; a revision
// or a range that holds a space is quoted; one that holds none is named
// as it is. A range of no revision at all (ROOT^@) is not told that it
// only leaves a history out; ^HEAD is not told to give HEAD..HEAD.
func TestSeriesBlankRangeEnds(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 2)
	for rng, want := range map[string]string{
		"..":           "the range .. names no revision at either end: a range is A..B (HEAD~7..HEAD), A.. or ..B",
		" .. ":         `the range " .. " names no revision at either end`,
		"\t..":         `the range "\t.." names no revision at either end`,
		"nope ..HEAD":  `revision range "nope ..HEAD" has spaces: a range is one argument (A..B), and git knows no commit "nope"`,
		" HEAD~1..":    `unknown revision " HEAD~1" in the range " HEAD~1.."`,
		"nope..HEAD":   "unknown revision nope in the range nope..HEAD",
		"HEAD~9..HEAD": "unknown revision HEAD~9 in the range HEAD~9..HEAD",
		// Only an end left out: no commit to list from, as A..A.
		"^HEAD~1": "the range ^HEAD~1 selects no commit: it only leaves out the history of HEAD~1, and names no commit to list from; give the end too, as 'HEAD~1..HEAD'",
		// git's reason for a reflog's or an upstream's revision, not
		// "unknown revision @{u}".
		"@{u}..HEAD":      "revision @{u} in the range @{u}..HEAD: no upstream configured for branch ",
		"HEAD@{99}..HEAD": "revision HEAD@{99} in the range HEAD@{99}..HEAD: log for 'HEAD' only has ",
		// Not a range refused in turn, HEAD..HEAD.
		"^HEAD": "the range ^HEAD selects no commit: it only leaves out the history of HEAD, and names no commit to list from; give the end too, as HEAD..B, B a later commit of its first-parent line",
		// No revision at all (the parents of the root commit): nothing
		// left out either.
		"HEAD~1^@": "the range HEAD~1^@ selects no commit: git reads it as no revision at all (the parents of a root commit are none); give a range A..B",
	} {
		_, err := r.Series(rng, "x", "", "")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Series(%q): %v; want %q", rng, err, want)
		}
	}
}

// TestReflogShortRefused (class b): a revision of a date before the
// reflog's first entry (HEAD@{1.year.ago}, HEAD@{1.week.ago} in a fresh
// clone, whose reflog holds the clone alone) is git's oldest entry, with
// a warning cachediff dropped: REV:PATH read that commit as the one of
// the date, and a diff of the week against HEAD was one of no change (or
// of a day), exit 0. It is refused, naming the reflog and how far it
// goes back, as a snapshot and as a log's range; a date the reflog
// reaches is read.
func TestReflogShortRefused(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 2)
	const want = `the reflog of "HEAD" only goes back to `
	if _, err := r.Resolve("HEAD@{1.year.ago}:x"); err == nil || !strings.Contains(err.Error(), "revision HEAD@{1.year.ago}: "+want) {
		t.Errorf("HEAD@{1.year.ago}:x: %v; want %q", err, want)
	}
	if _, err := r.Series("HEAD@{1.year.ago}..HEAD", "x", "", ""); err == nil || !strings.Contains(err.Error(), "the range HEAD@{1.year.ago}..HEAD: "+want) {
		t.Errorf("log --revs HEAD@{1.year.ago}..HEAD: %v; want %q", err, want)
	}
	if _, err := r.Resolve("HEAD@{1}:x"); err != nil {
		t.Errorf("HEAD@{1}:x, in the reflog: %v", err)
	}
}
