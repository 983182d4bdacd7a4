package gitsrc

import (
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestUnsetWorkingTreeEncoding: "-working-tree-encoding" (unset) and
// "!working-tree-encoding" (unspecified) give a file no encoding
// (git_path_check_encoding reads an unset value as none; a clone with
// "*.md -working-tree-encoding" holds the page byte for byte as
// committed), yet the line was refused as one that "gives files a
// working-tree-encoding", and the log over its commit with it. A line
// that sets one beside them is still refused.
func TestUnsetWorkingTreeEncoding(t *testing.T) {
	if !gittest.Available() {
		t.Skip("no git")
	}
	checkEncodingLines(t, []encodingCase{
		{"*.md -working-tree-encoding\n", false},
		{"*.md !working-tree-encoding\n", false},
		{"*.json -working-tree-encoding\n", false},
		{"[attr]u -working-tree-encoding\n*.json u\n", false},
		{"*.md -working-tree-encoding working-tree-encoding=UTF-16LE\n", true},
		{"*.json working-tree-encoding=UTF-16LE\n*.md -working-tree-encoding\n", true},
	}, "an unset working-tree-encoding rewrites nothing")
}
