package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestLinkOutNamedWhole (class e): a mirror folder named relative to the
// working folder ("m2") named where its link out led relative to that
// folder too: m2/build_cache/index.json, a link to ../../.git/config,
// was "a symbolic link out of the mirror (to .git/config)", read as the
// mirror's own .git beside the link, inside the mirror the message says
// it leads out of. The path it leads to is named whole, from the top.
func TestLinkOutNamedWhole(t *testing.T) {
	top, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{".git/config", "m2/build_cache/x", "m2/.git/config"} {
		if err := os.MkdirAll(filepath.Join(top, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(top, p), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{"index.json": "../../.git/config", "index.json.hash": "../.git/config"} {
		if err := os.Symlink(to, filepath.Join(top, "m2/build_cache", link)); err != nil {
			t.Skip(err)
		}
	}
	t.Chdir(top)
	for rel, want := range map[string]string{
		"build_cache/index.json":      "build_cache/index.json: a symbolic link out of the mirror (to " + top + "/.git/config)",
		"build_cache/index.json.hash": "build_cache/index.json.hash: a symbolic link into the mirror's git folder (to " + top + "/m2/.git/config)",
	} {
		_, err := mirror.Dir("m2").Get(rel, 1<<20)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s of m2: %v; want %s", rel, err, want)
		}
	}
}
