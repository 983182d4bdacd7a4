package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// TestSpacedDashValueHinted (class e): "-" after --NAME= and a space, of
// a flag whose value - names a standard stream, was passed over as a
// flag: --template= - A B was told "--template: want a template FILE (-
// reads it from standard input)", and --output= - A B "want a FILE …
// (- or no --output: standard output)", of the - given, where
// --template= t.tmpl A B is told of the space. Each is now told of the
// space, and the way written reads the flags; a flag - is no value of
// (--format= - A B) keeps its own refusal.
func TestSpacedDashValueHinted(t *testing.T) {
	for _, c := range []struct {
		args  []string
		write []string // the flag as the hint writes it, nil for no hint
	}{
		{[]string{"--template=", "-", "A", "B"}, []string{"--template=-", "--template", "-"}},
		{[]string{"render", "--template=", "-", "r.json"}, []string{"--template=-", "--template", "-"}},
		{[]string{"--output=", "-", "A", "B"}, []string{"--output=-", "--output", "-"}},
		{[]string{"-o=", "-", "A", "B"}, []string{"-o=-", "-o", "-"}},
		{[]string{"--format=", "-", "A", "B"}, nil},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		i := slices.IndexFunc(c.args, func(a string) bool { return strings.HasSuffix(a, "=") })
		flag := c.args[i]
		if c.write == nil {
			if code != exitTrouble || strings.Contains(line, "the space after the =") {
				t.Errorf("%q: exit %d, %q; want exit %d and no word of a space", c.args, code, line, exitTrouble)
			}
			continue
		}
		want := flag + " -: the space after the = "
		if code != exitTrouble || !strings.HasPrefix(line, "cachediff: "+want) || !strings.HasSuffix(line, "; write "+c.write[0]+" or "+c.write[1]+" "+c.write[2]) {
			t.Errorf("%q: exit %d, %q; want exit %d, %q and the way to write it", c.args, code, line, exitTrouble, want)
			continue
		}
		// Written so, the flags are read: what is refused then is a
		// snapshot or a report not there.
		for _, written := range [][]string{c.write[:1], c.write[1:]} {
			args := slices.Concat(c.args[:i], written, c.args[i+2:])
			stderr.Reset()
			run(args, &stdout, &stderr)
			if !strings.Contains(stderr.String(), "no such file or directory") {
				t.Errorf("%q, the hint written: %q; want the flags read", args, stderr.String())
			}
		}
	}
}
