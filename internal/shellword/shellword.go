// Package shellword owns how cachediff writes a string as one POSIX
// shell word, for the hints its messages give to paste back into a
// shell: the same quoting wherever a hint is built (package cmd's
// unmatched-filter hints and completions, gitsrc's REV:PATH spellings,
// input's link-out-of-the-work-tree paths, snapshot's folders to name
// instead of one that holds no snapshot).
package shellword

import "strings"

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
