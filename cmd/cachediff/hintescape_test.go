package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
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
