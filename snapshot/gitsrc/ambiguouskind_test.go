package gitsrc

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
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
	if !gittest.Available() {
		t.Skip("the git program is not on PATH")
	}
	dir := t.TempDir()
	if _, err := gittest.Git(dir, nil, "init", "-q", "-b", "main"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(dir, nil, "commit", "-q", "--allow-empty", "-m", "one"); err != nil {
		t.Fatal(err)
	}
	format, err := gittest.Git(dir, nil, "rev-parse", "--show-object-format")
	if err != nil {
		t.Fatal(err)
	}
	head, err := gittest.Git(dir, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	head = strings.TrimSpace(head)
	id := func(content string) string {
		kind := "blob"
		if strings.HasPrefix(content, "tree ") {
			kind = "commit"
		}
		obj := kind + " " + strconv.Itoa(len(content)) + "\x00" + content
		if strings.TrimSpace(format) == "sha256" {
			s := sha256.Sum256([]byte(obj))
			return hex.EncodeToString(s[:])
		}
		s := sha1.Sum([]byte(obj))
		return hex.EncodeToString(s[:])
	}
	write := func(c string) {
		f := filepath.Join(dir, "f")
		if err := os.WriteFile(f, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
		kind := "blob"
		if strings.HasPrefix(c, "tree ") {
			kind = "commit"
		}
		if out, err := gittest.Git(dir, nil, "hash-object", "-t", kind, "-w", f); err != nil || strings.TrimSpace(out) != id(c) {
			t.Fatalf("hash-object: %q, %v; want %s", out, err, id(c))
		}
	}
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
