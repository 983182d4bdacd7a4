package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestDashesTakenBeforeFlag (class e): log --revs -- -e..HEAD P said
// pflag's "unknown shorthand flag: 'e' in -e..HEAD" alone, where the --
// was --revs's value and not the end of the flags (tookDashes says so
// only of a line pflag reads whole). The hint says what the -- was read
// as, and both ways: a value quoted, or the word as the value.
func TestDashesTakenBeforeFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"log", "--revs", "--", "-e..HEAD", "p"}, "; the -- after --revs was read as its RANGE, not as the end of the flags, and -e..HEAD after it as a flag: give --revs a RANGE, quoted when it may be empty; or, as --revs's value, write --revs=-e..HEAD"},
		{[]string{"--title", "--", "-x", "A", "B"}, "or, as --title's value, write --title=-x"},
		{[]string{"--format", "--", "-json", "A", "B"}, "; -json is no value of --format: as its value, write --format=json"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || !strings.Contains(line, c.want) {
			t.Errorf("%q: exit %d, %q; want %d, %q", c.args, code, line, exitTrouble, c.want)
		}
	}
}
