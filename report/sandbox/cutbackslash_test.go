package sandbox

import (
	"strings"
	"testing"
)

// TestTemplateErrorCutLeavesNoLoneBackslash (issue 35, class e): a cut
// of a template's error between a backslash and what it escapes left
// the backslash alone before the mark: the whole message's cut (past
// 2 KB) inside \" of a quoted string (`"\"\"…\"\ …` and a tail `"\"…`
// whose first quote, escaped, read as one that closes), and a long
// word's cut of a fail's \n typed (`\\n\\n\…`, the last backslash
// written alone, cut from the n it was doubled for).
func TestTemplateErrorCutLeavesNoLoneBackslash(t *testing.T) {
	for pad := range 4 {
		p := strings.Repeat("a", pad)
		for _, s := range []string{p + `"` + strings.Repeat(`\"`, 3000) + `"`, p + "x " + strings.Repeat(`\'`, 3000)} {
			out := cutBetweenWords(s, maxShownMessage)
			mark := strings.Index(out, "…")
			if mark < 0 {
				t.Fatalf("%.20q: not cut", s)
			}
			head, tail := strings.TrimSuffix(out[:mark], " "), out[mark+len("…")+8:]
			if oddBackslashes(head) {
				t.Errorf("%.20q (%d bytes) cut to %q before its mark: a lone backslash", s, len(s), head[len(head)-10:])
			}
			if !strings.HasSuffix(s, tail) || oddBackslashes(s[:len(s)-len(tail)]) {
				t.Errorf("%.20q (%d bytes): tail %.20q begins after a backslash", s, len(s), tail)
			}
		}
		msg := execError(t, `{{fail "`+p+strings.Repeat(`\\n`, 300)+`"}}`)
		for off := 0; ; {
			i := strings.Index(msg[off:], "…")
			if i < 0 {
				break
			}
			off += i
			if oddBackslashes(strings.TrimSuffix(msg[:off], " ")) {
				t.Errorf("a fail of %d typed \\n after %d letters: %q before a mark: a lone backslash", 300, pad, msg[off-10:off])
			}
			off++
		}
	}
}
