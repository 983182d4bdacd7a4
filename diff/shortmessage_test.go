package diff

import (
	"strings"
	"testing"
)

// TestShortMessageInvalidUTF8 cuts a message of bytes that start no
// character (invalid UTF-8) at n bytes, not to nothing: the walk back to
// a character's start went past them all and the refusal quoted "…".
func TestShortMessageInvalidUTF8(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		{strings.Repeat("\x80", 500), strings.Repeat("\x80", 10) + "…"},
		{"ab" + strings.Repeat("é", 10), "ab" + strings.Repeat("é", 4) + "…"}, // not inside é
		{"abc", "abc"},
	} {
		if got := shortMessage(tc.msg, 10); got != tc.want {
			t.Errorf("shortMessage(%.40q, 10) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}
