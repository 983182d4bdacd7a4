package snapshot_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/race"
	"github.com/cachediff/cachediff/internal/testing/spackgen"
	"github.com/cachediff/cachediff/snapshot"
)

// TestGzipSpecFolderAllocs: a folder of gzip'd spec files (as a build
// cache may keep them, named .spec.json) allocates a few times what the
// same files plain do (their content inflated, and a head of each
// inflated to sniff it: 2.5x), not a gzip reader of its own for each
// file: each took some 40 KB of decoder state, twice (to sniff the file,
// to inflate it), for a file of 1 KB: 20.8x, and with the collector
// paced by the input's size a folder of 16k such files a side collected
// 270 times where the plain files took 10 (6x the CPU; 30 now).
func TestGzipSpecFolderAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates for its bookkeeping: the bytes allocated are not the code's")
	}
	n := 500
	root := t.TempDir()
	plain, zipped := filepath.Join(root, "plain"), filepath.Join(root, "zipped")
	if _, err := spackgen.WriteSpecFolder(plain, n, nil); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(zipped, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		name := fmt.Sprintf("p%d.spec.json", i)
		data, err := os.ReadFile(filepath.Join(plain, name))
		if err != nil {
			t.Fatal(err)
		}
		var gz bytes.Buffer
		w := gzip.NewWriter(&gz)
		w.Write(data)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(zipped, name), gz.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	specs := -1
	alloc := func(dir string) uint64 {
		var best uint64
		for range 3 {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			s, err := snapshot.Load(dir, snapshot.Options{})
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if specs < 0 {
				specs = s.Specs()
			}
			if got := s.Specs(); got != specs || got < n {
				t.Fatalf("%s: %d specs, want %d (and at least %d)", dir, got, specs, n)
			}
			if a := after.TotalAlloc - before.TotalAlloc; best == 0 || a < best {
				best = a
			}
		}
		return best
	}
	p, z := alloc(plain), alloc(zipped)
	t.Logf("%d spec files: plain %d bytes allocated, gzip'd %d (%.2fx)", n, p, z, float64(z)/float64(p))
	if float64(z) > 3*float64(p) {
		t.Errorf("%d gzip'd spec files allocated %d bytes, %.1fx the %d of the same files plain; want at most 3x", n, z, float64(z)/float64(p), p)
	}
}
