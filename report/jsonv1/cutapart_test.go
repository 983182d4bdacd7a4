package jsonv1

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestMessageCutsTellValuesApart (issue 35 class a, lead a of v10): a
// value render's error names was cut at its first 60 characters and
// "…" (a key at 40), a number's token within its first 244 bytes: two
// values that differ only past the cut read alike, and the report's
// fault was pinned on neither. A cut value now ends with the mark of
// the whole value's digest (report.CutMark), one character longer than
// any value left whole, so that none reads as another cut.
func TestMessageCutsTellValuesApart(t *testing.T) {
	for _, n := range []int{60, 61, 62, 300} {
		a, b := strings.Repeat("a", n)+"x", strings.Repeat("a", n)+"y"
		if shortValue(a) == shortValue(b) || shownValue(a+" ") == shownValue(b+" ") {
			t.Errorf("two values of %d characters that differ at the last read alike: %q", n+1, shortValue(a))
		}
		if k := utf8.RuneCountInString(shortValue(a)); k != 61 {
			t.Errorf("shortValue of %d characters is %d, want 61", n+1, k)
		}
		if cut := shortValue(a); shortValue(cut) == cut {
			t.Errorf("the cut %q reads as a value left whole", cut)
		}
	}
	a, b := []byte("1."+strings.Repeat("5", 1000)+"7"), []byte("1."+strings.Repeat("5", 1000)+"8")
	if shortToken(a) == shortToken(b) {
		t.Errorf("two numbers of 1,003 characters that differ at the last read alike: %s", shortToken(a))
	}
}
