package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkBackThroughTheTree: a link that climbs out of the folder given
// as REV:PATH and comes back through it by its name (cache/x →
// ../cache/../store/x) leads where it does on disk. The folder itself
// was missing from its own listing, so such a link was "broken" from
// git: the index it leads to dropped with a warning ("no package pages
// found") while a folder on disk read it.
func TestLinkBackThroughTheTree(t *testing.T) {
	index, err := os.ReadFile("../../testdata/spack-formats/index.v7-layout2-unsigned.json")
	if err != nil {
		t.Fatal(err)
	}
	repo := commitFiles(t, map[string]string{"store/index.json": string(index)}, map[string]string{
		"cache/index.v7.json": "../cache/../store/index.json",
	})
	want, err := snapshot.Load(filepath.Join(repo, "cache"), snapshot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := loadArg(repo, "HEAD:cache", snapshot.Options{})
	if err != nil || len(snap.Packages) != len(want.Packages) || len(snap.Warnings) != 0 {
		t.Errorf("from git: %v, %d packages, warnings %v; want the %d packages read on disk", err, len(packagesOf(snap)), warningsOf(snap), len(want.Packages))
	}
}
