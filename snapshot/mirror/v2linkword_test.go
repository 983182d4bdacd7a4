package mirror_test

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestV2LinkNoManifest (adversarial pass i22, class e): a link in a
// layout-v2 mirror's build_cache/ that is no spec file (a tarball's)
// was said to be one of "a mirror's manifests", which a v2 mirror has
// none of: the warning names it a link, not followed, and no manifest;
// among a v3 mirror's spec manifests, a link is still said to be left
// as a manifest is.
func TestV2LinkNoManifest(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	v2 := t.TempDir()
	if err := mirrorgen.V2(v2, zlibIndex); err != nil {
		t.Fatal(err)
	}
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	for dir, c := range map[string]struct {
		rel      string
		manifest bool
	}{v2: {"build_cache", false}, v3: {"v3/manifests/spec", true}} {
		if err := os.Symlink("elsewhere", filepath.Join(dir, filepath.FromSlash(c.rel), "a.spack")); err != nil {
			t.Fatal(err)
		}
		var warned []string
		for _, w := range load(t, openDir(t, dir, mirror.Options{})).Warnings {
			warned = append(warned, w.File+": "+w.Message)
		}
		i := slices.IndexFunc(warned, func(w string) bool {
			return strings.Contains(w, c.rel+": 1 file in it not followed ("+c.rel+"/a.spack: a symbolic link, not a regular file")
		})
		if i < 0 || strings.Contains(warned[i], "manifest") != c.manifest {
			t.Errorf("%s: warnings %q; want one naming the link, not followed, a manifest %v", c.rel, warned, c.manifest)
		}
	}
}

// TestLinksFirstNamed (adversarial pass i22, class c): the warning of
// links in a v2 mirror's build_cache/ that are no spec files counts
// them and names the first by its path, whatever the order the listing
// kept them in (a map's): unsorted, which was named changed from run to
// run, and no test saw it.
func TestLinksFirstNamed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	dir := t.TempDir()
	if err := mirrorgen.V2(dir, zlibIndex); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"d.spack", "b.spack", "a.spack", "c.spack"} {
		if err := os.Symlink("elsewhere", filepath.Join(dir, "build_cache", n)); err != nil {
			t.Fatal(err)
		}
	}
	want := "build_cache: 4 files in it not followed, the first (build_cache/a.spack: a symbolic link, not a regular file): "
	for range 20 {
		var got []string
		for _, w := range load(t, openDir(t, dir, mirror.Options{})).Warnings {
			got = append(got, w.File+": "+w.Message)
		}
		if !slices.ContainsFunc(got, func(w string) bool { return strings.Contains(w, want) }) {
			t.Fatalf("warnings %q; want one with %q", got, want)
		}
	}
}
