package gitsrc

import (
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestLastMentionOnLine: git applies a line's attributes from its last
// to its first, each set only by the last that names it ("*.md ident
// -ident" leaves a page's ident unset; git check-attr says so), yet
// such a line was refused as one that "gives files the ident
// attribute" or "a working-tree-encoding": a false refusal, with a false
// message. A line whose last word on the attribute sets it still counts.
func TestLastMentionOnLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		want int
	}{
		{"*.md ident -ident", 0},
		{"*.md ident !ident", 0},
		{"*.md -ident ident", 1},
		{"*.md ident -ident ident", 1},
		{"*.md working-tree-encoding=UTF-16LE -working-tree-encoding", 0},
		{"*.md working-tree-encoding=UTF-16LE !working-tree-encoding", 0},
		{"*.md working-tree-encoding=UTF-16LE working-tree-encoding=UTF-8", 0},
		{"*.md working-tree-encoding=UTF-8 working-tree-encoding=UTF-16LE", 1},
		{"*.md -working-tree-encoding working-tree-encoding=UTF-16LE", 1},
		// Not the attribute itself: another, which gives no encoding.
		{"*.md xworking-tree-encoding=UTF-16LE -working-tree-encoding", 0},
	} {
		if got, _ := rewritingLine([]byte(tc.line + "\n")); got != tc.want {
			t.Errorf("%q: line %d, want %d", tc.line, got, tc.want)
		}
	}
	if !gittest.Available() {
		t.Skip("no git")
	}
	checkEncodingLines(t, []encodingCase{
		{"* working-tree-encoding=UTF-16LE -working-tree-encoding\n", false},
		{"* ident -ident\n", false},
		{"*.json working-tree-encoding=UTF-8 working-tree-encoding=UTF-16LE\n", true},
	}, "the line's last word on the attribute leaves it unset, or UTF-8")
}
