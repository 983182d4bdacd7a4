//go:build unix

package gitsrc

import (
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkInsideWorkTreeSitePath: -C spelt through a symbolic link to a
// folder of the same work tree (_cache -> x) measures a REV:PATH from
// the current folder (./develop) by that spelling, as the disk side
// measures ./develop there: measured where git says (/x/develop), -C
// _cache git:HEAD~1:./develop git:HEAD:./develop held no rule of
// _cache's tag folders, and a retag of every page passed a gate that
// the same folder on disk failed. A path from the top (x/develop) is
// where git says.
func TestLinkInsideWorkTreeSitePath(t *testing.T) {
	repo := commitFiles(t, map[string]string{"x/develop/bc/specs.md": realPage(t, "bc")}, map[string]string{"_cache": "x"})
	cache := filepath.Join(repo, "_cache")
	want, rooted := snapshot.SiteOf(filepath.Join(cache, "develop"))
	if !rooted || want != "/_cache/develop" {
		t.Fatalf("on disk: site path %q (rooted %v), want /_cache/develop", want, rooted)
	}
	if got := sitePath(t, cache, "HEAD:./develop"); got != want {
		t.Errorf("-C %s HEAD:./develop: site path %q, want %q as on disk", cache, got, want)
	}
	if got := sitePath(t, filepath.Join(cache, "develop"), "HEAD:./"); got != want {
		t.Errorf("-C %s/develop HEAD:./: site path %q, want %q as on disk", cache, got, want)
	}
	if got := sitePath(t, cache, "HEAD:x/develop"); got != "/x/develop" {
		t.Errorf("-C %s HEAD:x/develop: site path %q, want /x/develop (from the top)", cache, got)
	}
}
