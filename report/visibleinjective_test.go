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
