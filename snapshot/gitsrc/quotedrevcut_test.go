package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestQuotedRevCutQuoted (class e): quotedRev cut a revision by its
// length as given (2 KB), before quoting it, so 680 U+200B (2,040
// bytes) were named whole, 4 KB escaped, and a message naming the
// revision and its range, --revs Z.., was 8,221 bytes: the command's
// line cap (8 KB) cut it inside the second quote. It is cut after
// quoting, about its mark, as quotedInput cuts.
func TestQuotedRevCutQuoted(t *testing.T) {
	z := strings.Repeat("\u200b", 680)
	for _, s := range []string{z, z + ".."} {
		if q := quotedRev(s); len(q) > maxQuotedInput+32 || !strings.HasPrefix(q, `"\u200b`) {
			t.Errorf("quotedRev(%d bytes of U+200B): %d bytes, %.20q; want quoted within %d and its mark", len(s), len(q), q, maxQuotedInput)
		}
	}
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	r := xCommits(t, 2)
	_, err := r.Series(z+"..", "x", "", "")
	if err == nil {
		t.Fatal("Series of a range whose end is 680 U+200B: no error")
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, `unknown revision "\u200b`) || !strings.Contains(msg, ` in the range "\u200b`) || !strings.HasSuffix(msg, `.."`) {
		t.Errorf("Series: %.100s … %s; want the revision and the range named, quoted and cut", msg, msg[max(0, len(msg)-100):])
	}
	if len(msg) > 6<<10 {
		t.Errorf("Series: a message of %d bytes, want at most 6 KB (the line cap is 8 KB)", len(msg))
	}
}
