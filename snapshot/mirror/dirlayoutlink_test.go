package mirror_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestDirLayoutLinkAstray (adversarial pass i28, class e): a v2 mirror's
// folder whose build_cache/index.json is a broken symbolic link, or a
// link in a loop, beside its .hash, was no mirror's root (DirLayout ""),
// and read as a folder of pages: "no package pages found under m/: is
// this a _cache/<tag> folder?", where its file:// URL named the link. It
// is a v2 mirror's root, and Open names the link; a v3 index manifest
// so linked likewise.
func TestDirLayoutLinkAstray(t *testing.T) {
	v2, v3 := t.TempDir(), t.TempDir()
	if err := mirrorgen.V2(v2, zlibIndex); err != nil {
		t.Fatal(err)
	}
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(v3, "v3", "layout.json")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, rel, layout string }{
		{v2, "build_cache/index.json", mirror.LayoutV2},
		{v3, "v3/manifests/index/index.manifest.json", mirror.LayoutV3},
	} {
		p := filepath.Join(c.dir, filepath.FromSlash(c.rel))
		for to, why := range map[string]string{
			"gone":           "a broken symbolic link (to gone), which leads to no file",
			filepath.Base(p): "its path leads through symbolic links in a loop, to no file",
		} {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(to, p); err != nil {
				t.Skip(err)
			}
			if got := mirror.DirLayout(c.dir); got != c.layout {
				t.Errorf("%s a link to %s: layout %q; want %q", c.rel, to, got, c.layout)
			}
			_, err := mirror.Open(mirror.Dir(c.dir), mirror.Options{})
			if want := c.rel + ": " + why; err == nil || err.Error() != want {
				t.Errorf("%s a link to %s: %v; want %q", c.rel, to, err, want)
			}
		}
	}
}

// TestDirLayoutLinkBesidePages (adversarial pass i29, class b/e): a
// folder of catalogue pages with a stray build_cache/index.json (or v3
// index manifest) linked to nothing was, since 1cd00e8e, the root of a
// mirror that also holds pages, refused ("name the mirror's index", a
// link to nothing), where it was read as its pages before. A link to
// nothing beside pages makes no mirror's root; a real index beside them
// still does (and the folder is refused as mixed).
func TestDirLayoutLinkBesidePages(t *testing.T) {
	for _, rel := range []string{"build_cache/index.json", "v3/manifests/index/index.manifest.json"} {
		dir := t.TempDir()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(filepath.Join(dir, "zlib"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "zlib", "specs.md"), []byte("---\n---\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("gone", p); err != nil {
			t.Skip(err)
		}
		if got := mirror.DirLayout(dir); got != "" {
			t.Errorf("pages beside %s linked to nothing: layout %q; want none (read as pages)", rel, got)
		}
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := mirror.DirLayout(dir); got == "" {
			t.Errorf("pages beside a real %s: no layout; want the mirror's (refused as mixed)", rel)
		}
	}
}
