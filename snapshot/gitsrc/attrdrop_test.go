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
// count.
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
		{`"*.md" ident #`, 1},
		{"[attr]m ident #", 1},
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
