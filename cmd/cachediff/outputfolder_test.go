package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestOutputFolder (issue 35, adversarial round 3): --output naming a
// folder said "writing out: is a directory", naming neither the flag nor
// what it wants. It names --output and asks for a file, in every
// command that writes a report.
func TestOutputFolder(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir("out", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-o", "out", "page.md", "page.md"},
		{"log", "-o", "out", "page.md", "page.md"},
	} {
		var stdout, stderr bytes.Buffer
		const want = "cachediff: --output out: is a folder: --output wants a file, which the report is written to\n"
		if code := run(args, &stdout, &stderr); code != 2 || stderr.String() != want {
			t.Errorf("%q: exit %d, stderr %q; want 2, %q", args, code, stderr.String(), want)
		}
	}
	if entries, _ := os.ReadDir("out"); len(entries) != 0 {
		t.Errorf("out holds %d files", len(entries))
	}
}

// TestOutputMissingFolder (issue 35, pass 81): --output in a folder that
// does not exist said "writing new/x.md: directory new/: no such file or
// directory", naming neither the flag nor what to do, in every command
// that writes a report.
func TestOutputMissingFolder(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-o", "new/x.md", "page.md", "page.md"},
		{"log", "-o", "new/x.md", "page.md", "page.md"},
	} {
		var stdout, stderr bytes.Buffer
		const want = "cachediff: --output new/x.md: the folder new does not exist: make it first (mkdir -p), or name a file in a folder that does\n"
		if code := run(args, &stdout, &stderr); code != 2 || stderr.String() != want {
			t.Errorf("%q: exit %d, stderr %q; want 2, %q", args, code, stderr.String(), want)
		}
	}
	if _, err := os.Stat("new"); err == nil {
		t.Error("the folder new was made")
	}
}

// TestOutputFolderTakesNoFile (issue 35, class e): --output in a folder
// that exists but makes no file (/proc/self/) said "writing
// /proc/self/x.md: directory /proc/self/: no such file or directory", of
// a folder that is there. It says the folder takes no new file.
func TestOutputFolderTakesNoFile(t *testing.T) {
	if info, err := os.Stat("/proc/self"); err != nil || !info.IsDir() {
		t.Skip("no /proc/self here")
	}
	t.Chdir(t.TempDir())
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	const (
		newFile = "cachediff: --output /proc/self/x.md: the folder /proc/self takes no new file, and --output writes a temporary file beside the file, then renames it: name a file in another folder\n"
		// A file that is there (-o /proc/version) was told only of its
		// folder, and "beside FILE": a redirect writes it in place.
		isFile = "cachediff: --output /proc/version: the folder /proc takes no new file, and --output replaces a file by writing a temporary file beside it, then renaming it over the file: name a file in another folder, or redirect standard output into this one (>), which writes it in place\n"
	)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "/proc/self/x.md", "page.md", "page.md"}, newFile},
		{[]string{"log", "-o", "/proc/self/x.md", "page.md", "page.md"}, newFile},
		{[]string{"-o", "/proc/version", "page.md", "page.md"}, isFile},
		{[]string{"log", "-o", "/proc/version", "page.md", "page.md"}, isFile},
	} {
		if _, err := os.Lstat(c.args[len(c.args)-3]); err != nil && c.want == isFile {
			continue // no /proc/version here
		}
		var stdout, stderr bytes.Buffer
		// Refused before the snapshots are read, the system's reason
		// said (outputPlace: "operation not permitted" as root,
		// "permission denied" as another user); after, none is known.
		if code := run(c.args, &stdout, &stderr); code != 2 || noNewFileWhy.ReplaceAllString(stderr.String(), "takes no new file,") != c.want {
			t.Errorf("%q: exit %d, stderr %q; want 2, %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// noNewFileWhy is the system's reason a folder takes no new file, in
// --output's refusal.
var noNewFileWhy = regexp.MustCompile(`takes no new file \([a-z ]+\),`)

// TestOutputTrailingSlash (class e): --output out/ of a folder not
// there said "the folder out does not exist: make it first (mkdir -p)",
// and once made it was refused as a folder: a path that ends in / names
// a folder, and is refused as one, there or not.
func TestOutputTrailingSlash(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-o", "out/", "page.md", "page.md"},
		{"log", "-o", "out/", "page.md", "page.md"},
		{"-o", "page.md/", "page.md", "page.md"},
	} {
		var stdout, stderr bytes.Buffer
		want := "cachediff: --output " + args[len(args)-3] + ": names a folder (it ends in /): --output wants a file, which the report is written to\n"
		if code := run(args, &stdout, &stderr); code != 2 || stderr.String() != want {
			t.Errorf("%q: exit %d, stderr %q; want 2, %q", args, code, stderr.String(), want)
		}
	}
}

// TestOutputUnderFile (issue 35, pass 82, class e): --output under a
// file, as if it were a folder (diff.json/x.md), said "writing
// diff.json/x.md: directory diff.json/: not a directory", naming neither
// the flag nor what to do.
func TestOutputUnderFile(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-o", "page.md/x.md", "page.md", "page.md"},
		{"log", "-o", "page.md/x.md", "page.md", "page.md"},
	} {
		var stdout, stderr bytes.Buffer
		const want = "cachediff: --output page.md/x.md: page.md is a file, not a folder: name a file in a folder\n"
		if code := run(args, &stdout, &stderr); code != 2 || stderr.String() != want {
			t.Errorf("%q: exit %d, stderr %q; want 2, %q", args, code, stderr.String(), want)
		}
	}
}

// TestColorValueSpaced (issue 35, pass 82, class e): --color takes its
// value after "=" (--color alone is always), so "--color never OLD NEW"
// read never as a snapshot: "want two snapshots, OLD and NEW; got 3
// arguments; for a series of snapshots, oldest first: cachediff log",
// or, with one snapshot after it, "never" not found. It says how to
// write the value.
func TestColorValueSpaced(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("page.md", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--color", "never", "page.md", "page.md"},
		{"-f", "text", "--color", "never", "page.md"},
		{"log", "--color", "never", "page.md", "page.md"},
		{"render", "--color", "never", "x.json"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "--color=never") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and how to write --color=never", args, code, stderr.String())
		}
	}
	// A snapshot that is named never is read as one.
	if err := os.WriteFile("never", []byte(permPage), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--color", "never", "page.md"}, &stdout, &stderr); code != 0 {
		t.Errorf("--color never page.md, with a page named never: exit %d, stderr %q; want 0", code, stderr.String())
	}
}

// TestOutputTookFlag (class a): cachediff -o $OUT --quiet A B, OUT
// empty, wrote the report to a file named --quiet, exit 1 and nothing on
// standard output, where -o "" A B is refused (exit 2), as -o $OUT -- A
// B is (tookDashes): a file's flag that took a flag of the command as
// its value is refused, and the file is not written. -o ./--quiet and
// --output=--quiet are left as typed; -o -q -o x.md, whose -q is lost
// though x.md is written, is refused (TestValueTookFlagGivenAgain).
func TestOutputTookFlag(t *testing.T) {
	pagesHere(t, "A", "B")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "--quiet", "A", "B"}, "cachediff: --output --quiet: the flag --quiet after --output was read as its FILE: give --output a FILE, quoted when it may be empty (a file named --quiet is written ./--quiet)\n"},
		{[]string{"log", "-qo", "-q", "A", "B"}, "cachediff: --output -q: the flag -q after --output was read as its FILE"},
		{[]string{"-t", "--stack=e4s", "A", "B"}, "cachediff: --template --stack=e4s: the flag --stack=e4s after --template was read as its FILE"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	if names, _ := filepath.Glob("-*"); len(names) > 0 {
		t.Errorf("files written: %q", names)
	}
	for _, args := range [][]string{{"-o", "./--quiet", "A", "B"}, {"--output=-q", "A", "B"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
}

// TestOutputNamedNoFlag (class a, an over-refusal): cachediff -o -q.md A
// B was refused, "the flag -q.md after --output", for its first
// character is the shorthand of --quiet, where it wrote the report to
// -q.md before tookFlag, as --output=-q.md does: pflag reads no flag in
// -q.md (it refuses the '.') nor in -test.v (go test's, passed by). They
// are files; -o -qtest.v (quiet, then go test's) is still refused.
func TestOutputNamedNoFlag(t *testing.T) {
	pagesHere(t, "A", "B")
	for _, name := range []string{"-q.md", "-test.v", "-hq.md"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-o", name, "A", "B"}, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("-o %s A B: exit %d, stderr %q; want 0", name, code, stderr.String())
		}
		if _, err := os.Stat(name); err != nil {
			t.Errorf("-o %s A B: %v", name, err)
		}
	}
	wantTrouble(t, []string{"-o", "-qtest.v", "A", "B"}, "cachediff: --output -qtest.v: the flag -qtest.v after --output")
}

// TestOutputTookOtherFlag (class a): cachediff render -o $OUT -C r.json,
// OUT empty, wrote the report to a file named -C, exit 1, where render
// -o "" -C r.json and render -C r.json are refused (exit 2): tookFlag
// knew the command's own flags only, and a flag of another command (log
// -o $OUT --version A B, -o $OUT --revs A B) was a file's name too. It
// is refused as a flag of the command is, and no file is written.
func TestOutputTookOtherFlag(t *testing.T) {
	pagesHere(t, "A", "B")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-f", "json", "-o", "r.json", "A", "B"}, &stdout, &stderr); code != exitSame {
		t.Fatalf("writing r.json: exit %d, %s", code, stderr.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "-o", "-C", "r.json"}, "cachediff: --output -C: the flag -C after --output was read as its FILE: give --output a FILE, quoted when it may be empty (a file named -C is written ./-C)\n"},
		{[]string{"log", "-o", "--version", "A", "B"}, "cachediff: --output --version: the flag --version after --output"},
		{[]string{"-o", "--revs", "A", "B"}, "cachediff: --output --revs: the flag --revs after --output"},
		{[]string{"log", "-C", "-tq", "A", "B"}, "cachediff: --directory -tq: the flag -tq after --directory"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	if names, _ := filepath.Glob("-*"); len(names) > 0 {
		t.Errorf("files written: %q", names)
	}
}

// TestValueTookFlag (class a): --title $T --fail-on=added A B, T empty,
// titled the report "--fail-on=added" and dropped the gate without a
// word (exit 1 of any difference, not the gate's answer), where --title
// "" --fail-on=added applies it; so did --stack $S or --package $P
// before any flag. tookFlag refused a flag taken as a value of -o, -t
// and -C alone. Every flag whose value is free text is held so now (a
// short flag too: TestValueTookShortFlag); the value is written joined
// (--title=--fail-on=added), which still reads.
func TestValueTookFlag(t *testing.T) {
	pagesHere(t, "A", "B")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--title", "--fail-on=added-package", "A", "B"}, "cachediff: --title --fail-on=added-package: the flag --fail-on=added-package after --title was read as its TEXT: give --title a TEXT, quoted when it may be empty (that TEXT is written --title=--fail-on=added-package)\n"},
		{[]string{"--stack", "--skip-invalid", "A", "B"}, "cachediff: --stack --skip-invalid: the flag --skip-invalid after --stack was read as its"},
		{[]string{"log", "--package", "--quiet", "A", "B"}, "cachediff: --package --quiet: the flag --quiet after --package was read as its"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	for _, args := range [][]string{{"--title=--fail-on=added-package", "A", "B"}, {"--title", "-x.md", "A", "B"}, {"--title", "-", "A", "B"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
}

// TestValueTookFlagGivenAgain (class a): tookFlag looked at a flag's
// last giving only, and a flag taken by an earlier one was lost without
// a word: --title $T --fail-on=added-package --title x A B, T empty,
// dropped the gate (exit 1 of any difference), render --title $T
// --quiet --title x r.json wrote the report, -o $OUT -q -o x.md A B
// wrote x.md (exit 0; -o "" -q -o x.md A B is refused, --quiet with
// --output). Each giving is held to it now; a later giving after a
// value that is no flag (--title -x.md --title x) still reads.
func TestValueTookFlagGivenAgain(t *testing.T) {
	pagesHere(t, "A", "B")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--title", "--fail-on=added-package", "--title", "x", "A", "B"}, "cachediff: --title --fail-on=added-package: the flag --fail-on=added-package after --title was read as its TEXT"},
		{[]string{"-o", "--quiet", "-o", "x.md", "A", "B"}, "cachediff: --output --quiet: the flag --quiet after --output was read as its FILE"},
		{[]string{"-o", "-q", "-o", "x.md", "A", "B"}, "cachediff: --output -q: the flag -q after --output was read as its FILE"},
		{[]string{"--stack", "--skip-invalid", "--stack", "root", "A", "B"}, "cachediff: --stack --skip-invalid: the flag --skip-invalid after --stack was read as its"},
		{[]string{"log", "--package", "--quiet", "--package", "py-*", "A", "B"}, "cachediff: --package --quiet: the flag --quiet after --package was read as its"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	if names, _ := filepath.Glob("*.md"); len(names) != 0 {
		t.Errorf("files written: %q", names)
	}
	for _, args := range [][]string{{"--title", "-x.md", "--title", "x", "A", "B"}, {"--title=-o", "--title", "x", "A", "B"}, {"--title=--quiet", "--title", "x", "A", "B"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
}

// TestValueTookShortFlag (class a): --title $T -q A B, T empty, titled
// the report -q and dropped --quiet without a word (the report printed,
// exit 1), and log --title $T -C dir A B made dir a snapshot: a short
// word that spells a flag was left to a free-text flag as the text
// meant. It is refused as a long one is; a title -o is written
// --title=-o, and a short word that spells no flag (-x.md) is text.
func TestValueTookShortFlag(t *testing.T) {
	pagesHere(t, "A", "B")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--title", "-q", "A", "B"}, "cachediff: --title -q: the flag -q after --title was read as its TEXT: give --title a TEXT, quoted when it may be empty (that TEXT is written --title=-q)\n"},
		{[]string{"log", "--title", "-C", ".", "A", "B"}, "cachediff: --title -C: the flag -C after --title was read as its TEXT"},
		{[]string{"--stack", "-qf", "json", "A", "B"}, "cachediff: --stack -qf: the flag -qf after --stack was read as its"},
		{[]string{"render", "--title", "-o", "r.json"}, "cachediff: --title -o: the flag -o after --title was read as its TEXT"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	for _, args := range [][]string{{"--title=-q", "A", "B"}, {"--title", "-x.md", "A", "B"}, {"--title=-o", "--", "A", "B"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
}

// TestValueTookOneDashLongFlag (class a): -o $OUT -quiet A B, OUT empty,
// wrote the report to a file named -quiet, exit 0 and nothing on
// standard output, where -o x.md -quiet A B is refused (a long flag
// typed with one dash); --title $T -directory=d A B read A and B from
// here, titled -directory=d. tookFlag held the value to pflag's reading
// alone, which refuses -quiet's u and so reads no flag in it.
func TestValueTookOneDashLongFlag(t *testing.T) {
	pagesHere(t, "A", "B")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "-quiet", "A", "B"}, "cachediff: --output -quiet: the flag -quiet after --output was read as its FILE: give --output a FILE, quoted when it may be empty (a file named -quiet is written ./-quiet)\n"},
		{[]string{"--title", "-directory=d", "A", "B"}, "cachediff: --title -directory=d: the flag -directory=d after --title was read as its TEXT"},
		{[]string{"log", "--title", "-revs=HEAD", "A", "B"}, "cachediff: --title -revs=HEAD: the flag -revs=HEAD after --title"},
		{[]string{"render", "-o", "-skip-invalid", "x.json"}, "cachediff: --output -skip-invalid: the flag -skip-invalid after --output"},
	} {
		wantTrouble(t, c.args, c.want)
	}
	if names, _ := filepath.Glob("-*"); len(names) != 0 {
		t.Errorf("files written: %q", names)
	}
	// A word that spells no long flag is the text still, and a title
	// that spells one is written joined.
	for _, args := range [][]string{{"--title", "-quietly", "A", "B"}, {"--title=-quiet", "A", "B"}, {"-o", "./-quiet", "A", "B"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitSame || stderr.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
}

// TestOutputRefusalsQuoteLookalike (issue 35, class a): each of
// --output's refusals of where it cannot write quotes a path past ASCII
// in ASCII (shownPath), as its refusal of an input does: written as it
// is, -o оut (its о Cyrillic) beside a folder out said "--output out: is
// a folder", of the folder out, and the folder nеw of -o nеw/x.md "does
// not exist" beside a folder new that does. (A URL's is ASCII already:
// mirror.Redact escapes it.)
func TestOutputRefusalsQuoteLookalike(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, f := range []string{"page.md", "p\u0430ge.md"} {
		if err := os.WriteFile(f, []byte(permPage), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"out", "\u043eut", "new"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cases := [][2]string{
		{"\u043eut", `--output "\u043eut": is a folder: `},
		{"n\u0435w/x.md", `--output "n\u0435w/x.md": the folder "n\u0435w" does not exist: `},
		{"p\u0430ge.md/x.md", `--output "p\u0430ge.md/x.md": "p\u0430ge.md" is a file, not a folder: `},
	}
	if info, err := os.Stat("/proc/self"); err == nil && info.IsDir() {
		cases = append(cases, [2]string{"/proc/self/\u043eut.md", `--output "/proc/self/\u043eut.md": the folder /proc/self takes no new file`})
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		want := "cachediff: " + c[1]
		if code := run([]string{"-o", c[0], "page.md", "page.md"}, &stdout, &stderr); code != 2 || !strings.HasPrefix(stderr.String(), want) {
			t.Errorf("-o %q: exit %d, stderr %q; want 2, beginning %q", c[0], code, stderr.String(), want)
		}
	}
}

// TestOutputLinkRefusalQuotesLookalike (issue 35, class a): the refusal
// of --output through a link that leads into the work tree's git folder
// quotes the path, and where the link leads, in ASCII (shownPath), as
// --output's other refusals do: a pull request that committed
// cachediff.jsоn (its о Cyrillic) as a link to .git/config, beside a
// cachediff.json of its own, read "--output cachediff.json: a symbolic
// link leads it to …", of the file the workflow names.
func TestOutputLinkRefusalQuotesLookalike(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, f := range []struct{ name, text string }{{".git/HEAD", "ref: refs/heads/main\n"}, {".git/c\u043enfig", "[core]\n"}, {"page.md", permPage}} {
		if err := os.MkdirAll(filepath.Dir(f.name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.name, []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(".git/c\u043enfig", "cachediff.js\u043en"); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"-f", "json", "-o", "cachediff.js\u043en", "page.md", "page.md"}, &stdout, &stderr)
	const want = `cachediff: --output "cachediff.js\u043en": a symbolic link leads it to "`
	if got := stderr.String(); code != 2 || !strings.HasPrefix(got, want) || !strings.Contains(got, `/.git/c\u043enfig", into a git folder`) {
		t.Errorf("exit %d, stderr %q; want 2, beginning %q, the link's target quoted", code, got, want)
	}
}
