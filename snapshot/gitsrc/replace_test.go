package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestReplaceRefsIgnored (82nd adversarial pass): a replace ref
// (refs/replace/ID, git replace) makes git read another object wherever
// ID is named: REV:PATH read the tree of another commit than the one the
// report names as its revision, whose own tree the commit id stands for.
// cachediff reads the commit's own content, as
// git --no-replace-objects does.
func TestReplaceRefsIgnored(t *testing.T) {
	repo := commitFiles(t, map[string]string{"_cache/develop/x.md": "first\n"}, nil)
	first, err := gittest.Git(repo, nil, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	first = strings.TrimSpace(first)
	if err := os.WriteFile(filepath.Join(repo, "_cache", "develop", "x.md"), []byte("second\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, nil, "commit", "-qam", "second"); err != nil {
		t.Fatal(err)
	}
	want, err := gittest.Git(repo, nil, "rev-parse", first+":_cache/develop")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(repo, nil, "replace", first, "HEAD"); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := r.Resolve(first + ":_cache/develop")
	if err != nil {
		t.Fatal(err)
	}
	if tree.Commit != first || tree.OID != strings.TrimSpace(want) {
		t.Errorf("%s:_cache/develop read tree %s of commit %s; want the commit's own tree %s", first[:12], tree.OID, tree.Commit, strings.TrimSpace(want))
	}
}
