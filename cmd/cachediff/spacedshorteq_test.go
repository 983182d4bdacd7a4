package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestSpacedShortEqHinted (class e): -f= -json A B and -o= -x A B (pflag
// gives -f and -o the value "=") were told "unknown shorthand flag: 'j'
// in -json" alone, where --format= -json A B is told of the space; and
// --color= NEVER A B, --format= JSON A B, a value in capitals, were told
// `unknown --color ""` and only what --format takes. Each names the
// space and writes a way that runs.
func TestSpacedShortEqHinted(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-f=", "-json", "A", "B"}, `-json comes after -f=, which gave -f the value "="; -json is no value of --format: as its value, write --format=json`},
		{[]string{"-o=", "-x", "A", "B"}, `-x comes after -o=, which gave -o the value "=": as -o's value, write -o=-x`},
		{[]string{"-qo=", "-x", "A", "B"}, `-x comes after -qo=, which gave -o the value "=": as -o's value, write -qo=-x`},
		{[]string{"log", "-f=", "-xml", "A", "B"}, `-xml is no value of --format, which takes`},
		{[]string{"--color=", "NEVER", "A", "B"}, `NEVER is no value of --color: as its value, write --color=never`},
		{[]string{"--format=", "JSON", "A", "B"}, `JSON is no value of --format: as its value, write --format=json`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || !strings.Contains(line, c.want) {
			t.Errorf("%q: exit %d, %q; want %d, %q", c.args, code, line, exitTrouble, c.want)
		}
	}
}
