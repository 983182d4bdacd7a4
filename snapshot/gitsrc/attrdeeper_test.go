package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestRewritingAboveDeeper: git takes an attribute from a deeper
// .gitattributes before a higher one, so that "*.md ident" in the
// repository's .gitattributes and "*.md -ident" in _cache/.gitattributes
// give the pages of _cache/develop no ident (git check-attr --cached:
// unset; a clone writes them as committed), the remedy a user reaches
// for, yet git:HEAD:_cache/develop and log --revs were refused at the
// first line (exit 2), with the advice to remove it. A deeper line
// with another pattern, one git does not read (past a NUL), or one that
// sets the attribute again still leaves a line that counts, and the
// line named is the one that gives it.
func TestRewritingAboveDeeper(t *testing.T) {
	for _, tc := range []struct {
		root, cache string
		file        string
		line        int
	}{
		{"*.md ident\n", "*.md -ident\n", "", 0},
		{"*.md ident\n", "*.md !ident\n", "", 0},
		{"*.md ident\n", "\"*.md\" -ident\n", "", 0},
		{"*.md ident\n", "*.md -ident\x00junk\n", "", 0},
		{"*.md working-tree-encoding=UTF-16LE\n", "*.md -working-tree-encoding\n", "", 0},
		{"*.md ident\n", "*.md -ident\n*.md ident\n", "_cache/.gitattributes", 2},
		{"*.md ident\n", "*.md ident\n", "_cache/.gitattributes", 1},
		{"*.md ident\n", "_cache/*.md -ident\n", ".gitattributes", 1},
		{"*.md ident\n", "*.MD -ident\n", ".gitattributes", 1},
		{"*.md ident\n", "\x00*.md -ident\n", ".gitattributes", 1},
		{"*.md ident\n", "[attr]x -ident\n*.md x\n", ".gitattributes", 1},
		{"[attr]kw ident\n*.md kw\n", "*.md -ident\n", ".gitattributes", 1},
		{"*.png binary\n*.md ident\n", "*.md -ident\n", "", 0},
	} {
		attrs := []attrFile{{path: ".gitattributes", data: []byte(tc.root)}, {path: "_cache/.gitattributes", data: []byte(tc.cache)}}
		if f, n, msg := (&Tree{attrs: attrs}).encodingAbove(); f != tc.file || n != tc.line {
			t.Errorf("%q, then %q: %q line %d (%s); want %q line %d", tc.root, tc.cache, f, n, msg, tc.file, tc.line)
		}
	}
	if !gittest.Available() {
		t.Skip("no git")
	}
	// In a log's range, at a commit that changed no page.
	repo, _ := series(t)
	clone := filepath.Join(t.TempDir(), "clone")
	if _, err := gittest.Git(filepath.Dir(clone), nil, "clone", "-q", repo, clone); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{".gitattributes": "*.md ident\n", "_cache/.gitattributes": "*.md -ident\n"} {
		if err := os.WriteFile(filepath.Join(clone, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := gittest.Git(clone, nil, "add", "."); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(clone, nil, "commit", "-q", "-m", "attributes"); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := r.Series("HEAD~1..HEAD", "_cache/develop", "", ""); err != nil || len(c) != 1 {
		t.Errorf("log over the commit: %d commits, %v; want the base alone", len(c), err)
	}
	// git's own reading of the first case.
	dir := t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q"); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{".gitattributes": "*.md ident\n", "_cache/.gitattributes": "*.md -ident\n"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := gittest.Git(dir, nil, "add", "."); err != nil {
		t.Fatal(err)
	}
	out, err := gittest.Git(dir, nil, "check-attr", "--cached", "ident", "--", "_cache/develop/zlib/specs.md")
	if err != nil || !strings.HasSuffix(strings.TrimSpace(out), "ident: unset") {
		t.Errorf("git check-attr: %q, %v; want unset", out, err)
	}
}

// TestRewritingAboveDeeperNUL: a NUL in a higher .gitattributes ends
// git's reading of that file alone (from the index), and a deeper file
// is read all the same: "*.md ident<NUL>junk" in the repository's
// .gitattributes, then "*.md -ident" in _cache/.gitattributes, gives the
// pages no ident (git 2.39.5 check-attr --cached: unset; a clone writes
// them as committed), yet line 1 was refused, exit 2, as the deeper
// line was read after the NUL. A line of the higher file past its NUL
// still overrides nothing.
func TestRewritingAboveDeeperNUL(t *testing.T) {
	for _, tc := range []struct {
		root, cache string
		file        string
		line        int
	}{
		{"*.md ident\x00junk\n", "*.md -ident\n", "", 0},
		{"*.md ident\n\x00", "*.md -ident\n", "", 0},
		{"*.md ident\n\x00*.md -ident\n", "*.md ident\n", "_cache/.gitattributes", 1},
		{"*.md ident\n\x00", "*.md ident\n*.md -ident\n", "", 0},
		{"*.md ident\x00\n*.md -ident\n", "*.c -ident\n", ".gitattributes", 1},
	} {
		attrs := []attrFile{{path: ".gitattributes", data: []byte(tc.root)}, {path: "_cache/.gitattributes", data: []byte(tc.cache)}}
		if f, n, msg := (&Tree{attrs: attrs}).encodingAbove(); f != tc.file || n != tc.line {
			t.Errorf("%q, then %q: %q line %d (%s); want %q line %d", tc.root, tc.cache, f, n, msg, tc.file, tc.line)
		}
	}
}

// TestRewritingAboveDeeperQuoted: a deeper .gitattributes line whose
// quoted pattern has an escape (an octal one, "\052.md", which git reads
// as *.md) overrides a higher line of the same pattern as git reads it:
// "*.md ident" in the repository's .gitattributes, then "\"\052.md\"
// -ident" in _cache/.gitattributes, gives the pages no ident (git 2.39.5
// check-attr --cached: unset; a clone writes them as committed), yet
// line 1 was refused, exit 2, as any backslash written left the deeper
// line out. One that git reads with a slash ("\057" is one) or a
// backslash still overrides nothing.
func TestRewritingAboveDeeperQuoted(t *testing.T) {
	for _, tc := range []struct {
		root, cache string
		file        string
		line        int
	}{
		{"*.md ident\n", "\"\\052.md\" -ident\n", "", 0},
		{"*.md working-tree-encoding=UTF-16LE\n", "\"*\\056md\" -working-tree-encoding\n", "", 0},
		{"\"\\052.md\" ident\n", "\"*\\056md\" !ident\n", "", 0},
		{"*.md ident\n", "\"\\052.md\" ident\n", "_cache/.gitattributes", 1},
		{"*.md ident\n", "\"\\057*.md\" -ident\n", ".gitattributes", 1},
		{"*.md ident\n", "\"x\\057*.md\" -ident\n", ".gitattributes", 1},
		{"*.md ident\n", "\"\\\\*.md\" -ident\n", ".gitattributes", 1},
		{"*.md ident\n", "\\*.md -ident\n", ".gitattributes", 1},
		{"*.md ident\n", "\"\\000*.md\" -ident\n", ".gitattributes", 1},
	} {
		attrs := []attrFile{{path: ".gitattributes", data: []byte(tc.root)}, {path: "_cache/.gitattributes", data: []byte(tc.cache)}}
		if f, n, msg := (&Tree{attrs: attrs}).encodingAbove(); f != tc.file || n != tc.line {
			t.Errorf("%q, then %q: %q line %d (%s); want %q line %d", tc.root, tc.cache, f, n, msg, tc.file, tc.line)
		}
	}
}
