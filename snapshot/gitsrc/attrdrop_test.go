package gitsrc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestLineGitDrops: git ignores a .gitattributes line whole when a word
// of it names no attribute ("*.md ident # keep $Id$": '#' is none, and
// git check-attr says ident is unspecified) or when it is 2048 bytes
// long or more, yet such a line was refused as one that "gives files the
// ident attribute": a false refusal, with a false message. A line of
// 2047 bytes, one of valid names, a quoted pattern and a macro still
// count (TestQuotedLineGitDrops: with no word git drops them for).
func TestLineGitDrops(t *testing.T) {
	long := func(n int) string { return "*.md ident " + strings.Repeat("x", n-len("*.md ident ")) }
	for _, tc := range []struct {
		line string
		want int
	}{
		{"*.md ident # keep $Id$", 0},
		{"*.md working-tree-encoding=UTF-16LE # for Windows", 0},
		{"*.md ident b@d", 0},
		{"*.md ident -", 0},
		{"*.md ident =x", 0},
		{"*.md ident --x", 0},
		{long(2048), 0},
		{long(2049), 0},
		{long(2047), 1},
		{long(2047) + "\r", 1}, // 2047 bytes as the working tree's reading has it
		{"*.md ident -x !y z=1 a.b_c-d", 1},
		{"*.md working-tree-encoding=UTF-16LE text eol=crlf", 1},
		{`"*.md" ident`, 1},
		{"[attr]m ident", 1},
	} {
		if got, _ := rewritingLine([]byte(tc.line + "\n")); got != tc.want {
			t.Errorf("%.40q: line %d, want %d", tc.line, got, tc.want)
		}
	}
	if !gittest.Available() {
		t.Skip("no git")
	}
	checkEncodingLines(t, []encodingCase{
		{"* working-tree-encoding=UTF-16LE # for Windows\n", false},
		{"* ident # keep $Id$\n", false},
		{"* ident " + strings.Repeat("x", 2100) + "\n", false},
		{"* ident " + strings.Repeat("x", 2100) + "\n*.json working-tree-encoding=UTF-16LE\n", true},
	}, "git ignores the line")
}

// TestQuotedLineGitDrops: git drops a line with a quoted pattern, or a
// macro's, for a word that names no attribute as it drops any other
// ('"*.md" ident # keep $Id$', "[attr]kw ident #": git check-attr says
// ident is unspecified), yet both were refused as lines that "give files
// the ident attribute" or an encoding. A quoting git cannot read
// ("\x") leaves the pattern unquoted, up to its first blank, as git
// reads it; one it reads ends at its closing quote, with or without a
// blank after it.
func TestQuotedLineGitDrops(t *testing.T) {
	for _, tc := range []struct {
		line string
		want int
	}{
		{`"*.md" ident # keep $Id$`, 0},
		{`"*.md"#x ident`, 0},
		{"\"*.md\"  ident\t#", 0},
		{`"*.m\144" ident #`, 0},
		{`"*.md\x" ident #`, 0},   // unread quoting: pattern "*.md\x"
		{`"*.md\400" ident #`, 0}, // \400 is no octal git reads
		{`"[attr]m" ident #`, 0},
		{"[attr]kw ident #\n*.md kw", 0},
		{"[attr]#kw ident", 0},
		{"[attr]-kw ident", 0},
		{`"*.md" working-tree-encoding=UTF-16LE # Windows`, 0},
		{`"*.md" ident`, 1},
		{`"*.md"ident`, 1},
		{`"*.m\144" ident`, 1},
		{`"*.md\x" ident`, 1},
		{`"*.md ident`, 1},
		{`"*.md" ident x=#`, 1},
		{"[attr]kw-1.x ident\n*.md kw-1.x", 1},
		{`"*.md" working-tree-encoding=UTF-16LE`, 1},
	} {
		if got, _ := rewritingLine([]byte(tc.line + "\n")); got != tc.want {
			t.Errorf("%q: line %d, want %d", tc.line, got, tc.want)
		}
	}
	if !gittest.Available() {
		t.Skip("no git")
	}
	checkEncodingLines(t, []encodingCase{
		{`"*" working-tree-encoding=UTF-16LE # for Windows` + "\n", false},
		{`"*" ident # keep $Id$` + "\n", false},
		{"[attr]kw ident #\n* kw\n", false},
	}, "git ignores the line")
}

// TestMacroBelowTopDropped: git takes a macro ("[attr]kw ident") from
// the repository's own .gitattributes alone, and drops one from any
// other ("[attr]kw ident not allowed"; git check-attr says ident is
// unspecified), yet "[attr]kw ident" in _c/.gitattributes, above PATH
// _c/cache, refused the tree, and a log over its commit, as a line that
// gives files ident. At the top it still does, quoted or not.
func TestMacroBelowTopDropped(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	cases := []struct {
		file, attrs string
		refused     bool
	}{
		{"_c/.gitattributes", "[attr]kw ident\n*.json kw\n", false},
		{"_c/.gitattributes", "\"[attr]kw\" ident\n*.json kw\n", false},
		{".gitattributes", "[attr]kw ident\n*.json kw\n", true},
		{".gitattributes", "\"[attr]kw\" ident\n", true},
		{"_c/.gitattributes", "[attr] ident\n", true}, // "[attr]" alone is a pattern
	}
	// One repository, one git fast-import: the index's commit, and a
	// branch cN of one commit after it per case, its attributes.
	dir := t.TempDir()
	if err := gittest.Init(dir); err != nil {
		t.Fatal(err)
	}
	var stream strings.Builder
	fmt.Fprintf(&stream, "commit refs/heads/main\nmark :1\ncommitter %s 1700000000 +0000\ndata 5\nindex\nM 100644 inline _c/cache/index.json\ndata %d\n%s\n", gittest.Ident, len(oneLineIndex), oneLineIndex)
	for i, tc := range cases {
		fmt.Fprintf(&stream, "commit refs/heads/c%d\ncommitter %s 1700000001 +0000\ndata 10\nattributes\nfrom :1\nM 100644 inline %s\ndata %d\n%s\n", i, gittest.Ident, tc.file, len(tc.attrs), tc.attrs)
	}
	if err := gittest.Import(dir, stream.String()); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, tc := range cases {
		snap, err := snapshot.LoadFrom(mustSource(t, r, fmt.Sprintf("c%d:_c/cache", i)), snapshot.Options{})
		switch {
		case tc.refused && err == nil:
			t.Errorf("%s %q: read %d specs; want the tree refused", tc.file, tc.attrs, snap.Specs())
		case !tc.refused && err != nil:
			t.Errorf("%s %q: %v; want no error (git drops the macro)", tc.file, tc.attrs, err)
		case !tc.refused && snap.Specs() != 2:
			t.Errorf("%s %q: %d specs; want 2", tc.file, tc.attrs, snap.Specs())
		}
		if _, err := r.Series(fmt.Sprintf("c%d~1..c%d", i, i), "_c/cache", "", ""); (err != nil) != tc.refused {
			t.Errorf("%s %q: a log over the attributes' commit: %v; want an error: %v", tc.file, tc.attrs, err, tc.refused)
		}
	}
}

// TestQuotedMacroAsGitReadsIt: git unquotes a quoted pattern before it
// asks whether it is a macro's, and reads the name up to a blank, which
// a quoted "\n" is: "\"\133attr]kw\" ident" in _c/.gitattributes is a
// macro git drops there, and "\"[attr]#kw\" ident" in the top one a
// macro git drops for its name, yet both were refused as lines that give
// files ident; "\"[attr]kw\nx\" ident" defines kw, and still counts.
func TestQuotedMacroAsGitReadsIt(t *testing.T) {
	for _, tc := range []struct {
		file, attrs string
		want        int
	}{
		{"_c/.gitattributes", `"\133attr]kw" ident` + "\n* kw\n", 0},
		{".gitattributes", `"[attr]#kw" ident` + "\n* kw\n", 0},
		{".gitattributes", `"[attr] " ident` + "\n", 0},
		{".gitattributes", `"[attr]kw\000" ident` + "\n* kw\n", 1},
		{".gitattributes", `"[attr]kw\nx" ident` + "\n* kw\n", 1},
		{".gitattributes", `"[attr]\tkw x" ident` + "\n* kw\n", 1},
		{".gitattributes", `"\133attr]kw" ident` + "\n* kw\n", 1},
	} {
		if got, _ := (attrFile{path: tc.file, data: []byte(tc.attrs)}).rewritingLine(); got != tc.want {
			t.Errorf("%s %q: line %d, want %d", tc.file, tc.attrs, got, tc.want)
		}
	}
}

// TestQuotedMacroNameBytes pins, line by line, what git 2.39.5's
// check-attr --cached answered for _c/x.md under each top-level
// .gitattributes: a macro's name cut at a NUL or a carriage return a
// quoted "\000" or "\r" gives is one git defines (and gives the pages
// ident through "*.md kw"), so the line must count; one with a vertical
// tab, a form feed or a UTF-8 byte in it git drops ("not a valid
// attribute name"). Reading the former as dropped would let disk and
// REV:PATH differ with the gate passing.
func TestQuotedMacroNameBytes(t *testing.T) {
	for _, tc := range []struct {
		macro string
		want  int
	}{
		{`"[attr]kw\000x" ident`, 1},
		{`"[attr]kw\r" ident`, 1},
		{`"[attr]kw"ident`, 1},
		{`"[attr]\nkw" ident`, 1},
		{`"[attr]kw x" working-tree-encoding=UTF-16LE`, 1},
		{`"[attr]kw\vx" ident`, 0},
		{`"[attr]kw\fx" ident`, 0},
		{`"[attr]\vkw" ident`, 0},
		{`"[attr]kw\303\251" ident`, 0},
		{`"[attr]kw"` + "\v" + `ident`, 0},
		{`[attr]"kw" ident`, 0},
	} {
		attrs := tc.macro + "\n*.md kw\n"
		if got, _ := (attrFile{path: ".gitattributes", data: []byte(attrs)}).rewritingLine(); got != tc.want {
			t.Errorf("%q: line %d, want %d", attrs, got, tc.want)
		}
	}
}
