// Package shellword owns how cachediff writes a string as one POSIX
// shell word, for the hints its messages give to paste back into a
// shell: the same quoting wherever a hint is built (package cmd's
// unmatched-filter hints and completions, gitsrc's REV:PATH spellings,
// input's link-out-of-the-work-tree paths, snapshot's folders to name
// instead of one that holds no snapshot). A word that holds a character
// a message shows as an escape is written in bash's $'…' quotes (Shown).
package shellword

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Quote is s in single quotes (each single quote in it ends the quoted
// part, is escaped with a backslash, and starts another): one word
// whatever s holds, and nothing in it expanded.
func Quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Word is s as one shell word, quoted only when it must be: when it
// holds a character not in Safe (a folder "my dir": the hint "give
// HEAD:my dir/spack.lock", pasted, was two arguments), starts with "="
// (zsh reads =x as the path of the command x: --stack =bar said "zsh:
// bar not found"), or is empty (a word of nothing, unquoted, is no
// word).
func Word(s string) string {
	if s == "" || strings.HasPrefix(s, "=") || strings.ContainsFunc(s, func(r rune) bool { return !strings.ContainsRune(Safe, r) }) {
		return Quote(s)
	}
	return s
}

// Safe are the characters a shell word may hold unquoted.
const Safe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+-._/=:"

// Shown is s as one shell word for a hint printed in a message, which
// shows a control or invisible character as an escape (\n, \u200b,
// \xff): Word's quotes showed a folder "a<newline>b" as 'a\nb', which
// pasted named a folder of a backslash and an n. Such a word is written
// in bash's (and zsh's, ksh's, POSIX.1-2024 sh's) $'…' quotes, an
// ASCII control character as the message shows it (\n, \x1b), any other
// as the bytes of its UTF-8 (\xe2\x80\x8b of U+200B), so that pasted it
// is s again whatever the locale; any other is Word(s).
// So is a word that holds "##[", which a message writes ##\x5b (a CI
// runner reads "##[" as a command).
func Shown(s string) string { return shown(s, false) }

// ShownASCII is Shown in ASCII: a word that is not ASCII is written in
// $'…' quotes, each character past ASCII as the bytes of its UTF-8
// (\xd0\xb5 of е), so that a lookalike of an ASCII name (nеxtflow, its е
// Cyrillic) reads as other than that name, and pasted into bash or zsh
// is s again, in any locale: \u0435, which a UTF-8 locale alone reads,
// pasted where LANG is unset named "n\u0435xtflow" itself. For a
// hint beside a value the user typed, quoted in ASCII: "--stack
// "nextflow" matches no stack (closest: 'nеxtflow')" read as the name
// typed.
func ShownASCII(s string) string { return shown(s, true) }

func shown(s string, ascii bool) string {
	if !strings.Contains(s, "##[") && !strings.ContainsFunc(s, hidden) && utf8.ValidString(s) &&
		!(ascii && strings.ContainsFunc(s, func(r rune) bool { return r >= utf8.RuneSelf })) {
		return Word(s)
	}
	var b strings.Builder
	b.WriteString("$'")
	for i, r := range s {
		switch {
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				fmt.Fprintf(&b, `\x%02x`, s[i])
				continue
			}
			if ascii {
				b.WriteString(`\xef\xbf\xbd`) // U+FFFD itself, as below
				continue
			}
			b.WriteRune(r)
		case r == '\\' || r == '\'':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '[' && strings.HasSuffix(s[:i], "##"):
			b.WriteString(`\x5b`)
		case r < utf8.RuneSelf && unicode.IsControl(r):
			q := strconv.QuoteRune(r) // \n, \t, \x1b, as a message shows it
			b.WriteString(q[1 : len(q)-1])
		case hidden(r) || ascii && r >= utf8.RuneSelf:
			// Each byte of its UTF-8, \xd0\xb5, not \u0435: bash writes
			// \u0435 as it is outside a UTF-8 locale (LANG unset, as in
			// many a container), so the word pasted there named no
			// such thing; bytes read back whatever the locale.
			for _, c := range []byte(s[i : i+utf8.RuneLen(r)]) {
				fmt.Fprintf(&b, `\x%02x`, c)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString("'")
	return b.String()
}

// hidden reports whether a message shows r as an escape: a control
// character, or one not graphic (a zero-width or bidi mark) but a space,
// or one of the graphic characters report.Invisible escapes too (the
// variation selectors, the Hangul fillers U+115F and U+3164, the
// combining grapheme joiner U+034F, the spaces but ASCII's: U+00A0,
// U+3000). Those were left to Word, and a folder "p\u3164q" was hinted
// 'p\u3164q/v0.23.0', which pasted named a folder of a backslash and a
// u.
func hidden(r rune) bool {
	return unicode.IsControl(r) || !unicode.IsGraphic(r) && r != ' ' || r == 0xa0 ||
		r >= 0xad && unicode.In(r, unicode.Zs, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point, unicode.Noncharacter_Code_Point)
}

// ShownWithin is Shown(s) when that is at most most bytes; else Shown of
// the longest start of s (cut between characters) whose word is, an
// ellipsis outside its quotes and how many bytes of s are left out. A
// hint's word of a long path of hidden characters, each 12 bytes as
// \xHH, ran a message past its line's cap, which cut the line there,
// with no word of the hint cut: a 4 KB PATH of U+200B made a hint of
// 16 KB. The word cut is no word to paste, and says so.
func ShownWithin(s string, most int) string { return shownWithin(s, most, Shown) }

// ShownASCIIWithin is ShownWithin in ASCII (ShownASCII): a hint's word
// beside a value the user typed, which a lookalike must not pass for,
// cut so too. Whole, a 6 KB word written three times in ASCII (no path
// -cachd/… is here, but -cache/… is: write it ./-cache/…) ran the line
// past its cap, what to write cut off.
func ShownASCIIWithin(s string, most int) string { return shownWithin(s, most, ShownASCII) }

func shownWithin(s string, most int, show func(string) string) string {
	if w := show(s); len(w) <= most {
		return w
	}
	// The word of a start of s grows with it: the longest that fits,
	// cut where a character starts (invalid bytes each their own).
	var starts []int
	for i := range s {
		starts = append(starts, i)
	}
	n := sort.Search(len(starts), func(k int) bool { return len(show(s[:starts[k]])) > most }) - 1
	lo := 0
	if n > 0 {
		lo = starts[n]
	}
	return fmt.Sprintf("%s… (cut, %d bytes more)", show(s[:lo]), len(s)-lo)
}
