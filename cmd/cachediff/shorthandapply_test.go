package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestShorthandDoesNotApply (class e): cachediff -C . render r.json
// (and log -t x A B, help -C .) said "unknown shorthand flag: 'C' in
// -C", as if no command took -C, where render --directory . says
// "render: --directory does not apply": the shorthand of a diff's flag
// is said not to apply, as its long name is. A shorthand no command has
// keeps pflag's words.
func TestShorthandDoesNotApply(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-C", ".", "render", "r.json"}, "cachediff: render: -C (--directory) does not apply: the report was made already\ncachediff: run 'cachediff render --help' for usage\n"},
		{[]string{"log", "-qt", "x", "a", "b"}, "cachediff: log: -t (--template) does not apply: a log is written as "},
		{[]string{"help", "-C", "."}, "cachediff: help: -C (--directory) does not apply\n"},
		{[]string{"render", "-x", "r.json"}, "cachediff: unknown shorthand flag: 'x' in -x\n"},
	} {
		wantTrouble(t, c.args, c.want)
	}
}

// TestShorthandNotASCII (class d): cachediff render -é r.json (and log
// -<U+3164> a.md b.md) panicked, "can not look up shorthand which is
// more than one ASCII character", a goroutine dump: pflag names the
// first byte of é as the rune 'Ã', which the does-not-apply lookup
// gave to ShorthandLookup. It is pflag's unknown shorthand, exit 2.
func TestShorthandNotASCII(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, args := range [][]string{{"render", "-é", "r.json"}, {"log", "-\u3164", "a.md", "b.md"}, {"completion", "-é", "bash"}} {
		wantTrouble(t, args, "unknown shorthand flag")
	}
}

// TestShorthandNamedAsTyped (class e): cachediff -qx A B said "unknown
// shorthand flag: 'x' in -x", and -é A B "'Ã' in -é": pflag names the
// shorthands left in the word, and the first byte of a character as a
// character of its own. The character and the word are named as typed,
// in ASCII when not ASCII, as an unknown long flag is.
func TestShorthandNamedAsTyped(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-qx", "a.md", "b.md"}, "cachediff: unknown shorthand flag: 'x' in -qx\n"},
		{[]string{"-é", "a.md", "b.md"}, `cachediff: unknown shorthand flag: '\u00e9' in "-\u00e9"` + "\n"},
		{[]string{"log", "-qé", "a.md", "b.md"}, `cachediff: unknown shorthand flag: '\u00e9' in "-q\u00e9"` + "\n"},
		{[]string{"render", "-q\xff", "r.json"}, `cachediff: unknown shorthand flag: '\xff' in "-q\xff"` + "\n"},
	} {
		wantTrouble(t, c.args, c.want)
	}
}

// TestShorthandNear (class e): an unknown shorthand got no suggestion
// where an unknown long flag gets the closest: -Q (-q in the other
// case) and -quiet (--quiet with one dash, read as -q and an unknown
// -u; TestOneDashLongFlag) said only "unknown shorthand flag". They name
// the flag meant; a shorthand near none (-x) is named alone, as before.
func TestShorthandNear(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-Q", "a.md", "b.md"}, "cachediff: unknown shorthand flag: 'Q' in -Q (did you mean -q, --quiet?)\n"},
		{[]string{"-quiet", "a.md", "b.md"}, "cachediff: -quiet: a long flag takes two dashes, and one is read as shorthands; write --quiet\n"},
		{[]string{"log", "-c", ".", "a.md", "b.md"}, "cachediff: unknown shorthand flag: 'c' in -c (did you mean -C, --directory?)\n"},
		{[]string{"render", "-Q", "r.json"}, "cachediff: unknown shorthand flag: 'Q' in -Q (did you mean -q, --quiet?)\n"},
		{[]string{"-qx", "a.md", "b.md"}, "cachediff: unknown shorthand flag: 'x' in -qx\n"},
	} {
		wantTrouble(t, c.args, c.want)
	}
}

// TestOneDashLongFlag (class a): -output=r.md A B, a long flag with one
// dash as Go's flag package takes it, is -o with the value
// "utput=r.md" to pflag: the report went to a file so named, exit 0 and
// nothing on standard output, and r.md was never written; -title=X read
// a template "itle=X", -format=json said "unknown --format
// \"ormat=json\"". A word that spells a long flag with one dash is
// refused, naming the two-dash spelling.
func TestOneDashLongFlag(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-output=r.md", "a.md", "b.md"}, "cachediff: -output=r.md: a long flag takes two dashes, and one is read as -o with the value utput=r.md; write --output=r.md\n"},
		{[]string{"-title=X", "a.md", "b.md"}, "cachediff: -title=X: a long flag takes two dashes, and one is read as -t with the value itle=X; write --title=X\n"},
		{[]string{"log", "-title=X", "a.md", "b.md"}, "cachediff: -title=X: a long flag takes two dashes, and one is read as shorthands; write --title=X\n"},
		{[]string{"-format=json", "a.md", "b.md"}, "write --format=json\n"},
		{[]string{"render", "-output=it's", "r.json"}, `cachediff: '-output=it'\''s': a long flag takes two dashes, and one is read as -o with the value 'utput=it'\''s'; write '--output=it'\''s'` + "\n"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	if names, _ := filepath.Glob("*utput*"); len(names) != 0 {
		t.Errorf("files written: %q", names)
	}
	for _, args := range [][]string{{"-fmd", "a.md", "b.md"}, {"-o", "./-output.md", "a.md", "b.md"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
}

// TestOneDashLongFlagOfOtherCommand (class a): render -offline r.json
// wrote the report to a file named ffline (pflag's -o with the value
// "ffline"), exit 1 and nothing on standard output, where render
// --offline r.json is refused: oneDash looked for the long flag among
// render's own, and --offline is the diff's. The two-dash spelling it
// names, pasted, says the flag does not apply.
func TestOneDashLongFlagOfOtherCommand(t *testing.T) {
	pagesHere(t, "A", "B")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--format", "json", "-o", "r.json", "A", "B"}, &stdout, &stderr); code != exitSame {
		t.Fatalf("writing r.json: exit %d, stderr %q", code, stderr.String())
	}
	wantTrouble(t, []string{"render", "-offline", "r.json"}, "cachediff: -offline: a long flag takes two dashes, and one is read as -o with the value ffline; write --offline\n")
	wantTrouble(t, []string{"render", "-offline=true", "r.json"}, "write --offline=true\n")
	wantTrouble(t, []string{"render", "--offline", "r.json"}, "render: --offline does not apply")
	if _, err := os.Lstat("ffline"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ffline: %v; want no such file", err)
	}
}

// TestOneDashFlagSetsOnce (class c): oneDash looks at a word as a long
// flag of every command (TestOneDashLongFlagOfOtherCommand); made again
// for each flag word, the commands' flag sets made a line of 1000
// -fjson allocate a thousand times what one word does. They are made
// once, when a word needs them: the line allocates a few times one
// word's at most.
func TestOneDashFlagSetsOnce(t *testing.T) {
	fs := renderCommand.flagSet(&options{})
	lineOf := func(n int) cmdLine {
		args := make([]string, n)
		for i := range args {
			args[i] = "-fjson"
		}
		return readLine(renderCommand.flagSet(&options{}), args)
	}
	one, many := lineOf(1), lineOf(1000)
	a1 := testing.AllocsPerRun(5, func() { _ = oneDash(renderCommand, fs, one) })
	a1000 := testing.AllocsPerRun(5, func() { _ = oneDash(renderCommand, fs, many) })
	if a1000 > 3*a1 {
		t.Errorf("oneDash allocates %.0f times over 1000 flag words, %.0f over one; want the flag sets made once", a1000, a1)
	}
}

// TestOneDashLongFlagOfOtherCommandNamed (class e): cachediff
// -revs=HEAD~7..HEAD A B said "unknown shorthand flag: 'r' in -revs=…"
// and render -stack=e4s r.json "'s' in -stack=e4s", with no word of
// --revs or --stack, where -quiet says "write --quiet": a long flag of
// another command, typed with one dash, was not looked for. It is named
// now, and the spelling named, pasted, says whose flag it is.
func TestOneDashLongFlagOfOtherCommandNamed(t *testing.T) {
	pagesHere(t, "A", "B")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-revs=HEAD~7..HEAD", "A", "B"}, "cachediff: '-revs=HEAD~7..HEAD': a long flag takes two dashes, and one is read as shorthands; write '--revs=HEAD~7..HEAD'\n"},
		{[]string{"--revs=HEAD~7..HEAD", "A", "B"}, "cachediff: --revs is a flag of cachediff log, not of the diff"},
		{[]string{"render", "-stack=e4s", "r.json"}, "cachediff: -stack=e4s: a long flag takes two dashes, and one is read as shorthands; write --stack=e4s\n"},
		{[]string{"render", "--stack=e4s", "r.json"}, "cachediff: render: --stack does not apply"},
	} {
		wantTrouble(t, c.args, c.want)
	}
}

// TestShorthandLookalike (class e): cachediff -С A B, its С Cyrillic
// (U+0421), said "unknown shorthand flag: 'С' in -С", which reads as if
// -C, a flag cachediff takes, were unknown; an unknown long flag typed
// so (--f\u0430il-on) is quoted in ASCII. So is the shorthand.
func TestShorthandLookalike(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-\u0421", ".", "a.md", "b.md"}, `cachediff: unknown shorthand flag: '\u0421' in "-\u0421"` + "\n"},
		{[]string{"render", "-q\u03bf", "r.json"}, `cachediff: unknown shorthand flag: '\u03bf' in "-q\u03bf"` + "\n"},
	} {
		wantTrouble(t, c.args, c.want)
	}
}
