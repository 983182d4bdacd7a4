package main

import (
	"bytes"
	"io"
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
	for _, args := range [][]string{{"-o", "./--", "a.md", "b.md"}, {"--output=--", "a.md", "b.md"}, {"-o", "--", "-o", "x.md", "a.md", "b.md"}, {"--title=-o", "--", "a.md", "b.md"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code == exitTrouble {
			t.Errorf("%q: exit %d, stderr %q; want the report", args, code, stderr.String())
		}
		os.Remove("--")
	}
}

// TestFlagTookDashes (class e): --title $T -- A B, T empty, titled the
// report "--", exit 1, and -t -- A B said "reading the template: open
// --", -C -- A B "-C --: no such file or directory", of a value never
// meant: as -o --, a flag's value given as the word "--" is refused,
// naming the --. --title=-- is a title of --.
func TestFlagTookDashes(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--title", "--", "a.md", "b.md"}, "cachediff: --title --: the -- after --title was read as its TEXT, not as the end of the flags: give --title a TEXT, quoted when it may be empty\n"},
		{[]string{"-t", "--", "a.md", "b.md"}, "cachediff: --template --: the -- after --template was read as its FILE, not as the end of the flags: give --template a FILE, quoted when it may be empty (a file named -- is written ./--)\n"},
		{[]string{"-C", "--", "log", "a.md", "b.md"}, "cachediff: --directory --: the -- after --directory was read as its DIR, not as the end of the flags: give --directory a DIR, quoted when it may be empty (a folder named -- is written ./--)\n"},
		{[]string{"log", "--stack", "--", "a.md", "b.md"}, "cachediff: --stack --: the -- after --stack was read as its STACK"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--title=--", "a.md", "b.md"}, &stdout, &stderr); code == exitTrouble || !bytes.Contains(stdout.Bytes(), []byte("--")) {
		t.Errorf("--title=-- a.md b.md: exit %d, stderr %q; want the report titled --", code, stderr.String())
	}
}

// TestFlagAfterDashesLoaded (class e): cachediff a.md -- -q said
// "loading -q: no such file or directory", naming neither the -- nor
// the flag it made an argument, where a.md b.md -- -q (one argument too
// many) says so: among as many arguments as the command takes, a word
// after -- spelt as a flag that names nothing is said to come after --.
// A file named like a flag is still read.
func TestFlagAfterDashesLoaded(t *testing.T) {
	pagesHere(t, "a.md", "b.md", "-x.md")
	hint := " comes after --, which makes every word after it an argument: put flags before --)\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"a.md", "--", "-q"}, "cachediff: -q, read as a snapshot, names nothing on disk (-q" + hint},
		{[]string{"--", "--stack=e4s", "a.md"}, "cachediff: --stack=e4s, read as a snapshot, names nothing on disk (--stack=e4s" + hint},
		{[]string{"log", "a.md", "b.md", "--", "-q"}, "cachediff: -q, read as a snapshot, names nothing on disk (-q" + hint},
		{[]string{"render", "--", "-q"}, "cachediff: -q, read as the JSON report, names nothing on disk (-q" + hint},
	} {
		wantTrouble(t, c.args, c.want)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"a.md", "--", "-x.md"}, &stdout, &stderr); code == exitTrouble {
		t.Errorf("a.md -- -x.md: exit %d, stderr %q; want the report", code, stderr.String())
	}
}

// TestFlagDashesThenDashes (class a, an over-refusal): cachediff
// --title -- -- a.md b.md, a title of -- before the -- that ends the
// flags, was refused as --title $T -- a.md b.md with T empty is ("the
// -- after --title was read as its TEXT"), exit 2, where --title=--
// a.md b.md titles the report --: no empty value leaves two. It is the
// report titled --, as --title=--'s.
func TestFlagDashesThenDashes(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--title", "--", "--", "a.md", "b.md"}, &stdout, &stderr); code == exitTrouble || !bytes.Contains(stdout.Bytes(), []byte("--")) {
		t.Errorf("--title -- -- a.md b.md: exit %d, stderr %q; want the report titled --", code, stderr.String())
	}
	var want bytes.Buffer
	run([]string{"--title=--", "a.md", "b.md"}, &want, io.Discard)
	if stdout.String() != want.String() {
		t.Errorf("--title -- -- a.md b.md wrote %q, want --title=--'s %q", stdout.String(), want.String())
	}
	// A flag between the value and the -- that ends the flags.
	stdout.Reset()
	if code := run([]string{"--title", "--", "-f", "md", "--", "a.md", "b.md"}, &stdout, &stderr); code == exitTrouble || stdout.String() != want.String() {
		t.Errorf("--title -- -f md -- a.md b.md: exit %d, stderr %q; want --title=--'s report", code, stderr.String())
	}
}

// TestFlagDashesArgumentThenDashes (class a): -o $OUT -- A -- B, OUT
// empty, wrote the report to a file named --, exit 1 and nothing on
// standard output (log -o $OUT -- A -- B too), where -o x.md -- A -- B
// is refused (A, -- and B: three snapshots): a "--" value was taken as
// meant whenever a later "--" ended the flags, an argument between or
// not. With an argument between, it is refused as -o $OUT -- A B is;
// flags alone between (--title -- -f md -- A B) still read.
func TestFlagDashesArgumentThenDashes(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, args := range [][]string{
		{"-o", "--", "a.md", "--", "b.md"},
		{"log", "-o", "--", "a.md", "--", "b.md"},
		{"--title", "--", "a.md", "-q", "--", "b.md"},
	} {
		wantTrouble(t, args, "was read as its")
	}
	if _, err := os.Lstat("--"); err == nil {
		t.Error("a file named -- was written")
	}
}
