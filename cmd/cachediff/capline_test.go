package main

import (
	"strings"
	"testing"
)

// TestCapLineInvalidUTF8 cuts a line of bytes that start no character
// (invalid UTF-8) at maxErrorLine bytes, not to nothing: the walk back to
// a character's start went past them all and left "… (N bytes more)".
func TestCapLineInvalidUTF8(t *testing.T) {
	bad := strings.Repeat("\x80", 2*maxErrorLine)
	if got, want := capLine(bad), bad[:maxErrorLine]+"… (8192 bytes more)"; got != want {
		t.Errorf("capLine(16 KB of 0x80) = %.40q… (%d bytes), want its first %d bytes kept", got, len(got), maxErrorLine)
	}
	s := "a" + strings.Repeat("é", maxErrorLine) // maxErrorLine falls inside an é
	if got, want := capLine(s), s[:maxErrorLine-1]+"… (8194 bytes more)"; got != want {
		t.Errorf("capLine(a é…) ends %q, want %q", got[len(got)-30:], want[len(want)-30:])
	}
}
