package gitsrc

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
)

// TestModulesAboveSiteSitePath: with GIT_DIR naming the repository of
// the clone a site holds as _cache, run in its _cache/develop (git takes
// that folder for the checkout's top, so HEAD:./ is the catalogue's
// root), a site kept below a folder named modules (/home/u/modules/x) is
// placed as one kept anywhere else, at /_cache. Any folder of that name
// on the way had the repository taken for a submodule's: the folder git
// runs in was placed as the top, /_cache/develop, and a correct snapshot
// was refused (exit 2) that the same site elsewhere passed.
func TestModulesAboveSiteSitePath(t *testing.T) {
	cat := commitFiles(t, map[string]string{"develop/bc/specs.md": realPage(t, "bc")}, nil)
	for _, under := range []string{"plain", filepath.Join("modules", "x")} {
		site := commitFiles(t, map[string]string{"_config.yml": "t: 1\n", ".gitignore": "_cache\n"}, nil)
		base := filepath.Join(t.TempDir(), under)
		if err := os.MkdirAll(base, 0o755); err != nil {
			t.Fatal(err)
		}
		moved := filepath.Join(base, "site")
		if err := os.Rename(site, moved); err != nil {
			t.Fatal(err)
		}
		cache := filepath.Join(moved, "_cache")
		if _, err := gittest.Git(cat, nil, "clone", "-q", cat, cache); err != nil {
			t.Fatal(err)
		}
		t.Run(under, func(t *testing.T) {
			t.Setenv("GIT_DIR", filepath.Join(cache, ".git"))
			if got := sitePath(t, filepath.Join(cache, "develop"), "HEAD:./"); got != "/_cache" {
				t.Errorf("site below %s, GIT_DIR the clone's .git, run in _cache/develop: site path %q, want /_cache", under, got)
			}
		})
	}
}
