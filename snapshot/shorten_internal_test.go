package snapshot

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestShortenBetweenCharacters (issue 35, pass 83, class e): shorten
// cut at a byte, inside a character of a name or a hash written in
// another script, and a message (a tag, a folder, a hash quoted with
// %q) showed the broken bytes as \xc3. It cuts between characters.
func TestShortenBetweenCharacters(t *testing.T) {
	for _, s := range []string{"a" + strings.Repeat("é", 40), strings.Repeat("😀", 20), strings.Repeat("é", 40)} {
		for n := 1; n < len(s); n++ {
			got := shorten(s, n)
			if !utf8.ValidString(got) || len(got) > n+len("…") || !strings.HasSuffix(got, "…") {
				t.Fatalf("shorten(%q, %d) = %q; want at most %d bytes, cut between characters", s, n, got, n)
			}
		}
	}
}
