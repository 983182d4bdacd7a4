//go:build unix

package gitsrc

import (
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/snapshot"
)

// TestLinkInsideWorkTreeUpSitePath: a REV:PATH from the current folder
// that climbs out of it (../), with -C spelt through a symbolic link to
// a folder of the same work tree (_cache -> x), is measured by that
// spelling, as the disk side measures _cache/develop/bc/../ (lexically,
// _cache/develop): only a PATH below -C's folder was, so -C
// _cache/develop/bc git:HEAD:../ was placed where git says
// (/x/develop), held no rule of _cache's tag folders, and a retag of
// every page passed a gate, exit 0, that the same folder on disk failed.
func TestLinkInsideWorkTreeUpSitePath(t *testing.T) {
	repo := commitFiles(t, map[string]string{"x/develop/bc/specs.md": realPage(t, "bc")}, map[string]string{"_cache": "x"})
	cache := filepath.Join(repo, "_cache")
	want, rooted := snapshot.SiteOf(filepath.Join(cache, "develop"))
	if !rooted || want != "/_cache/develop" {
		t.Fatalf("on disk: site path %q (rooted %v), want /_cache/develop", want, rooted)
	}
	for _, c := range []struct{ dir, spec string }{
		{filepath.Join(cache, "develop", "bc"), "HEAD:../"},
		{filepath.Join(cache, "develop", "bc"), "HEAD:../../develop"},
		{filepath.Join(cache, "develop", "bc"), "HEAD:./../"},
	} {
		if got := sitePath(t, c.dir, c.spec); got != want {
			t.Errorf("-C %s %s: site path %q, want %q as on disk", c.dir, c.spec, got, want)
		}
	}
}
