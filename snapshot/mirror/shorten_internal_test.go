package mirror

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/cutmark"
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
		mark := cutmark.Of(s)
		if len(got) > 77+len(mark) || !strings.HasSuffix(got, mark) || !strings.HasPrefix(s, strings.TrimSuffix(got, mark)) {
			t.Errorf("shorten(%q) = %q: want a prefix of at most 77 bytes and %s", s, got, mark)
		}
	}
	if got := shorten("short €"); got != "short €" {
		t.Errorf("shorten of a short value = %q", got)
	}
}

// TestShortenCutsApart (issue 35, class a): a value cut for a message (a
// manifest's checksum, compression or media type) ended with "..."
// alone, so two values alike for their first 77 bytes read alike. The
// cut ends with the mark of the whole value (cutmark.Of).
func TestShortenCutsApart(t *testing.T) {
	a, b := strings.Repeat("x", 90)+"1", strings.Repeat("x", 90)+"2"
	if shorten(a) == shorten(b) {
		t.Errorf("shorten(%q) and shorten(%q) both %q", a, b, shorten(a))
	}
}

// TestQuoteFieldMarkAsIs (lead (b) of the second pass over the loaders):
// quoteField quoted a value cut with its mark, "\u2026" and 8 digits,
// as a value holding them whole is quoted, where the catalogue's quoted
// cuts keep the mark as it is inside the quotes; one rule now: the mark
// as it is, a "…" of the value escaped.
func TestQuoteFieldMarkAsIs(t *testing.T) {
	long := strings.Repeat("x", 90)
	whole := "x…" + cutmark.Of(long)[len("…"):]
	if got, want := quoteField(long), `"`+strings.Repeat("x", 77)+cutmark.Of(long)+`"`; got != want {
		t.Errorf("quoteField of 90 x's = %s; want %s", got, want)
	}
	if got, want := quoteField(whole), `"x\u2026`+cutmark.Of(long)[len("…"):]+`"`; got != want {
		t.Errorf("quoteField(%q) = %s; want %s", whole, got, want)
	}
}
