package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSpacedRangeUnknownEndCut (class e): a range with spaces around
// its dots whose end git does not know named the range and that end
// whole: 'HEAD .. A', A 5,000 bytes, made a line of 10 KB, which the
// command's line cap (8 KB) cut inside the second quote, "git knows no
// commit" lost. Both are cut as a path is (quotedInput).
func TestSpacedRangeUnknownEndCut(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 2)
	end := strings.Repeat("a", 5000)
	_, err := r.Series("HEAD .. "+end, "x", "", "")
	if err == nil {
		t.Fatal("Series of a spaced range with an unknown end: no error")
	}
	msg := err.Error()
	if !strings.Contains(msg, "has spaces: a range is one argument (A..B), and git knows no commit \"aaa") {
		t.Errorf("Series: %.300s; want the unknown end named", msg)
	}
	if len(msg) > 6<<10 {
		t.Errorf("Series: a message of %d bytes, want at most 6 KB (the line cap is 8 KB)", len(msg))
	}
}
