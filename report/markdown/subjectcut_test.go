package markdown

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCutSubjectApart (issue 35, class a): the table of steps cut a
// long commit subject to 71 characters and "…": a subject of 72 ending
// with "…" read as one cut, two subjects alike for 71 characters read
// alike, and an invalid byte, cut through []rune, read as U+FFFD, as a
// subject holding U+FFFD does. A cut now ends with the mark of the whole
// subject, one character longer than any subject left whole, and keeps
// its bytes as they are.
func TestCutSubjectApart(t *testing.T) {
	head := strings.Repeat("s", subjectCut-1)
	pairs := [][2]string{
		{head + "…", head + "xx"},                    // whole, ending with "…"; cut
		{head + "x1", head + "x2"},                   // alike for 71 characters
		{"\xff" + head + "x", "\ufffd" + head + "x"}, // an invalid byte; U+FFFD
		{head + "x" + head, head + "y" + head},       // alike but one character
	}
	for _, p := range pairs {
		a, b := cutSubject(p[0]), cutSubject(p[1])
		if a == b {
			t.Errorf("cutSubject(%q) and cutSubject(%q) both %q", p[0], p[1], a)
		}
	}
	whole := head + "…"
	if got := cutSubject(whole); got != whole {
		t.Errorf("cutSubject(%q) = %q, want it whole", whole, got)
	}
	if got := cutSubject(head + "xx"); utf8.RuneCountInString(got) != subjectCut+1 {
		t.Errorf("cutSubject of %d characters = %q, %d characters: want %d, one more than any left whole", subjectCut+1, got, utf8.RuneCountInString(got), subjectCut+1)
	}
}
