package main

import (
	"bytes"
	"os"
	"testing"
)

// TestOutputTookDashes (class a): -o $OUT -- A B, OUT empty, is -o --
// A B: pflag gives -o the "--", and the report was written to a file
// named "--", exit 0, nothing on standard output, where -o "" is
// refused. It is refused, naming the --; a file so named is still
// written as ./-- or --output=--, and a later -o wins as before.
func TestOutputTookDashes(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	want := "cachediff: --output --: the -- after --output was read as its FILE, not as the end of the flags: give --output a FILE, quoted when it may be empty (a file named -- is written ./--)\n"
	for _, args := range [][]string{{"-o", "--", "a.md", "b.md"}, {"-qo", "--", "a.md", "b.md"}, {"--output", "--", "a.md", "b.md"}, {"-C", ".", "-o", "--", "a.md", "b.md"}, {"render", "-o", "--", "r.json"}} {
		wantTrouble(t, args, want)
		if _, err := os.Lstat("--"); err == nil {
			t.Fatalf("%q: wrote a file named --", args)
		}
	}
	for _, args := range [][]string{{"-o", "./--", "a.md", "b.md"}, {"--output=--", "a.md", "b.md"}, {"-o", "--", "-o", "x.md", "a.md", "b.md"}, {"--title", "-o", "--", "a.md", "b.md"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code == exitTrouble {
			t.Errorf("%q: exit %d, stderr %q; want the report", args, code, stderr.String())
		}
		os.Remove("--")
	}
}
