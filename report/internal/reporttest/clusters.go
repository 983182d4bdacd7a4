package reporttest

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// AtClusters is cut, a cut of full (its head, "…", its tail) made before
// report.CutMiddle kept clusters whole, with the head shortened and the
// tail started to end and start at a cluster's edge, rune by rune: not
// before a mark, a skin tone or a zero width joiner, nor after a joiner.
// Nor is it cut inside an escape of visible text (\u200b, a backslash
// doubled). The twin tests of text and atom compare their labels with
// it.
func AtClusters(full, cut string) string {
	head, tail, ok := strings.Cut(cut, "…")
	if !ok {
		return cut
	}
	r := []rune(full)
	joins := func(i int) bool {
		if i <= 0 || i >= len(r) {
			return false
		}
		c := r[i]
		return unicode.Is(unicode.M, c) || c == 0x200d || c >= 0x1f3fb && c <= 0x1f3ff || r[i-1] == 0x200d
	}
	h := utf8.RuneCountInString(head)
	for h > 0 && joins(h) {
		h--
	}
	t := len(r) - utf8.RuneCountInString(tail)
	for t < len(r) && joins(t) {
		t++
	}
	// Nor inside an escape of visible text: the head gives it up, the
	// tail starts after it (and its last character's marks).
	s := string(r)
	hb, tb := len(string(r[:h])), len(string(r[:t]))
	for _, e := range visibleEscape.FindAllStringIndex(s, -1) {
		if e[0] < hb && hb < e[1] {
			hb = e[0]
		}
		if e[0] < tb && tb < e[1] {
			t = utf8.RuneCountInString(s[:e[1]])
			for t < len(r) && joins(t) {
				t++
			}
			tb = len(string(r[:t]))
		}
	}
	return s[:hb] + "…" + s[tb:]
}

// visibleEscape matches the escapes of visible text (report.EscapeLen),
// read from the start: a backslash doubled is one.
var visibleEscape = regexp.MustCompile(`\\(\\|[abfnrtv]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})`)

// CutMarked is cut, a cut of the label full made by CutMiddle limit-8
// wide, as report.CutLabel writes it: its first "…" followed by 8
// hexadecimal digits of full's SHA-256 (and as many more, its digits
// again past 64, as make it limit+1 wide, width a character's) and
// another "…". The twin tests of text's and the feed's labels cut their
// copies so and mark them so.
func CutMarked(full, cut string, width func(rune) int, limit int) string {
	sum := sha256.Sum256([]byte(full))
	digits := hex.EncodeToString(sum[:])
	used := 0
	for _, r := range cut {
		used += width(r)
	}
	n := 8 + max(limit-8-used, 0)
	mark := strings.Repeat(digits, n/len(digits)+1)[:n]
	return strings.Replace(cut, "…", "…"+mark+"…", 1)
}
