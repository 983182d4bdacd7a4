package main

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
)

// TestAbsentMessageQuotesPath (issue 35 classes a and e): a log --revs
// step whose PATH does not exist at a commit warns so, and the warning
// named PATH as it is: the folder "-x y" read "-x y does not exist at
// commit …", the path run into the words, a folder "the repository's
// top" read as the top, and the folders a\u202eb (a backslash and
// letters) and a, U+202E, b alike on standard error. PATH is named
// as the log's note names it (report.RevsPath).
func TestAbsentMessageQuotesPath(t *testing.T) {
	const id = "0123456789abcdef"
	if got, want := absentMessage("-x y", id), `"-x y" does not exist at commit 0123456789ab (deleted, or not made yet): an empty snapshot`; got != want {
		t.Errorf("absentMessage(-x y) = %q, want %q", got, want)
	}
	if got := absentMessage("_cache/develop", id); !strings.HasPrefix(got, "_cache/develop does not exist") {
		t.Errorf("absentMessage(_cache/develop) = %q, want the path as it is", got)
	}
	for _, pair := range [][2]string{{"", "the repository's top"}, {`a\u202eb`, "a\u202eb"}, {"_cache/develop", "_cache/d\u0435velop"}} {
		if a, b := report.Visible(absentMessage(pair[0], id)), report.Visible(absentMessage(pair[1], id)); a == b {
			t.Errorf("the paths %q and %q both warn %q", pair[0], pair[1], a)
		}
		if got := absentMessage(pair[1], id); strings.ContainsFunc(got, func(r rune) bool { return r > 0x7e }) {
			t.Errorf("absentMessage(%q) = %q: not in ASCII", pair[1], got)
		}
	}
}
