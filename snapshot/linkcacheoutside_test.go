package snapshot

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLinkNamedCacheOutsideSite: a path spelt through a link named
// _cache outside any site (/tmp/x/_cache -> a checkout's _cache) is
// measured where the link leads, as one through a link of another name
// is: the spelling's _cache says nothing outside a site, and measured
// by it no rule of _cache's tag folders held, so a retag of every page
// passed a gate that the checkout's _cache/develop failed.
func TestLinkNamedCacheOutsideSite(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"co/.git/HEAD":                  "ref: refs/heads/main\n",
		"co/.git/objects/.keep":         "",
		"co/.git/refs/.keep":            "",
		"co/_cache/develop/bc/specs.md": simplePage("bc", "v9", 1, 1),
		"out/.keep":                     "",
	})
	if err := os.Symlink(filepath.Join(dir, "co", "_cache"), filepath.Join(dir, "out", "_cache")); err != nil {
		t.Skipf("symlink: %v", err)
	}
	for _, p := range []string{filepath.Join(dir, "co", "_cache", "develop"), filepath.Join(dir, "out", "_cache", "develop")} {
		_, err := Load(p, Options{})
		checkErr(t, err, filepath.Join(p, "bc", "specs.md"), 4, 0, `this page has tag "v9" but is in _cache's tag folder "develop"`)
	}
}
