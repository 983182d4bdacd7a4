package gitsrc

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"slices"
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
	tree := make([]string, 30000)
	for i := range tree {
		tree[i] = fmt.Sprintf("100644 blob %s\tfile-with-a-long-name-%06d", strings.TrimSpace(blob), i)
	}
	big := hashTree(t, repo, tree)
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

// hashTree writes, with one git hash-object, the tree whose entries are
// mktree's input lines ("MODE TYPE ID\tNAME", any order), and returns
// its id: the tree mktree writes, without the look-up of each entry's
// object that git mktree makes (an open and a map of a loose object an
// entry: 1.3 s of CPU for 30,000).
func hashTree(t *testing.T, dir string, lines []string) string {
	t.Helper()
	type entry struct {
		mode, name, key string
		id              []byte
	}
	entries := make([]entry, 0, len(lines))
	for _, l := range lines {
		head, name, ok := strings.Cut(l, "\t")
		f := strings.Fields(head)
		if !ok || len(f) != 3 {
			t.Fatalf("hashTree: %q is no mktree line", l)
		}
		id, err := hex.DecodeString(f[2])
		if err != nil {
			t.Fatal(err)
		}
		mode, key := strings.TrimPrefix(f[0], "0"), name
		if f[1] == "tree" {
			key += "/" // git sorts a tree as its name and a slash
		}
		entries = append(entries, entry{mode, name, key, id})
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.key, b.key) })
	var obj bytes.Buffer
	for _, e := range entries {
		obj.WriteString(e.mode + " " + e.name + "\x00")
		obj.Write(e.id)
	}
	return strings.TrimSpace(mustGit(t, dir, obj.String(), "hash-object", "-t", "tree", "-w", "--stdin"))
}
