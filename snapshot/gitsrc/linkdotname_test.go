package gitsrc

import (
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestDotNamedLinkFollowed: a symbolic link whose name starts with a dot
// (snap/.i.json to ../data/i.json, an index read by content) is followed
// by a folder on disk, which reads the index it leads to (2 specs), while
// REV:PATH left it unfollowed and dropped it without a word (no pages;
// beside a spec file of its own, one spec where the checkout held
// three). A dot-named link to a folder is a dot-folder, as on disk: not
// entered, not refused.
func TestDotNamedLinkFollowed(t *testing.T) {
	repo := commitFiles(t, map[string]string{"data/i.json": oneLineIndex}, map[string]string{
		"snap/.i.json": "../data/i.json",
		"snap/.d":      "../data",
	})
	want, err := snapshot.Load(filepath.Join(repo, "snap"), snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenRepo(repo)
	if err != nil {
		t.Fatal(err)
	}
	got, err := snapshot.LoadFrom(mustSource(t, r, "HEAD:snap"), snapshot.Options{})
	switch {
	case err != nil:
		t.Fatalf("HEAD:snap: %v; want the %d specs the checkout reads", err, want.Specs())
	case got.Specs() != want.Specs():
		t.Fatalf("HEAD:snap read %d specs, the checkout %d", got.Specs(), want.Specs())
	}
}
