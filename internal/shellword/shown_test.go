package shellword

import (
	"os/exec"
	"strings"
	"testing"
)

// TestShownInBash (class e): a hint's word, printed in a message that
// shows a control or invisible character as an escape, reads back in
// bash as the string it names: Word's 'a\nb', so shown, named a folder
// of a backslash and an n. A word without such a character is Word's.
func TestShownInBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	words := []string{"a\nb", "a\tb'c\\d", "x\x1by", "z\u200bw", "\xff\xfe", "##[error]x", "it's\r", "\u0085", "naïve"}
	var script strings.Builder
	script.WriteString("set --")
	for _, s := range words {
		script.WriteString(" " + Shown(s))
	}
	script.WriteString(`; for w in "$@"; do printf '%s\000' "$w"; done`)
	out, err := exec.Command(bash, "-c", script.String()).Output()
	if err != nil {
		t.Fatalf("bash -c %q: %v", script.String(), err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(got) != len(words) {
		t.Fatalf("bash read %q, want %d words", got, len(words))
	}
	for i, s := range words {
		if got[i] != s {
			t.Errorf("Shown(%q) = %s reads back as %q", s, Shown(s), got[i])
		}
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
