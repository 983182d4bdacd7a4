package report

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCutValueLongerThanWhole (issue 35 class a): a word cut before an
// escape that did not fit (188 characters and "\u202e") kept fewer
// than its 192 and was 197 characters with its mark, as a word left
// whole may be: the word spelt so read as the one cut. So were a text
// cut before an escape, and a label cut by CutLabel (every cut label
// was at most limit wide). Each cut value is now one character wider
// than any left whole (its mark a digit longer for each it lacks), so
// a cut value is never Shorten's or CutLabel's value of itself.
func TestCutValueLongerThanWhole(t *testing.T) {
	one := func(rune) int { return 1 }
	for _, esc := range escapesOfVisibleText {
		for j := range 12 {
			word := strings.Repeat("a", maxWord-12+j) + strings.Repeat(esc, 40)
			if got := Shorten(word); utf8.RuneCountInString(got) != maxWord+1 || Shorten(got) == got {
				t.Errorf("Shorten(%d a and %s×40) = %q: %d characters, want %d", maxWord-12+j, esc, got, utf8.RuneCountInString(got), maxWord+1)
			}
			text := strings.Repeat("ab ", (maxText-12+j)/3) + strings.Repeat(esc+" ", 40)
			if got := Shorten(text); utf8.RuneCountInString(got) != maxText+1 || Shorten(got) == got {
				t.Errorf("Shorten of a text cut %d characters before %s: %d characters, want %d", j, esc, utf8.RuneCountInString(got), maxText+1)
			}
			for _, limit := range []int{40, MaxWord} {
				label := strings.Repeat("a", limit/2-6+j) + strings.Repeat(esc, 2*limit)
				if got := CutLabel(label, limit, one); utf8.RuneCountInString(got) != limit+1 || CutLabel(got, limit, one) == got {
					t.Errorf("CutLabel(%d a and %s×%d, %d) = %q: %d wide, want %d", limit/2-6+j, esc, 2*limit, limit, got, utf8.RuneCountInString(got), limit+1)
				}
			}
		}
	}
	// Wide characters and clusters: a cut label is limit+1 wide still.
	cells := func(r rune) int {
		switch {
		case r == '\u0301':
			return 0
		case r >= 0x4e00: // 世; "…" is one
			return 2
		}
		return 1
	}
	for _, label := range []string{
		strings.Repeat("世", 150),
		"a" + strings.Repeat("世", 150),
		strings.Repeat("e\u0301", 300),
		strings.Repeat("e"+strings.Repeat("\u0301", 20), 300),
	} {
		got := CutLabel(label, MaxWord, cells)
		w := 0
		for _, r := range got {
			w += cells(r)
		}
		if w != MaxWord+1 {
			t.Errorf("CutLabel(%.20q…, %d) = %q: %d wide, want %d", label, MaxWord, got, w, MaxWord+1)
		}
	}
}
