package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSpacedWordWithinLine: the hint of a value a space after "="
// made an argument gives the word four times, that of a long flag with
// one dash three, that of a flag's value that spells a flag or names a
// snapshot four, and a long word (a 6 KB --title= "$TITLE" or
// -title=…; -C= DIR log, DIR 300 zero-width spaces, 3.6 KB as \xHH)
// made a line past the line cap, which cut it inside the first word,
// with no hint left: the word is cut where the hint is written, and
// says so, and the hint is whole on its line.
func TestSpacedWordWithinLine(t *testing.T) {
	old := filepath.Join("..", "..", "testdata", "real", "develop-2025-03-23")
	for _, c := range []struct {
		name string
		args []string
		hint string
	}{
		{"-C= DIR log", []string{"-C=", strings.Repeat("\u200b", 300), "log"}, " or -C $'"},
		{"-C= DIR render", []string{"-C=", strings.Repeat("\u200b", 700), "render"}, ": cachediff render takes no -C (only the diff and log do)"},
		{"--title= TITLE", []string{"--title=", strings.Repeat("x ", 3000), old, old}, " or --title '"},
		{"-title=TITLE", []string{"-title=" + strings.Repeat("x ", 3000), old, old}, "; write '--title=x x"},
		{"-package=NAME", []string{"-package=" + strings.Repeat("x ", 3000), old, old}, "; write '--package=x x"},
		// A flag's value that spells a flag (tookFlag), written four
		// times, and one that names a snapshot as the next does
		// (tookSnapshot), four times: 6 KB and 3 KB words.
		{"--title --package=NAME", []string{"--title", "--package=" + strings.Repeat("x", 6000), old, old}, "(that TEXT is written --title=--package=xx"},
		// Of a FILE's and a DIR's flag, the words of how a file or a
		// folder of that name is written (be99326c: undone, no case
		// failed).
		{"--output --package=NAME", []string{"--output", "--package=" + strings.Repeat("x", 6000), old, old}, "(a file named --package=xx"},
		{"-C --package=NAME", []string{"-C", "--package=" + strings.Repeat("x", 6000), old, old}, "(a folder named --package=xx"},
		{"log --title SNAPSHOT", []string{"log", "--title", old + strings.Repeat("/.", 1500), old, old}, "(that TEXT is written --title=../"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || len(line) > maxErrorLine || !strings.Contains(line, c.hint) ||
			!regexp.MustCompile(`… \(cut, \d+ bytes more\)`).MatchString(line) {
			t.Errorf("%s: exit %d, a first line of %d bytes (cap %d) ending %q; want exit %d, the hint %q whole, its word cut and saying so",
				c.name, code, len(line), maxErrorLine, line[max(0, len(line)-80):], exitTrouble, c.hint)
		}
	}
}
