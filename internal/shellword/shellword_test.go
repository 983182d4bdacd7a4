package shellword

import (
	"os/exec"
	"testing"
)

func TestWord(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"e4s", "e4s"},
		{"py-torch@2.1+cuda", "py-torch@2.1+cuda"},
		{"", "''"},
		{"=bar", "'=bar'"},
		{"my dir", "'my dir'"},
		{"it's", `'it'\''s'`},
		{"$HOME", "'$HOME'"},
		{"naïve", "'naïve'"},
		{"a\nb", "'a\nb'"},
	} {
		if got := Word(tc.in); got != tc.want {
			t.Errorf("Word(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWordInShell pastes each word into sh and checks that it reads back
// as one argument equal to the string.
func TestWordInShell(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh:", err)
	}
	for _, s := range []string{"", "=x", "a b", "it's", "$(id)", "`id`", "!x", "-n", "*", "a\tb\nc", "naïve", `back\slash`, "'''"} {
		got, err := exec.Command(sh, "-c", `set -- `+Word(s)+`; printf '%s|%d' "$1" "$#"`).Output()
		if err != nil {
			t.Fatalf("sh -c with %q: %v", Word(s), err)
		}
		if want := s + "|1"; string(got) != want {
			t.Errorf("Word(%q) = %q reads back as %q, want %q", s, Word(s), got, want)
		}
	}
}
