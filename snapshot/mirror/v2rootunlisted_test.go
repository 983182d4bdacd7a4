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

// xzIndex is a build-cache index of one spec, xz@2, beside zlibIndex's.
var xzIndex = []byte(strings.NewReplacer("zlib", "xz", `"1"`, `"2"`, strings.Repeat("a", 32), strings.Repeat("b", 32)).Replace(string(zlibIndex)))

// TestRootLinkListed (adversarial pass 207a, class b; lead c of i20):
// one symbolic link in a layout-v2 mirror's build_cache/ (or among a v3
// mirror's spec manifests) failed its listing, and the mirror's root
// then judged no spec file against a stale index, without a word; then
// with a warning that it was "not listed", the spec the index lacks
// still unwarned of, for a link that is no spec file (a tarball's). The
// mirror reads as it does without it, the spec the index lacks warned
// of, and one warning more names the link, not followed.
func TestRootLinkListed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	v2 := t.TempDir()
	if err := mirrorgen.V2(v2, zlibIndex); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.SpecFolder(filepath.Join(v2, "build_cache"), xzIndex); err != nil {
		t.Fatal(err)
	}
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(v3, xzIndex, mirrorgen.Options{NoIndex: true}); err != nil {
		t.Fatal(err)
	}
	for dir, rel := range map[string]string{v2: "build_cache", v3: "v3/manifests/spec"} {
		warned := func() []string {
			var out []string
			for _, w := range load(t, openDir(t, dir, mirror.Options{})).Warnings {
				out = append(out, w.File+": "+w.Message)
			}
			return out
		}
		before := warned()
		if !slices.ContainsFunc(before, func(w string) bool { return strings.Contains(w, "xz") }) {
			t.Fatalf("%s: warnings %q; want the spec the index lacks, xz", rel, before)
		}
		if err := os.Symlink("elsewhere", filepath.Join(dir, filepath.FromSlash(rel), "a-link")); err != nil {
			t.Fatal(err)
		}
		after := warned()
		i := slices.IndexFunc(after, func(w string) bool {
			return strings.Contains(w, rel+": 1 file in it not followed (") && strings.Contains(w, "a-link: a symbolic link")
		})
		if i >= 0 {
			after = slices.Delete(after, i, i+1)
		}
		if i < 0 || !slices.Equal(after, before) {
			t.Errorf("%s with a link: warnings %q; want those without it, %q, and one naming the link, not followed", rel, warned(), before)
		}
	}
}
