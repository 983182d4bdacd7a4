package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestCommitDateNULInHeader: git's %cI reads the committer line of a
// commit object as a C string (pretty.c's parse_commit_header): a line
// ends at a NUL as at a newline, the NUL stepped over, and the last
// committer line before the header ends is the date. log --revs split
// the header at newlines alone: a committer line "... 2000 +0000\0junk"
// was refused as a commit without a readable committer date, and a
// committer after a NUL within the author line was not found, where git
// log reads both.
func TestCommitDateNULInHeader(t *testing.T) {
	repo, tree := literalRepo(t)
	hdr := "tree " + tree + "\nauthor a <a@b> 1700000000 +0000\n"
	for name, obj := range map[string]string{
		"a NUL after the committer's zone":           hdr + "committer c <c@d> 1700000200 +0100\x00junk\n\nSubject\n",
		"the committer after a NUL in the author":    strings.TrimSuffix(hdr, "\n") + "\x00committer c <c@d> 1700000300 +0000\n\nSubject\n",
		"a second committer after a NUL in a line":   hdr + "committer c <c@d> 1700000200 +0100\nx\x00committer d <d@e> 1700000400 +0000\n\nSubject\n",
		"Latin-1, a committer after a NUL in a line": hdr + "committer c <c@d> 1700000200 +0100\nencoding ISO-8859-1\nx\x00committer d <d@e> 1700000400 +0000\n\ncaf\xe9\n",
	} {
		id := literalCommit(t, repo, obj)
		out, err := gittest.Git(repo, nil, "log", "-1", "--format=%cI", id)
		if err != nil {
			t.Fatal(err)
		}
		want := asTime3339(strings.TrimSpace(out))
		if want == "" {
			t.Fatalf("%s: git log gives no committer date", name)
		}
		r, err := OpenRepo(repo)
		if err != nil {
			t.Fatal(err)
		}
		commits, _, err := r.commits([]string{id})
		if err != nil {
			t.Errorf("%s: %v; git log --format=%%cI gives %s", name, err, want)
			continue
		}
		if got := commits[0].Date.Format("2006-01-02T15:04:05-07:00"); got != want {
			t.Errorf("%s: date %s; want %s, as git log --format=%%cI", name, got, want)
		}
	}
}
