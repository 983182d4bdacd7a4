package report

import (
	"strconv"
	"strings"
	"testing"
)

// Visible wrote a newline and a backslash followed by n alike, "\n", as
// it did ESC and the four characters \x1b: two paths read the same in
// an error ("--output /a\nb: the folder /a\n does not exist" of both).
// VisibleInput, for a part read from the input, tells every two inputs
// apart (strings of up to four of the characters an escape is made of),
// and writes what has no backslash before an escape's letter or escaped
// character as Visible does; Visible, of the whole message, leaves the
// parts quoted already as they were made.
func TestVisibleInputInjective(t *testing.T) {
	alphabet := []string{`\`, "n", "\n", "x", "1", "#", "[", "\u200b", "\xff", "\"", "u", "2", "0", "e", "\u202e"}
	seen := map[string]string{}
	var walk func(s string, n int)
	walk = func(s string, n int) {
		got := Visible("--output " + VisibleInput(s) + ": no folder")
		if other, ok := seen[got]; ok {
			t.Fatalf("%q and %q both read %q", s, other, got)
		}
		seen[got] = s
		if strings.ContainsAny(got, "\n\x1b\u200b") || strings.Contains(got, "##[") {
			t.Fatalf("%q reads %q: not one line of visible text", s, got)
		}
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			walk(s+c, n-1)
		}
	}
	walk("", 4)
	for in, want := range map[string]string{
		"zlib@1.3 %gcc@10":       "zlib@1.3 %gcc@10",
		`say "a\"b" C:\dir`:      `say "a\"b" C:\dir`,
		"a\nb":                   `a\nb`,
		`a\nb`:                   `a\\nb`,
		"a\\\nb":                 `a\\\nb`,
		"##[error]x":             `##\x5berror]x`,
		`##\x5berror]x`:          `##\\x5berror]x`,
		"tail\\":                 `tail\`,
		"g\u200bcc \\\u200b end": `g\u200bcc \\\u200b end`,
		"\\\u202e":               `\\\u202e`,
		`\u202e`:                 `\\u202e`,
		`\\u202e`:                `\\\\u202e`,
		`C:\users\dev\x86`:       `C:\users\dev\\x86`,
		`say "g\u0441c"`:         `say "g\u0441c"`,
		`\x1b \xyz \U000e0001`:   `\\x1b \xyz \\U000e0001`,
	} {
		if got := VisibleInput(in); got != want {
			t.Errorf("VisibleInput(%q) = %q; want %q", in, got, want)
		}
		if !strings.Contains(in, `\`) {
			if got := Visible(in); got != want {
				t.Errorf("Visible(%q) = %q; want %q, as VisibleInput writes it", in, got, want)
			}
		}
	}
	for _, in := range []string{"a\nb", `a\nb`, "a\"b", "\x1b[2J", "g\u200bcc"} {
		q := "bad name " + strconv.Quote(in)
		if got := Visible(q); got != q {
			t.Errorf("Visible(%q) = %q; want it as it is", q, got)
		}
	}
}

// A rendered view (Markdown, an HTML page, a feed) reads a run of spaces
// as one and drops a cell's edge spaces: "1.0 " read as "1.0". Every
// two inputs of VisibleSpaces read apart even so (the strings of up to
// five of the characters of spaces and escapes, each between spaces as
// in a table cell, runs of white space made one), and a single space
// between words is kept.
func TestVisibleSpacesInjectiveRendered(t *testing.T) {
	readApartRendered(t, "VisibleSpaces", []string{`\`, " ", "x", "2", "0", "\t", "a"}, VisibleSpaces)
	for in, want := range map[string]string{
		"zlib@1.3 %gcc@10 +shared": "zlib@1.3 %gcc@10 +shared",
		"1.0 ":                     `1.0\x20`,
		" 1.0":                     `\x201.0`,
		"a  b":                     `a\x20\x20b`,
		`a\ `:                      `a\\\x20`,
		`a\x20`:                    `a\\x20`,
		`a\ b`:                     `a\ b`,
		"a\u202e b":                `a\u202e b`,
	} {
		if got := VisibleSpaces(in); got != want {
			t.Errorf("VisibleSpaces(%q) = %q; want %q", in, got, want)
		}
	}
}

// readApartRendered fails unless every two strings of up to five of the
// alphabet's strings read apart through show, rendered: between spaces
// as in a table cell, each run of white space one space.
func readApartRendered(t *testing.T, what string, alphabet []string, show func(string) string) {
	t.Helper()
	seen := map[string]string{}
	var walk func(s string, n int)
	walk = func(s string, n int) {
		got := strings.Join(strings.Fields("| "+show(s)+" |"), " ")
		if other, ok := seen[got]; ok {
			t.Fatalf("%s: %q and %q both read %q", what, s, other, got)
		}
		seen[got] = s
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			walk(s+c, n-1)
		}
	}
	walk("", 5)
}
