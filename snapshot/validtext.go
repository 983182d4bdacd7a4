package snapshot

import (
	"strings"
	"unicode/utf8"
)

// ValidText is s with each byte that is not UTF-8 replaced by U+FFFD, one
// each, as encoding/json writes it: a report's paths come from the file
// system, which takes any byte but / and NUL, and a commit's subject from
// git, and printed as they are the direct command wrote \xff where render
// of the JSON wrote U+FFFD.
func ValidText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
