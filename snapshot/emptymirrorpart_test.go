package snapshot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmptyMirrorPartNoSubmodule (adversarial pass i24, class e): an
// empty folder inside a v3 mirror (its v3/manifests/index/, with no
// index manifest written) was told as any empty folder, "a git
// submodule not checked out is one: `git submodule update --init`
// fetches its pages", in a folder of no repository, of a mirror, which
// has no pages. It is said to be named as a mirror's folder.
func TestEmptyMirrorPartNoSubmodule(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"m/v3/manifests/index", "m/v3/manifests/spec"} {
		if err := os.MkdirAll(filepath.Join(dir, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"m", "m/v3/manifests"} {
		_, err := Load(filepath.Join(dir, p), Options{})
		want := "m/v3/manifests/index: an empty folder, named as a layout-v3 Spack mirror's v3/manifests/index/ folder: nothing read from it"
		if err == nil || !strings.Contains(err.Error(), filepath.FromSlash(want)) || strings.Contains(err.Error(), "submodule") {
			t.Errorf("%s: %v; want %q, no submodule", p, err, want)
		}
	}
}
