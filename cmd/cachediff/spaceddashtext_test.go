package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestSpacedDashOfTextHinted (class e): "-" after --NAME= and a space, of
// a flag of text or of a list (--title= - A B, --link-base= - A B,
// --ignore= - A B), said "want two snapshots … got 3 arguments", naming
// no flag, where --title= x A B is told of the space: one rule for each
// word after --NAME=. A flag whose own check refuses its empty value
// (--format=, --fail-on=) keeps that refusal, which names it; and with
// no word too many (--title= - A), - is standard input, as before.
func TestSpacedDashOfTextHinted(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // the line's start, "" for no word of a space
	}{
		{[]string{"--title=", "-", "A", "B"}, "--title= -: the space after the = left --title empty and made - an argument; write --title=- or --title -"},
		{[]string{"--link-base=", "-", "A", "B"}, "--link-base= -: the space after the = "},
		{[]string{"--package=", "-", "A", "B"}, "--package= -: the space after the = "},
		{[]string{"--stack=", "-", "A", "B"}, "--stack= -: the space after the = "},
		{[]string{"--ignore=", "-", "A", "B"}, "--ignore= -: the space after the = "},
		{[]string{"log", "--title=", "-", "--revs", "HEAD~1..HEAD", "snap"}, "--title= -: the space after the = "},
		{[]string{"--format=", "-", "A", "B"}, ""},
		{[]string{"--fail-on=", "-", "A", "B"}, ""},
		{[]string{"--title=", "-", "A"}, ""},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if c.want == "" {
			if code != exitTrouble || strings.Contains(line, "the space after the =") {
				t.Errorf("%q: exit %d, %q; want exit %d and no word of a space", c.args, code, line, exitTrouble)
			}
			continue
		}
		if code != exitTrouble || !strings.HasPrefix(line, "cachediff: "+c.want) {
			t.Errorf("%q: exit %d, %q; want exit %d and %q", c.args, code, line, exitTrouble, c.want)
		}
	}
}

// TestSpacedDashOfRowsHinted (class e): --rows= -rebuilt A B was told
// "as --rows's value, write --rows=-rebuilt", a kind then refused:
// --rows, a list of kinds, was left out of the flags of a set of values
// (valueSet) whose word is said to be no value of it, as --fail-on's is.
func TestSpacedDashOfRowsHinted(t *testing.T) {
	for args, want := range map[string]string{
		"--rows= -rebuilt A B": "-rebuilt comes after --rows= with nothing after its =, and is no value of --rows: as its value, write --rows=rebuilt",
		"--rows= -x A B":       "-x comes after --rows= with nothing after its =, and is no value of --rows, which takes a comma-separated list of rebuilt",
	} {
		var stdout, stderr bytes.Buffer
		code := run(strings.Fields(args), &stdout, &stderr)
		if line, _, _ := strings.Cut(stderr.String(), "\n"); code != exitTrouble || !strings.HasSuffix(line, want) {
			t.Errorf("%s: exit %d, %q; want exit %d and %q", args, code, line, exitTrouble, want)
		}
	}
}
