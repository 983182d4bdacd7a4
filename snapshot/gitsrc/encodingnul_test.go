package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestCommitUTF8EncodingNUL: a commit whose header names its encoding
// UTF-8 is copied as a C string by git log (pretty.c's logmsg_reencode
// xstrdups it to rewrite the header), so its header and message end at
// the first NUL, as a Latin-1 commit's do when re-encoded: %cI is the
// committer before the NUL and %s is empty. log --revs cut only a
// Latin-1 commit there, and gave the date of a committer line after the
// NUL and a subject git log does not have.
func TestCommitUTF8EncodingNUL(t *testing.T) {
	repo := commitFiles(t, map[string]string{"c/x.md": "first\n"}, nil)
	for _, enc := range []string{"UTF-8", "utf8"} {
		obj := "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor a <b> 1 +0000\ncommitter c <c@d> 1700000200 +0100\nencoding " + enc + "\nx\x00committer d <d@e> 1700000400 +0000\n\nSubj\n"
		id := literalCommit(t, repo, obj)
		out, err := gittest.Git(repo, nil, "log", "-1", "--format=%cI|%s", id)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSpace(out)
		r, err := OpenRepo(repo)
		if err != nil {
			t.Fatal(err)
		}
		commits, _, err := r.commits([]string{id})
		if err != nil {
			t.Fatalf("%s: %v; git log gives %s", enc, err, want)
		}
		if got := commits[0].Date.Format("2006-01-02T15:04:05-07:00") + "|" + commits[0].Subject; got != want {
			t.Errorf("encoding %s: %q; want %q, as git log --format='%%cI|%%s'", enc, got, want)
		}
	}
}
