package report

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/report/internal/reporttest"
)

// TestMessageCutKeepsItsEnd: a skipped page's problem cut for Markdown,
// the page and the feed keeps its end, which says what is wrong: a link's
// target of 2 KB, one word, cut at its end, lost the "), " that closes
// it ("(to ttt…06f4f20b which leads to nothing"), and a target of spaced
// words "), which leads to nothing" whole (Shorten cut the text at 2,000
// characters). Cut in its middle (ShortenMessage), it is bounded as
// Shorten bounds it: no word past maxWord+1 characters, no text past
// maxText+1.
func TestMessageCutKeepsItsEnd(t *testing.T) {
	const end = "), which leads to nothing"
	for name, target := range map[string]string{
		"one word":     strings.Repeat("t", 2048),
		"spaced words": `"` + strings.Repeat(strings.Repeat("w", 90)+" ", 30) + `"`,
		"lookalikes":   strings.Repeat("\u0430", 1500),
	} {
		msg := "broken symbolic link (to " + target + end
		s := ShortenMessage(VisibleMessage(msg))
		if !strings.HasSuffix(s, end) || !strings.HasPrefix(s, "broken symbolic link (to ") {
			t.Errorf("%s: %q; want it to keep its head and end", name, s)
		}
		if n := utf8.RuneCountInString(s); n > maxText+1 || longestWord(s) > 4*(maxWord+1) {
			t.Errorf("%s: %d characters, a word of %d bytes; want at most %d, %d", name, n, longestWord(s), maxText+1, maxWord+1)
		}
		for _, format := range []string{"md", "html", "atom"} {
			r := reporttest.GenReport(3, 10)
			reporttest.GenSkipped(r, 3, 1)
			r.New.Skipped[0].Reason = msg
			var buf bytes.Buffer
			if err := render(&buf, format, r, Options{}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), "which leads to nothing") {
				t.Errorf("%s, %s: the problem's end is lost", name, format)
			}
		}
	}
}
