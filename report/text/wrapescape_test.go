package text

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/report"
)

// TestWrapKeepsEscapesWhole (issue 35, class e): a word wider than a
// line is broken where it reaches the edge, and that was inside the
// escapes report.VisibleInput writes: a name of U+202E read "…\u20" at a
// line's end and "2e…" at the next one's start, neither an escape nor
// the character. An escape (\u202e, \U000e0001, \x1b, \n, a doubled
// backslash) is kept whole on one line, a line ending before it when it
// does not fit; no line is wider than the width even so.
func TestWrapKeepsEscapesWhole(t *testing.T) {
	escapes := []string{`\u202e`, `\U000e0001`, `\x1b`, `\n`, `\\`}
	for _, esc := range escapes {
		for width := report.MinWidth; width < report.MinWidth+12; width++ {
			for lead := range width + 2 {
				word := strings.Repeat("a", lead) + esc + strings.Repeat("b", 3*width) + esc + "c"
				lines := wrapText("x "+word, width, "", "  ")
				var got []string
				for k, l := range lines {
					if c := cells(l); c > width {
						t.Fatalf("%s, width %d, lead %d: line %d is %d cells: %q", esc, width, lead, k, c, l)
					}
					got = append(got, strings.TrimPrefix(l, "  "))
				}
				joined := strings.Join(got, "")
				if strings.Count(joined, esc) != 2 || strings.Count(strings.Join(got, "\n"), esc) != 2 {
					t.Fatalf("%s, width %d, lead %d: an escape broken across lines: %q", esc, width, lead, lines)
				}
			}
		}
	}
}

// TestWrapEscapeWiderThanLineLeft: an escape wider than what a hanging
// indent leaves of the line goes whole onto a line of its own (wider
// than the width, as one character that does not fit goes anyway), not
// its backslash alone with the rest on the next line.
func TestWrapEscapeWiderThanLineLeft(t *testing.T) {
	for _, esc := range []string{`\u202e`, `\U000e0001`, `\x1b`} {
		width := report.MinWidth
		for h := width - len(esc) + 1; h < width; h++ {
			hang := strings.Repeat(" ", h)
			lines := wrapText("x "+esc+"bb"+esc, width, "", hang)
			if n := strings.Count(strings.Join(lines, "\n"), esc); n != 2 {
				t.Fatalf("%s, hang %d: %d whole escapes of 2 in %q", esc, h, n, lines)
			}
		}
	}
}
