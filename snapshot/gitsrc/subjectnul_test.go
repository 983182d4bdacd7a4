package gitsrc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSubjectEndsAtNUL: git reads a commit's message as a C string, and
// its %s ends at a NUL byte (a commit written with hash-object
// --literally may hold one): log --revs read on past it, "Subject one
// after nul", where git log --format=%s says "Subject one".
func TestSubjectEndsAtNUL(t *testing.T) {
	repo := commitFiles(t, map[string]string{"c/x.md": "first\n"}, nil)
	if err := os.WriteFile(filepath.Join(repo, "c", "x.md"), []byte("second\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, nil, "add", "--all"); err != nil {
		t.Fatal(err)
	}
	tree, err := gittest.Git(repo, nil, "write-tree")
	if err != nil {
		t.Fatal(err)
	}
	parent, err := gittest.Git(repo, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	obj := fmt.Sprintf("tree %s\nparent %s\nauthor a <a@b> 1700000000 +0000\ncommitter a <a@b> 1700000000 +0000\n\nSubject one\x00 after nul\n\nbody\n",
		strings.TrimSpace(tree), strings.TrimSpace(parent))
	id := literalCommit(t, repo, obj)
	if _, err := gittest.Git(repo, nil, "update-ref", "HEAD", id); err != nil {
		t.Fatal(err)
	}
	want, err := gittest.Git(repo, nil, "log", "-1", "--format=%s", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	commits, err := r.Series("HEAD~1..HEAD", "c", "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range commits {
		if !c.Base && c.Subject != strings.TrimSpace(want) {
			t.Errorf("subject %q; want %q, as git log --format=%%s", c.Subject, strings.TrimSpace(want))
		}
	}
}
