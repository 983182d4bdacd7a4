package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestLogWordsWithinLine holds be99326c's cut of the words of a later
// log (cachediff -f text log --revs R PATH, "cachediff log -f text
// --revs R PATH" given back), which no test noticed undone alone: a
// PATH of 700 U+200B (2.1 KB, 8.4 KB as \xHH) ran the line past its
// cap; the word is cut and says so.
func TestLogWordsWithinLine(t *testing.T) {
	// The package's own checkout, HEAD its commit: no repository made.
	if !gittest.Available() {
		t.Skip("no git")
	}
	if _, err := gittest.Git(".", nil, "rev-parse", "--verify", "--quiet", "HEAD"); err != nil {
		t.Skip("not in a git checkout:", err)
	}
	hidden := strings.Repeat("\u200b", 700)
	for _, c := range []struct {
		name string
		args []string
		hint string
	}{
		{"later log", []string{"-f", "text", "log", "--revs", "HEAD", hidden}, "-f text --revs HEAD $'"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || len(line) > maxErrorLine || !strings.Contains(line, c.hint) ||
			!regexp.MustCompile(`… \(cut, \d+ bytes more\)\)?$`).MatchString(line) {
			t.Errorf("%s: exit %d, a first line of %d bytes (cap %d) ending %q; want exit %d, the hint %q, its last word cut and saying so",
				c.name, code, len(line), maxErrorLine, line[max(0, len(line)-100):], exitTrouble, c.hint)
		}
	}
}
