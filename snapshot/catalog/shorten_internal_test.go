package catalog

import (
	"strings"
	"testing"
)

// TestShortenInvalidBytesKept (issue 35, class e): a value of bytes that
// start no UTF-8 character (0x80 …) was cut to nothing, "…", in a
// warning: the walk back to a character's start went past them all.
// Such bytes keep their first n; a character is still never cut inside.
func TestShortenInvalidBytesKept(t *testing.T) {
	for _, s := range []string{strings.Repeat("\x80", 100), "ab" + strings.Repeat("\xbf", 90)} {
		if got, want := shorten(s, 80), s[:80]+"…"; got != want {
			t.Errorf("shorten(%q, 80) = %q, want %q", s, got, want)
		}
	}
	if got := shorten(strings.Repeat("\x80", 79)+"é"+"xx", 80); got != strings.Repeat("\x80", 79)+"…" {
		t.Errorf("shorten cut inside é: %q", got)
	}
}
