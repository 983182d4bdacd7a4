package spackfmt

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// TestClipInvalidUTF8 clips a value of bytes that start no character
// (invalid UTF-8) at maxQuoted bytes, not to nothing: the walk back to a
// character's start went past them all and the message quoted "…".
func TestClipInvalidUTF8(t *testing.T) {
	bad := strings.Repeat("\x80", 3*maxQuoted)
	if got, want := clip(bad), bad[:maxQuoted]+cutmark.Of(bad); got != want {
		t.Errorf("clip(600 bytes 0x80) = %q, want its first %d bytes and …", got, maxQuoted)
	}
	s := "a" + strings.Repeat("é", maxQuoted) // é at odd offsets: maxQuoted falls inside one
	got := clip(s)
	if want := "a" + strings.Repeat("é", maxQuoted/2-1) + cutmark.Of(s); got != want {
		t.Errorf("clip(a é…) = %q, want %q", got, want)
	}
}
