package gitsrc

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestRewrittenAboveWithoutTmpdir: where no temporary folder can be made
// in TMPDIR (full, read-only, or not a folder), git's judge of the
// attributes a checkout gives the pages makes its index in the
// repository's git folder instead, and leaves nothing there. It failed
// every snapshot from git under a .gitattributes: a full /tmp said "git
// update-index: sha1 file '/tmp/cachediff-attr-N/index.lock' write
// error. Out of diskspace", exit 2, where the log's steps fall back to
// memory.
func TestRewrittenAboveWithoutTmpdir(t *testing.T) {
	clone, commit := seriesClone(t)
	r, err := OpenRepo(clone)
	if err != nil {
		t.Fatal(err)
	}
	// A line rewritingLine finds no page in, so that git is asked, and
	// the clone's info/attributes, which gives the pages ident.
	commit(".gitattributes", "*.c ident\n")
	list := func() []string {
		t.Helper()
		entries, err := os.ReadDir(filepath.Join(clone, ".git"))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", notDir)
	before := list()
	if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:_cache/develop"), snapshot.Options{}); err != nil {
		t.Fatalf("a load under no .gitattributes line for its pages, TMPDIR no folder: %v", err)
	}
	if err := os.WriteFile(filepath.Join(clone, ".git", "info", "attributes"), []byte("*.md ident\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err = OpenRepo(clone) // git's answers are kept per repository
	if err != nil {
		t.Fatal(err)
	}
	const want = "gives this page the ident attribute"
	if _, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:_cache/develop"), snapshot.Options{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a load, TMPDIR no folder: %v; want an error holding %q", err, want)
	}
	if after := list(); !slices.Equal(after, before) {
		t.Errorf(".git held %v, and after git's judge %v; want nothing left there", before, after)
	}
}
