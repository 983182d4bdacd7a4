package report

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// The escaper and shortener as they were before their fast paths
// (byteClass, longestWord): the oracle TestEscapeFastPaths holds the
// fast ones to.

func escapeRef(s string, html bool) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case c == '&':
			b.WriteString("&amp;")
		case c == '\n' || c == '\r' || c == '\t':
			b.WriteByte(' ')
		case c == '@':
			b.WriteByte(c)
			if i+1 < len(s) && (i == 0 || !isWord(s[i-1]) || mailDomain(s[i+1:])) {
				b.WriteString(zwsp) // a mention, or an e-mail address GitHub links
			}
		case c == ':' && (strings.HasPrefix(s[i+1:], "//") || shortcode(s[i+1:])):
			// A URL GitHub links (https://…), or an emoji it draws (:+1:).
			b.WriteByte(c)
			b.WriteString(zwsp)
		case (c == 'w' || c == 'W') && (i == 0 || !isWord(s[i-1])) && len(s)-i > 4 && strings.EqualFold(s[i:i+4], "www."):
			b.WriteString(s[i : i+3]) // www.example.org is linked too
			b.WriteString(zwsp)
			i += 2
		case c == '#' || c == '-' && i >= 2 && strings.EqualFold(s[i-2:i], "gh") && (i == 2 || !isWord(s[i-3])):
			// #123 and GH-123 link to an issue, and show in its timeline.
			switch {
			case c == '-':
				b.WriteByte(c)
			case html:
				b.WriteString("&#35;")
			default:
				b.WriteString(`\#`)
			}
			if i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9' {
				b.WriteString(zwsp)
			}
		case html && strings.IndexByte(`"'|$`+"`", c) >= 0:
			fmt.Fprintf(&b, "&#%d;", c)
		case !html && strings.IndexByte("\\`*[]|~!{}$", c) >= 0,
			!html && c == '_' && !(i > 0 && isWord(s[i-1]) && i+1 < len(s) && isWord(s[i+1])):
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func shortenRef(s string) string {
	if len(s) <= maxWord && clean(s) {
		return s // the common case: short and plain
	}
	out, cut, _ := shortenRefAt(s, maxText)
	if cut {
		var text int
		out, _, text = shortenRefAt(s, maxText-8)
		out += cutMark(s, maxText-8-text) // maxText+1 characters in all
	}
	return out
}

// shortenRefAt is shortenRef's text of at most limit characters, a word
// longer than maxWord cut to its first maxWord-8 and its mark, and
// whether the text was cut, and its characters.
func shortenRefAt(s string, limit int) (string, bool, int) {
	var b strings.Builder
	text := 0
	for i := 0; i < len(s); {
		if r, n := utf8.DecodeRuneInString(s[i:]); isSpace(r) {
			if text == limit {
				return b.String(), true, text
			}
			b.WriteRune(r)
			text++
			i += n
			continue
		}
		j := i
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if isSpace(r) {
				break
			}
			j += n
		}
		word := []rune(s[i:j]) // an invalid byte a rune of its own, U+FFFD
		keep, mark := len(word), ""
		if len(word) > maxWord {
			keep, mark = maxWord-8, cutMark(s[i:j], 0) // the digest of its bytes
		}
		for _, r := range word[:keep] {
			if text == limit {
				return b.String(), true, text
			}
			if !cleanRune(r) {
				r = utf8.RuneError
			}
			b.WriteRune(r)
			text++
		}
		if mark != "" {
			if text+9 > limit {
				return b.String(), true, text
			}
			b.WriteString(mark)
			text += 9
		}
		i = j
	}
	return b.String(), false, text
}

func isSpace(r rune) bool { return r == ' ' || r == '\n' || r == '\r' || r == '\t' }

// TestEscapeFastPaths holds escape and shorten to the oracles above on
// strings made of the bytes and words their cases are about, short and
// long: the fast paths must only skip work, never change a byte.
func TestEscapeFastPaths(t *testing.T) {
	pieces := []string{
		"a", "w", "W", "www.", "WWW.x", "gh-", "GH-1", "gh-12", "#", "#1", "-", "_", "x_y", "_x", "@", "a@b.example",
		"gcc@13.2.0", ":", "://", ":+1:", "https://x", "<", ">", "&", "\n", "\r", "\t", " ", ", ", "\\", "`", "*",
		"[", "]", "|", "~", "!", "{", "}", "$", "\"", "'", "é", "\u202e", "\u200b", "\x00", "\x7f", "\xff",
		"x86_64_v3", "e4s-neoverse-v2", "aws-pcluster-x86_64_v4", "1.2.3", "+mpi", "~shared", "build_system=cmake",
	}
	next := rand.New(rand.NewPCG(1, 0)).IntN
	check := func(s string) {
		t.Helper()
		if got, want := Shorten(s), shortenRef(s); got != want {
			t.Fatalf("Shorten(%q) = %q, want %q", s, got, want)
		}
		for _, html := range []bool{false, true} {
			if got, want := escape(s, html), escapeRef(s, html); got != want {
				t.Fatalf("escape(%q, %v) = %q, want %q", s, html, got, want)
			}
		}
	}
	for _, p := range pieces {
		check(p)
	}
	for range 20000 {
		var b strings.Builder
		for n := next(12); n >= 0; n-- {
			b.WriteString(pieces[next(len(pieces))])
		}
		check(b.String())
	}
	// Long texts and words, around shorten's limits, mostly plain.
	for range 300 {
		var b strings.Builder
		for b.Len() < 1500+next(1200) {
			switch next(20) {
			case 0:
				b.WriteString(strings.Repeat("x", 190+next(20)))
			case 1:
				b.WriteString(pieces[next(len(pieces))])
			default:
				b.WriteString(pieces[len(pieces)-7+next(7)])
				b.WriteString(", ")
			}
		}
		check(b.String())
		check(b.String()[:min(b.Len(), maxText-next(3))])
	}
}

// FuzzEscapeOracle compares escape and shorten with their oracles.
func FuzzEscapeOracle(f *testing.F) {
	for _, s := range []string{"www.x", "gh-1", "a@b.c", "x_y", ":+1:", "a, b_c, d-e", strings.Repeat("ab ", 700)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Shorten(s), shortenRef(s); got != want {
			t.Fatalf("Shorten(%q) = %q, want %q", s, got, want)
		}
		for _, html := range []bool{false, true} {
			if got, want := escape(s, html), escapeRef(s, html); got != want {
				t.Fatalf("escape(%q, %v) = %q, want %q", s, html, got, want)
			}
		}
	})
}

func TestPlainAndPaint(t *testing.T) {
	if got, want := plainText("a\x1b[2Jb\tc\xff"), `a\x1b[2Jb\tc\xff`; got != want {
		t.Errorf("Plain = %q, want %q", got, want)
	}
	if got := plainText("développement"); got != "développement" {
		t.Errorf("Plain changed %q", got)
	}
	if s, _ := Paint(false, "red", "x"); s != "x" {
		t.Errorf("paint off = %q", s)
	}
	if s, _ := Paint(true, "red", "x"); s != "\x1b[31mx\x1b[0m" {
		t.Errorf("paint on = %q", s)
	}
	if _, err := Paint(true, "mauve", "x"); err == nil {
		t.Error("paint of an unknown style: no error")
	}
}
