package mirror_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestHintListsPastLink (adversarial pass i22, class b/e): a link among
// the files a hint lists (a tarball's link in build_cache/, a view's
// folder linked beside the others) failed the listing, and the hint was
// dropped without a word: a folder of spec files given as a file:// URL
// was told only that it is no mirror, not that its path reads them, and
// a --view the mirror has not was told none of the views it has. Each
// hint reads as it does without the link; a view's folder linked inside
// the mirror, which --view reads, is one of the views named.
func TestHintListsPastLink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	dir := t.TempDir()
	if _, err := spackgen.WriteSpecFolder(filepath.Join(dir, "build_cache"), 3, nil); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/nowhere", filepath.Join(dir, "build_cache", "x.spack")); err != nil {
		t.Fatal(err)
	}
	_, err := (&mirror.HTTP{NoCache: true}).Open("file://"+dir, mirror.Options{})
	want := "its build_cache/ holds 3 spec files, which a mirror's URL does not read without the index: to compare them as a folder of spec files, give its path (" + dir + "), not a file:// URL"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("file:// of a folder of spec files beside a link: %v; want %q", err, want)
	}

	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{View: "gpu"}); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("gpu", filepath.Join(v3, "v3", "manifests", "index", "alias")); err != nil {
		t.Fatal(err)
	}
	if _, err := mirror.Open(mirror.Dir(v3), mirror.Options{View: "alias"}); err != nil {
		t.Fatalf("the view alias, a link to gpu: %v", err)
	}
	_, err = mirror.Open(mirror.Dir(v3), mirror.Options{View: "cpu"})
	if err == nil || !strings.Contains(err.Error(), `no view "cpu"`) || !strings.Contains(err.Error(), `(its views: "alias", "gpu")`) {
		t.Errorf("a missing view beside a view's folder linked: %v; want its views \"alias\", \"gpu\"", err)
	}
}

// TestViewsHintNotOut (adversarial pass i24, class b/e): the views a
// missing --view is told of named a view's folder linked out of the
// mirror, and a view whose index manifest is such a link, each of which
// --view then refused ("a symbolic link out of the mirror"): the hint
// named views that do not read. Only those --view reads are named.
func TestViewsHintNotOut(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{View: "gpu"}); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(v3, "v3", "manifests", "index")
	out := t.TempDir()
	manifest, err := os.ReadFile(filepath.Join(index, "gpu", "index.manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "index.manifest.json"), manifest, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(out, filepath.Join(index, "away")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(index, "half"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(out, "index.manifest.json"), filepath.Join(index, "half", "index.manifest.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("gpu", filepath.Join(index, "alias")); err != nil {
		t.Fatal(err)
	}
	for _, view := range []string{"away", "half"} {
		if _, err := mirror.Open(mirror.Dir(v3), mirror.Options{View: view}); err == nil || !strings.Contains(err.Error(), "a symbolic link out of the mirror") {
			t.Errorf("--view %s, a link out of the mirror: %v; want it refused", view, err)
		}
	}
	_, err = mirror.Open(mirror.Dir(v3), mirror.Options{View: "cpu"})
	if err == nil || !strings.Contains(err.Error(), `no view "cpu"`) || !strings.HasSuffix(err.Error(), `(its views: "alias", "gpu")`) {
		t.Errorf("a missing view beside links out of the mirror: %v; want its views \"alias\", \"gpu\" alone", err)
	}
}

// TestFolderSpecsHintCountsFiles (adversarial pass i24, class b): past
// 31f6b5d4, the spec files a file:// URL's folder was said to hold
// counted what List gives as no regular file: a broken link and a FIFO
// named *.spec.json were "2 spec files" its path reads, where it reads
// none. Only files (or links to one) are counted.
func TestFolderSpecsHintCountsFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links, FIFOs")
	}
	dir := t.TempDir()
	bc := filepath.Join(dir, "build_cache")
	if _, err := spackgen.WriteSpecFolder(bc, 1, nil); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/nowhere", filepath.Join(bc, "gone.spec.json")); err != nil {
		t.Fatal(err)
	}
	if err := mkfifo(filepath.Join(bc, "pipe.spec.json")); err != nil {
		t.Skip("no FIFO:", err)
	}
	_, err := (&mirror.HTTP{NoCache: true}).Open("file://"+dir, mirror.Options{})
	if err == nil || !strings.Contains(err.Error(), "its build_cache/ holds 1 spec file,") {
		t.Errorf("file:// of a folder of 1 spec file, a broken link and a FIFO: %v; want 1 spec file", err)
	}
}

// TestViewsHintReadsNothing (adversarial pass i24, class d): the views
// a missing --view is told of are known by what the folder holds, not
// read: a view's folder linked is checked without reading its manifest,
// or 20 links to a manifest of 1 MB cost 20 MB read for a hint.
func TestViewsHintReadsNothing(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	v3 := t.TempDir()
	if err := mirrorgen.V3(v3, zlibIndex, mirrorgen.Options{View: "gpu"}); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(v3, "v3", "manifests", "index")
	if err := os.WriteFile(filepath.Join(index, "gpu", "index.manifest.json"), make([]byte, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		if err := os.Symlink("gpu", filepath.Join(index, fmt.Sprint("v", i))); err != nil {
			t.Fatal(err)
		}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := mirror.Open(mirror.Dir(v3), mirror.Options{View: "cpu"})
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), `"v16" and 11 more)`) {
		t.Errorf("a missing view beside 20 views linked: %v; want 21 views named", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 4<<20 {
		t.Errorf("a missing view beside 20 views linked to a manifest of 1 MB: %d bytes allocated; want the manifests unread", n)
	}
}
