package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestLogArgErrorOfEverySnapshot (class e): a log stops at its first
// snapshot that fails, and log --view x A B C of folders that are no
// mirror named A alone, the user to find B's and C's error one run at a
// time. The same error of each is said once, naming them all; where a
// later snapshot would not fail alike, the log still stops at the first.
func TestLogArgErrorOfEverySnapshot(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, d := range []string{"a", "b", "c", "d", "e"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	const msg = `: --view "x" reads a view of a Spack mirror`
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"a", "b", "c"}, "cachediff: a, b and c (every snapshot)" + msg},
		{[]string{"a", "b", "c", "d", "e"}, "cachediff: a, b, c and 2 more (every snapshot)" + msg},
		{[]string{"a", "b", "nosuch"}, "cachediff: a" + msg},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"log", "--view", "x"}, c.args...), &stdout, &stderr)
		got := stderr.String()
		if code != exitTrouble || strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line that starts %q", c.args, code, got, c.want)
		}
	}
}
