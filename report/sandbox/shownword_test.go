package sandbox

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTemplateErrorWordRules (issue 35, class c): rules of a template's
// error that, each undone alone, failed no test: a byte of no character
// written \xff (not \ufffd, as a real U+FFFD is), DEL escaped, a long
// word's head cut at a character's start (not \xd0 of half an а) and
// its cut halved until it is within its bound (an а is six bytes
// shown), and the whole message's cut kept off a cut's mark and the
// middle of its … (each mark whole, the line valid UTF-8).
func TestTemplateErrorWordRules(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"{{fail \"a\\xffb\"}}", `error calling fail: a\xffb`},
		{"{{fail \"a\ufffdb\"}}", `error calling fail: a\ufffdb`},
		{"{{fail \"a\\x7fb\"}}", `error calling fail: a\x7fb`},
	} {
		if msg := execError(t, c.text); !strings.HasSuffix(msg, c.want) {
			t.Errorf("%s: %q; want it to end %q", c.text, msg, c.want)
		}
	}
	for _, w := range []string{strings.Repeat("\u0430", 300), "x" + strings.Repeat("\u0430", 300)} {
		s := shownWord(w)
		head, _, _ := strings.Cut(s, "…")
		if len(s) > maxShownSpan+len("…")+8 || strings.Contains(s, `\x`) || !strings.HasSuffix(head, `\u0430`) {
			t.Errorf("shownWord of %d bytes: %d bytes, %.80q…; want at most %d, each а whole", len(w), len(s), s, maxShownSpan+11)
		}
	}
	unit := "ab…0123abcd" // a word cut before: its mark
	for pad := range len(unit) {
		s := strings.Repeat("x", pad) + strings.Repeat(unit, 400)
		out := cutBetweenWords(s, maxShownMessage)
		if !utf8.ValidString(out) {
			t.Errorf("pad %d: cut inside a …: %q", pad, out)
			continue
		}
		head, tail, _ := strings.Cut(out, " …")
		tail = tail[8:]
		for i, part := range strings.Split(head+"|"+tail, "…")[1:] {
			if len(part) < 8 || strings.Trim(part[:8], "0123456789abcdef") != "" {
				t.Errorf("pad %d: mark %d cut: …%.10q", pad, i, part)
				break
			}
		}
		if !strings.HasPrefix(tail, "a") && !strings.HasPrefix(tail, "b") && !strings.HasPrefix(tail, "…") {
			t.Errorf("pad %d: the tail begins inside a mark: %.12q", pad, tail)
		}
	}
}
