package report

import (
	"strings"
	"testing"
)

// TestCutMiddle: one cut for text's and the feed's snapshot names
// (textLabel, feedLabel kept a copy each): whole up to the limit, else
// the first limit/2 and the last characters either side of "…", limit
// wide, by the width given.
func TestCutMiddle(t *testing.T) {
	one := func(rune) int { return 1 }
	cells := func(r rune) int {
		if r == '世' {
			return 2
		}
		return 1
	}
	for _, c := range []struct {
		in    string
		limit int
		width func(rune) int
		want  string
	}{
		{"abcdef", 6, one, "abcdef"},
		{"abcdefg", 6, one, "abc…fg"},
		{"世世世世", 7, cells, "世…世世"},
		{"世世世世", 8, cells, "世世世世"},
		{"é" + strings.Repeat("x", 8) + "é", 6, one, "éxx…xé"},
		{strings.Repeat("a", 100) + strings.Repeat("b", 101), MaxWord, one, strings.Repeat("a", 100) + "…" + strings.Repeat("b", 99)},
	} {
		if got := CutMiddle(c.in, c.limit, c.width); got != c.want {
			t.Errorf("CutMiddle(%q, %d) = %q, want %q", c.in, c.limit, got, c.want)
		}
	}
}
