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

// TestQuoteDateInASCII (class a): a date that is none was quoted as Go
// quotes it (%q), which keeps a letter past ASCII: --since 'lаst week'
// (its а Cyrillic) was refused as "lаst week" is not a date, read as
// last week, a date cachediff reads. Quoted in ASCII, as quotedInput
// quotes a name, short or cut.
func TestQuoteDateInASCII(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"l\u0430st week", `"l\u0430st week" is not a date`},
		{"last week\u202e", `"last week\u202e" is not a date`},
		{strings.Repeat("\u0430", 40), `"` + strings.Repeat(`\u0430`, 32) + `"… (80 bytes) is not a date`},
	} {
		_, err := ParseDate(c.in, time.Now())
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.ContainsFunc(err.Error(), func(r rune) bool { return r >= 0x80 && r != '…' }) {
			t.Errorf("ParseDate(%+q): %v; want it to start %s, in ASCII", c.in, err, c.want)
		}
	}
}
