package gitsrc

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestShortenCutsApart (issue 35, class a): a link target cut for a
// message (the symbolic link REV:PATH does not follow, the way through
// links) ended with "..." alone, so two targets alike for their first
// 200 bytes read alike. The cut ends with the mark of the whole value
// (cutmark.Of).
func TestShortenCutsApart(t *testing.T) {
	a, b := strings.Repeat("x", 210)+"1", strings.Repeat("x", 210)+"2"
	if shorten(a, 200) == shorten(b, 200) {
		t.Errorf("shorten(%q) and shorten(%q) both %q", a, b, shorten(a, 200))
	}
	if got := shorten("short", 200); got != "short" {
		t.Errorf("shorten of a short value = %q", got)
	}
}

// TestShortenKeepsCharacters: a link target cut inside a character (a
// name of é's past 200 bytes) is cut before it, so that the message's
// %q shows whole characters and the mark, not the character's first
// byte as \xc3; bytes that begin no character are cut as they are.
func TestShortenKeepsCharacters(t *testing.T) {
	s := "x" + strings.Repeat("é", 150) // the 200th byte is inside an é
	got := shorten(s, 200)
	if head := strings.TrimSuffix(got, cutmark.Of(s)); head != s[:199] || !utf8.ValidString(got) {
		t.Errorf("shorten(x+150 é, 200) = %q, want its first 199 bytes and the mark, valid UTF-8", got)
	}
	bad := strings.Repeat("\x80", 300)
	if got := shorten(bad, 200); got != bad[:200]+cutmark.Of(bad) {
		t.Errorf("shorten of 300 continuation bytes kept %d bytes, want 200", len(got)-len(cutmark.Of(bad)))
	}
}
