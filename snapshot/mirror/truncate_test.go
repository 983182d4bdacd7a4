package mirror_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// cuts returns the lengths to cut data to: every one for a short file,
// else the first and last n and some n between (n is 64, 16 under
// -short), but no cut that only drops trailing blanks (still whole).
func cuts(data []byte) []int {
	n := 64
	if testing.Short() {
		n = 16
	}
	whole := len(bytes.TrimRight(data, " \t\r\n"))
	step := whole/n + 1
	var out []int
	for k := 0; k < whole; k++ {
		if len(data) <= 4*n || k < n || k >= whole-n || k%step == 0 {
			out = append(out, k)
		}
	}
	return out
}

// TestMirrorTruncated: every file of a mirror cut short at any byte (a
// manifest, the index blob gzip'd or not with its manifest made to match,
// the v2 index, a spec manifest) is an error; never a snapshot of fewer
// specs, never a panic.
func TestMirrorTruncated(t *testing.T) {
	t.Parallel()
	idx := index(t, "old")
	load := func(dir string) (int, error) {
		src, err := mirror.Open(mirror.Dir(dir), mirror.Options{})
		if err != nil {
			return 0, err
		}
		s, err := snapshot.LoadFrom(src, snapshot.Options{})
		if err != nil {
			return 0, err
		}
		return s.Specs(), nil
	}
	check := func(t *testing.T, what string, k int, dir string) {
		t.Helper()
		if n, err := load(dir); err == nil {
			t.Fatalf("%s cut to %d bytes: loaded %d specs, no error", what, k, n)
		}
	}
	t.Run("index manifest", func(t *testing.T) {
		dir := t.TempDir()
		mirrorgen.V3(dir, idx, mirrorgen.Options{})
		p := filepath.Join(dir, "v3/manifests/index/index.manifest.json")
		data, _ := os.ReadFile(p)
		for _, k := range cuts(data) {
			os.WriteFile(p, data[:k], 0o644)
			check(t, "the index manifest", k, dir)
		}
	})
	for _, compression := range []string{"gzip", ""} {
		t.Run("index blob "+compression, func(t *testing.T) {
			dir := t.TempDir()
			data := idx
			if compression == "gzip" {
				data = gz(idx)
			}
			for _, k := range cuts(data) {
				os.RemoveAll(dir)
				putIndexBlob(t, dir, data[:k], compression)
				check(t, "the index blob", k, dir)
			}
		})
	}
	t.Run("v2 index", func(t *testing.T) {
		dir := t.TempDir()
		mirrorgen.V2(dir, idx)
		os.Remove(filepath.Join(dir, "build_cache/index.json.hash"))
		p := filepath.Join(dir, "build_cache/index.json")
		for _, k := range cuts(idx) {
			os.WriteFile(p, idx[:k], 0o644)
			check(t, "the v2 index", k, dir)
		}
	})
	t.Run("spec manifest", func(t *testing.T) {
		// The first package's manifests alone: each cut loads the whole
		// mirror, and the other packages' 70-odd manifests, read whole
		// at each of the ~190 cuts, are not what is cut.
		dir, spec, first, name := noIndexMirror(t)
		ents, _ := os.ReadDir(spec)
		for _, e := range ents {
			if filepath.Join(spec, e.Name()) != first {
				os.RemoveAll(filepath.Join(spec, e.Name()))
			}
		}
		if n, err := load(dir); err != nil || n == 0 {
			t.Fatalf("the first package's manifests, whole: %d specs, %v", n, err)
		}
		p := filepath.Join(first, name)
		data, _ := os.ReadFile(p)
		for _, k := range cuts(data) {
			os.WriteFile(p, data[:k], 0o644)
			check(t, "a spec manifest", k, dir)
		}
	})
}
