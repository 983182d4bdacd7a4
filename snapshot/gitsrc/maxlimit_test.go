package gitsrc

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachediff/cachediff/internal/testing/gittest"
	"github.com/cachediff/cachediff/internal/testing/mirrorgen"
	"github.com/cachediff/cachediff/snapshot"
	"github.com/cachediff/cachediff/snapshot/mirror"
)

// TestLimitMaxInt64: the largest limit --max-download takes
// (9223372036854775807 bytes) reads a mirror committed to git whole, as
// it does a folder's (snapshot/mirror's TestLimitMaxInt64: there, the
// reader's bound limit+1 overflowed and every file read as empty).
func TestLimitMaxInt64(t *testing.T) {
	index := genIndex(t)
	files := map[string]string{}
	addMirror(t, files, "v2", func(dir string) error { return mirrorgen.V2(dir, index) })
	addMirror(t, files, "v3", func(dir string) error { return mirrorgen.V3(dir, index, mirrorgen.Options{}) })
	r, err := OpenRepo(commitFiles(t, files, nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"HEAD:v2", "HEAD:v3"} {
		s, err := r.Source(arg)
		if err != nil {
			t.Fatal(err)
		}
		ms, ok, err := s.asMirror()
		if err != nil || !ok {
			t.Fatalf("%s: not read as a mirror: %v", arg, err)
		}
		if arg == "HEAD:v2" {
			got, err := ms.Get("build_cache/index.json", math.MaxInt64)
			if err != nil || !bytes.Equal(got, index) {
				t.Errorf("%s: Get with limit MaxInt64: %d bytes, %v; want the %d bytes of the index", arg, len(got), err, len(index))
			}
		}
		src, err := s.Open(mirror.Options{MaxBytes: math.MaxInt64})
		if err == nil {
			var snap *snapshot.Snapshot
			snap, err = snapshot.LoadFrom(src, snapshot.Options{})
			if err == nil && snap.Specs() == 0 {
				t.Errorf("%s with MaxBytes MaxInt64: no spec read", arg)
			}
		}
		if err != nil {
			t.Errorf("%s with MaxBytes MaxInt64: %v", arg, err)
		}
	}
}

// TestCorruptLinkSizeMaxInt64: a link whose blob (its target) is a
// corrupt loose object claiming 9223372036854775807 bytes fails as one
// claiming 1 TiB does, with git's early stop, not with the reader's own
// "negative count": skipping the long target, size+1 overflowed.
func TestCorruptLinkSizeMaxInt64(t *testing.T) {
	repo := commitFiles(t, map[string]string{"c0/build_cache/pkg1.spec.json": specFile(1), "c1/build_cache/pkg1.spec.json": specFile(1)}, nil)
	msgs := map[int64]string{}
	for i, size := range []int64{1 << 40, math.MaxInt64} {
		var obj bytes.Buffer
		zw := zlib.NewWriter(&obj)
		fmt.Fprintf(zw, "blob %d\x00hello", size)
		zw.Close()
		oid := fmt.Sprintf("%02d34567890abcdef1234567890abcdef12345678", 12+i)
		if err := os.MkdirAll(filepath.Join(repo, ".git/objects", oid[:2]), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, ".git/objects", oid[:2], oid[2:]), obj.Bytes(), 0o444); err != nil {
			t.Fatal(err)
		}
		dir := fmt.Sprintf("c%d", i)
		if _, err := gittest.Git(repo, nil, "update-index", "--add", "--cacheinfo", "120000,"+oid+","+dir+"/build_cache/pkg2.json"); err != nil {
			t.Fatal(err)
		}
		if _, err := gittest.Git(repo, nil, "commit", "-q", "-m", "a corrupt link"); err != nil {
			t.Fatal(err)
		}
		_, err := loadArg(repo, "HEAD:"+dir+"/build_cache", snapshot.Options{})
		if err == nil {
			t.Fatalf("a link to an object claiming %d bytes loaded", size)
		}
		msgs[size] = strings.ReplaceAll(err.Error(), dir, "DIR")
	}
	if msgs[math.MaxInt64] != msgs[1<<40] {
		t.Errorf("a link claiming %d bytes: %q; want what one claiming 1 TiB says, %q", int64(math.MaxInt64), msgs[math.MaxInt64], msgs[1<<40])
	}
}
