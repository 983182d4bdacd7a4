package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/report"
)

// TestCommandTypo (issue 35, "typos and swapped arguments"): a first
// argument that is neither a command nor on disk, but close to a
// command's name, is refused with the command it was likely meant to be,
// not as a third snapshot ("got 3 arguments") or a missing file. A
// folder of that name is a snapshot as before.
func TestCommandTypo(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(realDir, "v0.23.0"), filepath.Join(realDir, "v0.23.1")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lgo", a, b}, `cachediff: "lgo" is neither a command nor a snapshot: did you mean cachediff log?` + "\ncachediff: run 'cachediff --help' for usage\n"},
		{[]string{"lgo", a}, `did you mean cachediff log?`},
		{[]string{"rendr", "r.json"}, `did you mean cachediff render?`},
		{[]string{"complete", "bash"}, `did you mean cachediff completion?`},
		{[]string{"verison"}, `did you mean cachediff version?`},
		{[]string{"-C", realDir, "lgo", "v0.23.0", "v0.23.1"}, `did you mean cachediff log?`},
		{[]string{"help", "lgo"}, `help: no command "lgo": want one of diff, render, log, help, version or completion (did you mean log?)`},
		{[]string{"diff", a, b}, `cachediff: "diff" is neither a command nor a snapshot: the diff of two snapshots is the command without a name: cachediff OLD NEW` + "\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), tc.want) || stdout.Len() > 0 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
	// A folder named like a command's typo is a snapshot.
	dir := t.TempDir()
	if err := os.Symlink(a, filepath.Join(dir, "lgo")); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-C", dir, "lgo", b}, &stdout, &stderr); code != exitSame || stderr.Len() > 0 {
		t.Errorf("a snapshot lgo: exit %d, stderr %q; want 0", code, stderr.String())
	}
}

// TestCommandAfterFlag: a command's name after a flag of the diff
// (cachediff -f text log A B C) was read as the diff's OLD: "loading
// render: no such file or directory", or "got 4 arguments; ... cachediff
// log" when log was given. It is refused as a command out of place; a
// folder of that name is a snapshot as before.
func TestCommandAfterFlag(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(realDir, "v0.23.0"), filepath.Join(realDir, "v0.23.1")
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"log", []string{"-f", "text", "log", a, b}},
		{"render", []string{"--fail-on", "any", "render", "r.json"}},
		{"render", []string{"-q", "--", "render", "r.json"}},
		{"log", []string{"-C", realDir, "-f", "json", "log", "v0.23.0", "v0.23.1"}},
	} {
		var stdout, stderr bytes.Buffer
		args, name := tc.args, tc.name
		code := run(args, &stdout, &stderr)
		want := `cachediff: "` + name + `" is a command, and was read as a snapshot: a command's name comes first, before its flags: cachediff ` + name + ` [flags] … (a snapshot folder named ` + name + ` is given as ./` + name + ")\ncachediff: run 'cachediff --help' for usage\n"
		if code != exitTrouble || stderr.String() != want || stdout.Len() > 0 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", args, code, stderr.String(), want)
		}
	}
	dir := t.TempDir()
	if err := os.Symlink(a, filepath.Join(dir, "log")); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-C", dir, "-q", "log", b}, &stdout, &stderr); code != exitSame || stderr.Len() > 0 {
		t.Errorf("a snapshot log: exit %d, stderr %q; want 0", code, stderr.String())
	}
}

// TestFormatTypo: a --format that is another name of a format, or a
// typo of one, is refused with the name to use.
func TestFormatTypo(t *testing.T) {
	var names []string
	for _, f := range report.Formats() {
		names = append(names, f.Name)
	}
	formats, logFormats := orList(names), orList(report.LogFormats())
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-f", "markdown", "a", "b"}, `unknown --format "markdown": want ` + formats + ` (did you mean md?)`},
		{[]string{"-f", "JSON", "a", "b"}, `unknown --format "JSON": want ` + formats + ` (did you mean json?)`},
		{[]string{"-f", "txt", "a", "b"}, `(did you mean text?)`},
		{[]string{"-f", "jsno", "a", "b"}, `(did you mean json?)`},
		{[]string{"-f", "diff", "a", "b"}, `(did you mean patch?)`},
		{[]string{"-f", "markdwn", "a", "b"}, `(did you mean md?)`},
		{[]string{"-f", "Text", "a", "b"}, `(did you mean text?)`},
		{[]string{"log", "-f", "txt", "a", "b"}, `unknown --format "txt": want ` + logFormats + ` (did you mean text?)`},
		{[]string{"log", "-f", "markdown", "a", "b"}, `(did you mean md?)`},
		{[]string{"render", "--format", "Markdown", "r.json"}, `(did you mean md?)`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
	// No suggestion for a name far from every format.
	var stdout, stderr bytes.Buffer
	run([]string{"-f", "xlsx", "a", "b"}, &stdout, &stderr)
	if strings.Contains(stderr.String(), "did you mean") {
		t.Errorf("-f xlsx: %q suggests a format", stderr.String())
	}
}

// TestSameErrorOnce: the same bad snapshot given twice (or two that fail
// alike) is one message, said to be of both arguments.
func TestSameErrorOnce(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nosuch")
	var stdout, stderr bytes.Buffer
	code := run([]string{missing, missing}, &stdout, &stderr)
	want := "cachediff: loading " + missing + ": no such file or directory (both arguments)\n"
	if code != exitTrouble || stderr.String() != want {
		t.Errorf("exit %d, stderr %q; want 2, %q", code, stderr.String(), want)
	}
	// A message that ends with a note in parentheses keeps it whole,
	// and so does one that ends with a name in parentheses: "(both
	// arguments)" merged into any trailing ")" as "; both arguments)",
	// which cut a folder's name ("no such folder: D/zz (1; both
	// arguments)").
	bad := filepath.Join(dir, "bad")
	if err := os.MkdirAll(filepath.Join(bad, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bad, "a", "specs.md"), []byte("no front matter\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{bad, filepath.Join(bad, "a")} {
		stderr.Reset()
		code = run([]string{"--skip-invalid", arg, arg}, &stdout, &stderr)
		under := arg + string(filepath.Separator)
		if code != exitTrouble || !strings.HasSuffix(stderr.String(), "(no valid package page left under "+under+") (both arguments)\n") {
			t.Errorf("--skip-invalid %s twice: exit %d, stderr %q; want 2 and the note whole, then (both arguments)", arg, code, stderr.String())
		}
	}
	named := filepath.Join(dir, "zz (1)")
	stderr.Reset()
	code = run([]string{"file://" + filepath.ToSlash(named), "file://" + filepath.ToSlash(named)}, &stdout, &stderr)
	if code != exitTrouble || !strings.HasSuffix(stderr.String(), filepath.ToSlash(named)+" (both arguments)\n") {
		t.Errorf("file://%s twice: exit %d, stderr %q; want 2 and the name whole, then (both arguments)", named, code, stderr.String())
	}
	// Two different errors stay two (two missing snapshots, the same
	// error but the file, are one line naming both: PairError).
	stderr.Reset()
	run([]string{missing, bad}, &stdout, &stderr)
	if n := strings.Count(stderr.String(), "\n"); n != 2 || strings.Contains(stderr.String(), "both") || strings.Contains(stderr.String(), " and "+bad) {
		t.Errorf("a missing snapshot and a bad one: %q", stderr.String())
	}
}

// TestKindTypo: a --fail-on kind or an --ignore facet that is a typo of
// one (a plural, another case, an underscore) is refused with the name
// to use, as a --format is: the gate's kinds were refused with only the
// list, and a 5-character prefix suggested the first name that shares
// it (removed-specs: removed-package).
func TestKindTypo(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--fail-on", "removed-packages", "a", "b"}, `--fail-on: unknown kind of change "removed-packages": want one of any, added-package, removed-package, removed-spec, downgrade, lost-stack, lost-compiler, lost-os, lost-platform, lost-target (did you mean removed-package?)`},
		{[]string{"--fail-on", "removed-specs", "a", "b"}, `(did you mean removed-spec?)`},
		{[]string{"--fail-on", "Removed-Package", "a", "b"}, `(did you mean removed-package?)`},
		{[]string{"--fail-on", "removed_spec", "a", "b"}, `(did you mean removed-spec?)`},
		{[]string{"--fail-on", "any,lost-oss", "a", "b"}, `(did you mean lost-os?)`},
		{[]string{"log", "--fail-on", "downgrades", "a", "b"}, `(did you mean downgrade?)`},
		{[]string{"render", "--fail-on", "lost-targets", "r.json"}, `(did you mean lost-target?)`},
		{[]string{"--ignore", "compilers", "a", "b"}, `--ignore: unknown facet "compilers": want one of version, compiler, variants, target, os, platform (did you mean compiler?)`},
		{[]string{"--ignore", "Variant", "a", "b"}, `(did you mean variants?)`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
	// No suggestion for a name far from every kind; the formats' 5-letter
	// prefixes still suggest.
	var stdout, stderr bytes.Buffer
	run([]string{"--fail-on", "everything", "a", "b"}, &stdout, &stderr)
	if strings.Contains(stderr.String(), "did you mean") {
		t.Errorf("--fail-on everything: %q suggests a kind", stderr.String())
	}
}

// TestOutputTookSnapshot (issue 35, "typos and swapped arguments"): -o
// given without its FILE takes the first snapshot as the file to write;
// the refusal says so, not only how many snapshots are left.
func TestOutputTookSnapshot(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(realDir, "v0.23.0"), filepath.Join(realDir, "v0.23.1")
	want := "(-o took the folder " + a + " as the file to write: give -o a FILE)"
	for _, args := range [][]string{{"-o", a, b}, {"log", "-o", a, b}} {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		if code != exitTrouble || !strings.Contains(stderr.String(), want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", args, code, stderr.String(), want)
		}
	}
	// -o FILE with one snapshot: no hint.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", filepath.Join(t.TempDir(), "x.md"), b}, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), "-o took") {
		t.Errorf("-o FILE, one snapshot: exit %d, stderr %q; want 2 and no hint", code, stderr.String())
	}
}

// TestFlagTookSnapshot (class e): --stack $STACK OLD NEW, the variable
// empty and unquoted, made OLD --stack's value, and the diff said "want
// two snapshots, OLD and NEW; got 1 argument", naming no flag (as -o's
// took the folder does). The flag that took it is named.
func TestFlagTookSnapshot(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(realDir, "v0.23.0"), filepath.Join(realDir, "v0.23.1")
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"--stack", a, b}, "--stack"},
		{[]string{"log", "--package", a, b}, "--package"},
		{[]string{"--title", a, b}, "--title"},
		{[]string{"--stack", "git:HEAD~1:_cache/develop", "git:HEAD:_cache/develop"}, "--stack"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		want := "(" + c.flag + " took " + c.args[len(c.args)-2] + " as its value: give " + c.flag + " a value, quoted when it may be empty)"
		if code != exitTrouble || !strings.Contains(stderr.String(), want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, stderr.String(), want)
		}
	}
	// A value that names nothing: no hint.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--stack", "e4s", b}, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), " took ") {
		t.Errorf("--stack e4s, one snapshot: exit %d, stderr %q; want 2 and no hint", code, stderr.String())
	}
}

// TestViewTemplateTookSnapshot (class e): --view $VIEW old/ new/ and
// --template $T old/ new/, the variable empty and unquoted, said "want
// two snapshots, OLD and NEW; got 1 argument", naming no flag, as
// --stack did before 30f0daac. A --template that is a file is left
// unnamed: --template notes.tmpl old/ is a NEW left out.
func TestViewTemplateTookSnapshot(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(realDir, "v0.23.0"), filepath.Join(realDir, "v0.23.1")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--view", a, b}, "(--view took " + a + " as its value: give --view a value, quoted when it may be empty)"},
		{[]string{"--template", a, b}, "(--template took " + a + " as its value: give --template a FILE, quoted when it may be empty)"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, stderr.String(), c.want)
		}
	}
	tmpl := filepath.Join(t.TempDir(), "notes.tmpl")
	if err := os.WriteFile(tmpl, []byte("{{.}}"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--template", tmpl, b}, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), " took ") {
		t.Errorf("--template FILE, one snapshot: exit %d, stderr %q; want 2 and no hint", code, stderr.String())
	}
}

// TestTemplateTookSnapshotFromC (class e): with a relative -C, a
// --template that took a snapshot folder named no flag (-C repo
// --template old new said "got 1 argument"): the template, found from
// -C already, was joined to -C again (repo/repo/old).
func TestTemplateTookSnapshotFromC(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if err := os.Mkdir("repo", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"v0.23.0", "v0.23.1"} {
		if err := os.Symlink(filepath.Join(realDir, v), filepath.Join("repo", v)); err != nil {
			t.Skip(err)
		}
	}
	for _, args := range [][]string{
		{"-C", "repo", "--template", "v0.23.0", "v0.23.1"},
		{"-C", "repo", "-t", "v0.23.0", "v0.23.1"},
		{"-C", "repo", "--template", "git:HEAD:v0.23.0", "v0.23.1"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), "(--template took ") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and the --template named", args, code, stderr.String())
		}
	}
}

// TestRevsTookPath (class e): log --revs _cache/develop, the RANGE left
// out, made PATH --revs' value, and the log said "want one PATH; got 0
// arguments", naming no flag. It says --revs took it.
func TestRevsTookPath(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.MkdirAll("_cache/develop", 0o755); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	want := "want one PATH; got 0 arguments (--revs took _cache/develop as its RANGE: give --revs a range, such as HEAD~7..HEAD)\n"
	if code := run([]string{"log", "--revs", "_cache/develop"}, &stdout, &stderr); code != exitTrouble || !strings.Contains(stderr.String(), want) {
		t.Errorf("log --revs _cache/develop: exit %d, stderr %q; want 2 and %q", code, stderr.String(), want)
	}
	// A range and no PATH: no hint.
	stderr.Reset()
	if code := run([]string{"log", "--revs", "HEAD~3..HEAD"}, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), " took ") {
		t.Errorf("log --revs HEAD~3..HEAD: exit %d, stderr %q; want 2 and no hint", code, stderr.String())
	}
}

// TestUnmatchedLongValue: a --stack value that is a long comma-separated
// list (a script's roots joined by commas) is quoted in short, so that
// what is wrong, and the hint to repeat --stack, are on the line:
// quoted whole, the value ran it past maxErrorLine, which cut both off
// ("cachediff: --stack "e4s,e4s,…… (4123 bytes more)").
func TestUnmatchedLongValue(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	value := strings.Repeat("e4s,", 3000) + "hep"
	var stdout, stderr bytes.Buffer
	code := run([]string{"--stack", value, filepath.Join(realDir, "develop-2025-03-23"), filepath.Join(realDir, "develop-2025-03-30")}, &stdout, &stderr)
	want := `cachediff: --stack "` + value[:maxQuotedValue-7] + report.CutMark(value) + `" matches no stack in either snapshot (--stack takes one stack, not a comma-separated list: repeat it, --stack e4s --stack hep)` + "\n"
	if code != exitTrouble || stderr.String() != want {
		got := stderr.String()
		t.Errorf("--stack of %d bytes: exit %d, stderr of %d bytes ending %q; want 2, %q", len(value), code, len(got), got[max(0, len(got)-120):], want)
	}
}

// TestUnmatchedPartsLongList: the hint to repeat --stack, for a list of
// 500 lockfile roots, names the first of them and counts the rest: it
// named all, and the line, past maxErrorLine, was cut mid-list ("--stack
// … (13623 bytes more)"), a command that pasted selects some of them.
func TestUnmatchedPartsLongList(t *testing.T) {
	const n = 500
	hash := func(i int) string {
		h := []byte(strings.Repeat("a", 32))
		for j := 0; i > 0; j, i = j+1, i/26 {
			h[j] = byte('a' + i%26)
		}
		return string(h)
	}
	var parts []string
	for i := range n {
		parts = append(parts, fmt.Sprintf("pkg-%04d@1.0.0+cuda cuda_arch=80", i))
	}
	file := rootsLock(t, parts, hash)
	var stdout, stderr bytes.Buffer
	code := run([]string{"--stack", strings.Join(parts, ","), file, file}, &stdout, &stderr)
	got := stderr.String()
	if code != exitTrouble || strings.Contains(got, "bytes more") || !strings.Contains(got, "repeat it, --stack 'pkg-0000@1.0.0+cuda cuda_arch=80' --stack 'pkg-0001@1.0.0+cuda cuda_arch=80' ") ||
		!strings.HasSuffix(got, "' and 470 more of the list's stacks)\n") {
		t.Errorf("--stack of %d roots: exit %d, stderr of %d bytes ending %q; want 2, the first roots, then \"and 470 more of the list's stacks\"", n, code, len(got), got[max(0, len(got)-160):])
	}
}

// TestUnmatchedPartsLongRoot: a root longer than maxRepeatHint is not
// written in the hint to repeat --stack, but counted: the first part was
// written whatever its size, and a root of 20 KB ran the line past
// maxErrorLine, cut inside the root ("… (12166 bytes more)"), the count
// of the others lost. Roots of 9 KB do the same (past maxErrorLine
// still).
func TestUnmatchedPartsLongRoot(t *testing.T) {
	long := func(i int) string { return fmt.Sprintf("pkg-%d@1.0.0 cflags=%s", i, strings.Repeat("x", 9000)) }
	for _, c := range []struct {
		roots []string
		want  string
	}{
		{[]string{long(0), long(1), long(2)}, "repeat it for each of the list's stacks (3, too long to write here); 1 part of the list is not a stack)\n"},
		{[]string{long(0)}, "repeat it for each of the list's stacks (1, too long to write here); 1 part of the list is not a stack)\n"},
		{[]string{"pkg-0@1.0.0", long(1), "pkg-2@1.0.0"}, "repeat it, --stack pkg-0@1.0.0 and 2 more of the list's stacks; 1 part of the list is not a stack)\n"},
	} {
		file := rootsLock(t, c.roots, func(i int) string { return strings.Repeat(string(rune('a'+i)), 32) })
		var stdout, stderr bytes.Buffer
		// nope, no stack, makes the value unmatched, and is counted.
		code := run([]string{"--stack", strings.Join(c.roots, ",") + ",nope", file, file}, &stdout, &stderr)
		got := stderr.String()
		if code != exitTrouble || strings.Count(got, "\n") != 1 || len(got) > 2*maxRepeatHint || !strings.HasSuffix(got, c.want) {
			t.Errorf("--stack of roots of %d bytes: exit %d, stderr of %d bytes ending %q; want 2, one line ending %q", len(c.roots[1%len(c.roots)]), code, len(got), got[max(0, len(got)-160):], c.want)
		}
	}
}

// TestUnmatchedInvalidValue: a value of invalid UTF-8 longer than
// maxQuotedValue is quoted in short as any other, its first 200 bytes:
// cut back to a character's start, which none of its bytes is, it was
// quoted as "…".
func TestUnmatchedInvalidValue(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	for _, value := range []string{strings.Repeat("\x80", 300), "x" + strings.Repeat("\xbf", 300), strings.Repeat("a", 199) + "é" + strings.Repeat("\x80", 9)} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--package", value, filepath.Join(realDir, "develop-2025-03-23"), filepath.Join(realDir, "develop-2025-03-30")}, &stdout, &stderr)
		// Its first 193 bytes and the mark of its digest: 204 bytes, more
		// than any value quoted whole (shortenMarked).
		want := fmt.Sprintf("cachediff: --package %q matches no package in either snapshot", value[:maxQuotedValue-7]+report.CutMark(value))
		if code != exitTrouble || !strings.HasPrefix(stderr.String(), want) {
			t.Errorf("--package %q: exit %d, stderr %q; want 2, starting %q", value[:8], code, stderr.String(), want)
		}
	}
}

// TestUnmatchedStackOfIndex: --stack over build-cache indexes, which
// have no stacks, says so; the hint pointed to the report's list of
// stacks alone, which is empty for them.
func TestUnmatchedStackOfIndex(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/spack-formats")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"--stack", "e4s", filepath.Join(dir, "index.v7-layout2-unsigned.json"), filepath.Join(dir, "index.v8-layout2-unsigned-mixed.json")}, &stdout, &stderr)
	want := `cachediff: --stack "e4s" matches no stack in either snapshot (no name is close; a --format json report without --package or --stack lists them all under "stacks", of which a build-cache index and spec files have none)` + "\n"
	if code != exitTrouble || stderr.String() != want {
		t.Errorf("--stack e4s over two indexes: exit %d, stderr %q; want 2, %q", code, stderr.String(), want)
	}
}

// TestUnmatchedPartsAsShellWords: the hint to repeat --stack, for a
// comma-separated list, writes each stack as a shell word: a lockfile's
// root may hold a space (py-torch+cuda cuda_arch=80), and the hint as
// printed, pasted, gave the diff a third argument.
func TestUnmatchedPartsAsShellWords(t *testing.T) {
	dir := t.TempDir()
	a, b := strings.Repeat("a", 32), strings.Repeat("b", 32)
	lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},` +
		`"roots":[{"hash":"` + a + `","spec":"py-torch+cuda cuda_arch=80"},{"hash":"` + b + `","spec":"zlib"}],` +
		`"concrete_specs":{"` + a + `":{"name":"py-torch","version":"2.5","hash":"` + a + `"},"` + b + `":{"name":"zlib","version":"1.3","hash":"` + b + `"}}}`
	file := filepath.Join(dir, "spack.lock")
	if err := os.WriteFile(file, []byte(lock), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"--stack", "py-torch+cuda cuda_arch=80,zlib", file, file}, &stdout, &stderr)
	want := `(--stack takes one stack, not a comma-separated list: repeat it, --stack 'py-torch+cuda cuda_arch=80' --stack zlib)` + "\n"
	if code != exitTrouble || !strings.HasSuffix(stderr.String(), want) {
		t.Errorf("exit %d, stderr %q; want 2, ending %q", code, stderr.String(), want)
	}
	// The stacks so written select them.
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"--stack", "py-torch+cuda cuda_arch=80", "--stack", "zlib", file, file}, &stdout, &stderr); code != exitSame {
		t.Errorf("the stacks of the hint: exit %d, stderr %q; want 0", code, stderr.String())
	}
}

// rootsLock writes a spack.lock whose roots are roots, the i-th with the
// hash hash(i) and a spec of its own (package pkg-i), and returns its
// name.
func rootsLock(t *testing.T, roots []string, hash func(int) string) string {
	t.Helper()
	var entries, specs []string
	for i, root := range roots {
		entries = append(entries, fmt.Sprintf(`{"hash":%q,"spec":%q}`, hash(i), root))
		specs = append(specs, fmt.Sprintf(`%q:{"name":"pkg-%04d","version":"1.0.0","hash":%q}`, hash(i), i, hash(i)))
	}
	return writeLock(t, entries, specs)
}

// writeLock writes a lockfile of format 5 of the roots' entries and the
// concrete specs' ("hash":{...}) in a new folder, and returns its path.
func writeLock(t *testing.T, entries, specs []string) string {
	t.Helper()
	lock := `{"_meta":{"file-type":"spack-lockfile","lockfile-version":5,"specfile-version":4},"roots":[` +
		strings.Join(entries, ",") + `],"concrete_specs":{` + strings.Join(specs, ",") + `}}`
	file := filepath.Join(t.TempDir(), "spack.lock")
	if err := os.WriteFile(file, []byte(lock), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestUnmatchedPartsCountsOthers: the hint to repeat --stack, for a list
// of which some parts are not stacks (a typo, a root spelt with its hash),
// says how many: it named the stacks alone ("repeat it, --stack e4s"),
// and pasted, the flags dropped the others silently. Empty parts (a
// trailing comma) and a part given twice are not counted.
func TestUnmatchedPartsCountsOthers(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	oldDir, newDir := filepath.Join(realDir, "develop-2025-03-23"), filepath.Join(realDir, "develop-2025-03-30")
	for _, tc := range []struct{ value, want string }{
		{"e4s,hepp", "(--stack takes one stack, not a comma-separated list: repeat it, --stack e4s; 1 part of the list is not a stack)\n"},
		{"e4s,hepp, zz,zz,,", "(--stack takes one stack, not a comma-separated list: repeat it, --stack e4s; 2 parts of the list are not stacks)\n"},
		{"e4s,hep,", "(--stack takes one stack, not a comma-separated list: repeat it, --stack e4s --stack hep)\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--stack", tc.value, oldDir, newDir}, &stdout, &stderr)
		if code != exitTrouble || !strings.HasSuffix(stderr.String(), tc.want) {
			t.Errorf("--stack %q: exit %d, stderr %q; want 2, ending %q", tc.value, code, stderr.String(), tc.want)
		}
	}
}

// TestUnmatchedClosestAsShellWords: the closest names are written as the
// hint's parts are, each a shell word, whole up to maxRepeatHint bytes,
// and past that the first maxQuotedValue bytes, said to be cut. Raw, a
// lockfile root with a space at its end read as the value typed
// ("--stack nextflow … (closest: nextflow )"), and three of 20 KB ran
// the line past maxErrorLine, which cut it mid-name. Cut at
// maxQuotedValue bytes unsaid, a root of 600 bytes, or of 2,000, was
// hinted as a word that pasted selects nothing (issue 35, class e).
func TestUnmatchedClosestAsShellWords(t *testing.T) {
	long := "nextflow cflags=" + strings.Repeat("x", 2000)
	mid := "nextflow cflags=" + strings.Repeat("x", 600)
	for _, c := range []struct{ root, value, want string }{
		{"nextflow ", "nextflow", "(closest: 'nextflow ')\n"},
		{"nextflow@23.10.1", "nextflow@23.10.2", "(closest: nextflow@23.10.1)\n"},
		{mid, mid[:len(mid)-1] + "y", "(closest: '" + mid + "')\n"},
		{long, long[:len(long)-1] + "y", "(closest: '" + long[:maxQuotedValue-7] + report.CutMark(long) + "' (cut); a name cut is too long to write here: " + diffStacks + ")\n"},
	} {
		file := rootsLock(t, []string{c.root}, func(i int) string { return strings.Repeat("a", 32) })
		var stdout, stderr bytes.Buffer
		code := run([]string{"--stack", c.value, file, file}, &stdout, &stderr)
		got := stderr.String()
		if code != exitTrouble || strings.Count(got, "\n") != 1 || !strings.HasSuffix(got, c.want) {
			t.Errorf("--stack %.20q: exit %d, stderr %.300q; want 2, one line ending %.300q", c.value, code, got, c.want)
		}
		// A name written whole, pasted, selects it.
		if strings.Contains(c.want, "(cut)") {
			continue
		}
		stdout.Reset()
		stderr.Reset()
		if code := run([]string{"--stack", c.root, file, file}, &stdout, &stderr); code != exitSame {
			t.Errorf("--stack %.20q, the closest name: exit %d, stderr %.300q; want 0", c.root, code, stderr.String())
		}
	}
}

// TestUnmatchedPartsRootWithCommas: a lockfile's root whose name holds
// commas (a multi-valued variant, cuda_arch=70,80), in a --stack list, is
// one of the list's stacks: split at its commas, the hint said "repeat
// it, --stack zlib; 2 parts of the list are not stacks", and the flags
// pasted dropped py-torch.
func TestUnmatchedPartsRootWithCommas(t *testing.T) {
	torch := "py-torch+cuda cuda_arch=70,80"
	file := rootsLock(t, []string{torch, "zlib"}, func(i int) string { return strings.Repeat(string(rune('a'+i)), 32) })
	for _, c := range []struct{ value, want string }{
		{"zlib," + torch + ",nope", "repeat it, --stack zlib --stack '" + torch + "'; 1 part of the list is not a stack)\n"},
		{torch + ", zlib", "repeat it, --stack '" + torch + "' --stack zlib)\n"},
		{"py-torch+cuda cuda_arch=70,zlib", "repeat it, --stack zlib; 1 part of the list is not a stack)\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--stack", c.value, file, file}, &stdout, &stderr)
		if code != exitTrouble || !strings.HasSuffix(stderr.String(), c.want) {
			t.Errorf("--stack %q: exit %d, stderr %q; want 2, ending %q", c.value, code, stderr.String(), c.want)
		}
	}
	// The stacks so written select them both.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-f", "json", "--stack", "zlib", "--stack", torch, file, file}, &stdout, &stderr); code != exitSame || !strings.Contains(stdout.String(), `"name": "py-torch+cuda cuda_arch=70,80"`) {
		t.Errorf("the stacks of the hint: exit %d, stderr %q; want 0, selecting %s", code, stderr.String(), torch)
	}
}

// TestUnmatchedStackPattern: --stack 'ml-*', a pattern as --package
// takes, said "no name is close" over six ml- stacks (and --stack 'e4s*'
// "closest: e4s" alone): it names the stacks the pattern matches, as
// flags to repeat --stack with, and those select them.
func TestUnmatchedStackPattern(t *testing.T) {
	t.Chdir("../..")
	oldDir, newDir := "testdata/real/develop-2025-03-23", "testdata/real/develop-2025-03-30"
	ml := []string{"ml-darwin-aarch64-mps", "ml-linux-aarch64-cpu", "ml-linux-aarch64-cuda", "ml-linux-x86_64-cpu", "ml-linux-x86_64-cuda", "ml-linux-x86_64-rocm"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--stack", "ml-*", oldDir, newDir}, `cachediff: --stack "ml-*" matches no stack in either snapshot (--stack takes one stack, not a pattern: repeat it for each it matches, --stack ` + strings.Join(ml, " --stack ") + ")\n"},
		{[]string{"log", "--stack", "e4s*", oldDir, newDir}, `cachediff: --stack "e4s*" matches no stack in any snapshot of the series (--stack takes one stack, not a pattern: repeat it for each it matches, --stack e4s --stack e4s-neoverse-v2 --stack e4s-oneapi --stack e4s-rocm-external)` + "\n"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != exitTrouble || stderr.String() != c.want {
			t.Errorf("%q: exit %d, stderr %q; want 2, %q", c.args, code, stderr.String(), c.want)
		}
	}
	args := []string{"-f", "json"}
	for _, st := range ml {
		args = append(args, "--stack", st)
	}
	var stdout, stderr bytes.Buffer
	if code := run(append(args, oldDir, newDir), &stdout, &stderr); code == exitTrouble {
		t.Errorf("the stacks of the hint: exit 2, stderr %q", stderr.String())
	}
}

// TestRevsSwapped (class e): log --revs _cache/develop HEAD~2..HEAD, its
// RANGE and PATH swapped, said only "unknown revision _cache/develop in
// the range _cache/develop", naming no PATH. git's refusal says how to
// write it; a range that is one, and a PATH that names a folder, get no
// hint.
func TestRevsSwapped(t *testing.T) {
	_, repo, _ := weeklyRepo(t)
	if _, err := os.Stat(filepath.Join(repo, "_cache", "develop")); err != nil {
		t.Skip("the series has no checkout:", err)
	}
	var stdout, stderr bytes.Buffer
	want := "(--revs took the path _cache/develop as its RANGE, and the range HEAD~2..HEAD is the PATH: write --revs 'HEAD~2..HEAD' _cache/develop)\n"
	if code := run([]string{"log", "-C", repo, "--revs", "_cache/develop", "HEAD~2..HEAD"}, &stdout, &stderr); code != exitTrouble || !strings.HasSuffix(stderr.String(), want) {
		t.Errorf("log --revs _cache/develop HEAD~2..HEAD: exit %d, stderr %q; want 2, ending %q", code, stderr.String(), want)
	}
	stderr.Reset()
	if code := run([]string{"log", "-C", repo, "--revs", "HEAD~2..nope", "_cache/develop"}, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), "took") {
		t.Errorf("log --revs HEAD~2..nope _cache/develop: exit %d, stderr %q; want 2 and no hint", code, stderr.String())
	}
}

// TestLogFlagElsewhere (class e): cachediff --revs HEAD~7..HEAD
// _cache/develop, log left out, said "unknown flag: --revs (did you mean
// --rows?)", a hint that pasted was refused too: --revs, --since and
// --until are the log's flags, and the error says so.
func TestLogFlagElsewhere(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--revs", "HEAD~7..HEAD", "_cache/develop"}, "cachediff: --revs is a flag of cachediff log, not of the diff (cachediff OLD NEW): cachediff log [flags] --revs RANGE PATH\ncachediff: run 'cachediff log --help' for usage\n"},
		{[]string{"--since=2025-01-01", "a", "b"}, "cachediff: --since is a flag of cachediff log, not of the diff (cachediff OLD NEW): cachediff log [flags] --revs RANGE PATH\ncachediff: run 'cachediff log --help' for usage\n"},
		{[]string{"render", "--until", "x", "r.json"}, "cachediff: --until is a flag of cachediff log, not of cachediff render: cachediff log [flags] --revs RANGE PATH\ncachediff: run 'cachediff log --help' for usage\n"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != exitTrouble || stderr.String() != c.want {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestOutputTookFileSnapshot (class e): cachediff -o $OUT old/spack.lock
// new/spack.lock, OUT empty and unquoted, said "want two snapshots, OLD
// and NEW; got 1 argument", naming no flag, as -o of a folder snapshot
// did not: a file only a snapshot is named (a page, spack.lock,
// index.json, a spec file), or git:REV:PATH, is said to be taken by -o.
// A report of an earlier run (diff.json) is not.
func TestOutputTookFileSnapshot(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, name := range []string{"old/spack.lock", "old/zlib/specs.md", "diff.json"} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "old/spack.lock", "new/spack.lock"}, " (-o took the snapshot old/spack.lock as the file to write: give -o a FILE, quoted when it may be empty)\n"},
		{[]string{"log", "--output", "old/zlib/specs.md", "new/zlib/specs.md"}, " (-o took the snapshot old/zlib/specs.md as the file to write: give -o a FILE, quoted when it may be empty)\n"},
		{[]string{"-o", "git:HEAD~1:spack.lock", "git:HEAD:spack.lock"}, " (-o took the snapshot git:HEAD~1:spack.lock as the file to write: give -o a FILE, quoted when it may be empty)\n"},
		{[]string{"-o", "diff.json", "new/spack.lock"}, " got 1 argument\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		if first, _, _ := strings.Cut(stderr.String(), "cachediff: run"); code != exitTrouble || !strings.HasSuffix(first, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2, its first line ending %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestFlagTookJoined (class e): --stack=old/ new/ (and --title=, -o=,
// -t=, --output=…), a value typed in one word with its flag, was said to
// be "took … as its value: give --stack a value, quoted when it may be
// empty", a slip of an empty variable not made: only a value given as
// the word after its flag gets the hint.
func TestFlagTookJoined(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(realDir, "v0.23.0"), filepath.Join(realDir, "v0.23.1")
	for _, args := range [][]string{{"--stack=" + a, b}, {"--title=" + a, b}, {"-o=" + a, b}, {"--output=" + a, b}, {"-o" + a, b}, {"-t=" + a, b}, {"--template=" + a, b}, {"log", "--package=" + a, b}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitTrouble || strings.Contains(stderr.String(), " took ") || !strings.Contains(stderr.String(), "got 1 argument") {
			t.Errorf("%q: exit %d, stderr %q; want 2, got 1 argument, and no hint", args, code, stderr.String())
		}
	}
}

// TestFlagAfterDashes (class e): cachediff A B -- -q said "got 3
// arguments; for a series of snapshots, oldest first: cachediff log",
// which pasted loaded -q as a snapshot: a word spelt as a flag after --
// is an argument, and the error says so. A third snapshot after -- (or
// a file named like a flag) keeps the log hint.
func TestFlagAfterDashes(t *testing.T) {
	pagesHere(t, "a.md", "b.md", "-x.md")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"a.md", "b.md", "--", "-q"}, "cachediff: want two snapshots, OLD and NEW; got 3 arguments (-q comes after --, which makes every word after it an argument: put flags before --)\n"},
		{[]string{"--", "a.md", "b.md", "--stack=e4s"}, "cachediff: want two snapshots, OLD and NEW; got 3 arguments (--stack=e4s comes after --, which makes every word after it an argument: put flags before --)\n"},
		{[]string{"a.md", "--", "b.md", "-x.md"}, "cachediff: want two snapshots, OLD and NEW; got 3 arguments; for a series of snapshots, oldest first: cachediff log\n"},
		{[]string{"render", "a.md", "--", "-q"}, "cachediff: render: want one JSON report; got 2 arguments (-q comes after --, which makes every word after it an argument: put flags before --)\n"},
		{[]string{"log", "--revs", "HEAD~1..HEAD", "--", "_cache/develop", "-q"}, "cachediff: log --revs RANGE PATH: want one PATH; got 2 arguments (-q comes after --, which makes every word after it an argument: put flags before --)\n"},
		// A "--" that is a flag's value ends no flags: -q is --quiet,
		// and the "--" given as the value is refused (tookDashes).
		{[]string{"--title", "--", "a.md", "b.md", "b.md", "-q"}, "cachediff: --title --: the -- after --title was read as its TEXT, not as the end of the flags: give --title a TEXT, quoted when it may be empty\n"},
		{[]string{"render", "--template", "--", "a.md", "b.md", "-q"}, "cachediff: --template --: the -- after --template was read as its FILE, not as the end of the flags: give --template a FILE, quoted when it may be empty (a file named -- is written ./--)\n"},
		// help, version and completion said only "got 2 arguments".
		{[]string{"help", "log", "--", "-q"}, "cachediff: help: want one command; got 2 arguments (-q comes after --, which makes every word after it an argument: put flags before --)\n"},
		{[]string{"version", "--", "-q"}, "cachediff: version: want no arguments; got 1 (-q comes after --, which makes every word after it an argument: put flags before --)\n"},
		{[]string{"completion", "bash", "--", "-q"}, "cachediff: completion: want one shell, bash, zsh or fish; got 2 arguments (-q comes after --, which makes every word after it an argument: put flags before --)\n"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != exitTrouble || !strings.HasPrefix(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2, starting %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestRevsSwappedDashPath (class e): log --revs -x HEAD~1..HEAD, a PATH
// named -x swapped with its RANGE, said "write --revs 'HEAD~1..HEAD'
// -x", which pasted said "unknown shorthand flag: 'x' in -x": the PATH
// is written ./-x, and the hint pasted back runs the log.
func TestRevsSwappedDashPath(t *testing.T) {
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	repo := t.TempDir()
	page, err := os.ReadFile("../../testdata/real/v0.23.0/astyle/specs.md")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(repo, "-x", "astyle"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "-x", "astyle", "specs.md"), page, 0o666); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"commit", "-q", "--allow-empty", "-m", "a"}, {"add", "--", "-x"}, {"commit", "-q", "-m", "b"}} {
		if _, err := gittest.Git(repo, nil, args...); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	want := "write --revs 'HEAD~1..HEAD' ./-x)\n"
	if code := run([]string{"log", "-C", repo, "--revs", "-x", "HEAD~1..HEAD"}, &stdout, &stderr); code != exitTrouble || !strings.HasSuffix(stderr.String(), want) {
		t.Fatalf("log --revs -x HEAD~1..HEAD: exit %d, stderr %q; want 2, ending %q", code, stderr.String(), want)
	}
	stderr.Reset()
	if code := run([]string{"log", "-C", repo, "-q", "--revs", "HEAD~1..HEAD", "./-x"}, &stdout, &stderr); code == exitTrouble {
		t.Errorf("log --revs HEAD~1..HEAD ./-x, pasted: exit %d, stderr %q; want it to run", code, stderr.String())
	}
}

// TestFlagTookAfterSwitch (class e): -qt $T A B, T empty, said only "got
// 1 argument", where -t $T A B says "--template took A as its value":
// the flag-took hints looked at -t alone, not after a switch in the same
// word as pflag reads it (-qt is -q -t). A value joined (-tA) gets none.
func TestFlagTookAfterSwitch(t *testing.T) {
	pagesHere(t, "a.md")
	if err := os.Mkdir("A", 0o755); err != nil {
		t.Fatal(err)
	}
	want := "(--template took A as its value: give --template a FILE, quoted when it may be empty)"
	wantTrouble(t, []string{"-qt", "A", "a.md"}, want)
	wantTroubleWithout(t, []string{"-qtA", "a.md"}, "took")
}

// TestVersionNotApplyReason (issue 35, class e): cachediff log --version
// A B said "log: --version does not apply: a log is written as md, json,
// text, html or atom", and render --version r.json "the report was made
// already": the command's reason for the diff's flags it lacks, which
// says nothing of a version. It says where the version is shown.
func TestVersionNotApplyReason(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, args := range [][]string{{"log", "--version", "a.md", "b.md"}, {"render", "--version", "r.json"}, {"help", "--version"}} {
		wantTrouble(t, args, "cachediff: "+args[0]+": --version does not apply: cachediff version (or cachediff --version) shows the version\n")
	}
	wantTrouble(t, []string{"log", "--template", "t.tmpl", "a.md", "b.md"}, "log: --template does not apply: a log is written as")
}

// TestLogFlagTypoSuggested (issue 35, class e): cachediff --rev
// HEAD~7..HEAD _cache/develop said "unknown flag: --rev", no suggestion,
// where --revs (the log's, which the diff names when given exactly) is
// one letter away; --sinse alike. The log's flag is suggested as the
// log's; a flag near none is still said alone.
func TestLogFlagTypoSuggested(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	wantTrouble(t, []string{"--rev", "HEAD~7..HEAD", "a.md"}, "cachediff: unknown flag: --rev (did you mean --revs, of cachediff log?)\n")
	wantTrouble(t, []string{"render", "--sinse", "x", "r.json"}, "cachediff: unknown flag: --sinse (did you mean --since, of cachediff log?)\n")
	wantTrouble(t, []string{"--pkg", "x", "a.md", "b.md"}, "cachediff: unknown flag: --pkg\n")
	wantTrouble(t, []string{"--titel", "x", "a.md", "b.md"}, "(did you mean --title?)\n")
	wantTrouble(t, []string{"version", "--colour"}, "cachediff: unknown flag: --colour\n")
}

// TestNoColorSuggested (issue 35, class e): cachediff --no-color A B, a
// flag many tools take, said "unknown flag: --no-color", no suggestion:
// no flag is near it by its letters. It suggests --color=never, which
// does what it does; a command without --color suggests nothing.
func TestNoColorSuggested(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	wantTrouble(t, []string{"--no-color", "a.md", "b.md"}, "cachediff: unknown flag: --no-color (did you mean --color=never?)\n")
	wantTrouble(t, []string{"render", "--no-colour", "r.json"}, "(did you mean --color=never?)\n")
	wantTrouble(t, []string{"help", "--no-color"}, "cachediff: unknown flag: --no-color\n")
}

// TestNoColorUnderscoreSuggested (issue 35, class e): --no_color and
// --NO_COLOR (the variable's spelling) said "unknown flag", no
// suggestion, where --no-color and --fail_on got theirs.
func TestNoColorUnderscoreSuggested(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	wantTrouble(t, []string{"--no_color", "a.md", "b.md"}, "cachediff: unknown flag: --no_color (did you mean --color=never?)\n")
	wantTrouble(t, []string{"--NO_COLOR", "a.md", "b.md"}, "cachediff: unknown flag: --NO_COLOR (did you mean --color=never?)\n")
	wantTrouble(t, []string{"render", "--no_colour", "r.json"}, "(did you mean --color=never?)\n")
}

// TestColorShorthandSuggested (issue 35, class e): cachediff -c always A
// B was told "(did you mean -C, --directory?)", which pasted (-C always
// A B) ran in a folder named always. A -c given a colour, apart or after
// its =, is told --color with it; a -c given anything else keeps the
// other case's flag.
func TestColorShorthandSuggested(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	wantTrouble(t, []string{"-c", "always", "a.md", "b.md"}, "cachediff: unknown shorthand flag: 'c' in -c (did you mean --color=always?)\n")
	wantTrouble(t, []string{"log", "-c=never", "a.md", "b.md"}, "(did you mean --color=never?)\n")
	wantTrouble(t, []string{"-c", "a.md", "b.md"}, "(did you mean -C, --directory?)\n")
}

// TestUnmatchedLookalikeInASCII (issue 35, class e): --stack е4s, its е
// Cyrillic, said `--stack "е4s" matches no stack in either snapshot
// (closest: e4s)`, the value typed and the name beside it the same to
// the eye. A value that is not ASCII is quoted in ASCII, as
// internal/lookalike names such values; one cut keeps its "…" inside
// the quotes; an ASCII one is quoted as before.
func TestUnmatchedLookalikeInASCII(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	wantTrouble(t, []string{"--stack", "\u04354s", "a.md", "b.md"}, `cachediff: --stack "\u04354s" matches no stack in either snapshot`)
	wantTrouble(t, []string{"--package", "llv\u043c", "a.md", "b.md"}, `cachediff: --package "llv\u043c" matches no package in either snapshot`)
	wantTrouble(t, []string{"--package", `x"y`, "a.md", "b.md"}, `cachediff: --package "x\"y" matches no package`)
	long := strings.Repeat("\u0434", maxQuotedValue)
	if got, want := quoteFilterValue(long), `"`+strings.Repeat(`\u0434`, (maxQuotedValue-8)/2)+report.CutMark(long)+`"`; got != want {
		t.Errorf("quoteFilterValue of %d bytes = %s, want %s", len(long), got, want)
	}
}

// TestValueTypoWideSpace (issue 35, "typos"): a value typed with a
// non-ASCII space after it is one edit from the name it was meant to be,
// whatever the space's bytes: --fail-on "any" and an ideographic space
// (three bytes) got no "did you mean any?", where a no-break space (two)
// and --ignore "compiler" and either space did. Two non-ASCII letters are
// still near no name.
func TestValueTypoWideSpace(t *testing.T) {
	realDir, err := filepath.Abs("../../testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(realDir, "v0.23.0"), filepath.Join(realDir, "v0.23.1")
	for _, tc := range []struct {
		flag, value, want string
	}{
		{"--fail-on", "any\u3000", "(did you mean any?)"},
		{"--fail-on", "any\u00a0", "(did you mean any?)"},
		{"--fail-on", "\u3000any", "(did you mean any?)"},
		{"--format", "md\u3000", "(did you mean md?)"},
		{"--ignore", "compiler\u3000", "(did you mean compiler?)"},
		{"--fail-on", "éé", ""},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{tc.flag, tc.value, a, b}, &stdout, &stderr)
		got := stderr.String()
		if code != exitTrouble || tc.want != "" && !strings.Contains(got, tc.want) || tc.want == "" && strings.Contains(got, "did you mean") {
			t.Errorf("%s %q: exit %d, stderr %q; want 2 and %q", tc.flag, tc.value, code, got, tc.want)
		}
	}
}

// TestFlagLookalikeInASCII (issue 35, class e): a flag, a flag's value
// or a command typed with a letter of another script that looks like
// an ASCII one was quoted as typed, beside the hint that reads the same:
// unknown --format "mԁ" … (did you mean md?), unknown flag: --fоrmat
// (did you mean --format?). It is quoted in ASCII, as --package's and
// --stack's values are (59561e99); an ASCII value reads as before.
func TestFlagLookalikeInASCII(t *testing.T) {
	pagesHere(t, "a.md", "b.md")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--fоrmat", "md", "a.md", "b.md"}, `cachediff: unknown flag: "--f\u043ermat" (did you mean --format?)` + "\n"},
		{[]string{"--format", "mԁ", "a.md", "b.md"}, `cachediff: unknown --format "m\u0501": want`},
		{[]string{"--fail-on", "аny", "a.md", "b.md"}, `unknown kind of change "\u0430ny": want`},
		{[]string{"--ignore", "сompiler", "a.md", "b.md"}, `unknown facet "\u0441ompiler": want`},
		{[]string{"--color=nevеr", "a.md", "b.md"}, `unknown --color "nev\u0435r": want`},
		{[]string{"--rows", "аdded", "a.md", "b.md"}, `--rows "\u0430dded": the kinds`},
		{[]string{"rеnder", "r.json"}, `"r\u0435nder" is neither a command nor a snapshot: did you mean cachediff render?`},
		{[]string{"help", "lоg"}, `help: no command "l\u043eg": want`},
		{[]string{"completion", "bаsh"}, `completion: unknown shell "b\u0430sh": want`},
		{[]string{"--format", "mdx", "a.md", "b.md"}, `cachediff: unknown --format "mdx": want`},
	} {
		wantTrouble(t, tc.args, tc.want)
	}
}

// TestRevisionIsNoCommandTypo (round 3 of issue 35, class e): in a
// repository, cachediff HEAD _cache/develop (the commit against the
// checkout, written without REV:PATH's colon) said `"HEAD" is neither a
// command nor a snapshot: did you mean cachediff help?`, HEAD being two
// letters from help. A first argument git knows as a revision is no
// command's typo: the load says it is a revision, and how to write it.
// A typo git does not know is still suggested its command.
func TestRevisionIsNoCommandTypo(t *testing.T) {
	repo := realWeeksRepo(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"-C", repo, "HEAD", "_cache/develop"}, &stdout, &stderr)
	if code != exitTrouble || strings.Contains(stderr.String(), "did you mean cachediff help") || !strings.Contains(stderr.String(), "HEAD is a git revision: a snapshot from git is REV:PATH") {
		t.Errorf("cachediff -C repo HEAD _cache/develop: exit %d, stderr %q; want exit 2 saying HEAD is a git revision", code, stderr.String())
	}
	stderr.Reset()
	code = run([]string{"-C", repo, "hlep", "_cache/develop"}, &stdout, &stderr)
	if code != exitTrouble || !strings.Contains(stderr.String(), "did you mean cachediff help?") {
		t.Errorf("cachediff -C repo hlep _cache/develop: exit %d, stderr %q; want the command suggested", code, stderr.String())
	}
}

// TestUnmatchedClosestAsPatterns: a --package hint names the closest
// packages as values that, pasted, select them: a name holding a
// backslash, a bracket, a star, a question mark or a comma was written
// as it is, which --package reads as a pattern ('q\x' matches "qx",
// 'a[1]' "a1") or a list ('d,e' the two names d and e), so that the
// hint pasted failed again or selected another package.
func TestUnmatchedClosestAsPatterns(t *testing.T) {
	names := []string{`q\x`, `a[1]`, `b*c`, `bxc`, `d,e`, `d`, `f?g`, `h\`}
	oldFile, newFile := namesLocks(t, names)
	for _, name := range names {
		typo := name + "zz"
		switch name {
		case `d,e`:
			typo = `d\,ez` // one pattern, not the list "d", "ez"
		case `d`:
			continue // closest: d and 'd\,e'
		}
		// Pasted, the hint selects the name, and it alone.
		if hint, got, ok := pasteHint(t, typo, oldFile, newFile); ok && !slices.Equal(got, []string{name}) {
			t.Errorf("--package %s, the hint for %q pasted, selects %q", hint, name, got)
		}
	}
}

// TestUnmatchedPatternHintAsIs (issue 35 class e): the closest of a
// --package value may be a pattern, the value's own: its name before a
// spec's version (py-*@3.8: py-*) or the value in lower case
// (PY-NUMPY-Q*: py-numpy-q*). Escaped as a name's pattern characters
// are ('py-\*'), the hint pasted selected nothing; written as it is, it
// selects the packages it matches (TestUnmatchedClosestAsPatterns: a
// name's hint is still escaped).
func TestUnmatchedPatternHintAsIs(t *testing.T) {
	oldFile, newFile := namesLocks(t, []string{"py-aa", "py-bb", "py-numpy-quaternion"})
	for _, c := range []struct {
		typo, hint string
		selects    []string
	}{
		{"py-*@3.8", `'py-*'`, []string{"py-aa", "py-bb", "py-numpy-quaternion"}},
		{"py-[ab]?@2 +x", `'py-[ab]?'`, []string{"py-aa", "py-bb"}},
		{"PY-NUMPY-Q*", `'py-numpy-q*'`, []string{"py-numpy-quaternion"}},
	} {
		hint, got, ok := pasteHint(t, c.typo, oldFile, newFile)
		if !ok {
			continue
		}
		if hint != c.hint {
			t.Errorf("--package %q: the hint %s, want %s", c.typo, hint, c.hint)
		}
		if !slices.Equal(got, c.selects) {
			t.Errorf("--package %s, the hint for %q pasted, selects %q; want %q", hint, c.typo, got, c.selects)
		}
	}
}

// namesLocks writes two lockfiles rooting one spec of each name, 1.0.0
// in the old and 2.0.0 under other hashes in the new: each name updated.
func namesLocks(t *testing.T, names []string) (oldFile, newFile string) {
	t.Helper()
	lock := func(version string, hash func(int) string) string {
		var entries, specs []string
		for i, name := range names {
			entries = append(entries, fmt.Sprintf(`{"hash":%q,"spec":"root%d"}`, hash(i), i))
			quoted, _ := json.Marshal(name)
			specs = append(specs, fmt.Sprintf(`%q:{"name":%s,"version":%q,"hash":%q}`, hash(i), quoted, version, hash(i)))
		}
		return writeLock(t, entries, specs)
	}
	return lock("1.0.0", func(i int) string { return strings.Repeat(string(rune('a'+i)), 32) }),
		lock("2.0.0", func(i int) string { return strings.Repeat(string(rune('m'+i)), 32) })
}

// pasteHint runs --package typo over the two files, which must fail
// (exit 2) with one closest name, and runs the hint pasted (its shell
// quotes taken off) as --package, which must select: it returns the
// hint as written and the names of the packages it selects. ok is false
// where either run went otherwise (reported).
func pasteHint(t *testing.T, typo, oldFile, newFile string) (hint string, selects []string, ok bool) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run([]string{"--package", typo, oldFile, newFile}, &stdout, &stderr)
	m := closestHint.FindStringSubmatch(stderr.String())
	if code != exitTrouble || m == nil {
		t.Errorf("--package %q: exit %d, stderr %q; want 2 and one closest name", typo, code, stderr.String())
		return "", nil, false
	}
	pasted := strings.Trim(m[1], "'")
	stdout.Reset()
	stderr.Reset()
	code = run([]string{"-f", "json", "--package", pasted, oldFile, newFile}, &stdout, &stderr)
	var r struct{ Packages []struct{ Name string } }
	if err := json.Unmarshal(stdout.Bytes(), &r); code != exitDiffers || err != nil {
		t.Errorf("--package %s, the hint for %q pasted: exit %d (%v), stderr %q; want 1", pasted, typo, code, err, stderr.String())
		return m[1], nil, false
	}
	for _, p := range r.Packages {
		selects = append(selects, p.Name)
	}
	return m[1], selects, true
}

// closestHint is the end of an unmatched --package's error: the one
// closest name, shell-quoted where it must be.
var closestHint = regexp.MustCompile(`\(closest: ('[^']*'|\S+)\)\n$`)
