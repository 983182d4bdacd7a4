package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/report"
)

// TestHintWordEscaped (class e): cachediff of a folder "p<newline>q"
// holding two tags said "for example 'p\nq/v0.23.0'", the message
// showing the newline as \n in quotes that keep it a backslash and an
// n: pasted, it named another folder. A hint's word that holds such a
// character is written $'p\nq/v0.23.0', which bash reads back as the
// folder; so is the space hint's word (--title= $'x\ny').
func TestHintWordEscaped(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	dir := "p\nq"
	for _, tag := range []string{"v0.23.0", "v0.23.1"} {
		if err := os.CopyFS(filepath.Join(dir, tag), os.DirFS(filepath.Join(realDir, tag))); err != nil {
			t.Skip("no folder with a newline in its name:", err)
		}
	}
	word := `$'p\nq/v0.23.0'`
	wantTrouble(t, []string{dir, dir + "/v0.23.1"}, "for example "+word+"\n")
	wantTrouble(t, []string{"--title=", "x\ny", dir + "/v0.23.0", dir + "/v0.23.1"}, "write --title=$'x\\ny' or --title $'x\\ny'\n")
	if bash, err := exec.LookPath("bash"); err == nil {
		out, err := exec.Command(bash, "-c", "printf %s "+word).Output()
		if err != nil || string(out) != dir+"/v0.23.0" {
			t.Errorf("bash read the hint %s as %q (%v), want %q", word, out, err, dir+"/v0.23.0")
		}
	}
}

// TestShownWhereVisible (class e): a folder "p\u3164q" (a Hangul
// filler) holding two tags was hinted "for example 'p\u3164q/v0.23.0'":
// report.Visible writes the filler as \u3164, as it does the variation
// selectors and U+034F, all graphic, which shellword.Shown left to
// Word's quotes, so the hint pasted named a folder of a backslash and a
// u. Every character a message shows as an escape makes Shown's word a
// $'…' one, which bash reads back as the character.
func TestShownWhereVisible(t *testing.T) {
	var missed []rune
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xd800 && r <= 0xdfff {
			continue
		}
		s := "p" + string(r) + "q"
		if report.Visible(s) != s && !strings.HasPrefix(shellword.Shown(s), "$'") {
			missed = append(missed, r)
		}
	}
	if len(missed) > 0 {
		t.Errorf("%d characters a message escapes are left in plain quotes, %U first", len(missed), missed[0])
	}
	if bash, err := exec.LookPath("bash"); err == nil {
		for _, s := range []string{"p\u3164q", "p\ufe0fq", "p\u034fq", "p\U000e0100q"} {
			out, err := exec.Command(bash, "-c", "printf %s "+shellword.Shown(s)).Output()
			if err != nil || string(out) != s {
				t.Errorf("bash read %s as %q (%v), want %q", shellword.Shown(s), out, err, s)
			}
		}
	}
}
