package report

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestShorten(t *testing.T) {
	words := make([]string, 40)
	for i := range words {
		words[i] = "build_system=cmake" // 18 characters
	}
	list := strings.Join(words, " ")
	for _, tc := range []struct {
		name, in, want string
	}{
		{"short", "gcc@13.2.0", "gcc@13.2.0"},
		// A cut word keeps its first maxWord-8 characters and ends with
		// "…" and 8 digits of its digest (cutMark): maxWord+1 in all.
		{"long word", strings.Repeat("x", 10_000), strings.Repeat("x", maxWord-8) + cutMark(strings.Repeat("x", 10_000), 0)},
		{"multibyte", strings.Repeat("é", 10_000), strings.Repeat("é", maxWord-8) + cutMark(strings.Repeat("é", 10_000), 0)},
		{"four-byte", strings.Repeat("𝔵", 201), strings.Repeat("𝔵", maxWord-8) + cutMark(strings.Repeat("𝔵", 201), 0)},
		{"exactly a word", strings.Repeat("x", maxWord), strings.Repeat("x", maxWord)},
		{"list of short words", list, list},
		{"each word cut", strings.Repeat("y", 300) + " ok " + strings.Repeat("z", 300),
			strings.Repeat("y", maxWord-8) + cutMark(strings.Repeat("y", 300), 0) + " ok " + strings.Repeat("z", maxWord-8) + cutMark(strings.Repeat("z", 300), 0)},
		// A cut text keeps its first maxText-8 and ends with the mark of
		// the whole text.
		{"long text", strings.Repeat("abcd ", 1000), strings.Repeat("abcd ", 1000)[:maxText-8] + cutMark(strings.Repeat("abcd ", 1000), 0)},
		// Found by FuzzEscape: the "…" of cut words did not count, and a
		// text of long words came out longer than maxText+1.
		{"long words up to the text limit", strings.Repeat(strings.Repeat("w", 300)+" ", 12),
			strings.Repeat(strings.Repeat("w", maxWord-8)+cutMark(strings.Repeat("w", 300), 0)+" ", 9) + strings.Repeat("w", maxText-8-9*(maxWord+2)) + cutMark(strings.Repeat(strings.Repeat("w", 300)+" ", 12), 0)},
		{"a cut word ending the text", strings.Repeat(strings.Repeat("p", 199)+" ", 8) + strings.Repeat("q", 198) + " " + strings.Repeat("v", 300) + " more",
			strings.Repeat(strings.Repeat("p", 199)+" ", 8) + strings.Repeat("q", 198) + " " + strings.Repeat("v", maxWord-8) +
				cutMark(strings.Repeat(strings.Repeat("p", 199)+" ", 8)+strings.Repeat("q", 198)+" "+strings.Repeat("v", 300)+" more", 1)}, // one mark, the text's, a digit more: 2,001 characters
		{"controls", "a\x1b[31mb\x00c\u202ed\u2066e\x7f", "a\uFFFD[31mb\uFFFDc\uFFFDd\uFFFDe\uFFFD"},
		{"line breaks kept for the escaper", "a\nb\r\nc\td", "a\nb\r\nc\td"},
		{"invalid UTF-8", "caf\xe9", "caf\uFFFD"},
	} {
		got := Shorten(tc.in)
		if got != tc.want {
			t.Errorf("%s: shorten gives %q (%d characters), want %q", tc.name, shortForm(got), utf8.RuneCountInString(got), shortForm(tc.want))
		}
	}
}

func shortForm(s string) string {
	if len(s) > 60 {
		return s[:30] + "..." + s[len(s)-30:]
	}
	return s
}

// TestEscapeLong: a long value full of Markdown is cut before it is
// escaped, so never inside an escape: every | keeps its backslash.
func TestEscapeLong(t *testing.T) {
	got := EscapeMD(strings.Repeat("a|", 5000))
	if want := strings.Repeat(`a\|`, (maxWord-8)/2) + cutMark(strings.Repeat("a|", 5000), 0); got != want {
		t.Errorf("Escape gives %q", shortForm(got))
	}
	got = EscapeHTML(strings.Repeat("<|", 5000))
	if want := strings.Repeat("&lt;&#124;", (maxWord-8)/2) + cutMark(strings.Repeat("<|", 5000), 0); got != want {
		t.Errorf("EscapeHTML gives %q", shortForm(got))
	}
}

// FuzzEscape: whatever the input, Escape's output is valid UTF-8 on one
// line, of bounded length, with no raw HTML, no unescaped | and no
// @mention; EscapeHTML's has none of < > | ` " and no @mention either.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a|b", "<script>alert(1)</script>", "@someone", "x@y", "a\\|b", "`code`",
		"caf\xe9", "\u202e", "é@x", "#12", "GH-3", "$x$", "\u200b@a", strings.Repeat("é|", 300), "line\nbreak", "**bold** _it_ [l](u) ~s~ # h !i {x}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		md, html := EscapeMD(s), EscapeHTML(s)
		for _, out := range []string{md, html} {
			if !utf8.ValidString(out) || strings.ContainsAny(out, "\n\r<>") {
				t.Fatalf("%q: output %q", s, out)
			}
			if n := utf8.RuneCountInString(Shorten(s)); n > maxText+1 {
				t.Fatalf("%q: %d characters after shorten", s, n)
			}
			// An @ that could mention (not inside a word) is followed by a
			// zero-width space, or ends the text.
			for i := strings.IndexByte(out, '@'); i >= 0; i = nextAt(out, i) {
				if (i == 0 || !isWord(out[i-1])) && i+1 < len(out) && !strings.HasPrefix(out[i+1:], "&#8203;") {
					t.Fatalf("%q: mention in %q", s, out)
				}
			}
		}
		// No issue reference (#1, GH-1), no invisible character, no $ that
		// could open math (issue 11, items 4 and 15).
		for _, out := range []string{md, html} {
			if ref.MatchString(out) {
				t.Fatalf("%q: issue reference in %q", s, out)
			}
			for _, r := range out {
				if Invisible(r) {
					t.Fatalf("%q: %U in %q", s, r, out)
				}
			}
		}
		if strings.Contains(html, "$") {
			t.Fatalf("%q: $ in %q", s, html)
		}
		// Every | and $ of md is escaped: preceded by an odd run of
		// backslashes.
		for i := 0; i < len(md); i++ {
			if md[i] != '|' && md[i] != '$' {
				continue
			}
			n := 0
			for j := i - 1; j >= 0 && md[j] == '\\'; j-- {
				n++
			}
			if n%2 == 0 {
				t.Fatalf("%q: unescaped | in %q", s, md)
			}
		}
		if strings.ContainsAny(html, "|`\"") {
			t.Fatalf("%q: EscapeHTML gives %q", s, html)
		}
	})
}

// ref matches what GitHub links to an issue.
var ref = regexp.MustCompile(`(^|[^&])#[0-9]|(?i)(^|[^a-z0-9])gh-[0-9]`)

func nextAt(s string, i int) int {
	j := strings.IndexByte(s[i+1:], '@')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}
