package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/asnobody"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestFileInPathNotFound (adversarial pass i25, class e): a file of the
// mirror under a name that is a file, not a folder, was told in the
// system's words: a folder holding a file named build_cache, given as a
// file:// URL, was "stat …/build_cache/index.json.hash: not a
// directory", not that it is no mirror, and --view gpu.json of a file
// gpu.json among the views "stat …/gpu.json/index.manifest.json: not a
// directory", not that the mirror has no such view, and which it has.
// Such a file is not there.
func TestFileInPathNotFound(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "build_cache"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := (&mirror.HTTP{NoCache: true}).Open("file://"+dir, mirror.Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "not a Spack mirror: ") {
		t.Errorf("file:// of a folder holding a file build_cache: %v; want not a Spack mirror", err)
	}
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{View: "gpu"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(v3, "v3", "manifests", "index", "gpu.json"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = mirror.Open(mirror.Dir(v3), mirror.Options{View: "gpu.json"})
	if err == nil || !strings.HasPrefix(err.Error(), `no view "gpu.json": `) || !strings.HasSuffix(err.Error(), `(its views: "gpu")`) {
		t.Errorf("--view gpu.json, a file among the views: %v; want no view, its views named", err)
	}
}

// TestLinkAstrayNamed (adversarial pass i26, classes b and e): a file
// of a folder's mirror that is a broken symbolic link was not there
// (ErrNotFound), so that a v3 mirror whose index manifest is one was
// read from its spec manifests without a word, where its git tree is
// refused, and a v2 mirror's index.json that is one, given as a file://
// URL, was "not a Spack mirror: no … nor build_cache/index.json"; a
// link loop was "stat /m/v3/…/index.manifest.json: too many levels of
// symbolic links", the system's words, its folder named twice. Each
// says the link is astray.
func TestLinkAstrayNamed(t *testing.T) {
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	im := filepath.Join(v3, "v3", "manifests", "index", "index.manifest.json")
	v2 := t.TempDir()
	if err := os.MkdirAll(filepath.Join(v2, "build_cache"), 0o755); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(v2, "build_cache", "index.json")
	for _, c := range []struct {
		link, to, open, want string
	}{
		{im, "gone.json", v3, `v3/manifests/index/index.manifest.json: a broken symbolic link (to gone.json), which leads to no file`},
		{index, "/nonexistent/x", "file://" + v2, `build_cache/index.json: a broken symbolic link (to /nonexistent/x), which leads to no file`},
		{im, "index.manifest.json", v3, `v3/manifests/index/index.manifest.json: its path leads through symbolic links in a loop, to no file`},
		// Its target named in ASCII, one line (class a, i27: raw, no
		// check failed).
		{im, "g\u043ene\n.json", v3, `v3/manifests/index/index.manifest.json: a broken symbolic link (to "g\u043ene\n.json"), which leads to no file`},
	} {
		if err := os.Remove(c.link); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if err := os.Symlink(c.to, c.link); err != nil {
			t.Fatal(err)
		}
		var err error
		if strings.HasPrefix(c.open, "file://") {
			_, err = (&mirror.HTTP{NoCache: true}).Open(c.open, mirror.Options{})
		} else {
			_, err = mirror.Open(mirror.Dir(c.open), mirror.Options{})
		}
		if err == nil || err.Error() != c.want {
			t.Errorf("%s a link to %s: %v; want %q", c.link, c.to, err, c.want)
		}
	}
}

// TestDeniedNamed (adversarial pass i26, class e): a file of a folder's
// mirror the user may not read was told in the system's words, "open
// /m/v3/manifests/index/index.manifest.json: permission denied", after
// "loading /m: ", and a folder on its path that may not be searched
// "stat …: permission denied". Each names the file as the mirror's, and
// says what is wrong. Run as root, where nothing is denied, it runs
// again as nobody (asnobody): skipped there, it checked nothing in CI.
func TestDeniedNamed(t *testing.T) {
	if !asnobody.Run(t) {
		return
	}
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{View: "gpu"}); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(v3, "v3", "manifests", "index")
	for _, c := range []struct {
		path string
		view string
		rel  string
	}{
		{filepath.Join(index, "index.manifest.json"), "", "v3/manifests/index/index.manifest.json"},
		{filepath.Join(index, "gpu"), "gpu", "v3/manifests/index/gpu/index.manifest.json"},
	} {
		if err := os.Chmod(c.path, 0); err != nil {
			t.Fatal(err)
		}
		_, err := mirror.Open(mirror.Dir(v3), mirror.Options{View: c.view})
		os.Chmod(c.path, 0o755)
		if want := c.rel + ": permission denied: the user cachediff runs as may not read it"; err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), v3) {
			t.Errorf("%s of mode 000: %v; want %q, the folder not named again", c.rel, err, want)
		}
	}
}
