package reporttest

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// AtClusters is cut, a cut of full (its head, "…", its tail) made before
// report.CutMiddle kept clusters whole, with the head shortened and the
// tail started to end and start at a cluster's edge, rune by rune: not
// before a mark, a skin tone or a zero width joiner, nor after a joiner.
// The twin tests of text and atom compare their labels with it.
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
	return string(r[:h]) + "…" + string(r[t:])
}
