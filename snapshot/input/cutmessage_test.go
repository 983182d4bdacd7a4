package input

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCutMessageKeepsEscapes: CutMessage cuts a message made already
// within n bytes, never inside an escape it quotes (\u200b cut to \u
// read as another word) nor between a doubled backslash's two.
func TestCutMessageKeepsEscapes(t *testing.T) {
	msg := `unknown revision "` + strings.Repeat(`\u200b\\\x1b`, 20) + `" in the range`
	partial := regexp.MustCompile(`(^|[^\\])(\\\\)*\\(u[0-9a-f]{0,3}|x[0-9a-f]?)?$`)
	for n := 40; n < len(msg); n++ {
		got := CutMessage(msg, n)
		head, _, ok := strings.Cut(got, "… (cut, ")
		if len(got) > n || !ok || !strings.HasPrefix(msg, head) || partial.MatchString(head) {
			t.Errorf("cut to %d: %q (%d bytes); want at most %d, cut after a whole escape", n, got, len(got), n)
		}
	}
	if got := CutMessage(msg, len(msg)); got != msg {
		t.Errorf("a message within n: %q; want it as it is", got)
	}
	// A message may hold characters past ASCII (a hint's word pastes
	// them as they are: 'snаp'): cut at a character's start, never
	// inside one.
	msg = `unknown revision '` + strings.Repeat("\u0430\u200b\U0001f600", 20) + `'`
	for n := 40; n < len(msg); n++ {
		if got := CutMessage(msg, n); len(got) > n || !utf8.ValidString(got) {
			t.Errorf("cut to %d: %q (%d bytes); want at most %d, cut at a character's start", n, got, len(got), n)
		}
	}
}
