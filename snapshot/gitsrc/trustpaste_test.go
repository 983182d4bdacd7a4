package gitsrc

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestTrustCommandPastes (class e/a): the command that trusts a
// repository of another user was written after git's first line, and
// with it quoted in ASCII (7f8f3eef) where the folder holds a letter
// past ASCII: a repository in own\u0430 (its а Cyrillic) was told
// "git config --global --add safe.directory '/…/own\u0430'", which
// pasted trusted a folder named with a backslash. git's line alone is
// quoted; cachediff's words and the command stay outside the quotes,
// the command's folder in ASCII that pastes back into bash as the
// folder (one git repository; the other folders are git's standard
// error as git 2.39 writes it). git's line names the folder whole: cut
// at a line break in it, "… in repository at '/w/a" named another.
func TestTrustCommandPastes(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := filepath.Join(t.TempDir(), "own\u0430")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(dir, nil, "init", "-q"); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
	_, rerr := r.Resolve("HEAD:x")
	resolved, _ := filepath.EvalSymlinks(dir)
	stderrOf := func(dir string) []byte {
		return []byte("fatal: detected dubious ownership in repository at '" + dir + "'\nTo add an exception for this directory, call:\n\n\tgit config --global --add safe.directory '" + dir + "'\n")
	}
	var exit128 *exec.ExitError
	if err := exec.Command("sh", "-c", "exit 128").Run(); !errors.As(err, &exit128) {
		t.Fatalf("sh -c 'exit 128': %v", err)
	}
	for _, c := range []struct {
		name, got, dir string
	}{
		{"a folder past ASCII, from git", func() string {
			if rerr == nil {
				return "<nil>"
			}
			return rerr.Error()
		}(), resolved},
		{"a line break in the folder", r.exitError([]string{"cat-file"}, exit128, stderrOf("/w/a\nb")).Error(), "/w/a\nb"},
		{"a line break in the folder, firstLine", firstLine(stderrOf("/w/a\nb")), "/w/a\nb"},
		{"U+202E in the folder", firstLine(stderrOf("/w/a\u202eb")), "/w/a\u202eb"},
	} {
		const trust = "git reads it once trusted, git config --global --add safe.directory "
		i := strings.Index(c.got, trust)
		if i < 0 || !strings.HasSuffix(c.got, ")") || strings.ContainsFunc(c.got, func(r rune) bool { return r < ' ' || r >= 0x7f }) {
			t.Errorf("%s: %q; want the command that trusts it after git's line, in ASCII", c.name, c.got)
			continue
		}
		if strings.Contains(c.got, `" (another user owns it`) != strings.ContainsFunc(c.dir, func(r rune) bool { return r < ' ' || r >= 0x7f }) {
			t.Errorf("%s: %q; want git's line alone quoted where it holds a letter past ASCII or a line break", c.name, c.got)
		}
		// git's line names the folder whole: cut at a line break, it
		// named /w/a of /w/a<newline>b, its quote left open.
		if shown := strings.Trim(strconv.QuoteToASCII(c.dir), `"`); !strings.Contains(c.got, "in repository at '"+shown+"'") {
			t.Errorf("%s: %q; want git's line to name the folder whole, '%s'", c.name, c.got, shown)
		}
		word := strings.TrimSuffix(c.got[i+len(trust):], ")")
		out, err := exec.Command("bash", "-c", "printf %s "+word).Output()
		if err != nil || string(out) != c.dir {
			t.Errorf("%s: the folder to paste %s, through bash -c: %q (%v); want %q", c.name, word, out, err, c.dir)
		}
	}
}

// TestTrustCommandTooLong (class e): the command that trusts a folder
// whose name, as a word to paste, runs past 2 KB was cut, "…/ddd… (cut,
// 379 bytes more)", which bash refused, trusting nothing. It is said too
// long to show whole, with its length and where git writes it whole.
func TestTrustCommandTooLong(t *testing.T) {
	stderrOf := func(dir string) []byte {
		return []byte("fatal: detected dubious ownership in repository at '" + dir + "'\nTo add an exception for this directory, call:\n\n\tgit config --global --add safe.directory '" + dir + "'\n")
	}
	for _, dir := range []string{
		"/w/" + strings.Repeat("d", 2100),
		"/w/" + strings.Repeat("\u200b", 400),
	} {
		got := firstLine(stderrOf(dir))
		want := fmt.Sprintf("git config --global --add safe.directory with its folder, %d bytes, too long to show whole: git status run in the repository writes that command whole)", len(dir))
		if !strings.HasSuffix(got, want) || strings.Contains(got, "(cut,") {
			t.Errorf("a folder of %d bytes: %.300q…; want it said too long to show, ending %q", len(dir), got, want)
		}
	}
	// Within the bound, the word pastes whole.
	dir := "/w/" + strings.Repeat("d", 2000)
	if got := firstLine(stderrOf(dir)); !strings.HasSuffix(got, "safe.directory '"+dir+"')") {
		t.Errorf("a folder of %d bytes: %.300q…; want the command whole", len(dir), got)
	}
}
