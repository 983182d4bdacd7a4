package gitsrc

import (
	"fmt"
	"strings"
	"testing"
)

// TestAttributesFolderBig: a folder named .gitattributes above PATH,
// which git reads no attribute from (check-attr --cached: unspecified; a
// checkout reads nothing from a folder), was refused when its tree object
// was larger than maxAttributes: one of 30,000 files (1.7 MB) above
// _cache/develop made git:HEAD:_cache/develop fail, exit 2, with "a
// .gitattributes of 1680000 bytes above PATH, more than the 1048576 read
// (a checkout applies it, unread here)", a cause git never meets. Only a
// blob's size counts.
func TestAttributesFolderBig(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/zlib/specs.md": "x\n"}, nil)
	blob, err := gitIn(repo, "x\n", "hash-object", "-w", "--stdin")
	if err != nil {
		t.Fatal(err)
	}
	var tree strings.Builder
	for i := range 30000 {
		fmt.Fprintf(&tree, "100644 blob %s\tfile-with-a-long-name-%06d\n", strings.TrimSpace(blob), i)
	}
	big, err := gitIn(repo, tree.String(), "mktree")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"read-tree", "--prefix=.gitattributes/", strings.TrimSpace(big)}, {"commit", "-q", "-m", "folder"}} {
		if _, err := gitIn(repo, "", args...); err != nil {
			t.Fatal(err)
		}
	}
	if size, _ := gitIn(repo, "", "cat-file", "-s", "HEAD:.gitattributes"); !strings.HasPrefix(size, "1680000") {
		t.Fatalf("the folder's tree object is %q bytes; want 1680000", size)
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := r.Resolve("HEAD:_cache/develop")
	if err != nil {
		t.Fatalf("a load: %v; want none", err)
	}
	if len(tr.attrs) != 0 || !tr.IsTree {
		t.Errorf("a load: attributes %v, a tree %v; want none, a tree", tr.attrs, tr.IsTree)
	}
}
