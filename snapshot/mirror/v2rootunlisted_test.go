package mirror_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestRootUnlistedSaysSo (adversarial pass 207a, class b): one symbolic
// link in a layout-v2 mirror's build_cache/ (or among a v3 mirror's spec
// manifests) failed its listing, and the mirror's root then judged no
// spec file against a stale index, without a word: 0 warnings, where the
// build_cache/ folder named warned of each spec the index lacks. The
// listing that fails is now a warning naming why.
func TestRootUnlistedSaysSo(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	v2 := t.TempDir()
	if err := mirrorgen.V2(v2, index(t, "old")); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.SpecFolder(filepath.Join(v2, "build_cache"), index(t, "new")); err != nil {
		t.Fatal(err)
	}
	v3 := oldV3(t)
	if err := mirrorgen.V3(v3, index(t, "new"), mirrorgen.Options{NoIndex: true}); err != nil {
		t.Fatal(err)
	}
	for dir, rel := range map[string]string{v2: "build_cache", v3: "v3/manifests/spec"} {
		if err := os.Symlink("elsewhere", filepath.Join(dir, filepath.FromSlash(rel), "a-link")); err != nil {
			t.Fatal(err)
		}
		s := load(t, openDir(t, dir, mirror.Options{}))
		said := false
		for _, w := range s.Warnings {
			said = said || strings.HasSuffix(w.File, rel) && strings.Contains(w.Message, "not listed") && strings.Contains(w.Message, "a-link")
		}
		if !said {
			t.Errorf("%s with a link: %d warnings, none that %s was not listed", rel, len(s.Warnings), rel)
		}
	}
}
