package gitsrc

import (
	"strings"
	"testing"
)

// TestRefusedDateSaysWhy: a commit whose committer date git shows (git
// log -1 --format=%cI: 9999-12-27T20:01:00-99:59) but a report cannot
// hold (its UTC is in the year 10000, dfe3e6b) was refused as "a commit
// without a readable committer date", which the user's own git log
// contradicts. The message now quotes the date as the commit writes it
// and says which dates cachediff reads; a commit with no date at all is
// still "without a readable committer date".
func TestRefusedDateSaysWhy(t *testing.T) {
	const hdr = "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor a <b> 1 +0000\n"
	for _, c := range []struct{ committer, quoted string }{
		{"committer a <b> 253402300800 -9959", `"253402300800 -9959"`},
		{"committer a <b> 100 -0130", `"100 -0130"`},
		{"committer a <b> 100 +0160\r", `"100 +0160"`},
		{"committer a <b> 253402300800 +0000 x", `"253402300800 +0000 x"`},
		{"committer a <b> " + strings.Repeat("9", 100) + " +0000", `"` + strings.Repeat("9", 64) + `"… (106 bytes)`},
	} {
		_, _, err := parseCommit([]byte(hdr+c.committer+"\n\nsubject\n"), "")
		if err == nil {
			t.Errorf("%q: read a date", c.committer)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.quoted) || !strings.Contains(msg, "1970") || !strings.Contains(msg, "9999") || strings.Contains(msg, "without a readable") {
			t.Errorf("%q: %s\nwant the date %s and the dates cachediff reads", c.committer, msg, c.quoted)
		}
	}
	for _, committer := range []string{"committer a <b>", "committer a <b> junk", "author c <d> 5 +0000"} {
		_, _, err := parseCommit([]byte(hdr+committer+"\n\nsubject\n"), "")
		if err == nil || err.Error() != errNoDate.Error() {
			t.Errorf("%q: %v, want %v", committer, err, errNoDate)
		}
	}
}
