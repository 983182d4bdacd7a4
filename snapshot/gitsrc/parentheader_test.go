package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestSeriesBaseParentAsGit: git reads a commit's parents from the
// "parent " lines that follow its tree line (commit.c's
// parse_commit_buffer); one further down its header (a commit written
// with hash-object --literally) is no parent: git log shows the commit
// as a root. log --revs took the first "parent " line anywhere in the
// header for the base of a series, and logged a step from a commit git
// does not place in the range's history.
func TestSeriesBaseParentAsGit(t *testing.T) {
	repo := commitFiles(t, map[string]string{"c/x.md": "first\n"}, nil)
	git := func(args ...string) string {
		t.Helper()
		out, err := gittest.Git(repo, nil, args...)
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(out)
	}
	a := git("rev-parse", "HEAD")
	if err := os.WriteFile(filepath.Join(repo, "c", "x.md"), []byte("second\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "--all")
	tree := git("write-tree")
	obj := "tree " + tree + "\nauthor a <a@b> 1700000000 +0000\nparent " + a + "\ncommitter c <c@d> 1700000100 +0000\n\nB\n"
	f := filepath.Join(t.TempDir(), "commit")
	if err := os.WriteFile(f, []byte(obj), 0o644); err != nil {
		t.Fatal(err)
	}
	b := git("hash-object", "-t", "commit", "-w", "--literally", f)
	if parents := git("log", "-1", "--format=%P", b); parents != "" {
		t.Fatalf("git reads parents %q of the commit", parents)
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	commits, err := r.Series(b, "c", "", "")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range commits {
		ids = append(ids, c.ID)
	}
	if len(ids) != 1 || ids[0] != b {
		t.Errorf("series %v; want the commit %s alone, a root for git log", ids, b)
	}
}
