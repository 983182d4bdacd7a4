package spackfmt

import (
	"strings"
	"testing"
	"unicode/utf16"
)

// TestSniffWindowAlike: Sniff reads a gzip'd file's first detectHead
// bytes of content, as the loader gives it a plain file's first
// detectHead bytes, so the same content is detected alike plain, gzip'd,
// gzip'd twice, with a byte order mark, and in UTF-16 (whose window is
// half as many characters, plain or gzip'd), for a long first key just
// under the window and just over it. It read 4 KB of a gzip'd file's
// content: an index whose "database" came past 512 bytes was left out
// plain and read gzip'd.
func TestSniffWindowAlike(t *testing.T) {
	head := func(b []byte) []byte { return b[:min(len(b), detectHead)] }
	u16 := func(s string) []byte {
		var b []byte
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return append([]byte{0xFF, 0xFE}, b...)
	}
	kinds := map[Kind]int{}
	for n := 440; n <= 520; n++ {
		for _, text := range []string{
			`{"comment":"` + strings.Repeat("a", n) + `","database":{"version":"7","installs":{}}}`,
			"\uFEFF" + `{"comment":"` + strings.Repeat("a", n) + `","database":{"version":"7","installs":{}}}`,
			`{"comment":"` + strings.Repeat("a", n/2) + `","database":{"version":"7","installs":{}}}`,
		} {
			content := []byte(text)
			if strings.HasPrefix(text, `{"comment":"`+strings.Repeat("a", n/2)+`",`) {
				content = u16(text)
			}
			want := Sniff(head(content))
			kinds[want]++
			for name, data := range map[string][]byte{
				"gzip'd":       gzipped(t, content),
				"gzip'd twice": gzipped(t, gzipped(t, content)),
			} {
				if got := Sniff(data); got != want {
					t.Errorf("%q…, %d bytes: %s, %v; plain, %v", text[:16], len(content), name, got, want)
				}
			}
		}
	}
	if kinds[Index] == 0 || kinds[Unknown] == 0 {
		t.Errorf("kinds %v: the lengths do not cross the window", kinds)
	}
}
