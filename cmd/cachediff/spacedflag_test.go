package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestSpacedValueFlagHinted (class e): a value that begins with - given
// after --NAME= and a space (--title= "-x" A B) was refused as a flag,
// "unknown shorthand flag: 'x' in -x", with no word of --title, whose
// value it was meant to be. The refusal says that it comes after
// --title= with nothing after its =, and how to give it as the value,
// which given runs past the flags; not of -o=, which pflag gives the
// value "=". Of --color=, whose empty value is refused, the word is said
// to be none of its values (TestSpacedHintsPasted).
func TestSpacedValueFlagHinted(t *testing.T) {
	for _, c := range []struct {
		args  []string
		write string // the hint's words to write, "" for none
	}{
		{[]string{"--title=", "-x", "A", "B"}, "--title=-x"},
		{[]string{"--title=", "--x", "A", "B"}, "--title=--x"},
		{[]string{"log", "--title=", "-x=1", "A", "B"}, "--title=-x=1"},
		{[]string{"-o=", "-x", "A", "B"}, ""},
		{[]string{"--title=t", "-x", "A", "B"}, ""},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		said := strings.Contains(line, "with nothing after its =")
		if code != exitTrouble || said != (c.write != "") || c.write != "" && !strings.HasSuffix(line, ": as --title's value, write "+c.write) {
			t.Errorf("%q: exit %d, %q; want exit %d and the hint to write %q", c.args, code, line, exitTrouble, c.write)
			continue
		}
		if c.write == "" {
			continue
		}
		// Written so, the value is --title's, and the flags parse.
		args := append(append([]string(nil), c.args[:len(c.args)-3]...), c.write, "A", "B")
		stderr.Reset()
		run(args, &stdout, &stderr)
		if strings.Contains(stderr.String(), "flag") {
			t.Errorf("%q, the hint written: %q; want the flags read", args, stderr.String())
		}
	}
}
