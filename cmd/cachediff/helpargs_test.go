package main

import (
	"bytes"
	"testing"
)

// TestHelpFlagCommandArgs (class e, an over-refusal): cachediff --help
// completion bash (and --help log A B) said `"completion" is a command,
// and was read as a snapshot`, exit 2, where --help completion and
// completion bash --help show the help: the command's help is shown,
// whatever arguments follow its name.
func TestHelpFlagCommandArgs(t *testing.T) {
	for _, args := range [][]string{{"--help", "completion", "bash"}, {"-h", "log", "A", "B"}, {"--help", "render", "r.json", "x"}} {
		var want, stdout, stderr bytes.Buffer
		if code := run([]string{"help", args[1]}, &want, &stderr); code != exitSame {
			t.Fatalf("help %s: exit %d, stderr %q", args[1], code, stderr.String())
		}
		if code := run(args, &stdout, &stderr); code != exitSame || stdout.String() != want.String() || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q, stdout %.100q; want 0 and the help of cachediff help %s", args, code, stderr.String(), stdout.String(), args[1])
		}
	}
}

// TestSpacedDirectoryCommandHelp (class e): cachediff -C= . log --help
// showed the diff's help, exit 0: the diff's parse read log as a
// snapshot. The help asked for is the command's, as of -C . log --help.
func TestSpacedDirectoryCommandHelp(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, args := range [][]string{{"-C=", ".", "log", "--help"}, {"-C=", ".", "render", "r.json", "-h"}, {"-C=", ".", "completion", "bash", "--help"}} {
		var want, stdout, stderr bytes.Buffer
		if code := run([]string{"help", args[2]}, &want, &stderr); code != exitSame {
			t.Fatalf("help %s: exit %d, stderr %q", args[2], code, stderr.String())
		}
		if code := run(args, &stdout, &stderr); code != exitSame || stdout.String() != want.String() || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q, stdout %.100q; want 0 and the help of cachediff help %s", args, code, stderr.String(), stdout.String(), args[2])
		}
	}
}

// TestSpacedDirectoryHelpValue (class a): cachediff -C= . log --title
// -h a.md b.md, a log titled -h, showed the log's help, exit 0 and no
// report (a546dd50 took any -h among the words for a help asked), where
// -C=. log --title -h a.md b.md runs the log and -C= . before it is
// refused, exit 2. A -h that is a flag's value asks no help: -C= . is
// refused, as before a546dd50, and as it is without the -h (render
// takes no -C at all, as -C= . render --title x r.json says).
func TestSpacedDirectoryHelpValue(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, args := range [][]string{
		{"-C=", ".", "log", "--title", "-h", "a.md", "b.md"},
		{"-C=", ".", "log", "a.md", "b.md", "-o", "--help"},
	} {
		wantTrouble(t, args, `write -C=. or -C .`)
	}
	wantTrouble(t, []string{"-C=", ".", "render", "--title", "-h", "r.json"}, `cachediff: -C= .: cachediff render takes no -C (only the diff and log do)`)
}

// TestSpacedDirectoryHelpOff (class a): cachediff -C= . log --help=false
// a.md b.md showed the log's help, exit 0 and no report, where -C . log
// --help=false a.md b.md runs the log; and -C= . log --help --nope a.md
// b.md showed it where -C . log … says "unknown flag: --nope", exit 2: a
// word that set --help was taken for a help asked, whatever its value and
// whether the parse got through. They are refused for the space, as -C=
// . log a.md b.md is; so is -C= . render r.json --version=false, a
// render that takes no -C.
func TestSpacedDirectoryHelpOff(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, args := range [][]string{
		{"-C=", ".", "log", "--help=false", "a.md", "b.md"},
		{"-C=", ".", "log", "-h", "--help=0", "a.md", "b.md"},
		{"-C=", ".", "log", "--help", "--nope", "a.md", "b.md"},
	} {
		wantTrouble(t, args, `write -C=. or -C .`)
	}
	wantTrouble(t, []string{"-C=", ".", "render", "r.json", "--version=false"}, `cachediff: -C= .: cachediff render takes no -C (only the diff and log do)`)
}
