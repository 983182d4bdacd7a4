package gitsrc

import (
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
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
