package mirror_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cachediff/cachediff/internal/atomicfile"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestCacheTempOnSignal (pass 87a): the download cache writes each file
// to a .tmp-* file beside it and renames it into place, and a signal
// (SIGINT, SIGTERM) that came meanwhile left the .tmp-* file in
// ~/.cache/cachediff for good: the signal handler removes the temporary
// files atomicfile knows of (those of --output), and the cache's were
// not among them. Now they are: once RemoveTemporary ran (the process
// is dying), the cache creates no temporary file. Run in a child
// process, RemoveTemporary being for the whole process.
func TestCacheTempOnSignal(t *testing.T) {
	if dir := os.Getenv("CACHEDIFF_TEST_CACHE_SIGNAL"); dir != "" {
		root := filepath.Join(dir, "mirror")
		if err := mirrorgen.V3(root, index(t, "old"), mirrorgen.Options{}); err != nil {
			t.Fatal(err)
		}
		srv := newServer(t, root)
		atomicfile.RemoveTemporary() // a signal came
		h := &mirror.HTTP{CacheDir: filepath.Join(dir, "cache"), Backoff: time.Millisecond}
		fetch(h, srv.URL)
		return
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCacheTempOnSignal$")
	cmd.Env = append(os.Environ(), "CACHEDIFF_TEST_CACHE_SIGNAL="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var left []string
	filepath.WalkDir(filepath.Join(dir, "cache"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			left = append(left, strings.TrimPrefix(path, dir))
		}
		return nil
	})
	if len(left) > 0 {
		t.Errorf("the cache was written after the signal's RemoveTemporary: %v; want nothing (each .tmp-* file is removed, or never made)", left)
	}
}
