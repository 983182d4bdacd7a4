package gitsrc

import (
	"strings"
	"testing"
)

// TestCommitIconvGitDies: git log dies on a commit whose committer line,
// as git reads it, is before 1970 in its zone, and git reads a commit
// in an encoding it converts with iconv (ISO-8859-15) only to its first
// NUL: here the line before it, where the line after it is a date. The
// error was "git -c: Timestamp before Unix epoch: 100 -130", which named
// neither the commit nor git log ("-c" is iconvCommits' first argument
// to git), for log --revs and REV:PATH alike.
func TestCommitIconvGitDies(t *testing.T) {
	repo, tree := literalRepo(t)
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	id := literalCommit(t, repo, "tree "+tree+"\nauthor a <b> 1700000000 +0100\ncommitter c <d> 100 -0130\nencoding ISO-8859-15\nx\x00committer d <e> 1800000000 +0000\n\nsubject\n")
	_, _, err = r.commits([]string{id})
	_, rerr := r.Resolve(id + ":c")
	for name, err := range map[string]error{"log --revs": err, "REV:PATH": rerr} {
		if err == nil {
			t.Errorf("%s: no error; git log dies on the commit", name)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, id) || !strings.Contains(msg, "git log") || strings.Contains(msg, "git -c") {
			t.Errorf("%s: %q; want the commit named, and git log", name, msg)
		}
	}
}
