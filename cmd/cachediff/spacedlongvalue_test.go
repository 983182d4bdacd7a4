package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestSpacedLongFlagValue (class e): --ignore= -version A B was told "a
// long flag takes two dashes …; write --version", which pasted shows the
// version, where the word after --ignore= less its dash is a facet: the
// value is written first, and the long flag only of a command that has
// it (log --ignore= -version was told "write --version", which log
// refuses).
func TestSpacedLongFlagValue(t *testing.T) {
	for _, c := range []struct {
		args      []string
		want, not string
	}{
		{[]string{"--ignore=", "-version", "A", "B"}, "-version comes after --ignore= with nothing after its =, and is read as shorthands: as --ignore's value, write --ignore=version; as a long flag, write --version", ""},
		{[]string{"log", "--ignore=", "-version", "A", "B"}, "as --ignore's value, write --ignore=version", "write --version"},
		// Of a flag of free text, the long flag alone, as before.
		{[]string{"--title=", "-quiet", "A", "B"}, "-quiet: a long flag takes two dashes, and one is read as shorthands; write --quiet", ""},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || !strings.Contains(line, c.want) || c.not != "" && strings.Contains(line, c.not) {
			t.Errorf("%q: exit %d, %q; want %d, %q and not %q", c.args, code, line, exitTrouble, c.want, c.not)
		}
	}
}
