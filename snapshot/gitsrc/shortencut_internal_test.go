package gitsrc

import (
	"strings"
	"testing"
)

// TestShortenCutsApart (issue 35, class a): a link target cut for a
// message (the symbolic link REV:PATH does not follow, the way through
// links) ended with "..." alone, so two targets alike for their first
// 200 bytes read alike. The cut ends with the mark of the whole value
// (cutmark.Of).
func TestShortenCutsApart(t *testing.T) {
	a, b := strings.Repeat("x", 210)+"1", strings.Repeat("x", 210)+"2"
	if shorten(a, 200) == shorten(b, 200) {
		t.Errorf("shorten(%q) and shorten(%q) both %q", a, b, shorten(a, 200))
	}
	if got := shorten("short", 200); got != "short" {
		t.Errorf("shorten of a short value = %q", got)
	}
}
