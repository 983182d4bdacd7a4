package gitsrc

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestAmbiguousAdviceTrue (83rd adversarial pass): a revision git could
// not resolve whose id prefix several objects share was told "give more
// of the commit id's digits", whatever the objects: two files' blobs
// and no commit (more digits give no commit), or one commit and a blob
// (git takes the commit: 59b7~1 of a root commit failed for want of a
// parent, not of digits). The advice counts commits (and tags) only.
func TestAmbiguousAdviceTrue(t *testing.T) {
	dir, id, write := objectRepo(t)
	head, err := gittest.Git(dir, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	head = strings.TrimSpace(head)
	// A blob whose id starts as HEAD's does.
	for i := 0; ; i++ {
		c := strconv.Itoa(i) + "\n"
		if id(c)[:4] == head[:4] {
			write(c)
			break
		}
	}
	// Two blobs that share a prefix no commit has.
	seen := map[string]string{}
	var twins string
	for i := 0; twins == ""; i++ {
		c := "b" + strconv.Itoa(i) + "\n"
		p := id(c)[:4]
		if prev, ok := seen[p]; ok && p != head[:4] {
			write(prev)
			write(c)
			twins = p
		}
		seen[p] = c
	}
	r, err := OpenRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Resolve(twins + ":x")
	if err == nil || strings.Contains(err.Error(), "commit id's digits") || !strings.Contains(err.Error(), "none of them a commit") {
		t.Errorf("Resolve(%s:x), two blobs and no commit: %v; want it said no commit's id starts so", twins, err)
	}
	_, err = r.Resolve(head[:4] + "~1:x")
	if err == nil || strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("Resolve(%s~1:x), a root commit and a blob: %v; want the commit's parent unknown, not an ambiguous id", head[:4], err)
	}
	if known, err := r.Knows(head[:4] + "~1"); known || err != nil {
		t.Errorf("Knows(%s~1) = %v, %v; want false: the root commit has no parent", head[:4], known, err)
	}
	// Two commits that share a prefix: more digits, as before.
	tree, err := gittest.Git(dir, nil, "rev-parse", "HEAD^{tree}")
	if err != nil {
		t.Fatal(err)
	}
	seen = map[string]string{}
	twins = ""
	for i := 0; twins == ""; i++ {
		c := "tree " + strings.TrimSpace(tree) + "\nauthor a <a@b> 0 +0000\ncommitter a <a@b> 0 +0000\n\n" + strconv.Itoa(i) + "\n"
		p := id(c)[:4]
		if prev, ok := seen[p]; ok && p != head[:4] {
			write(prev)
			write(c)
			twins = p
		}
		seen[p] = c
	}
	if _, err := r.Resolve(twins + ":x"); err == nil || !strings.Contains(err.Error(), "the ids of 2 commits start with "+twins+"; give more of the commit id's digits") {
		t.Errorf("Resolve(%s:x), two commits: %v; want more digits asked for", twins, err)
	}
}
