// Package linkword spells a symbolic link's target as every message
// names it, "(to T)": a folder's walk (dirsrc), a path given (snapshot),
// a git tree's walk and its mirror (gitsrc), a mirror's folder (mirror)
// and the log's refusal of a link out of its path (cmd/cachediff). A
// target of printable ASCII without a parenthesis, a double quote, a
// space or a backslash is written as it is; any other is quoted in ASCII
// (strconv.QuoteToASCII). Spelt two ways, a git tree's link said (to
// "gone") where the checked-out folder said (to gone); and raw, a target
// holding "), fine (" wrote the message's own words.
package linkword

import (
	"strconv"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/cutmark"
)

// MaxShown is the most bytes of a target every message names (Cut):
// the system's 4 KB, each byte up to 4 quoted, ran past the command's
// line cap of 8 KB. One bound: a git tree's walk cut at 200 bytes what
// its checked-out folder's cut at 2 KB, a target of 201 to 2,048 bytes
// spelt two ways.
const MaxShown = 2 << 10

// Shown is the target t as every message names it: Cut to MaxShown.
func Shown(t string) string { return Cut(t, MaxShown) }

// Plain reports whether the target t is written as it is: not empty, of
// printable ASCII, without '(', ')', '"', ' ' or '\\'.
func Plain(t string) bool {
	if t == "" {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c <= ' ' || c > '~' || c == '(' || c == ')' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// Spelt is the target t as a message names it: as it is when Plain,
// else quoted in ASCII.
func Spelt(t string) string {
	if Plain(t) {
		return t
	}
	return strconv.QuoteToASCII(t)
}

// Cut is Spelt(t), or, where that is longer than n bytes, Spelt of a
// head of t that fits with the cut's mark (cutmark.Of of the whole
// target) after it, inside the closing quote of a quoted one: a target
// may be as long as the system's 4 KB, each byte up to 4 quoted, past a
// message line's cap of 8 KB.
func Cut(t string, n int) string {
	s := Spelt(t)
	if len(s) <= n {
		return s
	}
	mark := cutmark.Of(t)
	if Plain(t) {
		return headOf(t, max(n-len(mark), 0)) + mark
	}
	for k := max(n-len(mark)-2, 0); ; k = k * 3 / 4 {
		q := strconv.QuoteToASCII(headOf(t, k))
		if len(q)+len(mark) <= n || k == 0 {
			return q[:len(q)-1] + mark + `"`
		}
	}
}

// headOf is t's first k bytes at most, not cut inside a character (its
// bytes quoted apart read as \xe2\x80); bytes that begin none are cut
// as they are.
func headOf(t string, k int) string {
	if k >= len(t) {
		return t
	}
	i := k
	for i > 0 && k-i < utf8.UTFMax-1 && !utf8.RuneStart(t[i]) {
		i--
	}
	if r, size := utf8.DecodeRuneInString(t[i:]); r != utf8.RuneError && i+size > k {
		k = i
	}
	return t[:k]
}
