package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSubjectNULInHeader: git reads a commit object as a C string: a
// header line that starts with a NUL byte ends it, so the commit has no
// message (a NUL within a line is stepped over); the encoding header is
// looked for before the first NUL; and a commit in Latin-1 is re-encoded
// up to its first NUL. log --revs read the message after the first
// empty line whatever came before, and the encoding anywhere in the
// header: subjects git log --format=%s gives as "" (or "caf\ufffd"), it
// gave as "Subject" (or "café").
func TestSubjectNULInHeader(t *testing.T) {
	repo, tree := literalRepo(t)
	hdr := "tree " + tree + "\nauthor a <a@b> 1700000000 +0000\ncommitter a <a@b> 1700000000 +0000\n"
	latin1 := hdr + "encoding ISO-8859-1\n"
	for name, obj := range map[string]string{
		"a NUL starting a header line":             hdr + "\x00\n\nSubject\n",
		"two NULs":                                 hdr + "x\x00\x00y\n\nSubject\n",
		"a NUL within a header line":               hdr + "x\x00y\n\nSubject\n",
		"the encoding after a NUL":                 hdr + "x\x00y\nencoding ISO-8859-1\n\ncaf\xe9\n",
		"Latin-1, a NUL in the header":             latin1 + "x\x00y\n\ncaf\xe9\n",
		"Latin-1, a NUL in the message":            latin1 + "\ncaf\xe9\x00 more\n",
		"Latin-1, a NUL in the encoding header":    strings.TrimSuffix(latin1, "\n") + "\x00x\n\ncaf\xe9\n",
		"a NUL in the message, after a blank line": hdr + "\n \nSub\x00ject\n",
	} {
		id := literalCommit(t, repo, obj)
		out, err := gittest.Git(repo, nil, "-c", "i18n.logOutputEncoding=UTF-8", "log", "-1", "--format=%s", id)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Join(strings.Fields(utf8Text([]byte(strings.TrimSuffix(out, "\n")), "")), " ")
		r, err := OpenRepo(repo)
		if err != nil {
			t.Fatal(err)
		}
		commits, _, err := r.commits([]string{id})
		if err != nil {
			t.Fatal(err)
		}
		if got := commits[0].Subject; got != want {
			t.Errorf("%s: subject %q; want %q, as git log --format=%%s", name, got, want)
		}
	}
}
