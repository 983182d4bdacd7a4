package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestCommitIconvEncodingNUL: a commit whose header names an encoding git
// converts with iconv (ISO-8859-15, Shift_JIS, an empty name: iconv's
// "" is the locale's charset) is copied by git log only to its first NUL
// when the conversion succeeds (reencode_string reads a C string), and
// whole when it fails (bogus): %cI is the committer line before the NUL,
// or the last one after it. log --revs and REV:PATH read the committer
// line after the NUL for all of them: another date than git's, or none
// ("a commit without a readable committer date") where git reads one.
// A commit git reads no date of (bogus, junk after the NUL) is refused.
func TestCommitIconvEncodingNUL(t *testing.T) {
	repo, tree := literalRepo(t)
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, enc := range []string{"ISO-8859-15", "SHIFT_JIS", "", "bogus"} {
		for _, after := range []string{"1800000000 +0000", "junk"} {
			obj := "tree " + tree + "\nauthor a <b> 1700000000 +0100\ncommitter c <d> 1700000200 +0100\nencoding " + enc + "\nx\x00committer d <e> " + after + "\n\nthird\n"
			id := literalCommit(t, repo, obj)
			out, err := gittest.Git(repo, nil, "log", "-1", "--format=%cI", id)
			if err != nil {
				t.Fatal(err)
			}
			want := asTime3339(strings.TrimSpace(out))
			if want == "%cI" {
				want = "" // git prints a placeholder it has no value for as it is
			}
			name := "encoding " + enc + ", committer " + after + " after the NUL"
			commits, _, err := r.commits([]string{id})
			switch {
			case want == "" && err == nil:
				t.Errorf("%s: log --revs date %s; git log has none", name, commits[0].Date.Format(time3339))
			case want != "" && err != nil:
				t.Errorf("%s: log --revs: %v; git log --format=%%cI gives %s", name, err, want)
			case want != "" && commits[0].Date.Format(time3339) != want:
				t.Errorf("%s: log --revs date %s; git log --format=%%cI gives %s", name, commits[0].Date.Format(time3339), want)
			}
			tr, err := r.Resolve(id + ":c")
			switch {
			case want == "" && err == nil:
				t.Errorf("%s: REV:PATH date %s; git log has none", name, tr.Date.Format(time3339))
			case want != "" && err != nil:
				t.Errorf("%s: REV:PATH: %v; git log --format=%%cI gives %s", name, err, want)
			case want != "" && tr.Date.Format(time3339) != want:
				t.Errorf("%s: REV:PATH date %s; git log --format=%%cI gives %s", name, tr.Date.Format(time3339), want)
			}
		}
	}
}
