package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
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
	for _, tc := range []struct {
		attrs   string
		refused bool
	}{
		{"*.md -working-tree-encoding\n", false},
		{"*.md !working-tree-encoding\n", false},
		{"*.json -working-tree-encoding\n", false},
		{"[attr]u -working-tree-encoding\n*.json u\n", false},
		{"*.md -working-tree-encoding working-tree-encoding=UTF-16LE\n", true},
		{"*.json working-tree-encoding=UTF-16LE\n*.md -working-tree-encoding\n", true},
	} {
		dir, git, write := workTree(t)
		write("cache/index.json", oneLineIndex)
		git("add", "cache")
		git("commit", "-qm", "index")
		if err := os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte(tc.attrs), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", ".gitattributes")
		git("commit", "-qm", "attributes")
		r, err := OpenRepo(dir)
		if err != nil {
			t.Fatal(err)
		}
		snap, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:cache"), snapshot.Options{})
		switch {
		case tc.refused && err == nil:
			t.Errorf("%q: read %d specs, no error; want the tree refused", tc.attrs, snap.Specs())
		case tc.refused && !strings.Contains(err.Error(), "working-tree-encoding"):
			t.Errorf("%q: %v; want a working-tree-encoding refused", tc.attrs, err)
		case tc.refused:
		case err != nil:
			t.Errorf("%q: %v; want no error (an unset working-tree-encoding rewrites nothing)", tc.attrs, err)
		case snap.Specs() != 2:
			t.Errorf("%q: %d specs; want 2", tc.attrs, snap.Specs())
		}
		if _, err := r.Series("HEAD~1..HEAD", "cache", "", ""); (err != nil) != tc.refused {
			t.Errorf("%q: a log over the attributes' commit: %v; want an error: %v", tc.attrs, err, tc.refused)
		}
	}
}
