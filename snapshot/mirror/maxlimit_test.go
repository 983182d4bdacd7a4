package mirror_test

import (
	"bytes"
	"math"
	"path/filepath"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestLimitMaxInt64: the largest limit --max-download takes
// (9223372036854775807 bytes) reads a file whole. (Adversarial pass 71:
// the reader's bound, limit+1, overflowed, so that every file read as
// empty: "want a JSON object, not the end of the file" of a good index,
// from a folder and from a URL alike.)
func TestLimitMaxInt64(t *testing.T) {
	dir := t.TempDir()
	want := index(t, "old")
	if err := mirrorgen.V2(dir, want); err != nil {
		t.Fatal(err)
	}
	got, err := mirror.Dir(dir).Get("build_cache/index.json", math.MaxInt64)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("Get with limit MaxInt64: %d bytes, %v; want the %d bytes of the file", len(got), err, len(want))
	}
	for _, url := range []string{dir, newServer(t, dir).URL} {
		var src *mirror.Source
		var err error
		if url == dir {
			src, err = mirror.Open(mirror.Dir(dir), mirror.Options{MaxBytes: math.MaxInt64})
		} else {
			src, err = (&mirror.HTTP{CacheDir: filepath.Join(t.TempDir(), "c")}).Open(url, mirror.Options{MaxBytes: math.MaxInt64})
		}
		if err == nil {
			_, err = snapshot.LoadFrom(src, snapshot.Options{})
		}
		if err != nil {
			t.Errorf("%s with MaxBytes MaxInt64: %v", url, err)
		}
	}
}
