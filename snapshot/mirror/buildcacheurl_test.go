package mirror_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestBuildCacheURLHint (adversarial pass 206b): a mirror's URL that
// names its build_cache/ (file:///m/build_cache, which as a folder on
// disk is read) said only "not a Spack mirror: no … nor
// build_cache/index.json", as if the index were missing: a mirror's URL
// is its root, and the error now names the URL above, which reads.
func TestBuildCacheURLHint(t *testing.T) {
	dir := t.TempDir()
	if err := mirrorgen.V2(dir, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	root := "file://" + filepath.ToSlash(dir)
	h := &mirror.HTTP{NoCache: true}
	for _, u := range []string{root + "/build_cache", root + "/build_cache/"} {
		_, err := h.Open(u, mirror.Options{})
		if err == nil || !strings.Contains(err.Error(), "a mirror's URL is its root, above it ("+root+")") {
			t.Errorf("%s: %v; want the mirror's root named", u, err)
		}
	}
	if _, err := h.Open(root, mirror.Options{}); err != nil {
		t.Errorf("the root the hint names: %v", err)
	}
}
