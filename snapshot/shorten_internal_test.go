package snapshot

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestShortenBetweenCharacters (issue 35, pass 83, class e): shorten
// cut at a byte, inside a character of a name or a hash written in
// another script, and a message (a tag, a folder, a hash quoted with
// %q) showed the broken bytes as \xc3. It cuts between characters.
func TestShortenBetweenCharacters(t *testing.T) {
	for _, s := range []string{"a" + strings.Repeat("é", 40), strings.Repeat("😀", 20), strings.Repeat("é", 40)} {
		for n := 1; n < len(s); n++ {
			got := shorten(s, n)
			if !utf8.ValidString(got) || len(got) > n+len(cutmark.Of(s)) || !strings.HasSuffix(got, cutmark.Of(s)) {
				t.Fatalf("shorten(%q, %d) = %q; want at most %d bytes, cut between characters", s, n, got, n)
			}
		}
	}
}

// TestShortenInvalidBytesKept (issue 35, class e): a folder named "ll"
// and 100 bytes 0x80 (no UTF-8, as a Linux name may be), holding a page
// titled llvm, was said to be `in folder "l…"`, and one of the 0x80
// bytes alone `in folder "…"`: the walk back to a character's start
// went past every byte that starts none. Such bytes keep their first n;
// a real character is still never cut inside.
func TestShortenInvalidBytesKept(t *testing.T) {
	for _, s := range []string{"ll" + strings.Repeat("\x80", 100), strings.Repeat("\x80", 100), "a" + strings.Repeat("\xbf", 90)} {
		if got, want := shorten(s, 80), s[:80]+cutmark.Of(s); got != want {
			t.Errorf("shorten(%q, 80) = %q, want %q", s, got, want)
		}
	}
	if s := strings.Repeat("\x80", 79) + "é" + "xx"; shorten(s, 80) != strings.Repeat("\x80", 79)+cutmark.Of(s) {
		t.Errorf("shorten cut inside é: %q", shorten(s, 80))
	}
}
