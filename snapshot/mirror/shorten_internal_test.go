package mirror

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// A value quoted in a message is cut at a character's start: cut inside
// a multi-byte character, %q printed the half as \xe2\x82 escapes, a
// character that is not in the input.
func TestShortenKeepsCharactersWhole(t *testing.T) {
	for pad := range 4 {
		s := strings.Repeat("a", 75+pad) + strings.Repeat("€", 10)
		got := shorten(s)
		if !utf8.ValidString(got) {
			t.Errorf("shorten(%d a's and euros) = %q: cuts a character in half", 75+pad, got)
		}
		if len(got) > 80 || !strings.HasSuffix(got, "...") || !strings.HasPrefix(s, strings.TrimSuffix(got, "...")) {
			t.Errorf("shorten(%q) = %q: want a prefix of at most 77 bytes and ...", s, got)
		}
	}
	if got := shorten("short €"); got != "short €" {
		t.Errorf("shorten of a short value = %q", got)
	}
}
