package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRefusedWordReadsAsTyped (class a/e): a word spelt as a flag that
// pflag refused, or that comes after -- and names nothing on disk, is
// named so that it reads as no other word, within the line's cap. An
// ASCII word was written as it was, a newline in it escaped by the
// line's Visible: -x<newline>b and the five characters -x\nb read
// alike. After --, the word was written by report.VisibleInput, whole
// and not in ASCII: -mаin:snap (its а Cyrillic) read as -main:snap,
// and -x<6 KB> named twice made a line of 12 KB, cut before the hint of
// what to do.
func TestRefusedWordReadsAsTyped(t *testing.T) {
	dir := t.TempDir() // no repository: no hint of a revision
	first := func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"-C", dir}, args...), &stdout, &stderr); code != exitTrouble {
			t.Errorf("%q: exit %d, want %d", args, code, exitTrouble)
		}
		line, _, _ := strings.Cut(stderr.String(), "\n")
		return line
	}
	// Before the snapshots, as pflag refuses it; after --, beside as
	// many arguments as the diff takes, and beside too many.
	for _, at := range []func(w string) []string{
		func(w string) []string { return []string{"A", w, "B"} },
		func(w string) []string { return []string{"--", w, "B"} },
		func(w string) []string { return []string{"A", "B", "--", w} },
	} {
		if nl, bs := first(at("-x\nb")...), first(at(`-x\nb`)...); nl == bs {
			t.Errorf("%q: a newline and a backslash and n read alike: %s", at("W"), nl)
		}
		if line := first(at("-m\u0430in:snap")...); strings.Contains(line, "\u0430") || !strings.Contains(line, `"-m\u0430in:snap"`) {
			t.Errorf("%q: %s; want the word in ASCII, \"-m\\u0430in:snap\"", at("W"), line)
		}
		long := "-x" + strings.Repeat("a", 6000)
		if line := first(at(long)...); len(line) > maxErrorLine || strings.Contains(line, long) ||
			strings.Contains(line, "--") && !strings.HasSuffix(line, "put flags before --)") {
			t.Errorf("%q: a 6 KB word: a first line of %d bytes (cap %d) ending %q; want it cut and the hint whole", at("W"), len(line), maxErrorLine, line[max(0, len(line)-80):])
		}
	}
}

// TestBadFlagSyntaxShown (class a/e): a word pflag refuses as bad flag
// syntax (---x, --=x) was written as pflag wrote it: not in ASCII
// (---а, its а Cyrillic, read ---a), a newline and the two characters \n
// alike, and whole: a 30 KB word beside a folder ---x made a first line
// cut by its cap before the hint of ./ or --. It is named as another
// refused word is (refusedWord), and ---format is told --format.
func TestBadFlagSyntaxShown(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "---x"), 0o755); err != nil {
		t.Fatal(err)
	}
	first := func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"-C", dir}, args...), &stdout, &stderr); code != exitTrouble {
			t.Errorf("%.40q: exit %d, want %d", args, code, exitTrouble)
		}
		line, _, _ := strings.Cut(stderr.String(), "\n")
		return line
	}
	if line := first("---\u0430", "B"); !strings.Contains(line, `bad flag syntax: "---\u0430"`) {
		t.Errorf("---а (Cyrillic): %s; want the word in ASCII", line)
	}
	if nl, bs := first("---x\ny", "B"), first(`---x\ny`, "B"); nl == bs {
		t.Errorf("a newline and a backslash and n read alike: %s", nl)
	}
	long := "---x/" + strings.Repeat("a", 30000)
	if line := first(long, "B"); len(line) > maxErrorLine || !strings.HasSuffix(line, "(cachediff -- OLD NEW)") {
		t.Errorf("a 30 KB word under a folder ---x: a first line of %d bytes (cap %d) ending %q; want it cut, the hint of ./ or -- whole", len(line), maxErrorLine, line[max(0, len(line)-80):])
	}
	if line := first("---format=json", "A", "B"); !strings.HasSuffix(line, "(did you mean --format?)") {
		t.Errorf("---format=json: %s; want --format suggested", line)
	}
}

// TestDirFlagFolderShown (class a/e): a -C folder that is not there, or
// not a folder, was named as report.VisibleInput writes it: not in
// ASCII (-C аb, its а Cyrillic, read -C ab) and whole (x/<30 KB> made a
// first line cut by its cap). It is named as a snapshot's path is
// (snapshot.ShownPath): in ASCII quotes, cut about its mark.
func TestDirFlagFolderShown(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f\u0430")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, want string }{
		{"\u0430b", `-C "\u0430b": no such file or directory`},
		{"x/" + strings.Repeat("a", 30000), ": file name too long"},
		{file, `\u0430": not a directory`},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-C", c.dir, "A", "B"}, &stdout, &stderr)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		if code != exitTrouble || len(line) > maxErrorLine || strings.Contains(line, "\u0430") || !strings.HasSuffix(line, c.want) {
			t.Errorf("-C %.20q: exit %d, a first line of %d bytes (cap %d) ending %q; want exit %d, ending %q",
				c.dir, code, len(line), maxErrorLine, line[max(0, len(line)-80):], exitTrouble, c.want)
		}
	}
}
