package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/shellword"
)

// TestSpacedValue (issue 35, class e): "--stack= e4s", a space after
// the =, gave --stack an empty value and made e4s an argument: a diff
// said "want two snapshots, OLD and NEW; got 3 arguments", a log
// "loading e4s: no such file or directory", and neither named the flag.
// It says how to write the value; a word that names a file is read as an
// argument, as before.
func TestSpacedValue(t *testing.T) {
	pagesHere(t, "page.md")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--stack=", "e4s", "page.md", "page.md"}, "cachediff: --stack= e4s: the space after the = left --stack empty and made e4s an argument, which names nothing on disk; write --stack=e4s or --stack e4s\n"},
		{[]string{"--package=", "py-*", "page.md", "page.md"}, "write --package='py-*' or --package 'py-*'\n"},
		// The usage hint names the command's help.
		{[]string{"log", "--ignore=", "os", "page.md", "page.md"}, "write --ignore=os or --ignore os\ncachediff: run 'cachediff log --help' for usage\n"},
		{[]string{"render", "--title=", "x", "r.json"}, "write --title=x or --title x\ncachediff: run 'cachediff render --help' for usage\n"},
		{[]string{"log", "--color", "never", "page.md", "page.md"}, "cachediff: run 'cachediff log --help' for usage\n"},
		{[]string{"log", "page.md", ""}, "cachediff: run 'cachediff log --help' for usage\n"},
		// A short flag: pflag reads -o= as -o with the value "=", and the
		// diff said "got 3 arguments", naming no flag.
		{[]string{"-o=", "out.md", "page.md", "page.md"}, `cachediff: -o= out.md: the space after the = gave -o the value "=" and made out.md an argument, which names nothing on disk; write -o=out.md or -o out.md` + "\n"},
		{[]string{"log", "page.md", "-o=", "out.md", "page.md"}, "write -o=out.md or -o out.md\ncachediff: run 'cachediff log --help' for usage\n"},
		// -o= with no word after it: pflag gives -o the value "=", and
		// the report went silently to a file named "=", exit 0.
		{[]string{"-o=", "page.md", "page.md"}, `cachediff: -o=: pflag read "=" as the file to write; write -o FILE or --output=FILE (- or no -o: standard output)` + "\n"},
		{[]string{"--output==", "page.md", "page.md"}, `write -o FILE or --output=FILE`},
		// A flag whose check refuses an empty value: that check said
		// what the value lacks, not the space that left it so.
		{[]string{"--fail-on=", "any", "page.md", "page.md"}, "cachediff: --fail-on= any: the space after the = left --fail-on empty and made any an argument, which names nothing on disk; write --fail-on=any or --fail-on any\n"},
		{[]string{"--template=", "notes.tmpl", "page.md", "page.md"}, "write --template=notes.tmpl or --template notes.tmpl\n"},
		// --revs= itself: a log of a range, which takes one PATH.
		{[]string{"log", "--revs=", "HEAD~7..HEAD", "_cache/develop"}, "cachediff: --revs= 'HEAD~7..HEAD': the space after the = left --revs empty and made 'HEAD~7..HEAD' an argument, which names nothing on disk; write --revs='HEAD~7..HEAD' or --revs 'HEAD~7..HEAD'\n"},
		// With --revs, PATH is no file: one argument too many.
		{[]string{"log", "--revs", "HEAD~1..HEAD", "--package=", "llvm", "_cache/develop"}, "cachediff: --package= llvm: the space after the = left --package empty and made llvm an argument; write --package=llvm or --package llvm\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2, holding %q", c.args, code, stderr.String(), c.want)
		}
	}
	// A word that names a file is an argument: an empty title.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--title=", "page.md", "page.md"}, &stdout, &stderr); code != exitSame {
		t.Errorf("--title= page.md page.md: exit %d, stderr %q; want 0", code, stderr.String())
	}
	// -C= sub, sub a folder here: it names something on disk, though
	// not from -C "=", which said it named nothing.
	if err := os.Mkdir("sub", 0o755); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"-C=", "sub", "page.md", "page.md"}, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), "names nothing on disk") {
		t.Errorf("-C= sub page.md page.md: exit %d, stderr %q; want 2, and sub not said to name nothing", code, stderr.String())
	}
	// No argument more than the diff takes: an empty title, and a
	// snapshot misspelt, which the loading names.
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"--title=", "nope.md", "page.md"}, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "nope.md: no such file") {
		t.Errorf("--title= nope.md page.md: exit %d, stderr %q; want 2, nope.md not found", code, stderr.String())
	}
}

// TestHelpDiff (class e): cachediff help diff, as git help diff, said
// `help: no command "diff": want one of render, log, help, version or
// completion`, exit 2, although the diff is the command a new user
// looks for. It shows the diff's help, as cachediff help does.
func TestHelpDiff(t *testing.T) {
	var want, stdout, stderr bytes.Buffer
	if code := run([]string{"help"}, &want, &stderr); code != exitSame {
		t.Fatalf("help: exit %d, stderr %q", code, stderr.String())
	}
	if code := run([]string{"help", "diff"}, &stdout, &stderr); code != exitSame || stdout.String() != want.String() || stderr.Len() != 0 {
		t.Errorf("help diff: exit %d, stderr %q, stdout %.100q; want 0 and the help of cachediff help", code, stderr.String(), stdout.String())
	}
}

// TestHelpFlagCommand (class e, an over-refusal): cachediff --help log,
// as git --help log, said `"log" is a command, and was read as a
// snapshot`, exit 2. It shows the log's help, as cachediff help log.
func TestHelpFlagCommand(t *testing.T) {
	for _, name := range []string{"log", "render"} {
		var want, stdout, stderr bytes.Buffer
		if code := run([]string{"help", name}, &want, &stderr); code != exitSame {
			t.Fatalf("help %s: exit %d, stderr %q", name, code, stderr.String())
		}
		for _, flag := range []string{"--help", "-h"} {
			stdout.Reset()
			if code := run([]string{flag, name}, &stdout, &stderr); code != exitSame || stdout.String() != want.String() || stderr.Len() != 0 {
				t.Errorf("%s %s: exit %d, stderr %q, stdout %.100q; want 0 and the help of cachediff help %s", flag, name, code, stderr.String(), stdout.String(), name)
			}
		}
	}
}

// TestHelpNoTrailingSpace (class e): the help of version, which has no
// synopsis, began "Usage: cachediff version " with a space at its end.
func TestHelpNoTrailingSpace(t *testing.T) {
	for _, name := range append([]string{"diff"}, commandNames()...) {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"help", name}, &stdout, &stderr); code != exitSame {
			t.Fatalf("help %s: exit %d, stderr %q", name, code, stderr.String())
		}
		for i, line := range strings.Split(stdout.String(), "\n") {
			if strings.TrimRight(line, " ") != line {
				t.Errorf("help %s: line %d %q ends in a space", name, i+1, line)
			}
		}
	}
}

// TestHelpDiffTypo (class e): "help dif" said `no command "dif": want
// one of render, log, help, version or completion`, no suggestion, and a
// list without diff, which help takes. diff is listed and suggested.
func TestHelpDiffTypo(t *testing.T) {
	for _, arg := range []string{"dif", "DIFF", "diff-"} {
		var stdout, stderr bytes.Buffer
		want := `want one of diff, render, log, help, version or completion (did you mean diff?)`
		if code := run([]string{"help", arg}, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), want) {
			t.Errorf("help %s: exit %d, stderr %q; want 2, holding %q", arg, code, stderr.String(), want)
		}
	}
}

// TestShellWordEquals: a word that starts with "=" is quoted: zsh, one
// of the shells cachediff completes, reads =bar as the path of the
// command bar, so the hint "--stack =bar" pasted there failed with
// "zsh: bar not found". An empty word is quoted too.
func TestShellWordEquals(t *testing.T) {
	for in, want := range map[string]string{"=bar": "'=bar'", "a=b": "a=b", "py-torch": "py-torch", "": "''"} {
		if got := shellword.Word(in); got != want {
			t.Errorf("shellword.Word(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestSpacedDirectory (issue 35, class e): "-C= repo A B" and
// "--directory= repo A B", repo a folder, as -C's always is: the word
// names something on disk, so the space after the = went unsaid, and the
// diff said "-C =: no such file or directory" and "-C: want a
// directory" of a folder that was given. -C's value ("=", "") names no
// folder, so the command fails whatever the word is: it says the space.
func TestSpacedDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("repo", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("repo/page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-C=", "repo", "page.md", "page.md"}, "cachediff: -C= repo: the space after the = gave -C the value \"=\" and made repo an argument; write -C=repo or -C repo\n"},
		{[]string{"--directory=", "repo", "page.md", "page.md"}, "cachediff: --directory= repo: the space after the = left --directory empty and made repo an argument; write --directory=repo or --directory repo\n"},
		// A word near a command's name (lgo) was said to be a
		// misspelt command: "did you mean cachediff log?". It names no
		// folder, and -C=lgo, once written, would be refused: no way
		// is written (TestSpacedHintsPasted).
		{[]string{"-C=", "lgo", "page.md", "page.md"}, "cachediff: -C= lgo: the space after the = gave -C the value \"=\" and made lgo an argument; lgo names no folder\n"},
		{[]string{"--directory=", "lgo", "page.md", "page.md"}, "cachediff: --directory= lgo: the space after the = left --directory empty and made lgo an argument; lgo names no folder\n"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	// Written as the hint says, it runs.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-C=repo", "page.md", "page.md"}, &stdout, &stderr); code != exitSame {
		t.Errorf("-C=repo page.md page.md: exit %d, stderr %q; want 0", code, stderr.String())
	}
	// A folder named "=" is -C's: the word is an argument, as before.
	if err := os.Mkdir("=", 0o755); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"-C=", "repo", "page.md", "page.md"}, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), "the space after") {
		t.Errorf("-C= repo, with a folder =: exit %d, stderr %q; want 2, and no space said", code, stderr.String())
	}
}

// TestLeadDirEquals (class a): cachediff -C= lgo B, with a folder named
// "=" that holds the snapshots lgo and B, said "lgo is neither a command
// nor a snapshot: did you mean cachediff log?" (exit 2), where -C = lgo
// B runs the diff: pflag reads -C= as -C "=", and the word before the
// command's name was looked for here, read as -C "".
func TestLeadDirEquals(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("=", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"=/lgo", "=/lo", "=/B"} {
		if err := os.WriteFile(name, []byte(permPage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"-C=", "lgo", "B"}, {"-C=", "lo", "B"}, {"-C", "=", "lgo", "B"}, {"-C==", "lgo", "B"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
	for word, want := range map[string]string{"-C=": "=", "-C=x": "x", "-C==x": "=x", "-Cx": "x", "-C": "", "--directory=": "", "--directory=x": "x", "--directory==x": "=x"} {
		if got := leadDir(word); got != want {
			t.Errorf("leadDir(%q) = %q; want %q", word, got, want)
		}
	}
}

// TestSpacedColor (class e): "--color= never A B" said `unknown --color
// "": want auto, always or never`, of a value written "never": the
// space after the = left --color empty and made never an argument. It
// says so, and only the = spelling (--color never is --color alone and
// an argument).
func TestSpacedColor(t *testing.T) {
	pagesHere(t, "page.md")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--color=", "never", "-f", "text", "page.md", "page.md"}, "cachediff: --color= never: the space after the = left --color empty and made never an argument, which names nothing on disk; write --color=never\n"},
		{[]string{"log", "--color=", "always", "page.md", "page.md"}, "write --color=always\ncachediff: run 'cachediff log --help' for usage\n"},
		// No word after it: the empty value, as before.
		{[]string{"--color=", "page.md", "page.md"}, `cachediff: unknown --color "": want auto, always or never` + "\n"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	// --color alone, and a word that names a file, are as before.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--color", "-f", "text", "page.md", "page.md"}, &stdout, &stderr); code != exitSame {
		t.Errorf("--color page.md page.md: exit %d, stderr %q; want 0", code, stderr.String())
	}
}

// TestSpacedTitle (class e): --title= 'Build cache: v0.23.0 → v0.23.1'
// (the help's example title, with a space after the =) and a title of
// more than 255 bytes (--title= "$PR_TITLE") said "got 3 arguments",
// naming no flag: a word with a colon was taken for a REV:PATH, and a
// name too long for the file system for one that may exist. Neither
// can be: a revision holds no white space outside braces. One that
// may be REV:PATH is left as before.
func TestSpacedTitle(t *testing.T) {
	pagesHere(t, "page.md")
	long := strings.TrimSpace(strings.Repeat("curl and friends ", 20))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--title=", "Build cache: v0.23.0 → v0.23.1", "page.md", "page.md"}, `write --title=$'Build cache: v0.23.0 \xe2\x86\x92 v0.23.1' or --title $'Build cache: v0.23.0 \xe2\x86\x92 v0.23.1'` + "\n"},
		{[]string{"--title=", long, "page.md", "page.md"}, "write --title='" + long + "' or --title '" + long + "'\n"},
		{[]string{"log", "--title=", "Week 9: curl", "page.md", "page.md"}, "write --title='Week 9: curl' or --title 'Week 9: curl'\n"},
		// May be REV:PATH: as before.
		{[]string{"--title=", "HEAD@{1 day ago}:_cache/develop", "page.md", "page.md"}, "got 3 arguments"},
		{[]string{"--title=", "main:a b", "page.md", "page.md"}, "got 3 arguments"},
	} {
		wantTrouble(t, c.args, c.want)
	}
}

// TestSpacedDirectoryCommand (class e): "cachediff -C= repo log --revs
// HEAD~2..HEAD _cache/develop" took repo for the diff's first snapshot
// and log for its second, and said "unknown flag: --revs (did you mean
// --rows?)". It says the space after the =, with the log's help.
func TestSpacedDirectoryCommand(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("repo", 0o755); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"-C=", "repo", "log", "--revs", "HEAD~2..HEAD", "_cache/develop"}, &stdout, &stderr)
	want := "cachediff: -C= repo: the space after the = gave -C the value \"=\" and made repo an argument; write -C=repo or -C repo\ncachediff: run 'cachediff log --help' for usage\n"
	if code != exitTrouble || stderr.String() != want {
		t.Errorf("-C= repo log …: exit %d, stderr %q; want 2 and %q", code, stderr.String(), want)
	}
}

// TestSpacedDirectoryNoDirCommand (class e): -C= . render r.json said
// "write -C=. or -C .", which pasted said "unknown shorthand flag: 'C'":
// render takes no -C (nor help, version or completion; -C= . help said
// "-C =: no such file or directory"). It says so.
func TestSpacedDirectoryNoDirCommand(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, args := range [][]string{{"-C=", ".", "render", "r.json"}, {"-C=", ".", "render"}, {"-C=", ".", "help"}, {"-C=", ".", "completion", "bash"}} {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		want := fmt.Sprintf("cachediff: -C= .: cachediff %s takes no -C (only the diff and log do)\ncachediff: run 'cachediff %s --help' for usage\n", args[2], args[2])
		if code != exitTrouble || stderr.String() != want {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", args, code, stderr.String(), want)
		}
	}
}

// TestSpacedDirectoryHelp (an over-refusal): -C= . log A B --help (and
// -C= . version -h) showed the help, exit 0, before -C= DIR followed by
// a command was refused for its space: the help is asked for, and shown.
func TestSpacedDirectoryHelp(t *testing.T) {
	t.Chdir(t.TempDir())
	// -C= . log -qh: the -h in a word of shorthands asks it as well
	// (the raw words' scan looked for -h alone, and refused the space).
	// -C= . log -qtest.v --help A B: pflag reads -qtest.v as -q and go
	// test's -test.v, which it passes by; the reading took "test.v" for
	// shorthands, stopped at the unknown -t, and refused the space.
	for _, args := range [][]string{{"-C=", ".", "log", "A", "B", "--help"}, {"-C=", ".", "version", "-h"}, {"-C=", ".", "render", "r.json", "-h"}, {"-C=", ".", "log", "-qh", "A", "B"}, {"-C=", ".", "log", "-qtest.v", "--help", "A", "B"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || !strings.HasPrefix(stdout.String(), "Usage: ") || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q, stdout %.40q; want 0 and a help", args, code, stderr.String(), stdout.String())
		}
	}
}

// TestSpacedDirectoryVersion (an over-refusal): -C= . version
// --version (and -C= . render r.json --version) printed the version,
// exit 0, before -C= DIR followed by any command was refused for its
// space: --version is answered, as --help is.
func TestSpacedDirectoryVersion(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, args := range [][]string{{"-C=", ".", "version", "--version"}, {"-C=", ".", "render", "r.json", "--version"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || !strings.HasPrefix(stdout.String(), "cachediff ") || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q, stdout %.40q; want 0 and the version", args, code, stderr.String(), stdout.String())
		}
	}
}

// TestDirectoryEquals (class e): A B -C= (-C=$DIR, DIR empty) said "-C
// =: no such file or directory", of a value never typed: pflag gives -C=
// the value "=". It says so, as -o= does; a folder "=" is -C's.
func TestDirectoryEquals(t *testing.T) {
	pagesHere(t, "page.md")
	wantTrouble(t, []string{"page.md", "page.md", "-C="}, "cachediff: -C=: pflag read \"=\" as the folder; write -C DIR or --directory=DIR\n")
	if err := os.Mkdir("=", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("=", "page.md"), []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"page.md", "page.md", "-C="}, &stdout, &stderr); code != exitSame {
		t.Errorf("page.md page.md -C=, with a folder =: exit %d, stderr %q; want 0", code, stderr.String())
	}
}

// TestOutputEqualsDirectory (class e): -C sub A B -o= (-o=$OUT, OUT
// empty) wrote the report to sub/=, exit 0, where -o= without -C is
// refused: pflag gives -o= the value "=", which -C made sub/= before it
// was looked at. It is refused with -C too; -o ./= names the file.
func TestOutputEqualsDirectory(t *testing.T) {
	pagesHere(t, "page.md")
	if err := os.Mkdir("sub", 0o755); err != nil {
		t.Fatal(err)
	}
	wantTrouble(t, []string{"-C", "sub", "../page.md", "../page.md", "-o="}, "cachediff: -o=: pflag read \"=\" as the file to write")
	if _, err := os.Lstat(filepath.Join("sub", "=")); err == nil {
		t.Errorf("-C sub ../page.md ../page.md -o= wrote sub/=")
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-C", "sub", "../page.md", "../page.md", "-o", "./="}, &stdout, &stderr); code != exitSame {
		t.Errorf("-C sub ../page.md ../page.md -o ./=: exit %d, stderr %q; want 0", code, stderr.String())
	}
	if _, err := os.Lstat(filepath.Join("sub", "=")); err != nil {
		t.Errorf("-C sub ../page.md ../page.md -o ./=: %v", err)
	}
}

// TestTemplateEquals (class e): A B -t= (-t=$T, T empty) said "reading
// the template: open =: no such file or directory", of a value never
// typed: pflag gives -t= the value "=". It says so, as -o= does; a file
// named = is the template.
func TestTemplateEquals(t *testing.T) {
	pagesHere(t, "page.md")
	wantTrouble(t, []string{"page.md", "page.md", "-t="}, "cachediff: -t=: pflag read \"=\" as the template FILE; write -t FILE or --template=FILE\n")
	if err := os.WriteFile("=", []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"page.md", "page.md", "-t="}, &stdout, &stderr); code != exitSame || stdout.String() != "x\n" {
		t.Errorf("page.md page.md -t=, with a file =: exit %d, stdout %q, stderr %q; want 0 and x", code, stdout.String(), stderr.String())
	}
}

// TestTemplateEqualsDirectory (class e): -C sub A B -t ./=, a file
// typed ./= that sub has not, said "-t=: pflag read \"=\" as the
// template FILE", of a -t= never typed: sub/= was taken for pflag's "="
// found from sub. -C sub A B -t= still says so, and reads sub/= when
// there is one.
func TestTemplateEqualsDirectory(t *testing.T) {
	pagesHere(t, "page.md")
	if err := os.Mkdir("sub", 0o755); err != nil {
		t.Fatal(err)
	}
	wantTrouble(t, []string{"-C", "sub", "../page.md", "../page.md", "-t="}, "cachediff: -t=: pflag read \"=\" as the template FILE")
	wantTrouble(t, []string{"-C", "sub", "../page.md", "../page.md", "-t", "./="}, "cachediff: reading the template: open "+filepath.Join("sub", "=")+": ")
	if err := os.WriteFile(filepath.Join("sub", "="), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-C", "sub", "../page.md", "../page.md", "-t="}, &stdout, &stderr); code != exitSame || stdout.String() != "x\n" {
		t.Errorf("-C sub ../page.md ../page.md -t=, with a file sub/=: exit %d, stdout %q, stderr %q; want 0 and x", code, stdout.String(), stderr.String())
	}
}

// TestSpacedExistingWord (class e): --output= out.md A B, out.md the
// report of an earlier run, said "--output: want a FILE to write the
// report to": the word names a file, so the space went unsaid, though
// the empty --output is refused whatever the word is (so are --format=,
// --fail-on= and --template=, and -o= and -f=, which pflag gives "=").
func TestSpacedExistingWord(t *testing.T) {
	pagesHere(t, "page.md", "out.md", "json", "any", "t.tmpl")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--output=", "out.md", "page.md", "page.md"}, "cachediff: --output= out.md: the space after the = left --output empty and made out.md an argument; write --output=out.md or --output out.md\n"},
		{[]string{"--format=", "json", "page.md", "page.md"}, "write --format=json or --format json\n"},
		{[]string{"-f=", "json", "page.md", "page.md"}, "write -f=json or -f json\n"},
		{[]string{"--fail-on=", "any", "page.md", "page.md"}, "write --fail-on=any or --fail-on any\n"},
		{[]string{"--template=", "t.tmpl", "page.md", "page.md"}, "write --template=t.tmpl or --template t.tmpl\n"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	// A flag whose empty value is taken: the word is an argument.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--title=", "page.md", "page.md", "page.md"}, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), "the space after") {
		t.Errorf("--title= page.md, 3 arguments: exit %d, stderr %q; want 2, and no space said", code, stderr.String())
	}
}

// TestSpacedLogEmptyVariable: a log takes any number of snapshots, so a
// flag left empty before a word that names one is an empty variable as
// likely as a space typed (log -C=$DIR _cache/*, log --fail-on=$KINDS
// …): the word is a snapshot, and the flag's own check speaks, not a
// claim of a space that was not typed. A log of --revs takes one PATH,
// as a diff takes two: there the space is said. The check names the
// flag as typed: log --directory= repo … said "-C: want a directory".
func TestSpacedLogEmptyVariable(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("repo", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"page.md", "out.md"} {
		if err := os.WriteFile(name, []byte(permPage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"log", "-C=", "repo", "page.md", "page.md"}, "cachediff: -C=: pflag read \"=\" as the folder; write -C DIR or --directory=DIR\n"},
		{[]string{"log", "--directory=", "repo", "page.md", "page.md"}, "cachediff: --directory: want a directory\n"},
		{[]string{"log", "-C", "", "repo", "page.md", "page.md"}, "cachediff: -C: want a directory\n"},
		{[]string{"log", "-qC", "", "repo", "page.md", "page.md"}, "cachediff: -C: want a directory\n"},
		{[]string{"log", "--fail-on=", "page.md", "page.md", "page.md"}, "cachediff: --fail-on: want at least one kind of change"},
		{[]string{"log", "-o=", "out.md", "page.md", "page.md"}, `cachediff: -o=: pflag read "=" as the file to write`},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != exitTrouble || !strings.HasPrefix(stderr.String(), c.want) || strings.Contains(stderr.String(), "the space after") {
			t.Errorf("%q: exit %d, stderr %q; want 2, starting %q, no space said", c.args, code, stderr.String(), c.want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"log", "--revs", "HEAD~1..HEAD", "--output=", "out.md", "_cache/develop"}, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "write --output=out.md or --output out.md\n") {
		t.Errorf("log --revs … --output= out.md PATH: exit %d, stderr %q; want 2 and the space said", code, stderr.String())
	}
}

// TestSpacedDirectoryFlag (class e): "cachediff -C= --quiet log a b"
// said "-C= --quiet: the space after the = gave -C the value "=" and
// made --quiet an argument; write -C=--quiet", of a flag no one meant as
// -C's folder (and "write -C=”" of an empty word). A flag or an empty
// word after -C= is left to the command, as spacedValue leaves it.
func TestSpacedDirectoryFlag(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, args := range [][]string{
		{"-C=", "--quiet", "log", "a", "b"},
		{"-C=", "-q", "log", "a", "b"},
		{"-C=", "", "log", "a", "b"},
	} {
		wantTroubleWithout(t, args, "the space after the =")
	}
	// A help asked for is shown.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-C=", "--help", "log"}, &stdout, &stderr); code != 0 || stderr.Len() != 0 {
		t.Errorf("-C= --help log: exit %d, stderr %q; want 0 and the log's help", code, stderr.String())
	}
}

// TestSpacedTemplateShort (class e): -t= t.tmpl A B, t.tmpl existing,
// said "want two snapshots, OLD and NEW; got 3 arguments", naming no
// flag, where -o= and -f= said the space (283948cf): pflag gives -t= the
// template "=", which fails as they do when no file "=" exists. With a
// file "=", -t= is a template given, and the word is left an argument.
func TestSpacedTemplateShort(t *testing.T) {
	pagesHere(t, "page.md", "t.tmpl")
	args := []string{"-t=", "t.tmpl", "page.md", "page.md"}
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "cachediff: -t= t.tmpl: the space after the = gave -t the value \"=\" and made t.tmpl an argument; write -t=t.tmpl or -t t.tmpl\n") {
		t.Errorf("%q: exit %d, stderr %q; want 2 and the space said", args, code, stderr.String())
	}
	if err := os.WriteFile("=", []byte("{{.}}"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run(args, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), "the space after") {
		t.Errorf("%q, a file =: exit %d, stderr %q; want 2, and no space said", args, code, stderr.String())
	}
}

// TestSpacedRefusedLater (class e): --template= t.tmpl -t x.tmpl A B
// said "--template= t.tmpl: the space after the = left --template empty",
// of a flag given a template later: the flag's own check refuses no
// value then, so an existing word is left an argument, as before
// 283948cf (so for --output, --format and --fail-on given again).
func TestSpacedRefusedLater(t *testing.T) {
	pagesHere(t, "page.md", "t.tmpl", "x.tmpl", "out.md")
	for _, args := range [][]string{
		{"--template=", "t.tmpl", "-t", "x.tmpl", "page.md", "page.md"},
		{"--output=", "out.md", "-o", "r.md", "page.md", "page.md"},
		{"--format=", "t.tmpl", "-f", "json", "page.md", "page.md"},
		{"--fail-on=", "t.tmpl", "--fail-on", "any", "page.md", "page.md"},
	} {
		wantTroubleWithout(t, args, "the space after")
	}
}

// TestSpacedColorNotColour (class e): --color= x A B, x no colour,
// said "the space after the = left --color empty …; write --color=x",
// a value --color refuses in turn: only a colour (auto, always, never)
// is said to be meant for it, as spacedColor does; otherwise the empty
// value is refused, as before caaa1b14.
func TestSpacedColorNotColour(t *testing.T) {
	pagesHere(t, "page.md")
	args := []string{"--color=", "bc,bc", "page.md", "page.md"}
	wantTroubleWithout(t, args, "write --color=")
}

// TestSpacedColorNotColourThenFlag (class e): --color= e4s -f= A B,
// e4s no colour, left --color and blamed the -f= after it, advising
// "write -f=A" of a snapshot: the empty values are left to their
// refusals (unknown --format "=").
func TestSpacedColorNotColourThenFlag(t *testing.T) {
	pagesHere(t, "page.md")
	for _, args := range [][]string{
		{"--color=", "e4s", "-f=", "page.md", "page.md"},
		{"--color=", "e4s", "-o=", "page.md", "page.md"},
	} {
		wantTroubleWithout(t, args, "write -")
	}
}

// TestSpacedValueTakenByFlag (class e): a "-t=" or "--output=" that
// another flag took as its value (-f -t= t.tmpl A B) is no flag left
// empty by a space: it was said "-t= t.tmpl: the space after the = gave
// -t the value "="", where -f refused "-t=".
func TestSpacedValueTakenByFlag(t *testing.T) {
	pagesHere(t, "page.md", "t.tmpl")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-f", "-t=", "t.tmpl", "page.md", "page.md"}, `unknown --format "-t="`},
		{[]string{"-f", "-o=", "t.tmpl", "page.md", "page.md"}, `unknown --format "-o="`},
		{[]string{"-f", "--output=", "t.tmpl", "page.md", "page.md"}, `unknown --format "--output="`},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), c.want) || strings.Contains(stderr.String(), "the space after") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q, no space blamed", c.args, code, stderr.String(), c.want)
		}
	}
}

// wantTrouble runs args and wants exit 2 with want in standard error.
func wantTrouble(t *testing.T, args []string, want string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), want) {
		t.Errorf("%q: exit %d, stderr %q; want 2, holding %q", args, code, stderr.String(), want)
	}
}

// pagesHere makes a temporary folder the current one and writes each
// name in it as a catalogue page.
func pagesHere(t *testing.T, names ...string) {
	t.Helper()
	t.Chdir(t.TempDir())
	for _, name := range names {
		if err := os.WriteFile(name, []byte(permPage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// wantTroubleWithout runs args and wants exit 2 with standard error not
// holding notWant.
func wantTroubleWithout(t *testing.T, args []string, notWant string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), notWant) {
		t.Errorf("%q: exit %d, stderr %q; want 2, without %q", args, code, stderr.String(), notWant)
	}
}

// TestSpacedShorthandGroup (class e): cachediff -qf= json A B said
// `unknown --format "="`, where -f= json A B says that the space after
// the = gave -f the value "=" and made json an argument: a shorthand
// after switches in one word is the same slip, named as typed, and the
// spellings suggested keep the switches (-qf=json, as pasted, is json).
func TestSpacedShorthandGroup(t *testing.T) {
	pagesHere(t, "A", "B")
	wantTrouble(t, []string{"-qf=", "json", "A", "B"}, `cachediff: -qf= json: the space after the = gave -f the value "=" and made json an argument, which names nothing on disk; write -qf=json or -qf json`+"\n")
	wantTrouble(t, []string{"log", "-qqf=", "json", "A", "B"}, `cachediff: -qqf= json: the space after the = gave -f the value "=" and made json an argument, which names nothing on disk; write -qqf=json or -qqf json`+"\n")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-qf=json", "A", "B"}, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
		t.Errorf("-qf=json A B: exit %d, stderr %q; want 0", code, stderr.String())
	}
}

// TestDirectoryLongBeforeCommand (class e): -C DIR before a command's
// name goes to the command, as git takes it, but --directory DIR did
// not: --directory . log A B said "log is a command, and was read as a
// snapshot", and the hint of --directory= . log A B, "write
// --directory=. or --directory .", pasted back, said so too. The long
// spelling goes to the command as the short one does.
func TestDirectoryLongBeforeCommand(t *testing.T) {
	pagesHere(t, "A", "B")
	for _, args := range [][]string{{"--directory", ".", "log", "A", "B"}, {"--directory=.", "log", "A", "B"}, {"-C", ".", "log", "A", "B"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"--directory=", ".", "log", "A", "B"}, &stdout, &stderr)
	want := "cachediff: --directory= .: the space after the = left --directory empty and made . an argument; write --directory=. or --directory .\ncachediff: run 'cachediff log --help' for usage\n"
	if code != exitTrouble || stderr.String() != want {
		t.Errorf("--directory= . log A B: exit %d, stderr %q; want 2 and %q", code, stderr.String(), want)
	}
	wantTrouble(t, []string{"--directory=", ".", "render", "r.json"}, "cachediff: --directory= .: cachediff render takes no --directory (only the diff and log do)\n")
	wantTrouble(t, []string{"--directory", ".", "render", "r.json"}, "cachediff: render: --directory does not apply: the report was made already\n")
}
