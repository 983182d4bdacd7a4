//go:build unix

package mirror_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestNotRegularSaysKind (adversarial pass i27, class e): a folder's
// mirror file that is no regular file was "v3/manifests/index/
// index.manifest.json: not a regular file", which did not say what it
// is (a folder, a FIFO), as a page's "not a regular file (a FIFO)" does.
func TestNotRegularSaysKind(t *testing.T) {
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{}); err != nil {
		t.Fatal(err)
	}
	im := filepath.Join(v3, "v3", "manifests", "index", "index.manifest.json")
	for kind, put := range map[string]func() error{
		"a folder": func() error { return os.Mkdir(im, 0o755) },
		"a FIFO":   func() error { return syscall.Mkfifo(im, 0o644) },
	} {
		if err := os.RemoveAll(im); err != nil {
			t.Fatal(err)
		}
		if err := put(); err != nil {
			t.Skip(err)
		}
		_, err := mirror.Open(mirror.Dir(v3), mirror.Options{})
		if want := "v3/manifests/index/index.manifest.json: not a regular file (" + kind + ")"; err == nil || err.Error() != want {
			t.Errorf("an index manifest that is %s: %v; want %q", kind, err, want)
		}
	}
}

// TestViewFolderLinkBroken (adversarial pass i27, class e): --view gpu
// of a mirror whose view's folder gpu is a symbolic link to nothing
// said `no view "gpu": v3/manifests/index/gpu/index.manifest.json: not
// found (the mirror has no views)`, though it holds one, its link
// broken, as a broken index manifest's link is said (TestLinkAstrayNamed).
func TestViewFolderLinkBroken(t *testing.T) {
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{View: "gpu"}); err != nil {
		t.Fatal(err)
	}
	gpu := filepath.Join(v3, "v3", "manifests", "index", "gpu")
	if err := os.RemoveAll(gpu); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("gone", gpu); err != nil {
		t.Skip(err)
	}
	_, err := mirror.Open(mirror.Dir(v3), mirror.Options{View: "gpu"})
	if want := "v3/manifests/index/gpu: a broken symbolic link (to gone), which leads to no folder"; err == nil || err.Error() != want {
		t.Errorf("--view gpu, its folder a broken link: %v; want %q", err, want)
	}
	// A view not there is still none, the broken one left out of the
	// views named.
	_, err = mirror.Open(mirror.Dir(v3), mirror.Options{View: "cpu"})
	if want := `no view "cpu": `; err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "gpu") {
		t.Errorf("--view cpu beside a broken gpu: %v; want %q…, gpu not named", err, want)
	}
}

// TestFileURLRootOddNamed (adversarial pass i27, class e): a file:// URL
// whose folder is a loop of symbolic links was "too many levels of
// symbolic links", the system's words, and one of a FIFO "… is a file,
// not a mirror's folder: …; give the file's path, without file://, to
// read it alone", which reads no FIFO.
func TestFileURLRootOddNamed(t *testing.T) {
	dir := t.TempDir()
	loop, fifo := filepath.Join(dir, "loop"), filepath.Join(dir, "fifo")
	if err := os.Symlink("loop", loop); err != nil {
		t.Skip(err)
	}
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	for u, want := range map[string]string{
		"file://" + loop:        "no such folder: " + loop + ": its path leads through symbolic links in a loop",
		"file://" + loop + "/x": "no such folder: " + loop + "/x: its path leads through symbolic links in a loop",
		"file://" + fifo:        fifo + " is a FIFO, not a mirror's folder: a file URL names the root of a mirror",
	} {
		_, err := (&mirror.HTTP{NoCache: true}).Open(u, mirror.Options{})
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %q", u, err, want)
		}
	}
}
