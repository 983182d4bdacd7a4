package gitsrc

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestQuoteDateInvalidBytesKept (issue 35, class e): --since of 100 bytes
// 0x80 (no UTF-8 character starts there) was refused as `""… (100
// bytes) is not a date`: the walk back to a character's start went past
// every byte. Such bytes keep their first 64; a character is still never
// cut inside.
func TestQuoteDateInvalidBytesKept(t *testing.T) {
	for _, n := range []int{65, 100, 200} {
		s := strings.Repeat("\x80", n)
		_, err := ParseDate(s, time.Now())
		want := strconv.Quote(s[:64]) + "… (" + strconv.Itoa(n) + " bytes)"
		if err == nil || !strings.HasPrefix(err.Error(), want+" is not a date") {
			t.Errorf("%d bytes 0x80: %v, want it to start %s", n, err, want)
		}
	}
	if got, want := quoteDate(strings.Repeat("\x80", 63)+"é"+"xx"), strconv.Quote(strings.Repeat("\x80", 63))+"… (67 bytes)"; got != want {
		t.Errorf("quoteDate cut inside é: %s, want %s", got, want)
	}
}
