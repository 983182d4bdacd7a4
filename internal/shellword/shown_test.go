package shellword

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestShownInBash (class e): a hint's word, printed in a message that
// shows a control or invisible character as an escape, reads back in
// bash as the string it names, in a UTF-8 locale and outside one: Word's
// 'a\nb', so shown, named a folder of a backslash and an n, and $'z\u200bw'
// in the C locale (LANG unset) one of a backslash and a u. A word
// without such a character is Word's.
func TestShownInBash(t *testing.T) {
	words := []string{"a\nb", "a\tb'c\\d", "x\x1by", "z\u200bw", "\xff\xfe", "##[error]x", "it's\r", "\u0085", "naïve", "p\u3164q\U000e0001"}
	inLocales(t, words, Shown)
	for _, s := range words {
		if strings.ContainsAny(Shown(s), "\n\t\r\x1b") {
			t.Errorf("Shown(%q) = %q holds a control character", s, Shown(s))
		}
	}
	for _, s := range []string{"e4s", "my dir", "naïve", ""} {
		if Shown(s) != Word(s) {
			t.Errorf("Shown(%q) = %q, want Word's %q", s, Shown(s), Word(s))
		}
	}
}

// TestShownASCIIInBash (issue 35 class a): ShownASCII writes a word in
// ASCII, each character past ASCII the escapes of its bytes in $'…'
// quotes, and bash reads it back as the word, in a UTF-8 locale and
// outside one: a hint of a lookalike ('nеxtflow', its е Cyrillic) read
// as the ASCII name beside it, and $'n\u0435xtflow' pasted where LANG is
// unset named "n\u0435xtflow" (lead d of g13). An ASCII word is Shown's.
func TestShownASCIIInBash(t *testing.T) {
	words := []string{"n\u0435xtflow", "naïve x", "\U0001F600'\\", "a\ufffdb", "\xffé", "z\u200bw", "##[a", "é1f"}
	for _, s := range words {
		if w := ShownASCII(s); strings.ContainsFunc(w, func(r rune) bool { return r >= 0x80 || r < 0x20 }) {
			t.Errorf("ShownASCII(%q) = %q, not ASCII", s, w)
		}
	}
	inLocales(t, words, ShownASCII)
	for _, s := range []string{"e4s", "my dir", "a\nb", ""} {
		if ShownASCII(s) != Shown(s) {
			t.Errorf("ShownASCII(%q) = %q, want Shown's %q", s, ShownASCII(s), Shown(s))
		}
	}
}

// inLocales checks that bash reads the words written by shown back as
// they are, in the C locale and in C.UTF-8.
func inLocales(t *testing.T, words []string, shown func(string) string) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	for _, locale := range []string{"C", "C.UTF-8"} {
		cmd := exec.Command(bash)
		cmd.Env = append(cmd.Environ(), "LC_ALL="+locale)
		got := readBack(t, cmd, words, shown)
		for i, s := range words {
			if got[i] != s {
				t.Errorf("LC_ALL=%s: %s reads back as %q, want %q", locale, shown(s), got[i], s)
			}
		}
	}
}

// readBack is what bash, run as cmd (its arguments added), reads the
// words written by shown as.
func readBack(t *testing.T, cmd *exec.Cmd, words []string, shown func(string) string) []string {
	t.Helper()
	var script strings.Builder
	script.WriteString("set --")
	for _, s := range words {
		script.WriteString(" " + shown(s))
	}
	script.WriteString(`; for w in "$@"; do printf '%s\000' "$w"; done`)
	cmd.Args = append(cmd.Args, "-c", script.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash -c %q: %v", script.String(), err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(got) != len(words) {
		t.Fatalf("bash read %q, want %d words", got, len(words))
	}
	return got
}

// TestShownWithin: a word past max bytes is cut between characters to
// the longest start of s whose word fits, and says how much is left out;
// one that fits is Shown's. ShownASCIIWithin alike, of ShownASCII: a
// lookalike (е Cyrillic) is shown as its bytes, cut or not.
func TestShownWithin(t *testing.T) {
	for _, f := range []struct {
		name   string
		within func(string, int) string
		show   func(string) string
	}{{"ShownWithin", ShownWithin, Shown}, {"ShownASCIIWithin", ShownASCIIWithin, ShownASCII}} {
		for _, s := range []string{strings.Repeat("\u200b", 80), "a/" + strings.Repeat("x\u200by\xff", 30), strings.Repeat("ab c", 60), strings.Repeat("n\u0435xt", 40)} {
			for _, most := range []int{20, 64, 150} {
				got := f.within(s, most)
				word, more, cut := strings.Cut(got, "… (cut, ")
				if !cut || len(word) > most || !strings.HasSuffix(more, " bytes more)") {
					t.Errorf("%s(%q, %d) = %q; want a word within %d bytes, said cut", f.name, s, most, got, most)
					continue
				}
				n := 0
				for i := range s {
					if f.show(s[:i]) == word {
						n = i
					}
				}
				_, size := utf8.DecodeRuneInString(s[n:])
				if n == 0 || more != fmt.Sprintf("%d bytes more)", len(s)-n) || len(f.show(s[:n+size])) <= most {
					t.Errorf("%s(%q, %d) = %q; want the longest start that fits, and the bytes after it", f.name, s, most, got)
				}
			}
			if got := f.within(s, len(f.show(s))); got != f.show(s) {
				t.Errorf("%s(%q) within its own length = %q, want %q", f.name, s, got, f.show(s))
			}
		}
	}
}
