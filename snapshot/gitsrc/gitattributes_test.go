package gitsrc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/snapshot"
)

// TestGitattributesRefused: a .gitattributes file inside PATH is an
// error. A checkout rewrites the files it names, REV:PATH reads the
// blobs as committed: a commit that added _cache/develop/.gitattributes
// giving a page working-tree-encoding=UTF-16LE, and changed no page,
// loaded as the snapshot before it ("no changes"), while the checkout,
// which the site is built from, held the page in UTF-16, which Jekyll
// publishes as no page (the 46th adversarial pass).
func TestGitattributesRefused(t *testing.T) {
	repo, _ := series(t)
	dir := t.TempDir()
	clone := filepath.Join(dir, "clone")
	if _, err := gittest.Git(dir, nil, "clone", "-q", repo, clone); err != nil {
		t.Fatal(err)
	}
	attrs := filepath.Join(clone, "_cache", "develop", ".gitattributes")
	if err := os.WriteFile(attrs, []byte("*/specs.md working-tree-encoding=UTF-16LE\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(clone, nil, "add", "_cache/develop/.gitattributes"); err != nil {
		t.Fatal(err)
	}
	if _, err := gittest.Git(clone, nil, "commit", "-q", "-m", "attributes"); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	want := "_cache/develop/.gitattributes: a .gitattributes file among the pages"
	if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:_cache/develop"), snapshot.Options{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a .gitattributes inside PATH: %v; want an error naming it", err)
	}
	// The snapshot before it still loads.
	if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD~1:_cache/develop"), snapshot.Options{}); err != nil {
		t.Errorf("HEAD~1: %v", err)
	}
}
