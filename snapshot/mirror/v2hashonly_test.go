package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestV2HashWithoutIndex (adversarial pass 217b, issue 35 class e): a
// layout-v2 mirror whose build_cache/index.json is gone (removed, or
// not pushed yet) while its index.json.hash is there was "not a Spack
// mirror: no v3/manifests/index/index.manifest.json (layout v3) nor
// build_cache/index.json (layout v2)", which sent the user looking for
// another URL. It is a v2 mirror without its index, said so, with what
// mends it; from a folder and over HTTP alike.
func TestV2HashWithoutIndex(t *testing.T) {
	root := t.TempDir()
	if err := mirrorgen.V2(root, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "build_cache", "index.json")); err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, root)
	for name, open := range map[string]func() error{
		"folder": func() error { _, err := mirror.Open(mirror.Dir(root), mirror.Options{}); return err },
		"HTTP": func() error {
			_, err := (&mirror.HTTP{NoCache: true, Retries: -1}).Open(srv.URL, mirror.Options{})
			return err
		},
	} {
		err := open()
		if err == nil || strings.Contains(err.Error(), "not a Spack mirror") || !strings.Contains(err.Error(), "a layout-v2 mirror without its index: build_cache/index.json.hash is there, and build_cache/index.json is not") || !strings.Contains(err.Error(), "spack buildcache update-index") {
			t.Errorf("%s: %v; want a v2 mirror without its index", name, err)
		}
	}
}
