package sandbox

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// shownMessageWhole is shownMessage as it was made whole, then cut: what
// shownSink must give.
func shownMessageWhole(msg string, raw int) string {
	if raw < 0 {
		raw = len(msg)
	}
	var b strings.Builder
	for i := 0; i < len(msg); {
		c := msg[i]
		if c == ' ' {
			b.WriteByte(c)
			i++
			continue
		}
		if i < raw && (c == '"' || c == '`' || c == '\'') {
			if end := quotedEnd(msg, i); end > 0 {
				if q, ok := shownQuoted(msg[i:end]); ok {
					b.WriteString(q)
					i = end
					continue
				}
			}
		}
		j := i + 1
		for j < len(msg) && msg[j] != ' ' && (j >= raw || msg[j] != '"' && msg[j] != '`' && msg[j] != '\'') {
			j++
		}
		b.WriteString(shownWord(msg[i:j]))
		i = j
	}
	return cutBetweenWords(b.String(), maxShownMessage)
}

// TestShownMessageHeld (issue 35, class d): a template's error is cut to
// maxShownMessage bytes holding its ends alone, as it was cut whole: a
// fail's words of 4 MB of control characters allocated some 20 MB to be
// shown in 2 KB; each of the drawn messages reads as it did made whole.
func TestShownMessageHeld(t *testing.T) {
	msg := "error calling fail: " + strings.Repeat("\x01 ", 1<<19)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out := shownMessage(msg, len("error calling fail: "))
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 256<<10 || len(out) > maxShownMessage+16 {
		t.Errorf("a message of %d bytes: %d bytes allocated, %d shown; want at most 256 KB, %d", len(msg), got, len(out), maxShownMessage+16)
	}
	pieces := []string{" ", "\\", "\\\\", "a", "bc", "\x01", "\u0430", "\xff", "\"q\"", "`x`", "'", "\\n", "…", strings.Repeat("w", 300), "é"}
	r := rand.New(rand.NewPCG(35, 34))
	for n := range 120 {
		var b strings.Builder
		size := r.IntN(6 * maxShownMessage)
		for b.Len() < size {
			p := pieces[r.IntN(len(pieces))]
			if r.IntN(4) == 0 {
				p = strings.Repeat(p, r.IntN(1200))
			}
			b.WriteString(p)
		}
		msg := b.String()
		raw := -1
		if n%2 == 0 {
			raw = r.IntN(len(msg) + 1)
		}
		if got, want := shownMessage(msg, raw), shownMessageWhole(msg, raw); got != want {
			t.Fatalf("message %d (%d bytes, raw %d): shown %q\nwant %q", n, len(msg), raw, got, want)
		}
	}
}
